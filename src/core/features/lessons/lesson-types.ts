// The lesson format (keyplan-lesson/1) as types: the contract between lesson files, the check engine
// (src/core/features/lessons/checks*.ts), `keyplan lesson check`, the lesson panel and the workshop server.
// A lesson is teaching content as data: steps, each with instructions, a starting design, hints, a
// reference solution and checks evaluated on the attendee's current design. The zod schema
// (lesson-schema.ts) must infer exactly these types; docs/lesson-format.md documents every field. A check's
// type is inferred from its kind's schema (checks/<kind>.ts), so the two cannot differ; LessonCheck, the
// union of them all, comes from the registry of kinds (checks/index.ts).
import type { DesignInput } from '../../model/schema.ts';
import type { LessonCheck } from './checks/index.ts';

export type { CheckResult, CheckStatus, CheckTarget, ItemMatch, StepOutcome } from './check-result.ts';
export type { LessonCheck };

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
