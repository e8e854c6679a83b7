// What one check kind is: its `kind`, the zod schema of its fields (from which its type is inferred), how it
// is evaluated on a design, what a lesson's check of it must also satisfy, and, for a kind that needs
// DynamoDB Local (local-run), how it runs there. Each
// kind is one module, checks/<kind>.ts, exporting one definition; the registry (checks/index.ts) lists
// them, and the lesson schema, CHECK_KINDS, LessonCheck and the engine's dispatch all come from it.
import type { z } from 'zod';
import type { ValidationProblem } from '../../checks/validate.ts';
import type { ActualPage } from '../../evaluate/compare-run.ts';
import type { Design } from '../../model/schema.ts';
import type { PlainItem } from '../../values/item.ts';
import type { CheckContext } from './check-context.ts';
import type { CheckFields, CheckResult } from './check-result.ts';

/** What a server or the CLI gives runLocalChecks: DynamoDB Local, in a namespace of its own. */
export interface LocalRunner {
  /** Brings the table in line with the design (recreating it when its keys changed) and writes its items, replacing the others. */
  apply(design: Design): Promise<void>;
  /** One page of the pattern run for real with these arguments, from `exclusiveStartKey`. */
  run(
    design: Design,
    patternId: string,
    args: Record<string, unknown>,
    exclusiveStartKey?: PlainItem,
  ): Promise<ActualPage>;
}

/** The schema of a check kind: a strict object of the check fields and its literal `kind`. */
export type CheckSchema = z.ZodType<CheckFields & { kind: string }>;

export interface CheckDefinition<Schema extends CheckSchema = CheckSchema> {
  /** The value of `kind` in a lesson file (kebab-case); docs/lesson-format.md has a section of this name. */
  readonly kind: z.infer<Schema>['kind'];
  readonly schema: Schema;
  /**
   * The check on the attendee's design: pure, synchronous and quick, in the browser as anywhere. May throw
   * (the engine makes the error the check's failure); a kind with `runLocal` says 'needs-server' here.
   */
  check(context: CheckContext, check: z.infer<Schema>): CheckResult;
  /**
   * What the schema cannot say about a check of this kind, for parse.ts: fields that must go together, and
   * what it names that the step's solution must have (the pattern and entity any check names are checked
   * there already). `at` is the check's path in the lesson (`steps[0].checks[2]`).
   */
  problems?(check: z.infer<Schema>, solution: Design, at: string): ValidationProblem[];
  /** Only a kind that needs DynamoDB Local: the check, for real, once the design is applied to it. */
  runLocal?(context: CheckContext, check: z.infer<Schema>, runner: LocalRunner): Promise<CheckResult>;
}

/** A check kind's definition, its types taken from its schema. */
export function defineCheck<Schema extends CheckSchema>(
  definition: CheckDefinition<Schema>,
): CheckDefinition<Schema> {
  return definition;
}
