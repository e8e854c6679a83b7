// The `returns` check: the pattern, answered by the evaluator as the pattern preview and `keyplan query`
// answer it (predictPage: the first page, the pattern's Limit applied), returns what the lesson expects.
// A failure says what came back, what was expected and the likely cause: for an expected item that is
// missing, which key of that item keeps it out of the index the pattern reads; for a wrong order, which
// sort key decides it.
import { z } from 'zod';
import type { ValidationProblem } from '../../../checks/validate.ts';
import { evaluateRead } from '../../../evaluate/evaluate.ts';
import { satisfiesSort } from '../../../evaluate/key-condition.ts';
import { placeholders } from '../../../keys/template.ts';
import { isMultiAttribute, type KeySchema, keySchemaFor, tableKeySchema } from '../../../model/indexes.ts';
import type { AccessPattern, Design, JsonValue, KeyType } from '../../../model/schema.ts';
import type { ReadSpec } from '../../../requests/read-spec.ts';
import { resolvePattern } from '../../../requests/resolve.ts';
import { declaredTypes } from '../../../requests/typed-arguments.ts';
import { compareKeyValues } from '../../../values/compare.ts';
import type { DerivedItem, KeyValue, PlainItem } from '../../../values/item.ts';
import { plural } from '../../../values/text/plural.ts';
import { answerPattern } from '../check-answer.ts';
import {
  type CheckContext,
  identifyingAttributes,
  matchName,
  mismatch,
  result,
  shown,
} from '../check-context.ts';
import { defineCheck } from '../check-definition.ts';
import type { CheckResult, ItemMatch } from '../check-result.ts';
import { args, checkFields, itemMatch, patternId } from '../lesson-fields.ts';

const countRange = z
  .object({ min: z.number().int().min(0).optional(), max: z.number().int().min(0).optional() })
  .strict();

/** Pattern P, run by the evaluator with `args`, returns what is expected. */
const schema = z
  .object({
    ...checkFields,
    kind: z.literal('returns'),
    /** Access pattern id. */
    pattern: patternId,
    args: args.optional(),
    /** Exactly these items (each matched by ItemMatch), nothing else. */
    items: z.array(itemMatch).optional(),
    /** 'exact' (default): in this order; 'any': in any order. */
    order: z.enum(['exact', 'any']).optional(),
    /** Exactly this many items (or a range). */
    count: z.union([z.number().int().min(0), countRange]).optional(),
    /** Every returned item matches. */
    every: itemMatch.optional(),
    /** Returned items are sorted by this attribute (typed DynamoDB order). */
    sortedBy: z
      .object({ attribute: z.string().min(1), direction: z.enum(['ascending', 'descending']) })
      .strict()
      .optional(),
  })
  .strict();

export type ReturnsCheck = z.infer<typeof schema>;

export const returnsCheck = defineCheck({
  kind: 'returns',
  schema,
  check: checkReturns,
  problems: returnsProblems,
});

function describeCount(count: NonNullable<ReturnsCheck['count']>): string {
  if (typeof count === 'number') return String(count);
  if (count.min !== undefined && count.max !== undefined) return `${count.min} to ${count.max}`;
  if (count.min !== undefined) return `at least ${count.min}`;
  return `at most ${count.max}`;
}

function countFits(n: number, count: NonNullable<ReturnsCheck['count']>): boolean {
  if (typeof count === 'number') return n === count;
  return (count.min === undefined || n >= count.min) && (count.max === undefined || n <= count.max);
}

function checkReturns(context: CheckContext, check: ReturnsCheck): CheckResult {
  const target = { kind: 'pattern', id: check.pattern } as const;
  const answer = answerPattern(context, check.pattern, check.args);
  if (!answer.ok) return result(check, 'fail', answer.reason, target);
  const { items } = answer.result;
  const id = check.pattern;
  // Items are named by the first attribute the expected items give (their id), else their entity's id.
  const by = identifyingAttributes(check.items ?? []).slice(0, 1);
  const name = (item: PlainItem) => context.itemName(item, by);
  const returned = `${id} returns ${plural(items.length, 'item')}`;
  const fail = (reason: string) => result(check, 'fail', reason, target);
  const spec = () => resolvePattern(context.design, answer.pattern, answer.args);

  if (check.items) {
    const expected = check.items;
    const used = new Set<number>();
    const positions = expected.map((match) => {
      const at = items.findIndex((item, i) => !used.has(i) && !mismatch(match, item, context.entityOf(item)));
      if (at >= 0) used.add(at);
      return at;
    });
    const missing = expected.filter((_, i) => positions[i] < 0);
    const extra = items.filter((_, i) => !used.has(i));
    const expectedText =
      expected.length === items.length ? 'not the expected ones' : `expected ${expected.length}`;
    if (missing.length > 0) {
      const more = missing.length > 1 ? ` (and ${plural(missing.length - 1, 'more item')} missing)` : '';
      return fail(`${returned}, ${expectedText}: ${whyMissing(context, missing[0], spec())}${more}`);
    }
    if (extra.length > 0)
      return fail(
        `${returned}, ${expectedText}: ${name(extra[0])} is not expected${extra.length > 1 ? ` (nor ${plural(extra.length - 1, 'other')})` : ''} — narrow the key condition (a sort key prefix or range) or filter it out`,
      );
    if ((check.order ?? 'exact') === 'exact') {
      const wrong = positions.findIndex((at, i) => at !== i);
      if (wrong >= 0) {
        const got = items[wrong];
        const want = items[positions[wrong]];
        return fail(
          `${returned} in another order: #${wrong + 1} is ${name(got)}, expected ${matchName(expected[wrong])} — ${orderCause(context, spec(), got, want, name)}`,
        );
      }
    }
  }
  if (check.count !== undefined && !countFits(items.length, check.count))
    return fail(`${returned}, expected ${describeCount(check.count)}${countCause(answer.pattern, spec())}`);
  if (check.every) {
    for (let i = 0; i < items.length; i++) {
      const entity = context.entityOf(items[i]);
      const off = mismatch(check.every, items[i], entity);
      if (!off) continue;
      const has =
        off.attribute === '$entity'
          ? `is ${entity ?? 'of no entity'}, expected ${shown(off.expected)}`
          : off.actual === undefined
            ? `has no ${off.attribute}, expected ${shown(off.expected)}`
            : `has ${off.attribute} ${shown(off.actual)}, expected ${shown(off.expected)}`;
      return fail(
        `${id}: item #${i + 1}, ${name(items[i])}, ${has} — the key condition or filter lets it in`,
      );
    }
  }
  if (check.sortedBy) {
    const { attribute, direction } = check.sortedBy;
    const type = declaredTypes(context.design).get(attribute);
    for (let i = 0; i + 1 < items.length; i++) {
      const a = items[i][attribute];
      const b = items[i + 1][attribute];
      if (a === undefined || b === undefined) {
        const without = a === undefined ? i : i + 1;
        return fail(`${id}: item #${without + 1}, ${name(items[without])}, has no ${attribute} to sort by`);
      }
      const order = compareValues(a, b, type);
      if (direction === 'ascending' ? order > 0 : order < 0)
        return fail(
          `${id} is not sorted by ${attribute} ${direction}: #${i + 1} ${name(items[i])} (${shown(a)}) comes before #${i + 2} ${name(items[i + 1])} (${shown(b)}) — ${sortKeyCause(context, spec())}`,
        );
    }
  }
  const what = check.items
    ? `the ${plural(items.length, 'expected item')}${(check.order ?? 'exact') === 'exact' && items.length > 1 ? ' in order' : ''}`
    : plural(items.length, 'item');
  return result(check, 'pass', `${id} returns ${what}`, target);
}

/** Typed order of two attribute values: numbers by value, strings and binary by bytes, else as JSON text. */
function compareValues(a: JsonValue, b: JsonValue, type: string | undefined): number {
  const keyType: KeyType | undefined =
    type === 'N' || type === 'S' || type === 'B'
      ? type
      : typeof a === 'number' && typeof b === 'number'
        ? 'N'
        : typeof a === 'string' && typeof b === 'string'
          ? 'S'
          : undefined;
  if (keyType) {
    try {
      return compareKeyValues(a as KeyValue, b as KeyValue, keyType);
    } catch {
      // Values of another type than declared: compared as text below.
    }
  }
  const x = shown(a);
  const y = shown(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function schemaRead(context: CheckContext, spec: ReadSpec): KeySchema {
  return keySchemaFor(context.design, spec.index) ?? tableKeySchema(context.design);
}

function whereRead(spec: ReadSpec): string {
  return spec.index ? `index ${spec.index}` : 'the table';
}

/** Which sort key decides a read's order, and in which direction it is read. */
function sortKeyCause(context: CheckContext, spec: ReadSpec): string {
  if (spec.operation === 'Scan') return 'a Scan returns items in no useful order: Query a sort key instead';
  const schema = schemaRead(context, spec);
  if (schema.sortKeys.length === 0)
    return `${whereRead(spec)} has no sort key, so nothing orders the items: give it one`;
  const keys = schema.sortKeys.map((k) => k.name).join(', ');
  const direction =
    spec.scanIndexForward === false ? 'descending (scanIndexForward: false)' : 'ascending (the default)';
  return `the order is that of sort key ${keys} of ${whereRead(spec)}, read ${direction}`;
}

function orderCause(
  context: CheckContext,
  spec: ReadSpec,
  got: PlainItem,
  want: PlainItem,
  name: (item: PlainItem) => string,
): string {
  const cause = sortKeyCause(context, spec);
  const sortKey = schemaRead(context, spec).sortKey;
  if (!sortKey || spec.operation === 'Scan') return cause;
  return `${cause}: ${name(got)} has ${sortKey.name} ${shown(got[sortKey.name])}, ${name(want)} has ${shown(want[sortKey.name])}`;
}

function countCause(pattern: AccessPattern, spec: ReadSpec): string {
  if ('limit' in pattern && pattern.limit !== undefined) return ` (its Limit is ${pattern.limit})`;
  if (spec.filter?.length) return ' — check its key condition and filter';
  return ' — check its key condition';
}

function sortText(sort: NonNullable<ReadSpec['sort']>, name: string): string {
  if (sort.op === 'between') return `${name} between ${shown(sort.value)} and ${shown(sort.to)}`;
  if (sort.op === 'begins_with') return `begins_with(${name}, ${shown(sort.value)})`;
  return `${name} ${sort.op} ${shown(sort.value)}`;
}

/** Why a key attribute is missing from an item: the entity writes no such key, or a placeholder has no value. */
function missingKeyCause(context: CheckContext, source: DerivedItem, keyName: string): string {
  const entity = context.entity(source.entity);
  if (!entity) return `${source.entity} is not an entity of the design`;
  const keys =
    source.copy === undefined ? entity.keys : entity.copies?.find((c) => c.name === source.copy)?.keys;
  const template = keys?.[keyName];
  if (template === undefined)
    return `${entity.name}${source.copy ? ` (copy ${source.copy})` : ''} writes no ${keyName}: give it a ${keyName} key template`;
  // The item holds its sample's values (all but key-only ones): a placeholder it lacks had no value.
  const keyOnly = new Set(entity.attributes.filter((a) => a.keyOnly).map((a) => a.name));
  const empty = placeholders(template).filter(
    (p) => !keyOnly.has(p) && (source.item[p] === undefined || source.item[p] === null),
  );
  if (empty.length === 0) return `its ${keyName} template ${template} gives no value`;
  return `its ${keyName} template ${template} needs ${empty.map((p) => `{${p}}`).join(', ')}, which its sample leaves out — is \`${empty[0]}\` required?`;
}

function sameKey(context: CheckContext, a: PlainItem, b: PlainItem): boolean {
  const table = tableKeySchema(context.design);
  return [table.partitionKey, table.sortKey].every(
    (key) =>
      !key ||
      (a[key.name] !== undefined &&
        b[key.name] !== undefined &&
        compareKeyValues(a[key.name] as KeyValue, b[key.name] as KeyValue, key.type) === 0),
  );
}

/** Why an expected item is not among those returned: the first cause found on its way into the page. */
function whyMissing(context: CheckContext, match: ItemMatch, spec: ReadSpec): string {
  const label = matchName(match);
  const source = context.items.find((d) => !mismatch(match, d.item, d.entity));
  if (!source)
    return nearMiss(context, match) ?? `no item of the design is ${label}: add a sample with these values`;
  const item = source.item;
  const schema = schemaRead(context, spec);
  for (const key of [...schema.partitionKeys, ...schema.sortKeys])
    if (item[key.name] === undefined)
      return `${label} has no ${key.name}, so it is not in ${whereRead(spec)} — ${missingKeyCause(context, source, key.name)}`;
  if (spec.operation !== 'Scan' && !isMultiAttribute(schema) && spec.partition !== undefined) {
    const pk = schema.partitionKey;
    const value = item[pk.name] as KeyValue;
    if (compareKeyValues(value, spec.partition, pk.type) !== 0)
      return `${label} is in partition ${pk.name} ${shown(value)}, the pattern reads ${pk.name} ${shown(spec.partition)}`;
    const sk = schema.sortKey;
    if (spec.sort && sk && !satisfiesSort(item[sk.name] as KeyValue, spec.sort, sk.type))
      return `${label} has ${sk.name} ${shown(item[sk.name])}, which does not meet the sort condition ${sortText(spec.sort, sk.name)}`;
  }
  if (spec.filter?.length) {
    const unfiltered = evaluateRead(context.design, context.views, {
      ...spec,
      filter: undefined,
      projection: undefined,
    });
    if (unfiltered.items.some((read) => sameKey(context, read, item)))
      return `the pattern's filter removes ${label} (${spec.filter.map((c) => `${c.attribute} ${c.op}${c.value === undefined ? '' : ` ${shown(c.value)}`}`).join(' and ')})`;
  }
  if (spec.limit !== undefined) return `the pattern's Limit ${spec.limit} ends the page before ${label}`;
  return `${label} is not on the page ${whereRead(spec)} gives`;
}

/** A value in a reason, text quoted where the other side is not text (`"10"` against 10). */
function typed(value: JsonValue | undefined, other: JsonValue | undefined): string {
  return typeof value === 'string' && typeof other !== 'string' ? JSON.stringify(value) : shown(value);
}

/**
 * The item the check most likely means, when none has every expected value: one of the entity with the
 * first expected value (its id), and the value it has instead.
 */
function nearMiss(context: CheckContext, match: ItemMatch): string | undefined {
  const [first] = Object.keys(match).filter((name) => name !== '$entity');
  if (first === undefined) return undefined;
  const entity = typeof match.$entity === 'string' ? match.$entity : undefined;
  const like = context.items.find(
    (d) =>
      (entity === undefined || d.entity === entity) && !mismatch({ [first]: match[first] }, d.item, d.entity),
  );
  if (!like) return undefined;
  const off = mismatch(match, like.item, like.entity);
  if (!off || off.attribute === '$entity') return undefined;
  const name = `${like.entity} ${shown(match[first])}`;
  if (off.actual === undefined)
    return `${name} has no ${off.attribute}, expected ${typed(off.expected, off.actual)}`;
  return `${name} has ${off.attribute} ${typed(off.actual, off.expected)}, expected ${typed(off.expected, off.actual)}${typeof off.actual !== typeof off.expected ? ' (another type)' : ''}`;
}

/** A returns check must say what the pattern returns; `order` orders listed items. */
function returnsProblems(check: ReturnsCheck, _solution: Design, at: string): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  if (
    check.items === undefined &&
    check.count === undefined &&
    check.every === undefined &&
    check.sortedBy === undefined
  )
    problems.push({ path: at, message: 'say what the pattern returns: items, count, every or sortedBy' });
  if (check.order !== undefined && check.items === undefined)
    problems.push({ path: `${at}.order`, message: 'order applies to items: list the items' });
  return problems;
}
