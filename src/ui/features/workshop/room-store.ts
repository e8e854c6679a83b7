// The presenter's room as the page holds it: the snapshot from the presenter stream's first `room` event,
// rows replaced as `attendees` events bring them (each change arrives within a second of it), and the
// stream's state. One store per page (the presenter page shows one room).
import { create } from 'zustand';
import type { StreamState } from '../../../api/event-stream.ts';
import type { AttendeeRow, PresenterEvent, RoomSnapshot } from '../../../core/contract/workshop-contract.ts';

export interface RoomState {
  snapshot: RoomSnapshot | null;
  /** Rows in join order. */
  rows: AttendeeRow[];
  stream: StreamState | null;
  /** Why the room cannot be shown (a wrong presenter key…); null when fine. */
  error: string | null;
  ended: boolean;
}

export const useRoom = create<RoomState>(() => ({
  snapshot: null,
  rows: [],
  stream: null,
  error: null,
  ended: false,
}));

/** Folds one presenter event into the room. */
export function applyPresenterEvent(event: PresenterEvent): void {
  if (event.type === 'room') {
    const { type: _, ...snapshot } = event;
    useRoom.setState({ snapshot, rows: snapshot.attendees, error: null, ended: snapshot.room.ended });
  } else if (event.type === 'attendees') {
    useRoom.setState((s) => {
      const changed = new Map(event.attendees.map((row) => [row.id, row]));
      const removed = new Set(event.removed);
      const rows = s.rows.filter((row) => !removed.has(row.id)).map((row) => changed.get(row.id) ?? row);
      for (const row of event.attendees) if (!s.rows.some((r) => r.id === row.id)) rows.push(row);
      return { rows };
    });
  } else if (event.type === 'ended') {
    useRoom.setState((s) => ({
      ended: true,
      snapshot: s.snapshot ? { ...s.snapshot, room: { ...s.snapshot.room, ended: true } } : s.snapshot,
    }));
  }
}
