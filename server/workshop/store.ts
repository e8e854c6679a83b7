// A workshop kept on disk with --db-path, beside DynamoDB Local's data: `keyplan-workshop/state.json` holds
// the secrets (join code, presenter key, the session signer's secret, so attendee cookies outlive a
// restart), what the presenter pushed, whether joins are locked and which browsers were removed; `attendee-<id>.json` one attendee each (identity, session,
// progress, design), so a report rewrites one small file, not the room. Writes are gathered (at most one
// round per `workshopSaveMs`) and atomic (a temporary file renamed over the old one): a crash leaves the
// previous version, never half a file; a failed write is tried again (server/delayed-writer.ts). Only the
// owner may read them (0600: the files hold secrets).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { progressReportSchema } from '../../src/core/contract/workshop-contract.ts';
import type { Lesson } from '../../src/core/features/lessons/lesson-types.ts';
import { designSchema } from '../../src/core/model/schema.ts';
import { parseExactJson, stringifyExactJson } from '../../src/core/values/exact-json.ts';
import { DelayedWriter } from '../delayed-writer.ts';
import type { Workshop } from './room.ts';
import type { AttendeeRecord, RoomRecord, WorkshopSecrets } from './room-records.ts';
import { isJoinCode, isPresenterKey } from './secrets.ts';

const FORMAT = 'keyplan-workshop/1';
export const WORKSHOP_DIR = 'keyplan-workshop';
const STATE_FILE = 'state.json';
const ATTENDEE_FILE = /^attendee-([0-9a-f]{16})\.json$/;

const iso = z.string().min(1);
const stateSchema = z.object({
  format: z.literal(FORMAT),
  code: z.string().refine(isJoinCode, 'not a join code'),
  presenterKey: z.string().refine(isPresenterKey, 'not a presenter key'),
  signerSecret: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  room: z.object({
    lesson: z
      .object({
        pushId: z.number().int(),
        lessonId: z.string(),
        stepIndex: z.number().int().min(0),
        lesson: z.record(z.string(), z.unknown()).optional(),
        at: iso,
      })
      .nullable(),
    design: z.object({ pushId: z.number().int(), design: designSchema, at: iso }).nullable(),
    hints: z.array(z.object({ lessonId: z.string(), stepId: z.string(), count: z.number().int().min(0) })),
    ended: z.boolean(),
    nextPushId: z.number().int().min(1),
    // Absent from the files of a Keyplan without them.
    locked: z.boolean().default(false),
    removedSessions: z.array(z.string().regex(/^[A-Za-z0-9_-]{43}$/)).default([]),
  }),
});

const attendeeSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{16}$/),
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  address: z.string().max(100).optional(),
  name: z.string().min(1),
  joinedAt: z.number(),
  lastActivityAt: z.number(),
  progress: progressReportSchema.nullable(),
  stepSince: z.number().nullable(),
  design: designSchema.nullable(),
  resets: z.number().int().min(0),
  reports: z.number().int().min(0),
});

export interface StoredWorkshop {
  secrets: WorkshopSecrets;
  room: RoomRecord;
  attendees: AttendeeRecord[];
}

function parseFile<T>(file: string, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = parseExactJson(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not a workshop file Keyplan wrote: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: ${issue.path.map(String).join('.') || '(document)'}: ${issue.message}`);
  }
  return parsed.data;
}

/** The workshop kept in `dbPath`, or undefined when there is none yet. Throws, naming the file, when one is damaged. */
export function loadWorkshop(dbPath: string): StoredWorkshop | undefined {
  const dir = join(dbPath, WORKSHOP_DIR);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  if (!names.includes(STATE_FILE)) return undefined;
  const state = parseFile(join(dir, STATE_FILE), stateSchema);
  const attendees = names
    .filter((name) => ATTENDEE_FILE.test(name))
    .map((name) => parseFile(join(dir, name), attendeeSchema) as AttendeeRecord);
  const { lesson } = state.room;
  return {
    secrets: {
      code: state.code,
      presenterKey: state.presenterKey,
      signerSecret: Buffer.from(state.signerSecret, 'base64url'),
    },
    room: {
      ...state.room,
      // The lesson was checked when it was pushed; the file is this server's own.
      lesson: lesson ? { ...lesson, lesson: lesson.lesson as Lesson | undefined } : null,
    },
    attendees: attendees.sort((a, b) => a.joinedAt - b.joinedAt),
  };
}

/** Keeps a workshop's changes on disk, a round of writes at most every `workshopSaveMs`. */
export class WorkshopStore {
  readonly #workshop: Workshop;
  readonly #files: DelayedWriter;

  constructor(dbPath: string, workshop: Workshop, onError: (error: Error) => void = () => {}) {
    this.#workshop = workshop;
    this.#files = new DelayedWriter(join(dbPath, WORKSHOP_DIR), workshop.limits.workshopSaveMs, onError);
    for (const attendee of workshop.attendees()) this.#markAttendee(attendee.id);
    this.#files.mark(STATE_FILE, () => this.#stateText());
    workshop.onChange((change) => {
      if (change.kind === 'attendee' || change.kind === 'removed') this.#markAttendee(change.id);
      else if (change.kind === 'room') this.#files.mark(STATE_FILE, () => this.#stateText());
    });
  }

  #markAttendee(id: string): void {
    this.#files.mark(`attendee-${id}.json`, () => {
      const attendee = this.#workshop.attendee(id);
      return attendee ? stringifyExactJson(attendee) : null;
    });
  }

  #stateText(): string {
    const { secrets } = this.#workshop;
    return stringifyExactJson({
      format: FORMAT,
      code: secrets.code,
      presenterKey: secrets.presenterKey,
      signerSecret: secrets.signerSecret.toString('base64url'),
      room: this.#workshop.room(),
    });
  }

  /** Writes what changed; resolves once it is on disk. */
  close(): Promise<void> {
    return this.#files.close();
  }
}
