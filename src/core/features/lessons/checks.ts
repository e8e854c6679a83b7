// The lesson check engine: a step's checks evaluated on the attendee's current design. checkStep is pure,
// synchronous and quick (the lesson panel runs it on every settled edit): it reuses the evaluator (as the
// pattern preview and `keyplan query` answer a pattern), lint, the estimates and the derived items, and
// never throws for a design being edited: a missing or invalid pattern is a failing check with its reason.
// Each check is evaluated by its kind's definition (checks/<kind>.ts, listed in checks/index.ts). A kind that
// needs DynamoDB Local (local-run) says 'needs-server' in checkStep; runLocalChecks applies the design once
// with a LocalRunner (the server's or the CLI's) and runs each such check there.

import { formatProblems, validateDesign } from '../../checks/validate.ts';
import type { IndexViews } from '../../indexes/views.ts';
import type { Design, DesignInput } from '../../model/schema.ts';
import { reasonOf } from './check-answer.ts';
import { CheckContext, result } from './check-context.ts';
import type { LocalRunner } from './check-definition.ts';
import { checkDefinition, type LessonCheck, needsServer } from './checks/index.ts';
import type { CheckResult, Lesson, LessonStep, StepOutcome } from './lesson-types.ts';

/** One check on the design, by its kind's definition; never throws (an unexpected error is the check's failure, with its message). */
export function checkOne(
  design: Design,
  check: LessonCheck,
  context = new CheckContext(design),
): CheckResult {
  try {
    return checkDefinition(check).check(context, check);
  } catch (error) {
    return result(check, 'fail', `the check could not be evaluated: ${reasonOf(error)}`);
  }
}

/** The outcome of a list of results: a step is done when every check passes ('needs-server' does not block). */
export function stepOutcome(results: CheckResult[]): StepOutcome {
  const passed = results.filter((r) => r.status === 'pass').length;
  return {
    results,
    passed,
    total: results.length,
    done: results.every((r) => r.status !== 'fail'),
  };
}

/** Every check of the step on the attendee's design, in the step's order. */
export function checkStep(design: Design, step: LessonStep, known: { views?: IndexViews } = {}): StepOutcome {
  const context = new CheckContext(design, known);
  return stepOutcome(step.checks.map((check) => checkOne(design, check, context)));
}

/** The outcome with the results of runLocalChecks in place of the 'needs-server' ones. */
export function withLocalResults(outcome: StepOutcome, local: CheckResult[]): StepOutcome {
  const byId = new Map(local.map((r) => [r.checkId, r]));
  return stepOutcome(outcome.results.map((r) => byId.get(r.checkId) ?? r));
}

/**
 * The step's checks that need DynamoDB Local (local-run), for real: the design is applied once, then each
 * check runs there (local-run: its pattern page by page, every page compared with the evaluator's prediction). Results in the step's order; a runner
 * failure is the check's failure, with DynamoDB's message.
 */
export async function runLocalChecks(
  design: Design,
  step: LessonStep,
  runner: LocalRunner,
): Promise<CheckResult[]> {
  const checks = step.checks.filter(needsServer);
  if (checks.length === 0) return [];
  try {
    await runner.apply(design);
  } catch (error) {
    return checks.map((check) =>
      result(check, 'fail', `the design does not apply to DynamoDB Local: ${reasonOf(error)}`, {
        kind: 'design',
      }),
    );
  }
  const context = new CheckContext(design);
  const out: CheckResult[] = [];
  for (const check of checks) {
    const definition = checkDefinition(check);
    if (definition.runLocal) out.push(await definition.runLocal(context, check, runner));
  }
  return out;
}

/** A design of a lesson file (parseLessonText validated it): the design, or an Error naming its problems. */
export function lessonDesign(input: DesignInput): Design {
  const checked = validateDesign(input);
  if (!checked.ok) throw new Error(`the lesson's design is invalid:\n${formatProblems(checked.problems)}`);
  return checked.design;
}

/**
 * The design a step starts from: its own `start`, or for `start: previous` the attendee's design at the end
 * of the previous step (`previousDesign`), else the previous step's solution (as `keyplan lesson check` does).
 */
export function lessonStepStart(lesson: Lesson, stepIndex: number, previousDesign?: Design): Design {
  const step = lesson.steps[stepIndex];
  if (!step) throw new RangeError(`lesson ${lesson.id} has no step ${stepIndex + 1}`);
  if (step.start !== 'previous') return lessonDesign(step.start);
  if (previousDesign) return previousDesign;
  const previous = lesson.steps[stepIndex - 1];
  if (!previous) throw new RangeError(`step ${stepIndex + 1} of lesson ${lesson.id} has no previous step`);
  return lessonDesign(previous.solution);
}
