// A workshop's state: its secrets, its attendees (each bound to the session whose cookie it holds) and what
// the presenter pushed to the room. Every change is told to the listeners (the event streams, the store on
// disk) as a WorkshopChange; nothing here does I/O. Bounded: at most `limits.workshopAttendees` attendees
// (`limits.workshopAttendeesPerAddress` of one address), at most `limits.workshopHintSteps` revealed-hint
// entries, `limits.workshopRemovedRemembered` removed browsers, designs as large as the routes let in.
import { randomBytes } from 'node:crypto';
import {
  type AttendeeDetail,
  type AttendeeIdentity,
  type AttendeeRow,
  type AttendeeState,
  type HintReveal,
  normalizeDisplayName,
  type ProgressReport,
  type PushedDesign,
  type PushedLesson,
  type RoomPushes,
  type RoomSnapshot,
} from '../../src/core/contract/workshop-contract.ts';
import { lessonSummary } from '../../src/core/features/lessons/lesson-summary.ts';
import type { Lesson } from '../../src/core/features/lessons/lesson-types.ts';
import type { Design } from '../../src/core/model/schema.ts';
import { ApiFailure } from '../errors.ts';
import { LIMITS, type Limits } from '../limits.ts';
import { identityOf, isStuck, rowOf, uniqueName } from './attendee-views.ts';
import {
  type AttendeeRecord,
  newSecrets,
  type RoomRecord,
  type WorkshopChange,
  type WorkshopOptions,
  type WorkshopSecrets,
} from './room-records.ts';

const iso = (ms: number) => new Date(ms).toISOString();

export class Workshop {
  readonly secrets: WorkshopSecrets;
  joinUrl: string;
  readonly limits: Limits;
  readonly #now: () => number;
  readonly #attendees = new Map<string, AttendeeRecord>();
  readonly #bySession = new Map<string, AttendeeRecord>();
  readonly #lessons: Map<string, Lesson>;
  readonly #builtinLesson: (id: string) => Lesson | undefined;
  readonly #room: RoomRecord;
  readonly #listeners: ((change: WorkshopChange) => void)[] = [];

  constructor(options: WorkshopOptions = {}) {
    this.secrets = options.secrets ?? newSecrets();
    this.joinUrl = options.joinUrl ?? '';
    this.limits = options.limits ?? LIMITS;
    this.#now = options.now ?? Date.now;
    this.#lessons = new Map((options.lessons ?? []).map((lesson) => [lesson.id, lesson]));
    this.#builtinLesson = options.builtinLesson ?? (() => undefined);
    this.#room = options.room ?? {
      lesson: null,
      design: null,
      hints: [],
      ended: false,
      nextPushId: 1,
      locked: false,
      removedSessions: [],
    };
    for (const attendee of options.attendees ?? []) {
      this.#attendees.set(attendee.id, attendee);
      this.#bySession.set(attendee.sessionId, attendee);
    }
  }

  get code(): string {
    return this.secrets.code;
  }

  get ended(): boolean {
    return this.#room.ended;
  }

  get size(): number {
    return this.#attendees.size;
  }

  get locked(): boolean {
    return this.#room.locked;
  }

  onChange(listener: (change: WorkshopChange) => void): void {
    this.#listeners.push(listener);
  }

  #emit(change: WorkshopChange): void {
    for (const listener of this.#listeners) listener(change);
  }

  attendees(): AttendeeRecord[] {
    return [...this.#attendees.values()];
  }

  attendee(id: string): AttendeeRecord | undefined {
    return this.#attendees.get(id);
  }

  attendeeOfSession(sessionId: string | undefined): AttendeeRecord | undefined {
    return sessionId === undefined ? undefined : this.#bySession.get(sessionId);
  }

  /** The attendee whose session (now expired) this was: a browser coming back after a long pause. */
  attendeeOfFormerSession(sessionId: string | undefined): AttendeeRecord | undefined {
    if (sessionId === undefined) return undefined;
    return [...this.#attendees.values()].find((a) => a.sessionId === sessionId);
  }

  /** Whether this session was an attendee the presenter removed (and did not let join again). */
  isRemovedSession(sessionId: string | undefined): boolean {
    return sessionId !== undefined && this.#room.removedSessions.includes(sessionId);
  }

  /** A lesson the server knows: loaded with --lessons, built in, or the one pushed inline. */
  lesson(id: string): Lesson | undefined {
    return (
      this.#lessons.get(id) ??
      this.#builtinLesson(id) ??
      (this.#room.lesson?.lessonId === id ? this.#room.lesson.lesson : undefined)
    );
  }

  loadedLesson(id: string): Lesson | undefined {
    return this.#lessons.get(id);
  }

  /** A name no other attendee has (case-insensitive): "Ana", then "Ana (2)", "Ana (3)"… */
  /**
   * Makes a new attendee of the session `newSession` gives, called only once the join is admitted; throws
   * the refusal (ended, full, no name) as an ApiFailure before any session is made.
   */
  join(rawName: string, newSession: () => string, address?: string): AttendeeRecord {
    this.assertOpenToJoins();
    const name = normalizeDisplayName(rawName);
    if (!name)
      throw new ApiFailure(400, 'InvalidName', 'name: give a display name of at least one visible character');
    if (this.#attendees.size >= this.limits.workshopAttendees)
      throw new ApiFailure(
        409,
        'WorkshopFull',
        `this workshop has ${this.limits.workshopAttendees} attendees, the most it takes`,
      );
    const perAddress = this.limits.workshopAttendeesPerAddress;
    if (address !== undefined && this.attendees().filter((a) => a.address === address).length >= perAddress)
      throw new ApiFailure(
        409,
        'AddressFull',
        `${perAddress} attendees have joined from this address, the most one address may (workshopAttendeesPerAddress); ask the presenter to remove the ones not in use`,
      );
    const sessionId = newSession();
    const now = this.#now();
    const attendee: AttendeeRecord = {
      id: randomBytes(8).toString('hex'),
      sessionId,
      ...(address === undefined ? {} : { address }),
      name: uniqueName(name, this.#attendees.values()),
      joinedAt: now,
      lastActivityAt: now,
      progress: null,
      stepSince: null,
      design: null,
      resets: 0,
      reports: 0,
    };
    this.#attendees.set(attendee.id, attendee);
    this.#bySession.set(sessionId, attendee);
    this.#emit({ kind: 'attendee', id: attendee.id });
    return attendee;
  }

  /** The session expired (its tables are gone): the attendee stays in the room but no cookie is it any more. */
  forgetSession(sessionId: string): void {
    this.#bySession.delete(sessionId);
  }

  /** The attendee's browser came back after its session expired: it is the attendee again, on a new session. */
  rebind(attendee: AttendeeRecord, sessionId: string): void {
    this.#bySession.delete(attendee.sessionId);
    attendee.sessionId = sessionId;
    attendee.lastActivityAt = this.#now();
    this.#bySession.set(sessionId, attendee);
    this.#emit({ kind: 'attendee', id: attendee.id });
  }

  /**
   * Takes an attendee out of the room (the caller ends its session and deletes its tables); unless
   * `allowRejoin`, its browser (the session cookie it keeps) is refused a new join.
   */
  remove(id: string, allowRejoin = false): AttendeeRecord {
    const attendee = this.#attendees.get(id);
    if (!attendee) throw new ApiFailure(404, 'UnknownAttendee', `attendeeId: no attendee "${id}"`);
    this.#attendees.delete(id);
    this.#bySession.delete(attendee.sessionId);
    if (!allowRejoin) {
      const removed = this.#room.removedSessions;
      removed.push(attendee.sessionId);
      if (removed.length > this.limits.workshopRemovedRemembered) removed.shift();
    }
    this.#emit({ kind: 'removed', id });
    this.#emit({ kind: 'room' });
    return attendee;
  }

  /** Closes (or opens) the room to new joins; attendees already in stay. */
  lock(locked: boolean): void {
    if (this.#room.locked === locked) return;
    this.#room.locked = locked;
    this.#emit({ kind: 'room' });
  }

  /** Throws the refusal of a new join that depends on nothing the caller sent: ended, or locked. */
  assertOpenToJoins(): void {
    if (this.#room.ended) throw new ApiFailure(410, 'WorkshopEnded', 'this workshop has ended');
    if (this.#room.locked)
      throw new ApiFailure(
        403,
        'JoinsLocked',
        'the presenter has closed this workshop to new joins; ask them to open it again',
      );
  }

  /** Records an attendee's report; `progress: null` clears it, an absent part is unchanged. */
  report(attendee: AttendeeRecord, report: { progress?: ProgressReport | null; design?: Design }): void {
    const now = this.#now();
    if (report.progress !== undefined) {
      const before = attendee.progress;
      const next = report.progress;
      if (!next) attendee.stepSince = null;
      else if (!before || before.lessonId !== next.lessonId || before.stepId !== next.stepId)
        attendee.stepSince = now;
      attendee.progress = next;
    }
    if (report.design !== undefined) attendee.design = report.design;
    attendee.lastActivityAt = now;
    attendee.reports++;
    this.#emit({ kind: 'attendee', id: attendee.id });
  }

  /** The attendee connected a stream: activity, and its row's `connected` may change. */
  touch(attendee: AttendeeRecord): void {
    attendee.lastActivityAt = this.#now();
    this.#emit({ kind: 'attendee', id: attendee.id });
  }

  identity(attendee: AttendeeRecord): AttendeeIdentity {
    return identityOf(attendee);
  }

  pushes(): RoomPushes {
    const { lesson, design, hints, ended } = this.#room;
    return { lesson, design, hints: [...hints], ended };
  }

  room(): RoomRecord {
    return this.#room;
  }

  state(attendee: AttendeeRecord): AttendeeState {
    return {
      attendee: this.identity(attendee),
      progress: attendee.progress,
      design: attendee.design,
      resets: attendee.resets,
      room: this.pushes(),
    };
  }

  isStuck(attendee: AttendeeRecord, now = this.#now()): boolean {
    return isStuck(attendee, now);
  }

  row(attendee: AttendeeRecord, connected: boolean): AttendeeRow {
    return rowOf(attendee, connected, this.#now());
  }

  snapshot(connected: (id: string) => boolean): RoomSnapshot {
    return {
      code: this.code,
      joinUrl: this.joinUrl,
      attendees: this.attendees().map((a) => this.row(a, connected(a.id))),
      maxAttendees: this.limits.workshopAttendees,
      locked: this.#room.locked,
      lessons: [...this.#lessons.values()].map(lessonSummary),
      room: this.pushes(),
    };
  }

  detail(id: string, connected: boolean): AttendeeDetail | undefined {
    const attendee = this.#attendees.get(id);
    if (!attendee) return undefined;
    return { attendee: this.row(attendee, connected), progress: attendee.progress, design: attendee.design };
  }

  #notEnded(): void {
    if (this.#room.ended) throw new ApiFailure(410, 'WorkshopEnded', 'this workshop has ended');
  }

  /** Pushes a lesson (`inline` for one the attendees' app does not have) to every attendee. */
  pushLesson(lessonId: string, stepIndex: number, inline?: Lesson): PushedLesson {
    this.#notEnded();
    const lesson = inline ?? this.lesson(lessonId);
    if (!lesson)
      throw new ApiFailure(
        404,
        'UnknownLesson',
        `lessonId: no lesson "${lessonId}" is built in or loaded (--lessons DIR); send it as lesson`,
      );
    if (stepIndex >= lesson.steps.length)
      throw new ApiFailure(
        400,
        'InvalidRequest',
        `stepIndex: lesson "${lessonId}" has ${lesson.steps.length} steps (0 to ${lesson.steps.length - 1})`,
      );
    const builtin = !inline && !this.#lessons.has(lessonId) && this.#builtinLesson(lessonId) !== undefined;
    const pushed: PushedLesson = {
      pushId: this.#room.nextPushId++,
      lessonId,
      stepIndex,
      ...(builtin ? {} : { lesson }),
      at: iso(this.#now()),
    };
    this.#room.lesson = pushed;
    this.#emit({ kind: 'event', event: { type: 'lesson', ...pushed } });
    this.#emit({ kind: 'room' });
    return pushed;
  }

  pushDesign(design: Design): PushedDesign {
    this.#notEnded();
    const pushed: PushedDesign = { pushId: this.#room.nextPushId++, design, at: iso(this.#now()) };
    this.#room.design = pushed;
    this.#emit({ kind: 'event', event: { type: 'design', ...pushed } });
    this.#emit({ kind: 'room' });
    return pushed;
  }

  /** Reveals the next hint of a step (or the first `count`), never more than the step has when known. */
  revealHint(lessonId: string, stepId: string, count?: number): HintReveal {
    this.#notEnded();
    const hints = this.#room.hints;
    const at = hints.findIndex((h) => h.lessonId === lessonId && h.stepId === stepId);
    const shown = at >= 0 ? hints[at].count : 0;
    const lesson = this.lesson(lessonId);
    const step = lesson?.steps.find((s) => s.id === stepId);
    if (lesson && !step)
      throw new ApiFailure(404, 'UnknownStep', `stepId: lesson "${lessonId}" has no step "${stepId}"`);
    const available = step ? step.hints.length : 100;
    const wanted = count ?? shown + 1;
    if (wanted > available)
      throw new ApiFailure(
        409,
        'NoMoreHints',
        `step "${stepId}" of "${lessonId}" has ${available} hints, and ${shown} are revealed`,
      );
    const reveal: HintReveal = { lessonId, stepId, count: Math.max(shown, wanted) };
    if (at >= 0) hints.splice(at, 1);
    hints.push(reveal);
    if (hints.length > this.limits.workshopHintSteps) hints.shift();
    this.#emit({ kind: 'event', event: { type: 'hint', ...reveal } });
    this.#emit({ kind: 'room' });
    return reveal;
  }

  /** Clears an attendee's design and progress (the caller deletes its tables) and tells its page. */
  reset(id: string): AttendeeRecord {
    const attendee = this.#attendees.get(id);
    if (!attendee) throw new ApiFailure(404, 'UnknownAttendee', `attendeeId: no attendee "${id}"`);
    attendee.design = null;
    attendee.progress = null;
    attendee.stepSince = null;
    attendee.resets++;
    this.#emit({ kind: 'event', event: { type: 'reset', resets: attendee.resets }, to: attendee.id });
    this.#emit({ kind: 'attendee', id: attendee.id });
    return attendee;
  }

  end(): void {
    if (this.#room.ended) return;
    this.#room.ended = true;
    this.#emit({ kind: 'event', event: { type: 'ended' } });
    this.#emit({ kind: 'room' });
  }
}
