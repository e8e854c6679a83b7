// What a lesson check gives back, and the fields every check kind has: shared by the check kinds
// (checks/<kind>.ts), the engine (checks.ts) and the lesson format's types (lesson-types.ts), in a module of
// its own so that the kinds need not import the lesson types that list them.
import type { JsonValue } from '../../model/schema.ts';

/**
 * Matches one returned item: every listed attribute must be present with exactly this value (typed:
 * numbers compared as DynamoDB numbers, so 10 and 10.0 are equal). `$entity` matches the entity name.
 */
export type ItemMatch = Record<string, JsonValue>;

/** The fields of every check, whatever its kind. */
export interface CheckFields {
  /** Stable id within the step (kebab-case). */
  id: string;
  /** The checklist line, phrased as the goal: "Orders of a user come newest first". */
  title: string;
  /** Teaching text shown with a failure, after the engine's own diagnosis (Markdown, one or two sentences). */
  explain?: string;
}

export type CheckStatus = 'pass' | 'fail' | 'needs-server';

/** What a check is about, so the panel can select it (pattern, entity, grid rows). */
export type CheckTarget =
  | { kind: 'pattern'; id: string }
  | { kind: 'entity'; name: string }
  | { kind: 'index'; name: string }
  | { kind: 'design' };

export interface CheckResult {
  checkId: string;
  title: string;
  status: CheckStatus;
  /**
   * One line that teaches, never just "wrong": what happened, what was expected, and the likely cause,
   * e.g. "orders-by-status returns 3 orders, expected 4: order o7 has no GSI1PK — is `status` required?"
   */
  reason: string;
  /** The check's `explain`, on failure. */
  explain?: string;
  target?: CheckTarget;
}

/** A step is done when every check passes ('needs-server' checks do not block in the browser alone). */
export interface StepOutcome {
  results: CheckResult[];
  passed: number;
  total: number;
  done: boolean;
}
