// The relay protocol between a live client and the server (JSON text frames over a WebSocket). The server
// cannot speak the y-websocket sync protocol: that needs the document, and it holds only ciphertext. So it
// keeps, per room, an append-only log of sealed Yjs updates numbered by `seq`, relays each new one to the
// others, and asks a client now and then to replace the log with a sealed snapshot of its document (`compact`).
// `d` is always base64url of a sealed blob (crypto.ts).
//
// Who may use a room (issue #26, class 5). The room id is no secret (it is in the socket's path and in the
// `X-Keyplan-Room` header, which proxy logs and sniffers see), so everything a room does asks for proof that
// one holds the room key, given without revealing it (room-keys.ts): the server opens every socket with a
// random nonce (`hello`), and the first message must be `proof`, an Ed25519 signature of that nonce under the
// key derived from the room key, checked against the verifier (the public key) stored when the room was made.
// Until then the socket gets nothing, not even ciphertext: reading by id alone would leak who is present and
// when they type, and a connection not yet proven does not count toward the room's people, so the id alone
// cannot fill a room either. A challenge–response rather than a token: a token sent on the socket would be
// seen by whoever sees the id, and replayed; a signature of a fresh nonce is good once, and the server holds
// only a public key. API requests sign themselves the same way (`X-Keyplan-Room-Proof`, room-keys.ts).
//
// Authenticated positions. The server relays ciphertext and cannot check it, so clients check, on opening,
// that each blob is where it was sealed to be: GCM's additional data (`sealContext`) binds the room, the kind,
// and for a snapshot the seq it covers; an update's plaintext starts with its writer's id and counter, which
// readers expect to grow. A blob replayed elsewhere (an old update or snapshot served as the current snapshot)
// fails to open and is not applied; the server, for its part, refuses a snapshot past the head or older than
// the one the log starts with. A replayed update a reader never saw is a no-op for Yjs (it holds only
// operations the document already has), so it cannot roll anything back.
import { z } from 'zod';

const blob = z.string().regex(/^[A-Za-z0-9_-]+$/, 'base64url');

export const clientMessageSchema = z.discriminatedUnion('t', [
  /** The first message: the signature of the server's `hello` nonce (room-keys.ts joinProofText). */
  z
    .object({ t: z.literal('proof'), sig: z.string().regex(/^[A-Za-z0-9_-]{86}$/, 'an Ed25519 signature') })
    .strict(),
  /** A Yjs update; the server numbers it, stores it, acks it and relays it. */
  z.object({ t: z.literal('update'), d: blob }).strict(),
  /** The whole document as of `upTo` (the last seq the client had applied): replaces the log up to it. */
  z.object({ t: z.literal('snapshot'), upTo: z.number().int().min(0), d: blob }).strict(),
  /** Presence (a y-protocols awareness update): relayed, the last one kept for people who join later. */
  z.object({ t: z.literal('awareness'), d: blob }).strict(),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export type EntryKind = 'update' | 'snapshot';

export type ServerMessage =
  /** The first message: sign `nonce` to join; `now` is the server's clock (API proofs are timed by it). */
  | { t: 'hello'; nonce: string; now: number }
  /** One stored update (or the snapshot that starts the log), in seq order; first the backlog, then live. */
  | { t: 'entry'; seq: number; kind: EntryKind; d: string }
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
  /** No proof of the room key, or a wrong one (or none in time). */
  unproven: 4401,
  /** A room made by a Keyplan without verifiers: nobody can prove the key, so nobody may use it. */
  unverifiable: 4403,
  noRoom: 4404,
  roomFull: 4429,
  tooBig: 4413,
  badMessage: 4400,
  expired: 4410,
} as const;

/** What GCM authenticates with a blob: its room, its kind and, for a snapshot, the seq it covers. */
export function sealContext(roomId: string, kind: 'update' | 'awareness'): string;
export function sealContext(roomId: string, kind: 'snapshot', upTo: number): string;
export function sealContext(roomId: string, kind: EntryKind | 'awareness', upTo?: number): string {
  return kind === 'snapshot'
    ? `keyplan-live/2 snapshot ${roomId} ${upTo}`
    : `keyplan-live/2 ${kind} ${roomId}`;
}

const WRITER_BYTES = 16;
const HEADER_BYTES = WRITER_BYTES + 4;

/** An update's plaintext: its writer (random per client) and that writer's counter, then the Yjs update. */
export function frameUpdate(writer: Uint8Array, n: number, update: Uint8Array): Uint8Array {
  const plain = new Uint8Array(HEADER_BYTES + update.length);
  plain.set(writer.subarray(0, WRITER_BYTES));
  new DataView(plain.buffer).setUint32(WRITER_BYTES, n);
  plain.set(update, HEADER_BYTES);
  return plain;
}

export function unframeUpdate(plain: Uint8Array): { writer: string; n: number; update: Uint8Array } {
  if (plain.length < HEADER_BYTES) throw new Error('an update without its writer');
  const writer = Array.from(plain.subarray(0, WRITER_BYTES), (b) => b.toString(16).padStart(2, '0')).join('');
  const n = new DataView(plain.buffer, plain.byteOffset).getUint32(WRITER_BYTES);
  return { writer, n, update: plain.subarray(HEADER_BYTES) };
}

export const WRITER_ID_BYTES = WRITER_BYTES;
