// The lesson check engine (src/core/features/lessons/checks.ts: the evaluator, lint, estimates) loads when a lesson
// opens, never for the first screen.

type Checks = typeof import('../core/features/lessons/checks.ts');

export interface LessonEngine {
  checkStep: Checks['checkStep'];
  lessonStepStart: Checks['lessonStepStart'];
  /** A lesson's design (a step's solution) as the store holds designs. */
  lessonDesign: Checks['lessonDesign'];
}

let loading: Promise<LessonEngine> | null = null;

export function loadLessonEngine(): Promise<LessonEngine> {
  loading ??= import('../core/features/lessons/checks.ts').then((checks) => ({
    checkStep: checks.checkStep,
    lessonStepStart: checks.lessonStepStart,
    lessonDesign: checks.lessonDesign,
  }));
  return loading;
}
