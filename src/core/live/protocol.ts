// The relay protocol between a live client and the server (JSON text frames over a WebSocket). The server
// cannot speak the y-websocket sync protocol: that needs the document, and it holds only ciphertext. So it
// keeps, per room, an append-only log of sealed Yjs updates numbered by `seq`, relays each new one to the
// others, and asks a client now and then to replace the log with a sealed snapshot of its document (`compact`).
// `d` is always base64url of a sealed blob (crypto.ts).
import { z } from 'zod';

const blob = z.string().regex(/^[A-Za-z0-9_-]+$/, 'base64url');

export const clientMessageSchema = z.discriminatedUnion('t', [
  /** A Yjs update; the server numbers it, stores it, acks it and relays it. */
  z.object({ t: z.literal('update'), d: blob }).strict(),
  /** The whole document as of `upTo` (the last seq the client had applied): replaces the log up to it. */
  z.object({ t: z.literal('snapshot'), upTo: z.number().int().min(0), d: blob }).strict(),
  /** Presence (a y-protocols awareness update): relayed, the last one kept for people who join later. */
  z.object({ t: z.literal('awareness'), d: blob }).strict(),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export type ServerMessage =
  /** One stored update (or the snapshot that starts the log), in seq order; first the backlog, then live. */
  | { t: 'entry'; seq: number; d: string }
  /** The backlog has been sent: the client now holds everything the room had when it joined. */
  | { t: 'synced'; head: number }
  /** The client's own update was stored as `seq`. */
  | { t: 'ack'; seq: number }
  /** Another connection's presence; `peer` names the connection (for `leave`). */
  | { t: 'awareness'; peer: number; d: string }
  | { t: 'leave'; peer: number }
  /** Please send a snapshot: the log has grown. */
  | { t: 'compact' }
  | { t: 'error'; code: string; message: string };

/** WebSocket close codes the server uses. */
export const CLOSE = {
  noRoom: 4404,
  roomFull: 4429,
  tooBig: 4413,
  badMessage: 4400,
  expired: 4410,
} as const;
