// The wire contract of workshop mode (`keyplan serve --workshop`), defined once for the server
// (server/workshop/) and the browser (join page, attendee client, presenter's room view). Pure: zod and the
// core's types only. Later changes are additive (new optional fields, new routes, new event types).
//
// Who may call what
// - Attendees are identified by the session cookie (`keyplan_session`, HttpOnly, SameSite=Strict, Path=/api)
//   that POST /api/workshop/join sets or binds. In workshop mode every /api route other than those below
//   (apply, load, run, reset, health, …) answers 401 `NotJoined` to a request without a joined attendee's
//   cookie: without the join code a browser gets nothing.
// - The presenter is identified by `Authorization: Bearer <key>`, the 256-bit key the presenter URL carries
//   in its fragment (`/presenter#key=…`, never sent to the server by the browser, so never in a log or a
//   Referer). The page reads it from `location.hash` once, keeps it in the tab's sessionStorage and drops
//   the fragment from the address bar (the room view is projected), and sends it on every presenter
//   request. A wrong or missing key answers 401 `PresenterKeyRequired`; repeated wrong keys from one client
//   answer 429. The right key is checked first and always passes, whatever wrong ones came before.
//   EventSource cannot send headers: the presenter page reads its stream with fetch() and a stream reader.
// - Every POST is `Content-Type: application/json` from the server's own origin (server/browser-guard.ts).
// - Errors have the API's usual shape `{ error: { code, message } }` (ApiError in contract.ts).
// - Bodies and event data are JSON whose numbers may have more digits than a double holds (designs carry
//   DynamoDB numbers): read them with parseExactJson (src/core/values/exact-json.ts) to keep them exact.
//
// Routes (all under WORKSHOP_API = /api/workshop)
// Public
//   GET  /api/workshop                    → WorkshopInfo: workshop mode is on; whether this browser has joined.
//   POST /api/workshop/join               JoinRequest → JoinResponse (sets the session cookie). A browser
//        that joined already (its session cookie, even one whose session expired) gets its own attendee
//        back, never a second one. 400 InvalidRequest, 403 WrongCode, 403 JoinsLocked (the presenter
//        closed the room to new joins), 403 RemovedFromWorkshop (the presenter removed this browser),
//        429 TooManyJoinAttempts (wrong codes past the address's or the server's budget; a right code always joins), 409 WorkshopFull,
//        409 AddressFull (too many attendees from one address), 410 WorkshopEnded.
// Attendee (joined session cookie; otherwise 401 NotJoined)
//   GET  /api/workshop/me                 → AttendeeState: own name, progress and design, and what the
//        presenter pushed (lesson, design, revealed hints): what a reload restores.
//   POST /api/workshop/report             AttendeeReport → ReportResponse. Progress and/or the current design
//        (debounced by the client: at most every ~1 s while editing). A design above
//        WORKSHOP_DESIGN_MAX_BYTES of JSON answers 413 DesignTooLarge; too many reports, or report bytes,
//        a second answer 429 TooManyReports / TooManyReportBytes.
//   GET  /api/workshop/events             text/event-stream of AttendeeEvent (EventSource works: cookie).
//        At most MAX_ATTENDEE_STREAMS open per attendee (429 beyond).
// Presenter (Authorization: Bearer <key>)
//   GET  /api/workshop/presenter          → RoomSnapshot.
//   GET  /api/workshop/presenter/events   text/event-stream of PresenterEvent (first event: `room`).
//   GET  /api/workshop/presenter/attendees/:id → AttendeeDetail (that attendee's design, read-only; 404
//        UnknownAttendee).
//   GET  /api/workshop/presenter/lessons/:id   → { lesson: Lesson } for a lesson the server loaded
//        (`--lessons DIR`); 404 UnknownLesson.
//   POST /api/workshop/presenter/push-lesson   PushLessonRequest → PushResponse (to every attendee).
//   POST /api/workshop/presenter/push-design   PushDesignRequest → PushResponse (to every attendee).
//   POST /api/workshop/presenter/reveal-hint   RevealHintRequest → RevealHintResponse (to every attendee).
//   POST /api/workshop/presenter/reset-attendee ResetAttendeeRequest → { ok: true }: the attendee's design,
//        progress and DynamoDB tables are cleared and their page restarts the pushed lesson's step.
//   POST /api/workshop/presenter/remove-attendee RemoveAttendeeRequest → { ok: true }: the attendee's
//        session ends (its requests answer 401), its tables are deleted, its row goes (`removed` in the
//        room's next `attendees` event) and its page is told (`removed`); that browser cannot join again
//        unless `allowRejoin` is true.
//   POST /api/workshop/presenter/lock     LockJoinsRequest → { ok: true, locked }: closes (or opens) the
//        room to new joins; attendees already in stay, and may come back on the same browser.
//   POST /api/workshop/presenter/end      {} → { ok: true }: attendees are told, joining is refused.
//
// Event streams (text/event-stream): each event is `event: <type>` and `data: <json>` (the same object,
// whose `type` repeats the event name). A comment line (`: heartbeat`) comes every HEARTBEAT_MS so proxies
// and the client can tell a live stream from a dead one. A client that does not read its stream fast enough
// is disconnected (the server never buffers without bound): reconnect and GET the state again.
import { z } from 'zod';
import type { LessonSummary } from '../features/lessons/lesson-summary.ts';
import type { Lesson } from '../features/lessons/lesson-types.ts';

// The lesson list a room snapshot carries is the lessons' own summary.
export type { LessonSummary } from '../features/lessons/lesson-summary.ts';

import { type Design, designSchema } from '../model/schema.ts';

export const WORKSHOP_API = '/api/workshop';
/** The attendee's page; the join URL's fragment may carry the code: `/join#code=K7M2QX`. */
export const JOIN_PAGE_PATH = '/join';
/** The presenter's room view; its fragment carries the key: `/presenter#key=<43 base64url chars>`. */
export const PRESENTER_PAGE_PATH = '/presenter';

/** Join codes use these characters only (no 0/O, 1/I/L, 5/S, 8/B look-alikes), JOIN_CODE_LENGTH of them. */
export const JOIN_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXYZ2345679';
export const JOIN_CODE_LENGTH = 6;

/** A display name is trimmed, inner whitespace collapsed, and cut to this many characters. */
export const MAX_NAME_LENGTH = 40;
/** An attendee on one step for longer than this is shown as stuck. */
export const STUCK_AFTER_MS = 5 * 60 * 1000;
/** A heartbeat comment on every event stream this often. */
export const HEARTBEAT_MS = 15_000;
/** The most JSON bytes of a design an attendee reports or the presenter pushes. */
export const WORKSHOP_DESIGN_MAX_BYTES = 512 * 1024;
/** Event streams one attendee may hold open at once (tabs); the presenter may hold MAX_PRESENTER_STREAMS. */
export const MAX_ATTENDEE_STREAMS = 3;
export const MAX_PRESENTER_STREAMS = 4;
/** The most attendees a workshop takes. */
export const MAX_ATTENDEES = 200;

const id = z.string().min(1).max(100);

/** Normalises what an attendee types: spaces and dashes dropped, upper case. */
export function normalizeJoinCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** Trims and collapses whitespace, drops control characters, cuts to MAX_NAME_LENGTH characters. */
export function normalizeDisplayName(input: string): string {
  const cleaned = input
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(cleaned).slice(0, MAX_NAME_LENGTH).join('').trim();
}

// ---------------------------------------------------------------------------------------------- public

export interface WorkshopInfo {
  workshop: true;
  ended: boolean;
  /** Present when this browser's session has joined. */
  attendee?: AttendeeIdentity;
}

export const joinRequestSchema = z
  .object({
    code: z.string().max(32),
    /** Trimmed and cut by normalizeDisplayName; must keep at least one character. A taken name gets " (2)". */
    name: z.string().max(200),
  })
  .strict();
export type JoinRequest = z.input<typeof joinRequestSchema>;

export interface AttendeeIdentity {
  /** Public id (not a secret): what the presenter's routes name the attendee by. */
  id: string;
  /** The name as the room sees it (normalised, made unique). */
  name: string;
  joinedAt: string;
}

export interface JoinResponse {
  attendee: AttendeeIdentity;
  /** False when this browser had joined already (the same attendee is returned, its name kept). */
  created: boolean;
  state: AttendeeState;
}

// -------------------------------------------------------------------------------------------- attendee

export const CHECK_STATUSES = ['pass', 'fail', 'needs-server'] as const;

export const progressReportSchema = z
  .object({
    lessonId: id,
    stepId: id,
    stepIndex: z.number().int().min(0).max(999),
    passed: z.number().int().min(0).max(1000),
    total: z.number().int().min(0).max(1000),
    /** Every check of the step passes. */
    done: z.boolean(),
    /** Each check's status, in the step's order. */
    checks: z.array(z.object({ checkId: id, status: z.enum(CHECK_STATUSES) }).strict()).max(100),
  })
  .strict();
export type ProgressReport = z.infer<typeof progressReportSchema>;

/** Either part may be left out (unchanged); `progress: null` clears it (no lesson open). */
export const attendeeReportSchema = z
  .object({
    progress: progressReportSchema.nullable().optional(),
    design: designSchema.optional(),
  })
  .strict();
export type AttendeeReport = z.input<typeof attendeeReportSchema>;

export interface ReportResponse {
  ok: true;
  /** How many reports the server has taken from this attendee (the room's `reports`). */
  reports: number;
}

/** A lesson the presenter pushed: `lesson` is present when it is not one of the built-in lessons. */
export interface PushedLesson {
  pushId: number;
  lessonId: string;
  /** The step to open (default 0). */
  stepIndex: number;
  lesson?: Lesson;
  at: string;
}

export interface PushedDesign {
  pushId: number;
  design: Design;
  at: string;
}

export interface HintReveal {
  lessonId: string;
  stepId: string;
  /** Hints of that step revealed to the room so far (the first `count`). */
  count: number;
}

/** What the presenter has pushed to the room, newest of each kind. */
export interface RoomPushes {
  lesson: PushedLesson | null;
  design: PushedDesign | null;
  hints: HintReveal[];
  ended: boolean;
}

export interface AttendeeState {
  attendee: AttendeeIdentity;
  progress: ProgressReport | null;
  /** The design this attendee last reported (null before the first report, and after a reset). */
  design: Design | null;
  /** Increases each time the presenter resets this attendee. */
  resets: number;
  room: RoomPushes;
}

export type AttendeeEvent =
  /** First event of every stream: the whole state (a reconnect needs nothing else). */
  | { type: 'hello'; state: AttendeeState }
  | ({ type: 'lesson' } & PushedLesson)
  | ({ type: 'design' } & PushedDesign)
  | ({ type: 'hint' } & HintReveal)
  /** The presenter reset this attendee: drop the design and progress, restart the step. */
  | { type: 'reset'; resets: number }
  /** The presenter removed this attendee: its session is over (the stream ends after this). */
  | { type: 'removed' }
  | { type: 'ended' };

// ------------------------------------------------------------------------------------------- presenter

/** One row of the room view. */
export interface AttendeeRow {
  id: string;
  name: string;
  lessonId: string | null;
  stepId: string | null;
  stepIndex: number | null;
  passed: number;
  total: number;
  done: boolean;
  checks: ProgressReport['checks'];
  joinedAt: string;
  /** The last join, report or stream connection of the attendee. */
  lastActivityAt: string;
  /** When the attendee arrived on the current step (null without progress). */
  stepSince: string | null;
  /**
   * On one step for more than STUCK_AFTER_MS without finishing it: the server's rule, the only one. A row
   * whose flag changes with time alone is sent again (within seconds), so the room view shows it as it is.
   */
  stuck: boolean;
  /** Has an attendee event stream open. */
  connected: boolean;
  hasDesign: boolean;
  /** Reports taken from the attendee so far (increases with each). */
  reports: number;
}

export interface RoomSnapshot {
  code: string;
  /** The join URL as the server printed it (with the code in its fragment), for the big QR code. */
  joinUrl: string;
  attendees: AttendeeRow[];
  maxAttendees: number;
  /** The presenter closed the room to new joins. */
  locked: boolean;
  /** Lessons the server loaded (`--lessons DIR`); the built-in lessons are in the page's bundle. */
  lessons: LessonSummary[];
  room: RoomPushes;
}

export type PresenterEvent =
  /** First event of every stream, and after anything that changes more than rows. */
  | ({ type: 'room' } & RoomSnapshot)
  /**
   * Rows that changed since the last event (coalesced: at most a few a second, each change sent within
   * 1 s), and ids of attendees gone (removed by the presenter).
   */
  | { type: 'attendees'; attendees: AttendeeRow[]; removed: string[] }
  | { type: 'ended' };

export interface AttendeeDetail {
  attendee: AttendeeRow;
  progress: ProgressReport | null;
  design: Design | null;
}

export const pushLessonRequestSchema = z
  .object({
    lessonId: id,
    stepIndex: z.number().int().min(0).max(999).optional(),
    /**
     * The lesson itself, for one that is neither built in nor loaded by the server (validated as a
     * keyplan-lesson/1 document). Left out: a built-in lesson or one of RoomSnapshot.lessons.
     */
    lesson: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type PushLessonRequest = z.input<typeof pushLessonRequestSchema>;

export const pushDesignRequestSchema = z.object({ design: designSchema }).strict();
export type PushDesignRequest = z.input<typeof pushDesignRequestSchema>;

export interface PushResponse {
  pushId: number;
  /** Attendees with a stream open when it was sent (the others get it with their next state). */
  delivered: number;
}

export const revealHintRequestSchema = z
  .object({
    lessonId: id,
    stepId: id,
    /** Reveal up to this many (default: one more than revealed so far). */
    count: z.number().int().min(1).max(100).optional(),
  })
  .strict();
export type RevealHintRequest = z.input<typeof revealHintRequestSchema>;

export interface RevealHintResponse {
  hint: HintReveal;
  delivered: number;
}

export const resetAttendeeRequestSchema = z.object({ attendeeId: id }).strict();
export type ResetAttendeeRequest = z.input<typeof resetAttendeeRequestSchema>;

export const removeAttendeeRequestSchema = z
  .object({
    attendeeId: id,
    /** Let that browser join again (a new attendee); by default it is refused for the rest of the workshop. */
    allowRejoin: z.boolean().optional(),
  })
  .strict();
export type RemoveAttendeeRequest = z.input<typeof removeAttendeeRequestSchema>;

export const lockJoinsRequestSchema = z.object({ locked: z.boolean() }).strict();
export type LockJoinsRequest = z.input<typeof lockJoinsRequestSchema>;

export const endWorkshopRequestSchema = z.object({}).strict();
