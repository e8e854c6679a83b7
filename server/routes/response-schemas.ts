// The answers of the /api routes as zod schemas, beside the request schemas of the core's contract
// (src/core/contract/contract.ts), whose response types they are checked against: each is typed as a ZodType of
// the contract's interface, so a schema that drifts from the type the SPA reads does not compile. The
// serializer (plugins/api-shape.ts) checks every answer against its route's schema before it is sent.
import { z } from 'zod';
import type {
  ApplyResponse,
  HealthResponse,
  LessonsResponse,
  RunResponse,
} from '../../src/core/contract/contract.ts';

const record = z.record(z.string(), z.unknown());

export const healthResponseSchema: z.ZodType<HealthResponse> = z.strictObject({
  ok: z.boolean(),
  dynamodb: z.strictObject({
    status: z.enum(['starting', 'up', 'restarting', 'down']),
    mode: z.enum(['embedded', 'external', 'aws']),
    instance: z.string().optional(),
    dataLostAt: z.string().optional(),
  }),
  namespace: z.string(),
});

const appliedItemsSchema = z.strictObject({
  written: z.number(),
  deleted: z.number(),
  total: z.number(),
  notInDesign: z.number(),
});

export const applyResponseSchema: z.ZodType<ApplyResponse> = z.strictObject({
  tableName: z.string(),
  action: z.enum(['created', 'updated', 'unchanged', 'recreated']),
  changes: z.array(z.string()),
  items: appliedItemsSchema,
  ms: z.number(),
});

/** POST /api/load answers the items part of an apply's answer. */
export const loadResponseSchema: z.ZodType<ApplyResponse['items']> = appliedItemsSchema;

export const runResponseSchema: z.ZodType<RunResponse> = z.strictObject({
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

/** POST /api/reset: the tables it deleted. */
export const resetResponseSchema = z.strictObject({ deleted: z.array(z.string()) });

/** The lessons are checked as lesson files when they are loaded; the answer is only their list. */
export const lessonsResponseSchema: z.ZodType<LessonsResponse> = z.strictObject({
  lessons: z.array(z.custom<LessonsResponse['lessons'][number]>((lesson) => typeof lesson === 'object')),
});
