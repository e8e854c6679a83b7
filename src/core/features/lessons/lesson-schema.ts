// The zod schema of a lesson file (keyplan-lesson/1). It infers exactly the types of lesson-types.ts (checked
// at compile time below); its checks are the union of the check kinds' schemas (checks/index.ts). A lesson's
// designs (a step's `start` and `solution`) are checked here only as objects: parse.ts validates each with
// validateDesign, so their problems read as a design's do, with the lesson path in front
// (`steps[1].solution.entities[0].keys.SK: …`).
import { z } from 'zod';
import { type DesignInput, designSchema } from '../../model/schema.ts';
import { lessonCheckSchema } from './checks/index.ts';
import { kebabId, text } from './lesson-fields.ts';
import { LESSON_FORMAT, LESSON_LEVELS, type Lesson, type LessonStep } from './lesson-types.ts';

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A design document inside a lesson; parse.ts validates it as a design. */
const designField = z.custom<DesignInput>(isObject, {
  message: 'expected a design document (an object with format keyplan/1)',
});
/** A step's start: a design document, or "previous". */
const startField = z.custom<DesignInput | 'previous'>((value) => value === 'previous' || isObject(value), {
  message: 'expected a design document (an object with format keyplan/1) or "previous"',
});

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
// (A check's type is inferred from its kind's schema, checks/<kind>.ts, so it cannot differ.)
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const lessonTypesMatch: Equals<z.infer<typeof lessonSchema>, Lesson> = true;
const stepTypesMatch: Equals<z.infer<typeof lessonSchema>['steps'][number], LessonStep> = true;
void [lessonTypesMatch, stepTypesMatch];
