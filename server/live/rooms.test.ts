// The room registry's bounds, without a network: rooms per server, the log's size and its compaction, and
// idle rooms expiring (not while someone is in them).
import { describe, expect, it } from 'vitest';
import { ROOM_ID } from '../../src/core/features/live/crypto.ts';
import { LIVE_LIMITS, LiveRooms, RoomError } from './rooms.ts';

describe('live rooms registry', () => {
  it('bounds rooms and log bytes, compacts on request, and expires idle rooms only', () => {
    let now = 0;
    const limits = {
      ...LIVE_LIMITS,
      liveRooms: 2,
      liveLogBytes: 100,
      liveCompactEntries: 3,
      liveRoomIdleMs: 1000,
    };
    const rooms = new LiveRooms(limits, () => now);
    const expired: string[] = [];
    rooms.onExpire = (room) => expired.push(room.id);
    const first = rooms.create('verifier');
    const second = rooms.create('verifier');
    expect(first.id).toMatch(ROOM_ID);
    expect(first.session.namespace).not.toBe(second.session.namespace);
    expect(() => rooms.create('verifier')).toThrow(RoomError);

    // The log: numbered, a snapshot asked for past 3 entries, refused past 100 bytes until a snapshot.
    const asks = [1, 2, 3, 4].map(() => rooms.append(first, 'x'.repeat(10)).compact);
    expect(asks).toEqual([false, false, false, true]);
    expect(() => rooms.append(first, 'y'.repeat(70))).toThrow(/limit/);
    rooms.snapshot(first, 3, 'snap');
    expect(first.entries).toEqual([
      { seq: 3, d: 'snap', snapshot: true },
      { seq: 4, d: 'x'.repeat(10) },
    ]);
    expect(rooms.append(first, 'y'.repeat(70)).seq).toBe(5);
    expect(() => rooms.snapshot(first, 9, 'ahead')).toThrow(RoomError);
    // A snapshot older than the one the log starts with would roll newcomers back: refused.
    expect(() => rooms.snapshot(first, 2, 'older')).toThrow(/older than the room's snapshot up to 3/);
    expect(first.entries[0]).toEqual({ seq: 3, d: 'snap', snapshot: true });

    // Signed requests: each nonce once; a full memory refuses until the oldest are past the skew.
    const few = new LiveRooms({ ...limits, liveRequestNonces: 2, liveRequestSkewMs: 100 }, () => now);
    const room = few.create('verifier');
    expect([few.takeRequestNonce(room, 'n1', now), few.takeRequestNonce(room, 'n1', now)]).toEqual([
      true,
      false,
    ]);
    expect(few.takeRequestNonce(room, 'n2', now)).toBe(true);
    expect(() => few.takeRequestNonce(room, 'n3', now)).toThrow(/2 requests in the last 0.2 s/);
    now += 101;
    expect(few.takeRequestNonce(room, 'n3', now)).toBe(true);

    // Idle for longer than the limit: expired, unless someone is connected.
    first.clients.add({});
    now = 5000;
    expect(rooms.sweep().map((room) => room.id)).toEqual([second.id]);
    expect(expired).toEqual([second.id]);
    expect(rooms.get(second.id)).toBeUndefined();
    // A full server sweeps idle rooms before refusing a new one.
    expect(rooms.create('verifier').id).toMatch(ROOM_ID);
    first.clients.clear();
    now = 20_000;
    rooms.sweep();
    expect(rooms.size).toBe(0);
  });
});
