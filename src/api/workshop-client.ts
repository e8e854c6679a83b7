// The browser's side of workshop mode (src/core/contract/workshop-contract.ts): is this server running a
// workshop, join it, report progress and the design, read the attendee's state; and the presenter's calls,
// each with the key from the presenter URL's fragment as a Bearer token. Errors are ApiClientError (the
// server's code and message), as in client.ts.
import {
  type AttendeeDetail,
  type AttendeeReport,
  type JoinResponse,
  type PushDesignRequest,
  type PushLessonRequest,
  type PushResponse,
  type RevealHintRequest,
  type RevealHintResponse,
  type RoomSnapshot,
  WORKSHOP_API,
  type WorkshopInfo,
} from '../core/contract/workshop-contract.ts';
import type { Lesson } from '../core/features/lessons/lesson-types.ts';
import { parseExactJson, stringifyExactJson } from '../core/values/exact-json.ts';
import { ApiClientError, send } from './client.ts';
import { type EventStreamOptions, openEventStream } from './event-stream.ts';

async function call<T>(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; key?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  const response = await send(`${WORKSHOP_API}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : stringifyExactJson(init.body),
    cache: 'no-store',
  });
  const text = await response.text();
  return parseExactJson(text) as T;
}

/** The workshop this server runs, or null when it runs none (the usual designer: 404 on this route). */
export async function getWorkshopInfo(): Promise<WorkshopInfo | null> {
  try {
    return await call<WorkshopInfo>('');
  } catch (error) {
    if (error instanceof ApiClientError && (error.status === 404 || error.status === 0)) return null;
    throw error;
  }
}

export const joinWorkshop = (code: string, name: string) =>
  call<JoinResponse>('/join', { body: { code, name } });

export const sendReport = (report: AttendeeReport) =>
  call<{ ok: true; reports: number }>('/report', { body: report });

export function openAttendeeEvents(options: EventStreamOptions): () => void {
  return openEventStream(`${WORKSHOP_API}/events`, options);
}

/** The presenter's calls, all with the key from the presenter URL's fragment. */
export function presenterClient(key: string) {
  return {
    room: () => call<RoomSnapshot>('/presenter', { key }),
    events: (options: Omit<EventStreamOptions, 'headers'>) =>
      openEventStream(`${WORKSHOP_API}/presenter/events`, {
        ...options,
        headers: { authorization: `Bearer ${key}` },
      }),
    attendee: (id: string) => call<AttendeeDetail>(`/presenter/attendees/${encodeURIComponent(id)}`, { key }),
    lesson: (id: string) => call<{ lesson: Lesson }>(`/presenter/lessons/${encodeURIComponent(id)}`, { key }),
    pushLesson: (body: PushLessonRequest) => call<PushResponse>('/presenter/push-lesson', { key, body }),
    pushDesign: (body: PushDesignRequest) => call<PushResponse>('/presenter/push-design', { key, body }),
    revealHint: (body: RevealHintRequest) =>
      call<RevealHintResponse>('/presenter/reveal-hint', { key, body }),
    resetAttendee: (attendeeId: string) =>
      call<{ ok: true }>('/presenter/reset-attendee', { key, body: { attendeeId } }),
    removeAttendee: (attendeeId: string) =>
      call<{ ok: true }>('/presenter/remove-attendee', { key, body: { attendeeId } }),
    lockJoins: (locked: boolean) =>
      call<{ ok: true; locked: boolean }>('/presenter/lock', { key, body: { locked } }),
    end: () => call<{ ok: true }>('/presenter/end', { key, body: {} }),
  };
}

export type PresenterClient = ReturnType<typeof presenterClient>;

/** The key in a presenter URL's fragment (`#key=…`), or null. */
export function presenterKeyOf(hash: string): string | null {
  const key = new URLSearchParams(hash.replace(/^#/, '')).get('key');
  return key && /^[A-Za-z0-9_-]{20,200}$/.test(key) ? key : null;
}

/** The join code in a join URL's fragment (`#code=…`), or ''. */
export function joinCodeOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('code') ?? '';
}
