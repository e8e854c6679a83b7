// The `index-count` check: the table has at most `max` (and at least `min`) indexes of a kind; a failure says
// what each index costs (and, for an LSI, what it cannot undo).
import { z } from 'zod';
import type { ValidationProblem } from '../../../checks/validate.ts';
import type { Design } from '../../../model/schema.ts';
import { plural } from '../../../values/text/plural.ts';
import { type CheckContext, result } from '../check-context.ts';
import { defineCheck } from '../check-definition.ts';
import type { CheckResult } from '../check-result.ts';
import { checkFields } from '../lesson-fields.ts';

/** The table has at most `max` (and at least `min`) indexes of this kind. */
const schema = z
  .object({
    ...checkFields,
    kind: z.literal('index-count'),
    index: z.enum(['gsi', 'lsi', 'any']),
    max: z.number().int().min(0).optional(),
    min: z.number().int().min(0).optional(),
  })
  .strict();

export type IndexCountCheck = z.infer<typeof schema>;

export const indexCountCheck = defineCheck({
  kind: 'index-count',
  schema,
  check: checkIndexCount,
  problems: indexCountProblems,
});

function checkIndexCount(context: CheckContext, check: IndexCountCheck): CheckResult {
  const { table } = context.design;
  const gsis = table.globalSecondaryIndexes.map((g) => g.name);
  const lsis = table.localSecondaryIndexes.map((l) => l.name);
  const names = check.index === 'gsi' ? gsis : check.index === 'lsi' ? lsis : [...gsis, ...lsis];
  const kind = check.index === 'gsi' ? 'GSI' : check.index === 'lsi' ? 'LSI' : 'index';
  const has = `the table has ${plural(names.length, kind, kind === 'index' ? 'indexes' : `${kind}s`)}${names.length ? ` (${names.join(', ')})` : ''}`;
  const target = { kind: 'design' } as const;
  if (check.max !== undefined && names.length > check.max)
    return result(
      check,
      'fail',
      check.index === 'lsi'
        ? `${has}, ${check.max === 0 ? 'none' : `at most ${check.max}`} wanted: an LSI exists only if created with the table, keeps the table's partition key and caps each partition's item collection at 10 GB — a GSI can be added or dropped later and has neither limit`
        : check.max === 0
          ? `${has}, none wanted: every index is another copy of its items to write and pay for — serve its patterns from the table's own keys or another index`
          : `${has}, at most ${check.max} wanted: every index is another copy of its items to write and pay for — can one index serve several patterns (overloading its keys)?`,
      target,
    );
  if (check.min !== undefined && names.length < check.min)
    return result(
      check,
      'fail',
      `${has}, at least ${check.min} wanted: a pattern that reads by another key needs an index with that key`,
      target,
    );
  return result(check, 'pass', has, target);
}

/** An index-count check gives max, min or both, min at most max. */
function indexCountProblems(check: IndexCountCheck, _solution: Design, at: string): ValidationProblem[] {
  if (check.max === undefined && check.min === undefined)
    return [{ path: at, message: 'give max, min or both' }];
  if (check.max !== undefined && check.min !== undefined && check.min > check.max)
    return [{ path: `${at}.min`, message: `min ${check.min} is more than max ${check.max}` }];
  return [];
}
