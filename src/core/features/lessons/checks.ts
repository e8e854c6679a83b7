// The lesson check engine: a step's checks evaluated on the attendee's current design. checkStep is pure,
// synchronous and quick (the lesson panel runs it on every settled edit): it reuses the evaluator (as the
// pattern preview and `keyplan query` answer a pattern), lint, the estimates and the derived items, and
// never throws for a design being edited: a missing or invalid pattern is a failing check with its reason.
// `local-run` checks need DynamoDB Local: checkStep says 'needs-server', runLocalChecks runs them with a
// LocalRunner (the server's or the CLI's) and compares each page with the evaluator's prediction.

import { formatProblems, validateDesign } from '../../checks/validate.ts';
import {
  type ActualPage,
  compareRunToPrediction,
  predictLocalPage,
  predictPage,
} from '../../evaluate/compare-run.ts';
import type { IndexViews } from '../../indexes/views.ts';
import { primaryKeyNames } from '../../model/indexes.ts';
import { isReadPattern } from '../../model/read-pattern.ts';
import type { Design, DesignInput } from '../../model/schema.ts';
import type { PlainItem } from '../../values/item.ts';
import { plural } from '../../values/text/plural.ts';
import { CheckContext, result } from './check-context.ts';
import {
  checkAttribute,
  checkBound,
  checkIndexCount,
  checkKeyTemplate,
  checkLint,
  checkServed,
} from './check-design.ts';
import { checkArguments, checkReturns, reasonOf } from './check-returns.ts';
import type {
  CheckResult,
  Lesson,
  LessonCheck,
  LessonStep,
  LocalRunCheck,
  StepOutcome,
} from './lesson-types.ts';

/** One check on the design; never throws (an unexpected error is the check's failure, with its message). */
export function checkOne(
  design: Design,
  check: LessonCheck,
  context = new CheckContext(design),
): CheckResult {
  try {
    switch (check.kind) {
      case 'returns':
        return checkReturns(context, check);
      case 'served':
        return checkServed(context, check);
      case 'lint':
        return checkLint(context, check);
      case 'index-count':
        return checkIndexCount(context, check);
      case 'bound':
        return checkBound(context, check);
      case 'attribute':
        return checkAttribute(context, check);
      case 'key-template':
        return checkKeyTemplate(context, check);
      case 'local-run':
        return result(
          check,
          'needs-server',
          `runs ${check.pattern} on DynamoDB Local and compares it with the prediction: needs the Keyplan server`,
          { kind: 'pattern', id: check.pattern },
        );
    }
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

/** Pages a local-run check follows at most: a lesson's designs are small. */
const MAX_PAGES = 100;

/**
 * The step's local-run checks, for real: the design is applied once, then each pattern is run page by page
 * and every page compared with the evaluator's prediction of it. Results in the step's order; a runner
 * failure is the check's failure, with DynamoDB's message.
 */
export async function runLocalChecks(
  design: Design,
  step: LessonStep,
  runner: LocalRunner,
): Promise<CheckResult[]> {
  const checks = step.checks.filter((c): c is LocalRunCheck => c.kind === 'local-run');
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
  for (const check of checks) out.push(await runLocalCheck(context, check, runner));
  return out;
}

async function runLocalCheck(
  context: CheckContext,
  check: LocalRunCheck,
  runner: LocalRunner,
): Promise<CheckResult> {
  const target = { kind: 'pattern', id: check.pattern } as const;
  const fail = (reason: string) => result(check, 'fail', reason, target);
  const { design, views } = context;
  const pattern = context.pattern(check.pattern);
  if (!pattern) return fail(context.missingPattern(check.pattern));
  if (!isReadPattern(pattern))
    return fail(
      `${check.pattern} is a ${pattern.operation}: only a read's result is compared with a prediction`,
    );
  const args = checkArguments(pattern, check.args);
  const keyNames = primaryKeyNames(design);
  let startKey: PlainItem | undefined;
  let items = 0;
  const known: string[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    let predicted: ReturnType<typeof predictPage>;
    try {
      predicted = predictPage(design, views, pattern, args, startKey);
    } catch (error) {
      return fail(`${check.pattern} cannot be answered: ${reasonOf(error)}`);
    }
    if (!predicted) return fail(`${check.pattern} has no prediction`);
    let actual: ActualPage;
    try {
      actual = await runner.run(design, pattern.id, args, startKey);
    } catch (error) {
      return fail(`DynamoDB Local refused ${check.pattern}: ${reasonOf(error)}`);
    }
    const comparison = compareRunToPrediction(predicted, actual, {
      keyNames,
      ordered: pattern.operation !== 'Scan',
      local: predictLocalPage(design, views, pattern, args, startKey),
    });
    if (!comparison.matches && !comparison.known) {
      const first = comparison.differences[0];
      const more =
        comparison.differences.length > 1
          ? ` (and ${plural(comparison.differences.length - 1, 'more difference')})`
          : '';
      return fail(
        `DynamoDB Local's page ${page} of ${check.pattern} differs from the prediction: ${first?.message ?? 'the pages differ'}${more} — apply the design again, or report it: the evaluator and DynamoDB should agree`,
      );
    }
    if (comparison.known) known.push(comparison.known);
    items += actual.items.length;
    startKey = actual.lastEvaluatedKey as PlainItem | undefined;
    if (!startKey)
      return result(
        check,
        'pass',
        `DynamoDB Local returns the ${plural(items, 'predicted item')} of ${check.pattern}${page > 1 ? ` over ${page} pages` : ''}${known.length ? ` (${known[0]})` : ''}`,
        target,
      );
  }
  return fail(`${check.pattern} still had more pages after ${MAX_PAGES}: give it a narrower key condition`);
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
