// The zod schema of a lesson file (keyplan-lesson/1). It infers exactly the types of lesson-types.ts (checked
// at compile time below). A lesson's designs (a step's `start` and `solution`) are checked here only as
// objects: parse.ts validates each with validateDesign, so their problems read as a design's do, with the
// lesson path in front (`steps[1].solution.entities[0].keys.SK: …`).
import { z } from 'zod';
import { type DesignInput, designSchema, jsonValue } from '../../model/schema.ts';
import {
  LESSON_FORMAT,
  LESSON_LEVELS,
  type Lesson,
  type LessonCheck,
  type LessonStep,
} from './lesson-types.ts';

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const kebabId = z.string().regex(KEBAB, 'must be kebab-case: lower-case letters and digits joined by "-"');
const text = z.string().trim().min(1, 'must not be empty');
const patternId = z.string().min(1, 'must name an access pattern');
const args = z.record(z.string(), jsonValue);
const itemMatch = z.record(z.string(), jsonValue);
const nonNegative = z.number().min(0, 'must be at least 0');

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A design document inside a lesson; parse.ts validates it as a design. */
const designField = z.custom<DesignInput>(isObject, {
  message: 'expected a design document (an object with format keyplan/1)',
});
/** A step's start: a design document, or "previous". */
const startField = z.custom<DesignInput | 'previous'>((value) => value === 'previous' || isObject(value), {
  message: 'expected a design document (an object with format keyplan/1) or "previous"',
});

const checkBase = {
  id: kebabId,
  title: text,
  explain: z.string().optional(),
};

const countRange = z
  .object({ min: z.number().int().min(0).optional(), max: z.number().int().min(0).optional() })
  .strict();

const checkSchemas = [
  z
    .object({
      ...checkBase,
      kind: z.literal('returns'),
      pattern: patternId,
      args: args.optional(),
      items: z.array(itemMatch).optional(),
      order: z.enum(['exact', 'any']).optional(),
      count: z.union([z.number().int().min(0), countRange]).optional(),
      every: itemMatch.optional(),
      sortedBy: z
        .object({ attribute: z.string().min(1), direction: z.enum(['ascending', 'descending']) })
        .strict()
        .optional(),
    })
    .strict(),
  z.object({ ...checkBase, kind: z.literal('served'), pattern: patternId }).strict(),
  z
    .object({
      ...checkBase,
      kind: z.literal('lint'),
      rule: z.string().min(1).optional(),
      severity: z.enum(['error', 'warning', 'info']).optional(),
      target: z.string().min(1).optional(),
    })
    .strict(),
  z
    .object({
      ...checkBase,
      kind: z.literal('index-count'),
      index: z.enum(['gsi', 'lsi', 'any']),
      max: z.number().int().min(0).optional(),
      min: z.number().int().min(0).optional(),
    })
    .strict(),
  z
    .object({
      ...checkBase,
      kind: z.literal('bound'),
      measure: z.enum(['items', 'monthly-cost', 'pattern-rcu', 'max-item-bytes']),
      entity: z.string().min(1).optional(),
      pattern: patternId.optional(),
      max: nonNegative,
    })
    .strict(),
  z
    .object({
      ...checkBase,
      kind: z.literal('attribute'),
      entity: z.string().min(1),
      attribute: z.string().min(1),
      type: z.string().min(1).optional(),
      required: z.boolean().optional(),
    })
    .strict(),
  z
    .object({
      ...checkBase,
      kind: z.literal('key-template'),
      entity: z.string().min(1),
      key: z.string().min(1),
      present: z.boolean().optional(),
      includes: z.array(z.string().min(1)).optional(),
    })
    .strict(),
  z
    .object({ ...checkBase, kind: z.literal('local-run'), pattern: patternId, args: args.optional() })
    .strict(),
] as const;

export const CHECK_KINDS = [
  'returns',
  'served',
  'lint',
  'index-count',
  'bound',
  'attribute',
  'key-template',
  'local-run',
] as const satisfies readonly LessonCheck['kind'][];

export const lessonCheckSchema = z.discriminatedUnion('kind', [...checkSchemas]);

/** The lesson schema around a given schema of its designs: the parsing one, or the design schema itself (JSON Schema). */
function lessonSchemaWith<S extends z.ZodType, D extends z.ZodType>(start: S, design: D) {
  const step = z
    .object({
      id: kebabId,
      title: text,
      instructions: text,
      start,
      hints: z.array(text),
      solution: design,
      checks: z.array(lessonCheckSchema).min(1, 'a step needs at least one check'),
    })
    .strict();
  return z
    .object({
      format: z.literal(LESSON_FORMAT),
      id: kebabId,
      title: text,
      level: z.enum(LESSON_LEVELS),
      summary: text,
      minutes: z.number().int().min(1, 'must be at least 1'),
      source: z.string().optional(),
      steps: z.array(step).min(1, 'a lesson needs at least one step'),
    })
    .strict();
}

export const lessonSchema = lessonSchemaWith(startField, designField);

/** For the JSON Schema only: the same lesson, its designs described by the design document's schema. */
export function lessonDocumentSchema() {
  return lessonSchemaWith(z.union([z.literal('previous'), designSchema]), designSchema);
}

// The zod schema infers exactly the contract's types: a field added to one and not the other fails here.
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const lessonTypesMatch: Equals<z.infer<typeof lessonSchema>, Lesson> = true;
const stepTypesMatch: Equals<z.infer<typeof lessonSchema>['steps'][number], LessonStep> = true;
const checkTypesMatch: Equals<z.infer<typeof lessonCheckSchema>, LessonCheck> = true;
void [lessonTypesMatch, stepTypesMatch, checkTypesMatch];
