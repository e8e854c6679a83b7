// Workshop mode in the attendee's browser (`keyplan serve --workshop`): whether this server runs a workshop
// and this browser has joined it; once joined, the attendee client (workshop-attendee.ts) keeps the server
// told of the lesson progress and the design, and follows what the presenter pushes. Its own small store:
// the designer's store knows nothing of workshops.
import { create } from 'zustand';
import type { StreamState } from '../api/event-stream.ts';
import type { AttendeeIdentity, RoomPushes } from '../core/contract/workshop-contract.ts';

export type WorkshopStatus = 'checking' | 'off' | 'join' | 'joined';

export interface WorkshopState {
  /** checking: asking the server; off: no workshop (the usual designer); join: must join first. */
  status: WorkshopStatus;
  ended: boolean;
  /** The presenter removed this browser's attendee: the join page says so. */
  removed: boolean;
  attendee: AttendeeIdentity | null;
  /** The attendee event stream. */
  stream: StreamState | null;
  room: RoomPushes | null;
  /** The last report the server refused (a design too large…), shown in the status bar; null when fine. */
  reportError: string | null;
  /** When the server last took a report (ms). */
  reportedAt: number | null;
}

export const useWorkshop = create<WorkshopState>(() => ({
  status: 'checking',
  ended: false,
  removed: false,
  attendee: null,
  stream: null,
  room: null,
  reportError: null,
  reportedAt: null,
}));
