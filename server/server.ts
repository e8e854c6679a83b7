// Starts Keyplan's server: DynamoDB (embedded unless an endpoint is given), the app, and a clean shutdown
// on SIGINT/SIGTERM that never leaves a Java process behind.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Lesson } from '../src/core/features/lessons/lesson-types.ts';
import { buildApp, type DynamoTarget } from './app.ts';
import { type DbPathLock, lockDbPath } from './db-lock.ts';
import { DynamoDBLocal } from './dynamodb/local.ts';
import { listenOnce } from './dynamodb/local-host.ts';
import { LIMITS, type Limits } from './limits.ts';
import { LIVE_LIMITS, LiveRooms } from './live/rooms.ts';
import { LiveRoomStore, loadRooms } from './live/store.ts';
import { makePrivateDir } from './private-files.ts';
import { SessionSigner } from './session.ts';
import { SessionRegistry } from './session-registry.ts';
import { embeddedTarget, externalTarget } from './target.ts';
import { builtinLessons } from './workshop/builtin-lessons.ts';
import { Workshop } from './workshop/room.ts';
import { loadWorkshop, WorkshopStore } from './workshop/store.ts';
import { isLoopbackHost, type WorkshopUrls, workshopUrls } from './workshop/urls.ts';

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
  /**
   * Workshop mode: attendees join with a code, the presenter holds a key (server/workshop/); with `dbPath`
   * the workshop survives a restart.
   */
  workshop?: boolean;
  /** Lessons loaded with --lessons DIR: served at GET /api/lessons, and for the presenter to push. */
  lessons?: Lesson[];
  /** Other values for some of the limits (LIMITS otherwise): benchmarks that stand for many machines. */
  limits?: Partial<Limits>;
  log?: (line: string) => void;
}

export interface RunningServer {
  url: string;
  dynamo: DynamoTarget;
  /** The embedded DynamoDB Local, when the server started one. */
  local?: DynamoDBLocal;
  /** Workshop mode's code and URLs (the presenter URL carries its key). */
  workshop?: WorkshopUrls & { code: string };
  close(): Promise<void>;
}

export const DEFAULT_PORT = 8787;
export const DEFAULT_STATIC_DIR = fileURLToPath(new URL('../dist', import.meta.url));

export async function startServer(options: ServeOptions = {}): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.error(line));
  const port = options.port ?? DEFAULT_PORT;
  const host = options.host ?? '127.0.0.1';
  // Real AWS credentials are never offered to a network: anyone who reaches the server would use them.
  if (options.aws && !isLoopbackHost(host))
    throw new Error(
      `--aws serves only this machine: --host ${host} would let the network use your AWS credentials`,
    );
  // A port in use (or a host not of this machine) fails here, at once, before DynamoDB Local is started
  // only to be stopped again. The app listens once DynamoDB is up, so its health answers "up" from the start.
  if (port !== 0) await listenOnce(port, host);
  // Every attendee's data goes in it: the owner's only, whichever stores use it (private-files.ts).
  if (options.dbPath) makePrivateDir(options.dbPath);
  let local: DynamoDBLocal | undefined;
  let lock: DbPathLock | undefined;
  let dynamo: DynamoTarget;
  // A workshop keeps its state in --db-path even with another DynamoDB: one server per folder there too.
  if (options.dbPath && options.workshop && (options.endpoint || options.aws))
    lock = lockDbPath(options.dbPath);
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
  let workshop: Workshop | undefined;
  let store: WorkshopStore | undefined;
  let sessions: SessionRegistry | undefined;
  try {
    if (options.workshop) {
      // Kept with the data: the same code, presenter key and attendees (their cookies too) after a restart.
      const stored = options.dbPath ? loadWorkshop(options.dbPath) : undefined;
      const builtin = await builtinLessons();
      workshop = new Workshop({
        ...stored,
        lessons: options.lessons,
        builtinLesson: (id) => builtin.get(id),
        limits: { ...LIMITS, ...options.limits },
      });
      sessions = new SessionRegistry({ signer: new SessionSigner(workshop.secrets.signerSecret) });
      for (const attendee of workshop.attendees()) sessions.restore(attendee.sessionId);
      if (options.dbPath)
        store = new WorkshopStore(options.dbPath, workshop, (error) =>
          log(`Could not save the workshop in ${options.dbPath}: ${error.message}`),
        );
    }
  } catch (error) {
    await local?.stop();
    lock?.release();
    throw error;
  }
  // Live rooms (ciphertext only) are kept with the data: they survive a restart.
  const liveRooms = new LiveRooms(
    LIVE_LIMITS,
    Date.now,
    options.dbPath ? loadRooms(options.dbPath, (message) => log(`Skipped a live room: ${message}`)) : [],
  );
  const liveStore =
    options.dbPath &&
    new LiveRoomStore(options.dbPath, liveRooms, (error) =>
      log(`Could not save live rooms in ${options.dbPath}: ${error.message}`),
    );
  const app = buildApp({
    warmDesignWorkers: true,
    dynamo,
    live: { rooms: liveRooms, onClose: liveStore ? () => liveStore.close() : undefined },
    staticDir: hasSpa ? staticDir : undefined,
    hosts: { listenHost: options.host, allowHosts: options.allowHosts },
    sessions,
    lessons: options.lessons,
    workshop: workshop && { workshop, onClose: store && (() => store.close()) },
    limits: options.limits,
  });
  try {
    await app.listen({ port, host });
  } catch (error) {
    await app.close();
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
  let urls: RunningServer['workshop'];
  if (workshop) {
    const { code, presenterKey } = workshop.secrets;
    urls = { ...workshopUrls(host, boundPort, code, presenterKey, options.allowHosts), code };
    workshop.joinUrl = urls.joinUrlWithCode;
  }
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${boundPort}`,
    dynamo,
    local,
    workshop: urls,
    close,
  };
}

/** Stops the server on SIGINT/SIGTERM; the DynamoDB Local supervisor's watchdog covers harder deaths. */
export function closeOnSignals(server: RunningServer): void {
  const stop = (signal: NodeJS.Signals) => {
    server.close().finally(() => process.kill(process.pid, signal));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
