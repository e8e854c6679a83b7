// The answers of the /api routes as zod schemas, beside the request schemas of contract.ts: one schema per
// response type, each checked equal at compile time to the contract's interface the SPA reads (same-type.ts),
// so neither can drift from the other. The server declares them as its routes' response schemas and checks
// every answer against them before it is sent (server/plugins/api-shape.ts), and every NDJSON line of a
// streamed apply or load (server/plugins/progress.ts).
import { z } from 'zod';
import type { Lesson } from '../features/lessons/lesson-types.ts';
import type { ApplyResponse, HealthResponse, LessonsResponse, RunResponse } from './contract.ts';
import { type SameType, sameType } from './same-type.ts';

const record = z.record(z.string(), z.unknown());

export const healthResponseSchema = z.strictObject({
  ok: z.boolean(),
  dynamodb: z.strictObject({
    status: z.enum(['starting', 'up', 'restarting', 'down']),
    mode: z.enum(['embedded', 'external', 'aws']),
    instance: z.string().optional(),
    dataLostAt: z.string().optional(),
  }),
  namespace: z.string(),
});
sameType<SameType<z.infer<typeof healthResponseSchema>, HealthResponse>>();

const appliedItemsSchema = z.strictObject({
  written: z.number(),
  deleted: z.number(),
  total: z.number(),
  notInDesign: z.number(),
});

export const applyResponseSchema = z.strictObject({
  tableName: z.string(),
  action: z.enum(['created', 'updated', 'unchanged', 'recreated']),
  changes: z.array(z.string()),
  items: appliedItemsSchema,
  ms: z.number(),
});
sameType<SameType<z.infer<typeof applyResponseSchema>, ApplyResponse>>();

/** POST /api/load answers the items part of an apply's answer. */
export const loadResponseSchema = appliedItemsSchema;
sameType<SameType<z.infer<typeof loadResponseSchema>, ApplyResponse['items']>>();

export const runResponseSchema = z.strictObject({
  operation: z.string(),
  request: z.strictObject({ operation: z.string(), input: record }),
  items: z.array(record),
  count: z.number(),
  scannedCount: z.number(),
  lastEvaluatedKey: record.optional(),
  consumedCapacity: z.strictObject({
    total: z.number(),
    entries: z.array(
      z.strictObject({
        target: z.string(),
        table: z.string(),
        capacityUnits: z.number(),
        readCapacityUnits: z.number().optional(),
        writeCapacityUnits: z.number().optional(),
      }),
    ),
  }),
  latencyMs: z.number(),
  response: record,
});
sameType<SameType<z.infer<typeof runResponseSchema>, RunResponse>>();

/** POST /api/reset: the tables it deleted. */
export const resetResponseSchema = z.strictObject({ deleted: z.array(z.string()) });
export type ResetResponse = z.infer<typeof resetResponseSchema>;

/**
 * A lesson in an answer: lessons are checked as lesson files when they are loaded (parseLesson), so an
 * answer only checks that one is there, not its whole shape again.
 */
export const loadedLessonSchema = z.custom<Lesson>(
  (lesson) => typeof lesson === 'object' && lesson !== null,
  'a lesson',
);

/** The lessons are checked as lesson files when they are loaded; the answer is only their list. */
export const lessonsResponseSchema = z.strictObject({ lessons: z.array(loadedLessonSchema) });
sameType<SameType<z.infer<typeof lessonsResponseSchema>, LessonsResponse>>();

/** POST /api/live/rooms (201): the new live room's id. */
export const liveRoomResponseSchema = z.strictObject({ roomId: z.string() });
export type LiveRoomResponse = z.infer<typeof liveRoomResponseSchema>;
