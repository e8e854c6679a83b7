// The `local-run` check: the design applies to DynamoDB Local and pattern P's real result (every page) equals
// the evaluator's prediction. It needs a runner (the server, or the CLI's embedded DynamoDB Local): without
// one the result is 'needs-server', which never blocks a step done in the browser alone; runLocalChecks
// (checks.ts) applies the design once and runs each such check with `runLocal`.
import { z } from 'zod';
import {
  type ActualPage,
  compareRunToPrediction,
  predictLocalPage,
  predictPage,
} from '../../../evaluate/compare-run.ts';
import { primaryKeyNames } from '../../../model/indexes.ts';
import { isReadPattern } from '../../../model/read-pattern.ts';
import type { PlainItem } from '../../../values/item.ts';
import { plural } from '../../../values/text/plural.ts';
import { checkArguments, reasonOf } from '../check-answer.ts';
import { type CheckContext, result } from '../check-context.ts';
import { defineCheck, type LocalRunner } from '../check-definition.ts';
import type { CheckResult } from '../check-result.ts';
import { args, checkFields, patternId } from '../lesson-fields.ts';

/** The design applies to DynamoDB Local and pattern P's real result (every page) equals the evaluator's prediction. */
const schema = z
  .object({ ...checkFields, kind: z.literal('local-run'), pattern: patternId, args: args.optional() })
  .strict();

export type LocalRunCheck = z.infer<typeof schema>;

export const localRunCheck = defineCheck({
  kind: 'local-run',
  schema,
  check: (_context, check) =>
    result(
      check,
      'needs-server',
      `runs ${check.pattern} on DynamoDB Local and compares it with the prediction: needs the Keyplan server`,
      { kind: 'pattern', id: check.pattern },
    ),
  runLocal: runLocalCheck,
});

/** Pages a local-run check follows at most: a lesson's designs are small. */
const MAX_PAGES = 100;

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
