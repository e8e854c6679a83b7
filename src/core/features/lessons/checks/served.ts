// The `served` check: pattern P is valid and served without a Scan (a GetItem or Query on the table or an
// index), and the keys it reads are keys something writes (the pattern-unserved lint rule, whatever the
// design's lint settings).
import { z } from 'zod';
import { estimatePattern } from '../../../analysis/estimate.ts';
import { LintContext } from '../../../analysis/lint-context.ts';
import { patternUnserved } from '../../../analysis/rules/pattern-unserved.ts';
import { answerPattern } from '../check-answer.ts';
import { type CheckContext, result } from '../check-context.ts';
import { defineCheck } from '../check-definition.ts';
import type { CheckResult } from '../check-result.ts';
import { checkFields, patternId } from '../lesson-fields.ts';

/** Pattern P is valid and served without a Scan (a GetItem or Query on the table or an index). */
const schema = z.object({ ...checkFields, kind: z.literal('served'), pattern: patternId }).strict();

export type ServedCheck = z.infer<typeof schema>;

export const servedCheck = defineCheck({ kind: 'served', schema, check: checkServed });

function checkServed(context: CheckContext, check: ServedCheck): CheckResult {
  const target = { kind: 'pattern', id: check.pattern } as const;
  const fail = (reason: string) => result(check, 'fail', reason, target);
  const pattern = context.pattern(check.pattern);
  if (!pattern) return fail(context.missingPattern(check.pattern));
  const index = context.design.accessPatterns.indexOf(pattern);
  if (pattern.operation === 'Scan')
    return fail(
      `${check.pattern} is a Scan: it reads every item${pattern.index ? ` of ${pattern.index}` : ' of the table'} and filters after — Query a key (or an index) whose partition holds exactly these items`,
    );
  if (pattern.operation === 'GetItem' || pattern.operation === 'Query') {
    const answer = answerPattern(context, check.pattern, undefined);
    if (!answer.ok) return fail(answer.reason);
  } else {
    const estimate = estimatePattern(context.design, pattern, context.views);
    if (estimate.error) return fail(`${check.pattern} cannot be sent: ${estimate.error}`);
  }
  // The keys it reads must be keys something writes: pattern-unserved, whatever the design's lint settings.
  const unserved = patternUnserved
    .check(context.design, new LintContext(context.design))
    .find((f) => f.target === `accessPatterns[${index}]` || f.target.startsWith(`accessPatterns[${index}].`));
  if (unserved) return fail(`${check.pattern} reads keys nothing is written under: ${unserved.message}`);
  const how =
    pattern.operation === 'GetItem' || pattern.operation === 'Query'
      ? `a ${pattern.operation} on ${pattern.index ? `index ${pattern.index}` : 'the table'}`
      : `a ${pattern.operation}`;
  return result(check, 'pass', `${check.pattern} is served by ${how}, without a Scan`, target);
}
