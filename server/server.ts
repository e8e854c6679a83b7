// Starts Keyplan's server: DynamoDB (embedded unless an endpoint is given), the app, and a clean shutdown
// on SIGINT/SIGTERM that never leaves a Java process behind.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp, type DynamoTarget } from './app.ts';
import { type DbPathLock, lockDbPath } from './db-lock.ts';
import { DynamoDBLocal, listenOnce } from './dynamodb/local.ts';
import { embeddedTarget, externalTarget } from './target.ts';

export interface ServeOptions {
  port?: number;
  host?: string;
  /** Use this DynamoDB instead of starting DynamoDB Local. */
  endpoint?: string;
  /** Real AWS through the standard credential chain; must be asked for explicitly. */
  aws?: boolean;
  /** Keep DynamoDB Local's data in this folder instead of in memory. */
  dbPath?: string;
  staticDir?: string;
  /** Names the server answers as besides loopback and `host` (a presenter's LAN name): see browser-guard.ts. */
  allowHosts?: string[];
  log?: (line: string) => void;
}

export interface RunningServer {
  url: string;
  dynamo: DynamoTarget;
  /** The embedded DynamoDB Local, when the server started one. */
  local?: DynamoDBLocal;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 8787;
export const DEFAULT_STATIC_DIR = fileURLToPath(new URL('../dist', import.meta.url));

export async function startServer(options: ServeOptions = {}): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.error(line));
  const port = options.port ?? DEFAULT_PORT;
  const host = options.host ?? '127.0.0.1';
  // A port in use (or a host not of this machine) fails here, at once, before DynamoDB Local is started
  // only to be stopped again. The app listens once DynamoDB is up, so its health answers "up" from the start.
  if (port !== 0) await listenOnce(port, host);
  let local: DynamoDBLocal | undefined;
  let lock: DbPathLock | undefined;
  let dynamo: DynamoTarget;
  if (options.endpoint || options.aws) {
    dynamo = externalTarget(options.endpoint, options.aws && !options.endpoint ? 'aws' : 'external');
    log(
      options.endpoint ? `DynamoDB: ${options.endpoint}` : 'DynamoDB: real AWS (standard credential chain)',
    );
  } else {
    // Another server on this folder refuses this one before its DynamoDB Local starts (DbPathInUseError).
    if (options.dbPath) lock = lockDbPath(options.dbPath);
    local = new DynamoDBLocal({ dbPath: options.dbPath });
    log('Starting DynamoDB Local…');
    await local.start().catch((error) => {
      lock?.release();
      throw error;
    });
    log(
      `DynamoDB Local is up at ${local.endpoint}${options.dbPath ? ` (data in ${options.dbPath})` : ' (in memory)'}`,
    );
    local.onStatus((status) => log(`DynamoDB Local: ${status}`));
    dynamo = embeddedTarget(local);
  }
  const staticDir = options.staticDir ?? DEFAULT_STATIC_DIR;
  const hasSpa = existsSync(`${staticDir}/index.html`);
  if (!hasSpa) log(`No built app in ${staticDir}: the API runs alone (npm run build makes the app).`);
  const app = buildApp({
    dynamo,
    staticDir: hasSpa ? staticDir : undefined,
    hosts: { listenHost: options.host, allowHosts: options.allowHosts },
  });
  try {
    await app.listen({ port, host });
  } catch (error) {
    await local?.stop();
    lock?.release();
    throw error;
  }
  const address = app.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await app.close();
      await local?.stop();
      lock?.release();
    })();
    return closing;
  };
  return { url: `http://${host.includes(':') ? `[${host}]` : host}:${boundPort}`, dynamo, local, close };
}

/** Stops the server on SIGINT/SIGTERM; the DynamoDB Local supervisor's watchdog covers harder deaths. */
export function closeOnSignals(server: RunningServer): void {
  const stop = (signal: NodeJS.Signals) => {
    server.close().finally(() => process.kill(process.pid, signal));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
