// A --db-path folder holds every attendee's items (DynamoDB Local's databases), the workshop's secrets and the
// live rooms' logs: on a machine shared with other users, none of it may be readable by them (#26 class 7).
// A real `keyplan serve --workshop --db-path DIR` (startServer with its own DynamoDB Local on the folder) is
// made to write all of it; then every folder under DIR must be 0700 and every file 0600, DynamoDB Local's
// files included, and what an older Keyplan left readable is tightened when the next server starts on it.
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getExample } from '../src/core/features/examples/index.ts';
import { randomToken } from '../src/core/features/live/crypto.ts';
import { deriveRoomKeys } from '../src/core/features/live/room-keys.ts';
import { LIVE_DIR } from './live/store.ts';
import { type RunningServer, startServer } from './server.ts';
import { WORKSHOP_DIR } from './workshop/store.ts';

// Two embedded DynamoDB Locals start one after the other: a JVM takes long on shared CPUs.
const TIMEOUT_MS = 180_000;
const running: RunningServer[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** `relative path: mode` of the folder and of everything under it (octal, permission bits only). */
function modes(dir: string): string[] {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    const info = lstatSync(file);
    out.push(
      `${path.relative(dir, file) || '.'}${info.isDirectory() ? '/' : ''}: ${(info.mode & 0o777).toString(8)}`,
    );
    if (info.isDirectory()) for (const name of readdirSync(file)) stack.push(path.join(file, name));
  }
  return out.sort();
}

const loose = (entries: string[]) => entries.filter((entry) => !/(\/: 700|[^/]: 600)$/.test(entry));

async function call(
  server: RunningServer,
  route: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json(), cookie: response.headers.get('set-cookie') };
}

/** A workshop server on `dbPath` with its own DynamoDB Local; an attendee applies a design and opens a live room. */
async function writeEverything(dbPath: string): Promise<void> {
  const server = await startServer({
    port: 0,
    dbPath,
    workshop: true,
    staticDir: '/nonexistent',
    log: () => {},
  });
  running.push(server);
  const joined = await call(server, '/api/workshop/join', { code: server.workshop!.code, name: 'Ana' });
  expect(joined.status).toBe(200);
  const cookie = { cookie: joined.cookie!.split(';')[0] };
  const applied = await call(server, '/api/apply', { design: getExample('online-store')!.design }, cookie);
  expect(applied.status).toBe(200);
  expect(
    (await call(server, '/api/workshop/report', { design: getExample('ecommerce')!.design }, cookie)).status,
  ).toBe(200);
  const { verifier } = await deriveRoomKeys(randomToken());
  expect((await call(server, '/api/live/rooms', { verifier }, cookie)).status).toBe(201);
  await server.close();
  running.splice(running.indexOf(server), 1);
}

describe('#26 class 7: a --db-path folder is its owner’s only', () => {
  it('a workshop server with its own DynamoDB Local writes folders 0700 and files 0600, and tightens what an older Keyplan left', {
    timeout: TIMEOUT_MS,
  }, async () => {
    const dbPath = mkdtempSync(path.join(tmpdir(), 'keyplan-private-'));
    folders.push(dbPath);
    chmodSync(dbPath, 0o755);
    await writeEverything(dbPath);
    const written = modes(dbPath);
    // Everything that should be there is: DynamoDB Local's database, the workshop's and the live room's files.
    expect(written.some((entry) => /^[^/]+\.db: /.test(entry))).toBe(true);
    expect(written.some((entry) => entry.startsWith(`${WORKSHOP_DIR}/state.json: `))).toBe(true);
    expect(
      written.some((entry) => entry.startsWith(`${LIVE_DIR}/`) && !entry.startsWith(`${LIVE_DIR}/: `)),
    ).toBe(true);
    expect(loose(written)).toEqual([]);

    // As an older Keyplan left them: folders 0755, files 0644. The next server tightens them, then writes more.
    for (const entry of written) {
      const [relative] = entry.split(/\/?: /);
      chmodSync(path.join(dbPath, relative), entry.includes('/: ') ? 0o755 : 0o644);
    }
    expect(loose(modes(dbPath))).toHaveLength(written.length);
    await writeEverything(dbPath);
    expect(loose(modes(dbPath))).toEqual([]);
  });
});
