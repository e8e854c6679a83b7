// What the room shows of an attendee, as pure functions of its record: its identity, its row in the
// presenter's room view (stuck on a step or not), and the unique name a join is given (`Ana (2)`).
import {
  type AttendeeIdentity,
  type AttendeeRow,
  MAX_NAME_LENGTH,
  STUCK_AFTER_MS,
} from '../../src/core/contract/workshop-contract.ts';
import type { AttendeeRecord } from './room-records.ts';

const iso = (ms: number) => new Date(ms).toISOString();

export function identityOf(attendee: AttendeeRecord): AttendeeIdentity {
  return { id: attendee.id, name: attendee.name, joinedAt: iso(attendee.joinedAt) };
}

/** Whether the attendee has been on the same unfinished step for longer than STUCK_AFTER_MS. */
export function isStuck(attendee: AttendeeRecord, now: number): boolean {
  return (
    attendee.progress !== null &&
    !attendee.progress.done &&
    attendee.stepSince !== null &&
    now - attendee.stepSince > STUCK_AFTER_MS
  );
}

export function rowOf(attendee: AttendeeRecord, connected: boolean, now: number): AttendeeRow {
  const { progress } = attendee;
  return {
    id: attendee.id,
    name: attendee.name,
    lessonId: progress?.lessonId ?? null,
    stepId: progress?.stepId ?? null,
    stepIndex: progress?.stepIndex ?? null,
    passed: progress?.passed ?? 0,
    total: progress?.total ?? 0,
    done: progress?.done ?? false,
    checks: progress?.checks ?? [],
    joinedAt: iso(attendee.joinedAt),
    lastActivityAt: iso(attendee.lastActivityAt),
    stepSince: attendee.stepSince === null ? null : iso(attendee.stepSince),
    stuck: isStuck(attendee, now),
    connected,
    hasDesign: attendee.design !== null,
    reports: attendee.reports,
  };
}

/** `name`, or with the first free ` (n)` suffix when another attendee has it (case aside), within MAX_NAME_LENGTH. */
export function uniqueName(name: string, attendees: Iterable<AttendeeRecord>): string {
  const taken = new Set([...attendees].map((a) => a.name.toLocaleLowerCase()));
  if (!taken.has(name.toLocaleLowerCase())) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const base = Array.from(name)
      .slice(0, MAX_NAME_LENGTH - suffix.length)
      .join('')
      .trim();
    const candidate = `${base}${suffix}`;
    if (!taken.has(candidate.toLocaleLowerCase())) return candidate;
  }
}
