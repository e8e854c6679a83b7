// The answers of workshop mode's routes (workshop-contract.ts lists them) as zod schemas: one per response
// type, each checked equal at compile time to the contract's interface the browser reads (same-type.ts).
// The server declares them as its routes' response schemas, and every answer is checked against its
// route's before it is sent (server/plugins/api-shape.ts). Designs and lessons in an answer were checked
// in full when they came in (a report, a push, a lesson file), so here they are only checked to be there.
import { z } from 'zod';
import type { LessonSummary } from '../features/lessons/lesson-summary.ts';
import type { Design } from '../model/schema.ts';
import { loadedLessonSchema } from './api-responses.ts';
import { type SameType, sameType } from './same-type.ts';
import {
  type AttendeeDetail,
  type AttendeeIdentity,
  type AttendeeRow,
  type AttendeeState,
  type HintReveal,
  type JoinResponse,
  type PushedDesign,
  type PushedLesson,
  type PushResponse,
  progressReportSchema,
  type ReportResponse,
  type RevealHintResponse,
  type RoomPushes,
  type RoomSnapshot,
  type WorkshopInfo,
} from './workshop-contract.ts';

const keptDesignSchema = z.custom<Design>(
  (design) => typeof design === 'object' && design !== null && !Array.isArray(design),
  'a design',
);

export const attendeeIdentitySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  joinedAt: z.string(),
});
sameType<SameType<z.infer<typeof attendeeIdentitySchema>, AttendeeIdentity>>();

export const workshopInfoSchema = z.strictObject({
  workshop: z.literal(true),
  ended: z.boolean(),
  attendee: attendeeIdentitySchema.optional(),
});
sameType<SameType<z.infer<typeof workshopInfoSchema>, WorkshopInfo>>();

const pushedLessonSchema = z.strictObject({
  pushId: z.number(),
  lessonId: z.string(),
  stepIndex: z.number(),
  lesson: loadedLessonSchema.optional(),
  at: z.string(),
});
sameType<SameType<z.infer<typeof pushedLessonSchema>, PushedLesson>>();

const pushedDesignSchema = z.strictObject({ pushId: z.number(), design: keptDesignSchema, at: z.string() });
sameType<SameType<z.infer<typeof pushedDesignSchema>, PushedDesign>>();

const hintRevealSchema = z.strictObject({ lessonId: z.string(), stepId: z.string(), count: z.number() });
sameType<SameType<z.infer<typeof hintRevealSchema>, HintReveal>>();

const roomPushesSchema = z.strictObject({
  lesson: pushedLessonSchema.nullable(),
  design: pushedDesignSchema.nullable(),
  hints: z.array(hintRevealSchema),
  ended: z.boolean(),
});
sameType<SameType<z.infer<typeof roomPushesSchema>, RoomPushes>>();

/** GET /api/workshop/me, and the state a join answers. */
export const attendeeStateSchema = z.strictObject({
  attendee: attendeeIdentitySchema,
  progress: progressReportSchema.nullable(),
  design: keptDesignSchema.nullable(),
  resets: z.number(),
  room: roomPushesSchema,
});
sameType<SameType<z.infer<typeof attendeeStateSchema>, AttendeeState>>();

export const joinResponseSchema = z.strictObject({
  attendee: attendeeIdentitySchema,
  created: z.boolean(),
  state: attendeeStateSchema,
});
sameType<SameType<z.infer<typeof joinResponseSchema>, JoinResponse>>();

export const reportResponseSchema = z.strictObject({ ok: z.literal(true), reports: z.number() });
sameType<SameType<z.infer<typeof reportResponseSchema>, ReportResponse>>();

const attendeeRowSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  lessonId: z.string().nullable(),
  stepId: z.string().nullable(),
  stepIndex: z.number().nullable(),
  passed: z.number(),
  total: z.number(),
  done: z.boolean(),
  checks: progressReportSchema.shape.checks,
  joinedAt: z.string(),
  lastActivityAt: z.string(),
  stepSince: z.string().nullable(),
  stuck: z.boolean(),
  connected: z.boolean(),
  hasDesign: z.boolean(),
  reports: z.number(),
});
sameType<SameType<z.infer<typeof attendeeRowSchema>, AttendeeRow>>();

const lessonSummarySchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  level: z.string(),
  steps: z.array(z.strictObject({ id: z.string(), title: z.string(), hints: z.number() })),
});
sameType<SameType<z.infer<typeof lessonSummarySchema>, LessonSummary>>();

/** GET /api/workshop/presenter. */
export const roomSnapshotSchema = z.strictObject({
  code: z.string(),
  joinUrl: z.string(),
  attendees: z.array(attendeeRowSchema),
  maxAttendees: z.number(),
  locked: z.boolean(),
  lessons: z.array(lessonSummarySchema),
  room: roomPushesSchema,
});
sameType<SameType<z.infer<typeof roomSnapshotSchema>, RoomSnapshot>>();

/** GET /api/workshop/presenter/attendees/:id. */
export const attendeeDetailSchema = z.strictObject({
  attendee: attendeeRowSchema,
  progress: progressReportSchema.nullable(),
  design: keptDesignSchema.nullable(),
});
sameType<SameType<z.infer<typeof attendeeDetailSchema>, AttendeeDetail>>();

/** GET /api/workshop/presenter/lessons/:id. */
export const loadedLessonResponseSchema = z.strictObject({ lesson: loadedLessonSchema });
export type LoadedLessonResponse = z.infer<typeof loadedLessonResponseSchema>;

/** POST …/push-lesson and …/push-design. */
export const pushResponseSchema = z.strictObject({ pushId: z.number(), delivered: z.number() });
sameType<SameType<z.infer<typeof pushResponseSchema>, PushResponse>>();

export const revealHintResponseSchema = z.strictObject({ hint: hintRevealSchema, delivered: z.number() });
sameType<SameType<z.infer<typeof revealHintResponseSchema>, RevealHintResponse>>();

/** POST …/reset-attendee, …/remove-attendee and …/end. */
export const okResponseSchema = z.strictObject({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** POST …/lock: whether joins are now closed. */
export const lockResponseSchema = z.strictObject({ ok: z.literal(true), locked: z.boolean() });
export type LockResponse = z.infer<typeof lockResponseSchema>;
