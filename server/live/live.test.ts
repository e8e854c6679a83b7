// Live rooms on a listening server, with Node clients speaking the relay protocol through the same core and
// crypto code the browser uses: edits merge, a client offline merges on reconnect, the room's log is
// compacted, it survives a restart with --db-path, the server never stores or relays a byte of design text,
// and requests naming the room apply as the room (one table namespace for everyone in it).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { getExample } from '../../src/core/examples/index.ts';
import { ROOM_ID, randomToken } from '../../src/core/live/crypto.ts';
import { designToDoc, docToDesign } from '../../src/core/live/design-doc.ts';
import { LiveClient, type SocketLike } from '../../src/core/live/live-client.ts';
import { deriveRoomKeys, proveRequest } from '../../src/core/live/room-keys.ts';
import { stringifyExactJson } from '../../src/core/model/exact-json.ts';
import { type Design, designSchema } from '../../src/core/model/schema.ts';
import { type RunningServer, startServer } from '../server.ts';
import { LIVE_DIR } from './store.ts';

const SECRET = 'Zebracorn';
const start = (): Design => {
  const design = designSchema.parse(getExample('online-store')!.design);
  return {
    ...design,
    entities: design.entities.map((e, i) => (i === 0 ? { ...e, description: SECRET } : e)),
  };
};

const running: RunningServer[] = [];
const clients: LiveClient[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const server of running.splice(0)) await server.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function serve(dbPath?: string) {
  const server = await startServer({
    port: 0,
    endpoint: inject('dynamoEndpoint'),
    dbPath,
    staticDir: '/nonexistent',
    log: () => {},
  });
  running.push(server);
  return server;
}

/** Every frame the server sends to anyone, as a spy connection in the room records them too. */
const relayed: string[] = [];
function connect(url: string): SocketLike {
  const socket = new WebSocket(url);
  socket.on('message', (data) => relayed.push(data.toString()));
  return socket as unknown as SocketLike;
}

function client(base: string, roomId: string, key: string) {
  const live = new LiveClient({
    url: `${base.replace('http', 'ws')}/live/rooms/${roomId}/socket`,
    roomId,
    key,
    createSocket: connect,
    presence: { name: `p${clients.length}`, color: '#123456' },
    retryMs: [50, 200],
  }).start();
  clients.push(live);
  return live;
}

const text = (design: unknown) => stringifyExactJson(design);
async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

/** A room made as the app makes one: the key stays here, the server gets its verifier. */
async function newRoom(base: string, key: string): Promise<string> {
  const { verifier } = await deriveRoomKeys(key);
  const response = await fetch(`${base}/api/live/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ verifier }),
  });
  expect(response.status).toBe(201);
  const { roomId } = (await response.json()) as { roomId: string };
  expect(roomId).toMatch(ROOM_ID);
  return roomId;
}

/** An API request as a member of the room: named and signed with the room key's proof. */
async function asMember(base: string, roomId: string, key: string, path: string, init: RequestInit = {}) {
  const { signer } = await deriveRoomKeys(key);
  const method = init.method ?? 'GET';
  const body = typeof init.body === 'string' ? init.body : '';
  const proof = await proveRequest(signer, { roomId, method, path, body, time: Date.now() });
  return fetch(`${base}${path}`, {
    ...init,
    headers: {
      ...(init.headers as Record<string, string>),
      'x-keyplan-room': roomId,
      'x-keyplan-room-proof': proof,
    },
  });
}

describe('live rooms', () => {
  it('merges edits, offline ones too, compacts its log, survives a restart, and holds only ciphertext', async () => {
    const dbPath = mkdtempSync(join(tmpdir(), 'kp-live-'));
    folders.push(dbPath);
    let server = await serve(dbPath);
    const key = randomToken();
    const roomId = await newRoom(server.url, key);
    const a = client(server.url, roomId, key);
    await until(() => a.status === 'live', 'a live');
    designToDoc(a.doc, start());
    const b = client(server.url, roomId, key);
    await until(() => text(docToDesign(b.doc)) === text(start()), 'b to receive the design');
    await until(() => b.others().length === 1 && a.others().length === 1, 'presence');
    expect(b.others()[0].name).toBe('p0');

    // Concurrent edits of different entities and of one pattern's name.
    const edit = (live: LiveClient, change: (d: Design) => Design) =>
      designToDoc(live.doc, change(docToDesign(live.doc)!), 'local');
    edit(a, (d) => ({
      ...d,
      entities: d.entities.map((e, i) => (i === 1 ? { ...e, description: 'A' } : e)),
    }));
    edit(b, (d) => ({
      ...d,
      entities: d.entities.map((e, i) => (i === 2 ? { ...e, description: 'B' } : e)),
    }));
    await until(() => text(docToDesign(a.doc)) === text(docToDesign(b.doc)), 'convergence');
    const merged = docToDesign(a.doc)!;
    expect([merged.entities[1].description, merged.entities[2].description]).toEqual(['A', 'B']);

    // B goes offline and edits; A edits meanwhile; B comes back and both edits are everywhere.
    b.pause();
    expect(b.status).toBe('offline');
    edit(b, (d) => ({ ...d, name: 'Renamed offline' }));
    edit(a, (d) => ({ ...d, accessPatterns: d.accessPatterns.slice(1) }));
    await new Promise((r) => setTimeout(r, 100));
    b.resume();
    await until(() => text(docToDesign(a.doc)) === text(docToDesign(b.doc)), 'convergence after reconnect');
    expect(docToDesign(a.doc)).toMatchObject({ name: 'Renamed offline' });
    expect(docToDesign(b.doc)!.accessPatterns.length).toBe(start().accessPatterns.length - 1);

    // Many small edits: the server asks for a snapshot and the log shrinks.
    for (let i = 0; i < 250; i++) edit(a, (d) => ({ ...d, description: `edit ${i}` }));
    await until(() => docToDesign(b.doc)?.description === 'edit 249', 'the last edit');
    await until(() => relayed.some((frame) => frame.includes('"t":"compact"')), 'a compaction');
    const expected = text(docToDesign(a.doc));

    // A restart keeps the room (with --db-path); a newcomer gets the whole merged design.
    for (const live of clients.splice(0)) live.close();
    await server.close();
    running.splice(0);
    const files = readdirSync(join(dbPath, LIVE_DIR));
    expect(files).toHaveLength(1);
    const stored = JSON.parse(readFileSync(join(dbPath, LIVE_DIR, files[0]), 'utf8'));
    expect(stored.entries.length).toBeLessThan(100);
    server = await serve(dbPath);
    const c = client(server.url, roomId, key);
    await until(() => text(docToDesign(c.doc)) === expected, 'the newcomer to see the merged design');

    // Privacy: neither the stored log nor any frame relayed mentions the design's text.
    const everything = [readFileSync(join(dbPath, LIVE_DIR, files[0]), 'utf8'), ...relayed];
    for (const chunk of everything) {
      expect(chunk).not.toContain(SECRET);
      for (const [, d] of chunk.matchAll(/"d":"([A-Za-z0-9_-]+)"/g))
        expect(Buffer.from(d, 'base64url').toString('latin1')).not.toContain(SECRET);
    }
    expect(everything.join('')).not.toContain('Renamed offline');

    // A wrong key reads nothing.
    const errors: string[] = [];
    const intruder = new LiveClient({
      url: `${server.url.replace('http', 'ws')}/live/rooms/${roomId}/socket`,
      roomId,
      key: randomToken(),
      createSocket: connect,
      onError: (message) => errors.push(message),
    }).start();
    clients.push(intruder);
    await until(() => errors.length > 0, 'a decryption failure');
    expect(docToDesign(intruder.doc)).toBeNull();
  });

  it('applies and runs as the room: everyone in it shares its tables; an unknown room is refused', async () => {
    const server = await serve();
    const key = randomToken();
    const roomId = await newRoom(server.url, key);
    type Health = { namespace: string };
    const mine = (await (await fetch(`${server.url}/api/health`)).json()) as Health;
    const first = (await (await asMember(server.url, roomId, key, '/api/health')).json()) as Health;
    const second = (await (
      await asMember(server.url, roomId, key, '/api/health', {
        headers: { cookie: 'keyplan_session=someone-else' },
      })
    ).json()) as Health;
    expect(first.namespace).toBe(second.namespace);
    expect(first.namespace).not.toBe(mine.namespace);
    const unknown = await fetch(`${server.url}/api/health`, {
      headers: { 'x-keyplan-room': randomToken() },
    });
    expect(unknown.status).toBe(404);
    // A socket to a room that does not exist is closed at once.
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/live/rooms/${randomToken()}/socket`);
    const code = await new Promise<number>((resolve) => socket.on('close', resolve));
    expect(code).toBe(4404);
  });
});
