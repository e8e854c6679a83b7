// Live rooms (issue #18): one Fastify plugin. The server relays and stores only ciphertext — each client seals
// every Yjs update and presence message with the room key from the invite link's fragment, which never reaches
// the server — so it cannot speak the y-websocket sync protocol (that reads the document). It speaks the small
// relay protocol of src/core/live/protocol.ts instead: a per-room append-only log of sealed updates, relayed as
// they come and replaced by a client's sealed snapshot when it grows.
//
// Routes: `POST /api/live/rooms` makes a room (its id: 128 random bits); `GET /live/rooms/:id/socket` is the
// room's WebSocket (outside /api: a connection is long-lived and is not a request of the session's quotas).
// A request to /api with `X-Keyplan-Room: <id>` applies and runs as the room (roomSessionOf): one table
// namespace and DynamoDB Local database per room, derived from its id through a hash as a session's are.
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  CLOSE,
  type ClientMessage,
  clientMessageSchema,
  type ServerMessage,
} from '../../src/core/live/protocol.ts';
import { isApiRequest } from '../api-request.ts';
import { ApiFailure } from '../errors.ts';
import type { Session } from '../session.ts';
import { type LiveLimits, type LiveRooms, type Room, RoomError } from './rooms.ts';

export const ROOM_HEADER = 'x-keyplan-room';
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
    rooms.touch(room);
    sessions.set(request, room.session);
  });

  await app.register(websocket, { options: { maxPayload: limits.liveMessageBytes } });

  app.post('/api/live/rooms', async (_request, reply) => {
    try {
      const room = rooms.create();
      reply.status(201);
      return { roomId: room.id };
    } catch (error) {
      if (error instanceof RoomError) throw new ApiFailure(503, error.code, error.message);
      throw error;
    }
  });

  let nextPeer = 1;
  app.get<{ Params: { roomId: string } }>(
    '/live/rooms/:roomId/socket',
    { websocket: true },
    (raw, request) => {
      const socket = raw as unknown as MinimalSocket;
      if (!sameOrigin(request)) return socket.close(CLOSE.badMessage, 'foreign origin');
      const room = rooms.get(request.params.roomId);
      if (!room) return socket.close(CLOSE.noRoom, 'no such room');
      const clients = room.clients as Set<Connection>;
      if (clients.size >= limits.liveClientsPerRoom)
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
      clients.add(me);
      rooms.touch(room);
      for (const entry of room.entries) send(me, { t: 'entry', ...entry });
      send(me, { t: 'synced', head: room.head });
      for (const client of clients)
        if (client !== me && client.awareness)
          send(me, { t: 'awareness', peer: client.peer, d: client.awareness });

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
        try {
          if (message.t === 'update') {
            const { seq, compact } = rooms.append(room, message.d);
            send(me, { t: 'ack', seq });
            others({ t: 'entry', seq, d: message.d });
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
        clients.delete(me);
        rooms.touch(room);
        others({ t: 'leave', peer: me.peer });
      });
    },
  );
}

/** Registers live rooms on the app (not encapsulated: its onRequest hook names a request's room for every route). */
export const livePlugin = fp(liveRoutes, { name: 'keyplan-live' });
