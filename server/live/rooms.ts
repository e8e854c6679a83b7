// Live rooms as the server holds them: for each, an append-only log of sealed Yjs updates (the server has no
// key: every `d` is ciphertext, see src/core/features/live/crypto.ts), numbered by seq, that a client replaces now and
// then with a sealed snapshot (compaction). Everything is bounded: rooms, log bytes; idle rooms expire.
// A room's id is 128 random bits (its name, not a secret); what it may do in DynamoDB goes through a session
// derived from it by a hash (sessionFromId), like any session's: its own table namespace and DynamoDB Local
// database. Using a room takes a proof of its key, checked against its verifier (src/core/features/live/room-keys.ts);
// a room kept by an older Keyplan has none, and no one can use it until it expires.
import { randomBytes } from 'node:crypto';
import { ROOM_ID } from '../../src/core/features/live/crypto.ts';
import { LIMITS, type Limits } from '../limits.ts';
import { type Session, sessionFromId } from '../session.ts';

export interface LiveLimits extends Pick<Limits, 'liveProofMs' | 'liveRequestSkewMs' | 'liveRequestNonces'> {
  /** Rooms at once; past it, idle ones are swept and then a new room is refused (503). */
  liveRooms: number;
  /** Connections per room (past it: closed with 4429). */
  liveClientsPerRoom: number;
  /** One message from a client (a sealed update, snapshot or presence), bytes. */
  liveMessageBytes: number;
  /** A room's log, bytes: past it updates are refused until a snapshot compacts it. */
  liveLogBytes: number;
  /** A client is asked for a snapshot once the log holds this many entries… */
  liveCompactEntries: number;
  /** …or this many bytes. */
  liveCompactBytes: number;
  /** A room nobody is connected to for this long is deleted, its tables too. */
  liveRoomIdleMs: number;
  /** How often idle rooms are looked for. */
  liveSweepMs: number;
}

export const LIVE_LIMITS: LiveLimits = {
  liveRooms: 500,
  liveClientsPerRoom: 32,
  liveMessageBytes: 4 * 1024 * 1024,
  liveLogBytes: 16 * 1024 * 1024,
  liveCompactEntries: 200,
  liveCompactBytes: 1024 * 1024,
  liveRoomIdleMs: 24 * 60 * 60 * 1000,
  liveSweepMs: 60 * 1000,
  liveProofMs: LIMITS.liveProofMs,
  liveRequestSkewMs: LIMITS.liveRequestSkewMs,
  liveRequestNonces: LIMITS.liveRequestNonces,
};

export interface LogEntry {
  seq: number;
  /** base64url of a sealed blob. */
  d: string;
  /** The log's first entry, when it is a snapshot (of the document as of `seq`). */
  snapshot?: true;
}

export interface RoomRecord {
  id: string;
  createdAt: number;
  lastActive: number;
  head: number;
  entries: LogEntry[];
  /** The Ed25519 public key that checks proofs of the room key; none in rooms an older Keyplan made. */
  verifier?: string;
}

export class Room {
  readonly id: string;
  readonly verifier: string | undefined;
  readonly createdAt: number;
  lastActive: number;
  head: number;
  entries: LogEntry[];
  bytes: number;
  /** Connections in the room (the plugin's). */
  readonly clients = new Set<unknown>();
  /** When a snapshot was last asked for (one request at a time, again after 10 s). */
  compactAskedAt = Number.NEGATIVE_INFINITY;
  /** Nonces of the signed requests accepted lately, with when each may be forgotten (replays are refused). */
  readonly requestNonces = new Map<string, number>();

  constructor(record: RoomRecord) {
    this.id = record.id;
    this.verifier = record.verifier;
    this.createdAt = record.createdAt;
    this.lastActive = record.lastActive;
    this.head = record.head;
    this.entries = record.entries;
    this.bytes = record.entries.reduce((n, e) => n + e.d.length, 0);
  }

  /** The session the room applies and runs as: its tables are the room's, the same for everyone in it. */
  get session(): Session {
    return sessionFromId(`live-room:${this.id}`);
  }

  record(): RoomRecord {
    return {
      id: this.id,
      createdAt: this.createdAt,
      lastActive: this.lastActive,
      head: this.head,
      entries: this.entries,
      verifier: this.verifier,
    };
  }
}

export class RoomError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class LiveRooms {
  readonly #rooms = new Map<string, Room>();
  readonly #limits: LiveLimits;
  readonly #now: () => number;
  /** Called with each room that changed (persistence) and each that expired. */
  onChange: (room: Room) => void = () => {};
  onExpire: (room: Room) => void = () => {};

  constructor(limits: LiveLimits, now: () => number = Date.now, restored: RoomRecord[] = []) {
    this.#limits = limits;
    this.#now = now;
    for (const record of restored) this.#rooms.set(record.id, new Room(record));
  }

  get size(): number {
    return this.#rooms.size;
  }

  /** A new room whose proofs `verifier` checks. */
  create(verifier: string): Room {
    if (this.#rooms.size >= this.#limits.liveRooms) this.sweep();
    if (this.#rooms.size >= this.#limits.liveRooms)
      throw new RoomError(
        'TooManyRooms',
        `the server has ${this.#limits.liveRooms} live rooms, its limit; try again when idle ones expire`,
      );
    const id = randomBytes(16).toString('base64url');
    const now = this.#now();
    const room = new Room({ id, createdAt: now, lastActive: now, head: 0, entries: [], verifier });
    this.#rooms.set(id, room);
    this.onChange(room);
    return room;
  }

  get(id: string): Room | undefined {
    return ROOM_ID.test(id) ? this.#rooms.get(id) : undefined;
  }

  /** Stores a sealed update; whether the room now wants compacting (ask the sender for a snapshot). */
  append(room: Room, d: string): { seq: number; compact: boolean } {
    if (room.bytes + d.length > this.#limits.liveLogBytes)
      throw new RoomError(
        'RoomLogFull',
        `the room's log holds ${room.bytes} bytes, its limit; it takes more once a client sends a snapshot`,
      );
    const seq = ++room.head;
    room.entries.push({ seq, d });
    room.bytes += d.length;
    room.lastActive = this.#now();
    this.onChange(room);
    const large =
      room.entries.length > this.#limits.liveCompactEntries || room.bytes > this.#limits.liveCompactBytes;
    const compact = large && this.#now() - room.compactAskedAt > 10_000;
    if (compact) room.compactAskedAt = this.#now();
    return { seq, compact };
  }

  /**
   * Replaces the log up to `upTo` with a sealed snapshot of the document as of it. The server cannot read it,
   * so it checks where it claims to stand: not past the head, not before the snapshot the log starts with
   * (an older one would roll newcomers back). That it is sealed for `upTo` the clients check (protocol.ts).
   */
  snapshot(room: Room, upTo: number, d: string): void {
    if (upTo > room.head)
      throw new RoomError('BadSnapshot', `snapshot up to ${upTo}, past the room's ${room.head}`);
    const current = room.entries[0]?.snapshot ? room.entries[0].seq : 0;
    if (upTo < current)
      throw new RoomError(
        'BadSnapshot',
        `snapshot up to ${upTo}, older than the room's snapshot up to ${current}`,
      );
    const rest = room.entries.filter((e) => e.seq > upTo);
    room.entries = [{ seq: upTo, d, snapshot: true }, ...rest];
    room.bytes = room.entries.reduce((n, e) => n + e.d.length, 0);
    room.compactAskedAt = Number.NEGATIVE_INFINITY;
    room.lastActive = this.#now();
    this.onChange(room);
  }

  /**
   * Takes a signed request's nonce (its time `time`, already checked to be within the skew): false when the
   * room has taken it before (a replay); a RoomError when the room remembers as many as it may.
   */
  takeRequestNonce(room: Room, nonce: string, time: number): boolean {
    const now = this.#now();
    const nonces = room.requestNonces;
    if (nonces.has(nonce)) return false;
    if (nonces.size >= this.#limits.liveRequestNonces)
      for (const [seen, forgetAt] of nonces) if (forgetAt < now) nonces.delete(seen);
    if (nonces.size >= this.#limits.liveRequestNonces)
      throw new RoomError(
        'RoomBusy',
        `the room took ${this.#limits.liveRequestNonces} requests in the last ${(2 * this.#limits.liveRequestSkewMs) / 1000} s, its limit; try again shortly`,
      );
    nonces.set(nonce, Math.max(now, time) + this.#limits.liveRequestSkewMs);
    return true;
  }

  touch(room: Room): void {
    room.lastActive = this.#now();
  }

  /** Deletes the rooms nobody is in that have been idle longer than the limit. */
  sweep(): Room[] {
    const expired: Room[] = [];
    for (const room of this.#rooms.values())
      if (room.clients.size === 0 && this.#now() - room.lastActive > this.#limits.liveRoomIdleMs)
        expired.push(room);
    for (const room of expired) {
      this.#rooms.delete(room.id);
      this.onExpire(room);
    }
    return expired;
  }

  rooms(): Room[] {
    return [...this.#rooms.values()];
  }
}
