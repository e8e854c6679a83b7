// Live rooms on a listening server, with Node clients speaking the relay protocol through the same core and
// crypto code the browser uses: edits merge, a client offline merges on reconnect, the room's log is
// compacted, it survives a restart with --db-path, the server never stores or relays a byte of design text,
// and requests naming the room apply as the room (one table namespace for everyone in it).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { getExample } from '../../src/core/features/examples/index.ts';
import { ROOM_ID, randomToken } from '../../src/core/features/live/crypto.ts';
import { designToDoc, docToDesign } from '../../src/core/features/live/design-doc.ts';
import { LiveClient, type SocketLike } from '../../src/core/features/live/live-client.ts';
import { deriveRoomKeys, proveJoin, proveRequest } from '../../src/core/features/live/room-keys.ts';
import { type Design, designSchema } from '../../src/core/model/schema.ts';
import { stringifyExactJson } from '../../src/core/values/exact-json.ts';
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
  relayed.splice(0);
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

/** A raw socket of someone who knows only the room id: every frame it gets, and how it was closed. */
function stranger(base: string, roomId: string, send: (socket: WebSocket) => void) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/live/rooms/${roomId}/socket`);
  const frames: { t: string; d?: string; seq?: number }[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
  socket.on('open', () => send(socket));
  // Closed by the server, or (a server that lets it in) still open once its message had time to be stored.
  const closed = new Promise<number | undefined>((resolve) => {
    socket.on('close', (code) => resolve(code));
    setTimeout(() => {
      resolve(undefined);
      socket.close();
    }, 2000);
  });
  return { frames, closed };
}

describe('#26 class 5: a live room trusts its key, not its id', () => {
  it('with only the room id one cannot write, snapshot, compact, read or reset the room; members can', async () => {
    const server = await serve();
    const key = randomToken();
    const roomId = await newRoom(server.url, key);
    const a = client(server.url, roomId, key);
    await until(() => a.status === 'live', 'a live');
    designToDoc(a.doc, start());
    const b = client(server.url, roomId, key);
    await until(() => text(docToDesign(b.doc)) === text(start()), 'b to receive the design');
    // The room's tables, applied by a member.
    const applied = await asMember(server.url, roomId, key, '/api/apply', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stringifyExactJson({ design: start() }),
    });
    expect(applied.status).toBe(200);
    const { tableName } = (await applied.json()) as { tableName: string };
    const oldEntry = relayed.map((f) => JSON.parse(f)).find((f) => f.t === 'entry')?.d as string;
    expect(oldEntry).toBeDefined();

    // The socket: an update, a snapshot of garbage (erasing the room for newcomers), an old sealed entry
    // replayed as the snapshot, and a made-up proof. None gets in, and none is sent a byte of the room.
    const attacks = [
      { t: 'update', d: oldEntry },
      { t: 'snapshot', upTo: a.head, d: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      { t: 'snapshot', upTo: a.head, d: oldEntry },
      { t: 'proof', sig: 'A'.repeat(86) },
    ];
    for (const attack of attacks) {
      const { frames, closed } = stranger(server.url, roomId, (socket) =>
        socket.send(JSON.stringify(attack)),
      );
      expect(await closed, JSON.stringify(attack).slice(0, 40)).toBe(4401);
      expect(frames.filter((f) => f.t !== 'hello')).toEqual([]);
    }
    // The room's design is still whole, for a newcomer too.
    const c = client(server.url, roomId, key);
    await until(() => text(docToDesign(c.doc)) === text(start()), 'the newcomer to see the design');
    expect(text(docToDesign(a.doc))).toBe(text(start()));

    // The room's tables, by id alone: no read, no reset, whatever proof is made up or borrowed.
    const scan = stringifyExactJson({ operation: 'Scan', input: { TableName: tableName } });
    const json = { 'content-type': 'application/json' };
    const byId = (path: string, body: string, proof?: string) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { ...json, 'x-keyplan-room': roomId, ...(proof ? { 'x-keyplan-room-proof': proof } : {}) },
        body,
      });
    const code = async (response: Response) => [
      response.status,
      ((await response.json()) as { error?: { code: string } }).error?.code,
    ];
    expect(await code(await byId('/api/run', scan))).toEqual([401, 'RoomProofRequired']);
    expect(await code(await byId('/api/reset', '{}'))).toEqual([401, 'RoomProofRequired']);
    const wrong = await proveRequest((await deriveRoomKeys(randomToken())).signer, {
      roomId,
      method: 'POST',
      path: '/api/reset',
      body: '{}',
      time: Date.now(),
    });
    expect(await code(await byId('/api/reset', '{}', wrong))).toEqual([403, 'WrongRoomProof']);
    const healthGet = await fetch(`${server.url}/api/health`, { headers: { 'x-keyplan-room': roomId } });
    expect(healthGet.status).toBe(401);
    // A member's proof seen in a log: not good for another request, nor a second time.
    const { signer } = await deriveRoomKeys(key);
    const seen = await proveRequest(signer, {
      roomId,
      method: 'POST',
      path: '/api/run',
      body: scan,
      time: Date.now(),
    });
    expect(await code(await byId('/api/reset', '{}', seen))).toEqual([403, 'WrongRoomProof']);
    expect((await byId('/api/run', scan, seen)).status).toBe(200);
    expect(await code(await byId('/api/run', scan, seen))).toEqual([403, 'RoomProofReused']);
    const stale = await proveRequest(signer, {
      roomId,
      method: 'POST',
      path: '/api/run',
      body: scan,
      time: 0,
    });
    expect(await code(await byId('/api/run', scan, stale))).toEqual([401, 'RoomProofExpired']);

    // Members read the room's tables, and nothing was reset.
    const read = await asMember(server.url, roomId, key, '/api/run', {
      method: 'POST',
      headers: json,
      body: scan,
    });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { count: number }).count).toBeGreaterThan(0);

    // And the members still converge.
    designToDoc(b.doc, { ...docToDesign(b.doc)!, name: 'After the attacks' }, 'local');
    await until(
      () => [a, c].every((live) => docToDesign(live.doc)?.name === 'After the attacks'),
      'convergence after the attacks',
    );
  });

  it('a sealed entry replayed elsewhere does not open: not applied, the work kept, the room healed', async () => {
    const server = await serve();
    const key = randomToken();
    const roomId = await newRoom(server.url, key);
    const a = client(server.url, roomId, key);
    await until(() => a.status === 'live', 'a live');
    designToDoc(a.doc, start());
    await until(() => a.head > 0, 'the design stored');
    // Even with the key's proof (a member gone rogue, or a relay that replays), an old entry posted as the
    // snapshot (the server only checks where it stands) and an old update posted again do not take.
    const { signer } = await deriveRoomKeys(key);
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/live/rooms/${roomId}/socket`);
    const backlog: string[] = [];
    await new Promise<void>((resolve) =>
      socket.on('message', async (data) => {
        const frame = JSON.parse(data.toString());
        if (frame.t === 'hello')
          socket.send(JSON.stringify({ t: 'proof', sig: await proveJoin(signer, roomId, frame.nonce) }));
        if (frame.t === 'entry') backlog.push(frame.d);
        if (frame.t === 'synced') resolve();
      }),
    );
    expect(backlog.length).toBeGreaterThan(0);
    const errors: string[] = [];
    const late = () =>
      clients[
        clients.push(
          new LiveClient({
            url: `${server.url.replace('http', 'ws')}/live/rooms/${roomId}/socket`,
            roomId,
            key,
            createSocket: connect,
            onError: (message) => errors.push(message),
            retryMs: [50, 200],
          }).start(),
        ) - 1
      ];
    socket.send(JSON.stringify({ t: 'update', d: backlog[0] }));
    await until(() => errors.length > 0 || a.head > 1, 'the replayed update relayed');
    socket.send(JSON.stringify({ t: 'snapshot', upTo: a.head, d: backlog[0] }));
    // A newcomer refuses the replayed snapshot and the replayed update; its (empty) doc is not rolled back to
    // whatever the old entry held, and the room tells it why.
    const d = late();
    await until(() => d.status === 'live', 'd live');
    await until(() => errors.some((e) => /snapshot at \d+ was not sealed/.test(e)), 'the snapshot refused');
    expect(docToDesign(d.doc)).toBeNull();
    // A's work is whole; when A reconnects it sends what the room lacks, and the newcomer gets it all.
    expect(text(docToDesign(a.doc))).toBe(text(start()));
    a.pause();
    a.resume();
    await until(() => text(docToDesign(d.doc)) === text(start()), 'the room healed for the newcomer');
    socket.close();
  });

  it('rooms keep their verifier across a restart; a room an older Keyplan kept takes no one', async () => {
    const dbPath = mkdtempSync(join(tmpdir(), 'kp-live-'));
    folders.push(dbPath);
    let server = await serve(dbPath);
    const key = randomToken();
    const roomId = await newRoom(server.url, key);
    const refused = await fetch(`${server.url}/api/live/rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/verifier/);
    await server.close();
    running.splice(0);
    const [file] = readdirSync(join(dbPath, LIVE_DIR));
    const stored = JSON.parse(readFileSync(join(dbPath, LIVE_DIR, file), 'utf8'));
    expect(stored.verifier).toBe((await deriveRoomKeys(key)).verifier);
    // The same room as the first format kept it: no verifier.
    const { verifier: _verifier, ...old } = stored;
    writeFileSync(
      join(dbPath, LIVE_DIR, 'room-0123456789abcdef0123456789abcdef.json'),
      JSON.stringify({ ...old, id: randomToken(), format: 'keyplan-live-room/1' }),
    );
    server = await serve(dbPath);
    const health = await asMember(server.url, roomId, key, '/api/health');
    expect(health.status).toBe(200);
    const oldId = JSON.parse(
      readFileSync(join(dbPath, LIVE_DIR, 'room-0123456789abcdef0123456789abcdef.json'), 'utf8'),
    ).id;
    const oldHealth = await asMember(server.url, oldId, key, '/api/health');
    expect(oldHealth.status).toBe(403);
    expect(await oldHealth.text()).toMatch(/older Keyplan/);
    const { closed } = stranger(server.url, oldId, () => {});
    expect(await closed).toBe(4403);
  });
});
