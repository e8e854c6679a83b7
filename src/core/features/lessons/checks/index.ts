// Every lesson check kind, in the order docs/lesson-format.md presents them: the one list of kinds. The lesson
// schema's union of checks, CHECK_KINDS, the LessonCheck type and the engine's dispatch (checks.ts) come from
// it; a new kind is its module, checks/<kind>.ts exporting a CheckDefinition, and one line here.
import { z } from 'zod';
import type { CheckDefinition } from '../check-definition.ts';
import { attributeCheck } from './attribute.ts';
import { boundCheck } from './bound.ts';
import { indexCountCheck } from './index-count.ts';
import { keyTemplateCheck } from './key-template.ts';
import { lintCheck } from './lint.ts';
import { localRunCheck } from './local-run.ts';
import { returnsCheck } from './returns.ts';
import { servedCheck } from './served.ts';

export const CHECK_DEFINITIONS = [
  returnsCheck,
  servedCheck,
  lintCheck,
  indexCountCheck,
  boundCheck,
  attributeCheck,
  keyTemplateCheck,
  localRunCheck,
] as const;

// The tuple of the definitions' kinds and schemas, member by member (map() alone would widen them to a union).
type Kinds<T> = { readonly [I in keyof T]: T[I] extends { kind: infer K } ? K : never };
type Schemas<T> = { -readonly [I in keyof T]: T[I] extends { schema: infer S } ? S : never };

/** The kinds, as a lesson file writes them. */
export const CHECK_KINDS = CHECK_DEFINITIONS.map((d) => d.kind) as unknown as Kinds<typeof CHECK_DEFINITIONS>;

/** A check of a lesson file: one of the kinds' schemas, told apart by `kind`. */
export const lessonCheckSchema = z.discriminatedUnion(
  'kind',
  CHECK_DEFINITIONS.map((d) => d.schema) as Schemas<typeof CHECK_DEFINITIONS>,
);

export type LessonCheck = z.infer<typeof lessonCheckSchema>;

const byKind = new Map<string, CheckDefinition>(CHECK_DEFINITIONS.map((d) => [d.kind, d]));

/** The definition of a check's kind: how it is evaluated, and whether it needs DynamoDB Local. */
export function checkDefinition(check: LessonCheck): CheckDefinition<z.ZodType<LessonCheck>> {
  const definition = byKind.get(check.kind);
  if (!definition) throw new Error(`no check kind "${check.kind}" (kinds: ${CHECK_KINDS.join(', ')})`);
  return definition as CheckDefinition<z.ZodType<LessonCheck>>;
}

/** Whether a check needs DynamoDB Local (the server's or the CLI's) to pass: local-run does. */
export function needsServer(check: LessonCheck): boolean {
  return checkDefinition(check).runLocal !== undefined;
}
