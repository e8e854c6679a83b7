// The proof a lesson author (and CI) runs: each step's reference solution passes every one of its checks,
// and each step's starting design fails at least one (a step that starts done teaches nothing). Local-run
// checks run with a LocalRunner when one is given; without one they are skipped, and the proof says so.
import type { LocalRunner } from './check-definition.ts';
import { needsServer } from './checks/index.ts';
import { checkStep, lessonDesign, lessonStepStart, runLocalChecks, withLocalResults } from './checks.ts';
import type { CheckResult, Lesson, StepOutcome } from './lesson-types.ts';

export interface StepProof {
  index: number;
  id: string;
  title: string;
  /** The solution passes every check and the start fails at least one. */
  ok: boolean;
  /** Every check's result on the solution. */
  solution: CheckResult[];
  /** Every check's result on the starting design. */
  start: CheckResult[];
  /** What is wrong with the step, one sentence each (empty when ok). */
  problems: string[];
}

export interface LessonProof {
  ok: boolean;
  steps: StepProof[];
  /** Local-run checks not run, for want of a runner. */
  skipped: number;
}

async function outcome(
  design: Parameters<typeof checkStep>[0],
  step: Lesson['steps'][number],
  runner: LocalRunner | undefined,
): Promise<StepOutcome> {
  const inMemory = checkStep(design, step);
  if (!runner) return inMemory;
  return withLocalResults(inMemory, await runLocalChecks(design, step, runner));
}

/** Proves every step of a (parsed, so valid) lesson; steps run in order, one design at a time on the runner. */
export async function proveLesson(lesson: Lesson, runner?: LocalRunner): Promise<LessonProof> {
  const steps: StepProof[] = [];
  let skipped = 0;
  for (const [index, step] of lesson.steps.entries()) {
    const local = step.checks.filter(needsServer).length;
    if (!runner) skipped += local;
    const solved = await outcome(lessonDesign(step.solution), step, runner);
    const started = checkStep(lessonStepStart(lesson, index), step);
    // The start's local-run checks matter only when nothing else already fails on it.
    const start =
      started.results.some((r) => r.status === 'fail') || !runner
        ? started
        : await outcome(lessonStepStart(lesson, index), step, runner);
    const problems: string[] = [];
    for (const r of solved.results)
      if (r.status === 'fail') problems.push(`the solution fails ${r.checkId} (${r.title}): ${r.reason}`);
    if (!start.results.some((r) => r.status === 'fail'))
      problems.push(
        'the starting design passes every check: a step must start with something to do (change the start, or add a check it fails)',
      );
    steps.push({
      index,
      id: step.id,
      title: step.title,
      ok: problems.length === 0,
      solution: solved.results,
      start: start.results,
      problems,
    });
  }
  return { ok: steps.every((s) => s.ok), steps, skipped };
}
