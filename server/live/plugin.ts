// Live rooms (issue #18): one Fastify plugin. The server relays and stores only ciphertext — each client seals
// every Yjs update and presence message with the room key from the invite link's fragment, which never reaches
// the server — so it cannot speak the y-websocket sync protocol (that reads the document). It speaks the small
// relay protocol of src/core/features/live/protocol.ts instead: a per-room append-only log of sealed updates, relayed as
// they come and replaced by a client's sealed snapshot when it grows.
//
// Routes: `POST /api/live/rooms {verifier}` makes a room (its id: 128 random bits; the verifier: the public key
// that checks proofs of its key); `GET /live/rooms/:id/socket` is the room's WebSocket (outside /api: a
// connection is long-lived and is not a request of the session's quotas). A request to /api with
// `X-Keyplan-Room: <id>` applies and runs as the room (roomSessionOf): one table namespace and DynamoDB Local
// database per room, derived from its id through a hash as a session's are.
// The id is no secret, so nothing is done for it alone (issue #26, class 5; protocol.ts says why this way): a
// socket gets nothing until it signs the server's nonce, and a request naming a room runs as it only with
// `X-Keyplan-Room-Proof`, its own signature (method, path, body hash, time, nonce; each nonce accepted once).
import { createHash, createPublicKey, type Hash, type KeyObject, randomBytes, verify } from 'node:crypto';
import { Transform } from 'node:stream';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { type LiveRoomResponse, liveRoomResponseSchema } from '../../src/core/contract/api-responses.ts';
import {
  CLOSE,
  type ClientMessage,
  clientMessageSchema,
  type ServerMessage,
} from '../../src/core/features/live/protocol.ts';
import {
  joinProofText,
  REQUEST_PROOF,
  ROOM_VERIFIER,
  requestProofText,
} from '../../src/core/features/live/room-keys.ts';
import { isApiRequest } from '../api-request.ts';
import { ApiFailure } from '../errors.ts';
import { parseBody } from '../parse-body.ts';
import type { Session } from '../session.ts';
import { type LiveLimits, type LiveRooms, type Room, RoomError } from './rooms.ts';

export const ROOM_HEADER = 'x-keyplan-room';
export const ROOM_PROOF_HEADER = 'x-keyplan-room-proof';
const AWARENESS_BYTES = 64 * 1024;
/** A connection whose unsent data passes this is dropped (it reconnects and gets the log again). */
const BUFFERED_BYTES = 32 * 1024 * 1024;
const PING_MS = 30_000;

export interface LivePluginOptions {
  rooms: LiveRooms;
  limits: LiveLimits;
  /** Deletes a room's tables when it expires. */
  deleteTables: (session: Session) => Promise<void>;
  onClose?: () => Promise<void>;
}

interface MinimalSocket {
  readyState: number;
  bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
  on(event: 'close' | 'pong', listener: () => void): void;
}

interface Connection {
  socket: MinimalSocket;
  peer: number;
  awareness?: string;
  alive: boolean;
}

const sessions = new WeakMap<FastifyRequest, Session>();

const newRoomSchema = z
  .object({
    verifier: z
      .string({
        message: 'required: the room key’s verifier (the Keyplan that sent this is older than the server)',
      })
      .regex(ROOM_VERIFIER, 'the Ed25519 public key derived from the room key, base64url (43 characters)'),
  })
  .strict();

const verifierKeys = new WeakMap<Room, KeyObject>();
function verifierKey(room: Room, verifier: string): KeyObject {
  let key = verifierKeys.get(room);
  if (!key) {
    key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: verifier }, format: 'jwk' });
    verifierKeys.set(room, key);
  }
  return key;
}

/** Whether `signature` (base64url) is the room verifier's signature of `text`. */
function signedByRoom(room: Room, text: string, signature: string): boolean {
  if (!room.verifier) return false;
  try {
    return verify(
      null,
      Buffer.from(text),
      verifierKey(room, room.verifier),
      Buffer.from(signature, 'base64url'),
    );
  } catch {
    return false;
  }
}

const UNVERIFIABLE =
  'this live room was made by an older Keyplan, which gave it no verifier: no one can prove they hold its key, so it takes no one (it expires when idle); start a new live session';

/** A request naming a room, its proof read (and checked for time), the room known; its body hash comes later. */
interface PendingRoomRequest {
  room: Room;
  time: number;
  nonce: string;
  signature: string;
  body: Hash;
}
const pending = new WeakMap<FastifyRequest, PendingRoomRequest>();

/** The room's session when the request names a room (X-Keyplan-Room), else undefined. */
export function roomSessionOf(request: FastifyRequest): Session | undefined {
  return sessions.get(request);
}

function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

async function liveRoutes(app: FastifyInstance, options: LivePluginOptions): Promise<void> {
  const { rooms, limits } = options;
  rooms.onExpire = ((store) => (room: Room) => {
    store(room);
    void options
      .deleteTables(room.session)
      .catch((error) => app.log.warn({ err: error }, 'could not delete an expired live room’s tables'));
  })(rooms.onExpire);
  const sweeper = setInterval(() => rooms.sweep(), limits.liveSweepMs);
  sweeper.unref();
  const pinger = setInterval(() => {
    for (const room of rooms.rooms())
      for (const client of room.clients as Set<Connection>) {
        if (!client.alive) client.socket.terminate();
        else {
          client.alive = false;
          client.socket.ping();
        }
      }
  }, PING_MS);
  pinger.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    clearInterval(pinger);
    await options.onClose?.();
  });

  // A request naming a room: the room and the proof's form and time are checked first; its signature covers
  // the body's hash, so it is checked once the body has been read (preHandler), before any handler runs.
  app.addHook('onRequest', async (request) => {
    const id = request.headers[ROOM_HEADER];
    if (id === undefined || !isApiRequest(request)) return;
    const room = typeof id === 'string' ? rooms.get(id) : undefined;
    if (!room)
      throw new ApiFailure(
        404,
        'NoSuchRoom',
        'this live room does not exist (rooms expire when idle for a day)',
      );
    if (!room.verifier) throw new ApiFailure(403, 'UnverifiableRoom', UNVERIFIABLE);
    const proof = request.headers[ROOM_PROOF_HEADER];
    const match = typeof proof === 'string' ? REQUEST_PROOF.exec(proof) : null;
    if (!match)
      throw new ApiFailure(
        401,
        'RoomProofRequired',
        `a request naming a live room (X-Keyplan-Room) runs as the room only with ${ROOM_PROOF_HEADER}: <time>.<nonce>.<signature>, signed with the key derived from the room key (src/core/features/live/room-keys.ts); the room id alone is not enough`,
      );
    const time = Number(match[1]);
    if (Math.abs(time - Date.now()) > limits.liveRequestSkewMs)
      throw new ApiFailure(
        401,
        'RoomProofExpired',
        `${ROOM_PROOF_HEADER} was signed for ${new Date(time).toISOString()}, more than ${limits.liveRequestSkewMs / 1000} s from the server's clock (${new Date().toISOString()})`,
      );
    pending.set(request, { room, time, nonce: match[2], signature: match[3], body: createHash('sha256') });
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    const waiting = pending.get(request);
    if (!waiting) return payload;
    let received = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        waiting.body.update(chunk);
        received += chunk.length;
        (hashing as Transform & { receivedEncodedLength: number }).receivedEncodedLength = received;
        done(null, chunk);
      },
    });
    payload.once('error', (error) => hashing.destroy(error));
    return payload.pipe(hashing);
  });
  app.addHook('preHandler', async (request) => {
    const waiting = pending.get(request);
    if (!waiting) return;
    pending.delete(request);
    const { room, time, nonce, signature } = waiting;
    const text = requestProofText({
      roomId: room.id,
      method: request.method,
      path: request.url,
      bodyHash: waiting.body.digest('base64url'),
      time,
      nonce,
    });
    if (!signedByRoom(room, text, signature))
      throw new ApiFailure(
        403,
        'WrongRoomProof',
        `${ROOM_PROOF_HEADER} is not this room's signature of this request (${request.method} ${request.url} and its body): a wrong room key, or a proof made for another request`,
      );
    try {
      if (!rooms.takeRequestNonce(room, nonce, time))
        throw new ApiFailure(
          403,
          'RoomProofReused',
          `${ROOM_PROOF_HEADER} was used before: a proof is good once`,
        );
    } catch (error) {
      if (error instanceof RoomError) throw new ApiFailure(429, error.code, error.message);
      throw error;
    }
    rooms.touch(room);
    sessions.set(request, room.session);
  });

  await app.register(websocket, { options: { maxPayload: limits.liveMessageBytes } });

  app.post(
    '/api/live/rooms',
    { schema: { response: { 201: liveRoomResponseSchema } } },
    async (request, reply): Promise<LiveRoomResponse> => {
      const { verifier } = parseBody(newRoomSchema, request.body);
      try {
        createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: verifier }, format: 'jwk' });
      } catch {
        throw new ApiFailure(400, 'InvalidRequest', 'verifier: not an Ed25519 public key');
      }
      try {
        const room = rooms.create(verifier);
        reply.status(201);
        return { roomId: room.id };
      } catch (error) {
        if (error instanceof RoomError) throw new ApiFailure(503, error.code, error.message);
        throw error;
      }
    },
  );

  let nextPeer = 1;
  app.get<{ Params: { roomId: string } }>(
    '/live/rooms/:roomId/socket',
    { websocket: true },
    (raw, request) => {
      const socket = raw as unknown as MinimalSocket;
      if (!sameOrigin(request)) return socket.close(CLOSE.badMessage, 'foreign origin');
      const room = rooms.get(request.params.roomId);
      if (!room) return socket.close(CLOSE.noRoom, 'no such room');
      if (!room.verifier) return socket.close(CLOSE.unverifiable, 'made by an older Keyplan: no verifier');
      const clients = room.clients as Set<Connection>;
      const full = () => clients.size >= limits.liveClientsPerRoom;
      if (full())
        return socket.close(CLOSE.roomFull, `the room has ${limits.liveClientsPerRoom} people, its limit`);
      const me: Connection = { socket, peer: nextPeer++, alive: true };
      const sendText = (client: Connection, text: string) => {
        if (client.socket.readyState !== 1) return;
        if (client.socket.bufferedAmount > BUFFERED_BYTES) return client.socket.terminate();
        client.socket.send(text);
      };
      const send = (client: Connection, message: ServerMessage) => sendText(client, JSON.stringify(message));
      const others = (message: ServerMessage) => {
        const text = JSON.stringify(message);
        for (const client of clients) if (client !== me) sendText(client, text);
      };
      // Nothing for the room until the socket proves it holds the key: it signs this nonce, once.
      const nonce = randomBytes(16).toString('base64url');
      let proven = false;
      const proofTimer = setTimeout(
        () => socket.close(CLOSE.unproven, 'no proof of the room key in time'),
        limits.liveProofMs,
      );
      send(me, { t: 'hello', nonce, now: Date.now() });
      const join = (signature: string) => {
        clearTimeout(proofTimer);
        if (!signedByRoom(room, joinProofText(room.id, nonce), signature))
          return socket.close(CLOSE.unproven, 'not a proof of the room key');
        if (full())
          return socket.close(CLOSE.roomFull, `the room has ${limits.liveClientsPerRoom} people, its limit`);
        proven = true;
        clients.add(me);
        rooms.touch(room);
        for (const { seq, d, snapshot } of room.entries)
          send(me, { t: 'entry', seq, kind: snapshot ? 'snapshot' : 'update', d });
        send(me, { t: 'synced', head: room.head });
        for (const client of clients)
          if (client !== me && client.awareness)
            send(me, { t: 'awareness', peer: client.peer, d: client.awareness });
      };

      socket.on('pong', () => {
        me.alive = true;
      });
      socket.on('message', (data, isBinary) => {
        me.alive = true;
        let message: ClientMessage;
        try {
          if (isBinary) throw new Error('binary');
          message = clientMessageSchema.parse(JSON.parse(data.toString('utf8')));
        } catch {
          return socket.close(CLOSE.badMessage, 'not a message of the live protocol');
        }
        if (!proven) {
          if (message.t !== 'proof')
            return socket.close(CLOSE.unproven, 'the first message must prove the room key');
          return join(message.sig);
        }
        try {
          if (message.t === 'proof') {
            return socket.close(CLOSE.badMessage, 'the room key was proven already');
          } else if (message.t === 'update') {
            const { seq, compact } = rooms.append(room, message.d);
            send(me, { t: 'ack', seq });
            others({ t: 'entry', seq, kind: 'update', d: message.d });
            if (compact) send(me, { t: 'compact' });
          } else if (message.t === 'snapshot') {
            rooms.snapshot(room, message.upTo, message.d);
          } else {
            if (message.d.length > AWARENESS_BYTES) return socket.close(CLOSE.tooBig, 'presence too large');
            me.awareness = message.d;
            others({ t: 'awareness', peer: me.peer, d: message.d });
          }
        } catch (error) {
          if (!(error instanceof RoomError)) throw error;
          send(me, { t: 'error', code: error.code, message: error.message });
          if (error.code === 'RoomLogFull') send(me, { t: 'compact' });
        }
      });
      socket.on('close', () => {
        clearTimeout(proofTimer);
        if (!proven) return;
        clients.delete(me);
        rooms.touch(room);
        others({ t: 'leave', peer: me.peer });
      });
    },
  );
}

/** Registers live rooms on the app (not encapsulated: its onRequest hook names a request's room for every route). */
export const livePlugin = fp(liveRoutes, { name: 'keyplan-live' });
