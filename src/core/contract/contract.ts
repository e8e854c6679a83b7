// The wire contract between the SPA and the server, defined once and validated on both sides.
import { z } from 'zod';
import type { Lesson } from '../features/lessons/lesson-types.ts';
import { MAX_DESIGN_ITEMS } from '../model/design-limits.ts';
import { designSchema } from '../model/schema.ts';

/** Page sizes the server accepts for one run. */
export const MAX_PAGE_LIMIT = 1000;
/** Sample items the server takes in one design: the one limit the app and the CLI hold too. */
export const MAX_ITEMS = MAX_DESIGN_ITEMS;

const plainItem = z.record(z.string(), z.unknown());

export const applyRequestSchema = z
  .object({
    design: designSchema,
    /** Confirms that a changed key schema may delete and recreate the table. */
    recreate: z.boolean().optional(),
    /** Load the design's items after the table is ready (default true). */
    loadItems: z.boolean().optional(),
    /** Confirms deleting the table's items that are not in the design (by default they are kept). */
    replace: z.boolean().optional(),
  })
  .strict();
export type ApplyRequest = z.input<typeof applyRequestSchema>;

export const patternRunSchema = z
  .object({
    design: designSchema,
    patternId: z.string().min(1),
    args: z.record(z.string(), z.unknown()).optional(),
    limit: z.number().int().min(1).max(MAX_PAGE_LIMIT).optional(),
    exclusiveStartKey: plainItem.optional(),
  })
  .strict();

export const rawRunSchema = z
  .object({
    operation: z.string().min(1),
    input: z.record(z.string(), z.unknown()),
  })
  .strict();

export const runRequestSchema = z.union([patternRunSchema, rawRunSchema]);

/** Reset takes an empty JSON object: a body a page on another origin cannot send without being refused. */
export const resetRequestSchema = z.object({}).strict();
export type RunRequest = z.input<typeof runRequestSchema>;

/**
 * GET /api/lessons: the lessons `keyplan serve --lessons DIR` loaded (none otherwise), for the app's lesson
 * list beside the built-in ones. In workshop mode only joined attendees get them (as every /api route).
 */
export interface LessonsResponse {
  lessons: Lesson[];
}

export interface ApiError {
  error: { code: string; message: string; details?: unknown };
}

export interface HealthResponse {
  ok: boolean;
  dynamodb: {
    status: 'starting' | 'up' | 'restarting' | 'down';
    mode: 'embedded' | 'external' | 'aws';
    /**
     * Changes whenever the tables may have been lost: a new id each time an in-memory DynamoDB Local comes
     * up. Absent when the server cannot tell (an external endpoint, AWS).
     */
    instance?: string;
    /**
     * When an in-memory DynamoDB Local last died and lost every table (ISO time), before it restarted;
     * absent when that never happened in this server's life, and with a `--db-path`.
     */
    dataLostAt?: string;
  };
  namespace: string;
}

export interface ApplyResponse {
  tableName: string;
  action: 'created' | 'updated' | 'unchanged' | 'recreated';
  changes: string[];
  /**
   * `written` of the design's `total` items (one per primary key); `deleted`: items not in the design that a
   * replace deleted; `notInDesign`: items not in the design the table still holds (a replace deletes them).
   */
  items: { written: number; deleted: number; total: number; notInDesign: number };
  ms: number;
}

export interface ConsumedCapacityEntry {
  /** `table` or the index name. */
  target: string;
  table: string;
  capacityUnits: number;
  readCapacityUnits?: number;
  writeCapacityUnits?: number;
}

export interface RunResponse {
  operation: string;
  request: { operation: string; input: Record<string, unknown> };
  items: Record<string, unknown>[];
  count: number;
  scannedCount: number;
  lastEvaluatedKey?: Record<string, unknown>;
  consumedCapacity: { total: number; entries: ConsumedCapacityEntry[] };
  latencyMs: number;
  response: Record<string, unknown>;
}
