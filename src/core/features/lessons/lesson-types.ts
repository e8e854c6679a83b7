// The lesson format (keyplan-lesson/1) as types: the contract between lesson files, the check engine
// (src/core/features/lessons/checks*.ts), `keyplan lesson check`, the lesson panel and the workshop server.
// A lesson is teaching content as data: steps, each with instructions, a starting design, hints, a
// reference solution and checks evaluated on the attendee's current design. The zod schema
// (lesson-schema.ts) must infer exactly these types; docs/lesson-format.md documents every field.
import type { DesignInput, JsonValue } from '../../model/schema.ts';

export const LESSON_FORMAT = 'keyplan-lesson/1';

export const LESSON_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type LessonLevel = (typeof LESSON_LEVELS)[number];

export interface Lesson {
  format: typeof LESSON_FORMAT;
  /** Stable id (kebab-case): progress and workshop reports refer to it. */
  id: string;
  title: string;
  level: LessonLevel;
  /** What the attendee will be able to do afterwards (Markdown, one paragraph). */
  summary: string;
  /** Time estimate for the whole lesson, minutes. */
  minutes: number;
  /** Where the lesson's material comes from (a seed document, a talk), shown on the card. */
  source?: string;
  steps: LessonStep[];
}

export interface LessonStep {
  /** Stable id within the lesson (kebab-case). */
  id: string;
  title: string;
  /** Markdown: what to do, and why it matters in DynamoDB. */
  instructions: string;
  /**
   * The design the step starts from: a design document, or 'previous' (the attendee's design at the end
   * of the previous step; `keyplan lesson check` uses the previous step's solution).
   */
  start: DesignInput | 'previous';
  /** Revealed one at a time, in order (Markdown). */
  hints: string[];
  /** A reference design that passes every check of the step. */
  solution: DesignInput;
  checks: LessonCheck[];
}

/**
 * Matches one returned item: every listed attribute must be present with exactly this value (typed:
 * numbers compared as DynamoDB numbers, so 10 and 10.0 are equal). `$entity` matches the entity name.
 */
export type ItemMatch = Record<string, JsonValue>;

interface CheckBase {
  /** Stable id within the step (kebab-case). */
  id: string;
  /** The checklist line, phrased as the goal: "Orders of a user come newest first". */
  title: string;
  /** Teaching text shown with a failure, after the engine's own diagnosis (Markdown, one or two sentences). */
  explain?: string;
}

/** Pattern P, run by the evaluator with `args`, returns what is expected. */
export interface ReturnsCheck extends CheckBase {
  kind: 'returns';
  /** Access pattern id. */
  pattern: string;
  args?: Record<string, JsonValue>;
  /** Exactly these items (each matched by ItemMatch), nothing else. */
  items?: ItemMatch[];
  /** 'exact' (default): in this order; 'any': in any order. */
  order?: 'exact' | 'any';
  /** Exactly this many items (or a range). */
  count?: number | { min?: number; max?: number };
  /** Every returned item matches. */
  every?: ItemMatch;
  /** Returned items are sorted by this attribute (typed DynamoDB order). */
  sortedBy?: { attribute: string; direction: 'ascending' | 'descending' };
}

/** Pattern P is valid and served without a Scan (a GetItem or Query on the table or an index). */
export interface ServedCheck extends CheckBase {
  kind: 'served';
  pattern: string;
}

/** Lint has no finding of `rule` (any rule when absent) at `severity` or worse (default 'error'), optionally only about `target`. */
export interface LintCheck extends CheckBase {
  kind: 'lint';
  rule?: string;
  severity?: 'error' | 'warning' | 'info';
  /** Only findings whose target mentions this (an entity, index or pattern name). */
  target?: string;
}

/** The table has at most `max` (and at least `min`) indexes of this kind. */
export interface IndexCountCheck extends CheckBase {
  kind: 'index-count';
  index: 'gsi' | 'lsi' | 'any';
  max?: number;
  min?: number;
}

/** A measure of the design stays within bounds. */
export interface BoundCheck extends CheckBase {
  kind: 'bound';
  measure:
    | 'items' // derived items of the whole design (or of `entity`)
    | 'monthly-cost' // the estimate's monthly dollars
    | 'pattern-rcu' // read units of `pattern` per request
    | 'max-item-bytes'; // the largest item's size
  entity?: string;
  pattern?: string;
  max: number;
}

/** An entity attribute exists, with this type and requiredness ("money as exact numbers": type N). */
export interface AttributeCheck extends CheckBase {
  kind: 'attribute';
  entity: string;
  attribute: string;
  type?: string;
  required?: boolean;
}

/** An entity's key template for `key` (PK, SK, GSI1PK…) is present (or absent) and contains these placeholders/text. */
export interface KeyTemplateCheck extends CheckBase {
  kind: 'key-template';
  entity: string;
  key: string;
  /** false: the entity must NOT write this key (a sparse index leaves it out). Default true. */
  present?: boolean;
  /** Substrings the template must contain, e.g. "{status}", "#". */
  includes?: string[];
}

/**
 * The design applies to DynamoDB Local and pattern P's real result (every page) equals the evaluator's
 * prediction. Needs a runner (the server, or the CLI's embedded DynamoDB Local): without one the result
 * is 'needs-server', which never blocks a step done in the browser alone.
 */
export interface LocalRunCheck extends CheckBase {
  kind: 'local-run';
  pattern: string;
  args?: Record<string, JsonValue>;
}

export type LessonCheck =
  | ReturnsCheck
  | ServedCheck
  | LintCheck
  | IndexCountCheck
  | BoundCheck
  | AttributeCheck
  | KeyTemplateCheck
  | LocalRunCheck;

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

/** An attendee's progress through one lesson: kept across reloads, reported to a workshop's room view. */
export interface LessonProgress {
  lessonId: string;
  /** The step the attendee is on. */
  stepIndex: number;
  steps: Record<
    string,
    { done: boolean; hintsShown: number; solutionShown: boolean; passed: number; total: number }
  >;
}
