// The records a workshop is made of (its secrets, its attendees, the room's pushes) and the changes it tells
// its listeners: their own module, so that the workshop (room.ts), its streams, its store on disk and the
// plugin name them without importing the workshop's logic.
import { randomBytes } from 'node:crypto';
import type {
  AttendeeEvent,
  HintReveal,
  ProgressReport,
  PushedDesign,
  PushedLesson,
} from '../../src/core/contract/workshop-contract.ts';
import type { Lesson } from '../../src/core/features/lessons/lesson-types.ts';
import type { Design } from '../../src/core/model/schema.ts';
import type { Limits } from '../limits.ts';
import { newJoinCode, newPresenterKey } from './secrets.ts';

export interface AttendeeRecord {
  /** Public: what the presenter names the attendee by. */
  readonly id: string;
  /** Secret: the session (cookie) the attendee is. */
  sessionId: string;
  /** The address it joined from (addressKey: an IPv6 /64 as one), counted for workshopAttendeesPerAddress. */
  address?: string;
  name: string;
  joinedAt: number;
  lastActivityAt: number;
  progress: ProgressReport | null;
  /** When the attendee arrived on the progress's step. */
  stepSince: number | null;
  design: Design | null;
  resets: number;
  reports: number;
}

export interface WorkshopSecrets {
  code: string;
  /** 256 bits, base64url. */
  presenterKey: string;
  /** The session cookies' HMAC secret: kept with the attendees, so their cookies outlive a restart. */
  signerSecret: Buffer;
}

export interface RoomRecord {
  lesson: PushedLesson | null;
  design: PushedDesign | null;
  hints: HintReveal[];
  ended: boolean;
  nextPushId: number;
  /** The presenter closed the room to new joins. */
  locked: boolean;
  /** Sessions of attendees the presenter removed: their browsers may not join again. */
  removedSessions: string[];
}

export type WorkshopChange =
  /** An attendee's row changed (joined, reported, reset, connected). */
  | { kind: 'attendee'; id: string }
  /** An event for every attendee's stream (`to` absent) or one attendee's. */
  | { kind: 'event'; event: AttendeeEvent; to?: string }
  /** The room's pushes changed (the presenter's snapshot). */
  | { kind: 'room' }
  /** The presenter removed an attendee: its streams are told and closed, its row goes. */
  | { kind: 'removed'; id: string };

export interface WorkshopOptions {
  secrets?: WorkshopSecrets;
  /** The join URL as printed (with the code in its fragment). */
  joinUrl?: string;
  /** Lessons loaded with --lessons DIR, by id. */
  lessons?: Lesson[];
  /** A built-in lesson by id (the app's bundle has them; the server checks pushes and hint counts). */
  builtinLesson?: (id: string) => Lesson | undefined;
  attendees?: AttendeeRecord[];
  room?: RoomRecord;
  limits?: Limits;
  now?: () => number;
}

export function newSecrets(): WorkshopSecrets {
  return { code: newJoinCode(), presenterKey: newPresenterKey(), signerSecret: randomBytes(32) };
}
