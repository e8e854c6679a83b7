// Live rooms kept on disk with --db-path, beside DynamoDB Local's data: `keyplan-live/room-<hash>.json`, one
// file per room holding its id, times, verifier (a public key) and log (ciphertext only: the server never has
// a room's key). A file of the first format (`keyplan-live-room/1`, before rooms had verifiers) is loaded
// without one: nobody can prove its key, so nobody may use it, and it expires with its tables. Writes
// are gathered (a round at most every second) and atomic (a temporary file renamed over the old one), so a
// crash leaves the previous version; a failed write is tried again (server/delayed-writer.ts); an expired
// room's file is deleted. A restarted server has every room.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ROOM_ID } from '../../src/core/features/live/crypto.ts';
import { ROOM_VERIFIER } from '../../src/core/features/live/room-keys.ts';
import { DelayedWriter } from '../delayed-writer.ts';
import type { LiveRooms, RoomRecord } from './rooms.ts';

export const LIVE_DIR = 'keyplan-live';
const FORMAT = 'keyplan-live-room/2';
const UNVERIFIED_FORMAT = 'keyplan-live-room/1';
const ROOM_FILE = /^room-[0-9a-f]{32}\.json$/;
const SAVE_MS = 1000;

const fields = {
  id: z.string().regex(ROOM_ID),
  createdAt: z.number(),
  lastActive: z.number(),
  head: z.number().int().min(0),
  entries: z.array(
    z.object({
      seq: z.number().int().min(0),
      d: z.string().regex(/^[A-Za-z0-9_-]+$/),
      snapshot: z.literal(true).optional(),
    }),
  ),
};
const recordSchema = z.discriminatedUnion('format', [
  z.object({ format: z.literal(FORMAT), ...fields, verifier: z.string().regex(ROOM_VERIFIER) }),
  z.object({ format: z.literal(UNVERIFIED_FORMAT), ...fields }),
]);

function fileOf(id: string): string {
  return `room-${createHash('sha256').update(id).digest('hex').slice(0, 32)}.json`;
}

/** The rooms kept in `dbPath`; a damaged file is skipped and named through `onError`. */
export function loadRooms(dbPath: string, onError: (message: string) => void = () => {}): RoomRecord[] {
  const dir = join(dbPath, LIVE_DIR);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const rooms: RoomRecord[] = [];
  for (const name of names.filter((n) => ROOM_FILE.test(n))) {
    try {
      const { format: _format, ...record } = recordSchema.parse(
        JSON.parse(readFileSync(join(dir, name), 'utf8')),
      );
      rooms.push(record);
    } catch (error) {
      onError(
        `${join(dir, name)}: not a live room file Keyplan wrote (${(error as Error).message.slice(0, 200)})`,
      );
    }
  }
  return rooms;
}

export class LiveRoomStore {
  readonly #files: DelayedWriter;

  constructor(dbPath: string, rooms: LiveRooms, onError: (error: Error) => void = () => {}) {
    this.#files = new DelayedWriter(join(dbPath, LIVE_DIR), SAVE_MS, onError);
    rooms.onChange = (room) =>
      this.#files.mark(fileOf(room.id), () => JSON.stringify({ format: FORMAT, ...room.record() }));
    rooms.onExpire = (room) => this.#files.mark(fileOf(room.id), () => null);
  }

  /** Writes what changed; resolves once it is on disk. */
  close(): Promise<void> {
    return this.#files.close();
  }
}
