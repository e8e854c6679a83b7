// The evaluator against a naive reference: every stored item checked against the key condition, sorted
// with compareKeyValues (GSI ties by DynamoDB Local's hash order), filtered. Paging with random Limits must concatenate to the unpaged answer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyHash, tieBreaker } from '../indexes/local-order.ts';
import { buildViews } from '../indexes/views.ts';
import { keySchemaFor } from '../model/indexes.ts';
import type { SortOperator } from '../model/schema.ts';
import type { ReadResult, ReadSpec } from '../requests/read-spec.ts';
import { tableDesign, things } from '../test-support/index-fixtures.ts';
import { compareKeyValues } from '../values/compare.ts';
import type { PlainItem } from '../values/item.ts';
import { EvaluationError, evaluateRead } from './evaluate.ts';

const design = tableDesign({
  partitionKey: { name: 'PK', type: 'S' },
  sortKey: { name: 'SK', type: 'S' },
  globalSecondaryIndexes: [
    { name: 'GSI', partitionKey: { name: 'gpk', type: 'S' }, sortKey: { name: 'gsk', type: 'S' } },
  ],
});

// Few distinct characters, so that equal keys, prefixes and ties are common; they straddle the places
// where UTF-16 and UTF-8 order differ.
const text = fc
  .array(fc.constantFrom('a', 'b', 'Z', 'é', '\uFFFF', '\u{10000}'), { maxLength: 3 })
  .map((chars) => chars.join(''));
const itemArb = fc.record(
  {
    PK: fc.constantFrom('p0', 'p1', 'p2'),
    SK: text,
    gpk: fc.constantFrom('g0', 'g1'),
    gsk: text,
    n: fc.integer({ min: 0, max: 9 }),
  },
  { requiredKeys: ['PK', 'SK', 'n'] },
);
const sortArb = fc.option(
  fc.record({
    op: fc.constantFrom<SortOperator>('=', '<', '<=', '>', '>=', 'begins_with', 'between'),
    value: text,
    to: text,
  }),
  { nil: undefined },
);
const specArb = fc.record({
  index: fc.constantFrom(undefined, 'GSI'),
  partition: fc.constantFrom('p0', 'p1', 'g0', 'g1'),
  sort: sortArb,
  scanIndexForward: fc.boolean(),
  below: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
});

interface Case {
  index: string | undefined;
  partition: string;
  sort: { op: SortOperator; value: string; to: string } | undefined;
  scanIndexForward: boolean;
  /** Filter n < below, when set. */
  below: number | undefined;
}

const cmp = (a: unknown, b: unknown) => compareKeyValues(a as string, b as string, 'S');
// GSI ties follow DynamoDB Local's hash order, whose implementation is checked against it in local-order.test.ts.
const gsiTie = tieBreaker(design, keySchemaFor(design, 'GSI')!)!;
const compareTokens = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

function satisfies(sk: string, sort: NonNullable<Case['sort']>): boolean {
  const order = cmp(sk, sort.value);
  switch (sort.op) {
    case '=':
      return order === 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    case 'between':
      return order >= 0 && cmp(sk, sort.to) <= 0;
    case 'begins_with':
      return sk.startsWith(sort.value);
  }
}

/** The naive answer: key-matching items in order (what is scanned), and those passing the filter. */
function reference(items: PlainItem[], c: Case): { scanned: PlainItem[]; returned: PlainItem[] } {
  const table = new Map<string, PlainItem>();
  for (const item of items) if (item.SK !== '') table.set(JSON.stringify([item.PK, item.SK]), item);
  const [pk, sk] = c.index ? ['gpk', 'gsk'] : ['PK', 'SK'];
  const scanned = [...table.values()]
    .filter(
      (i) => typeof i[pk] === 'string' && typeof i[sk] === 'string' && i[sk] !== '' && i[pk] === c.partition,
    )
    .filter((i) => !c.sort || satisfies(i[sk] as string, c.sort))
    .sort((a, b) => cmp(a[sk], b[sk]) || (c.index ? compareTokens(gsiTie(a), gsiTie(b)) : 0));
  if (!c.scanIndexForward) scanned.reverse();
  const returned = scanned.filter((i) => c.below === undefined || (i.n as number) < c.below);
  return { scanned, returned };
}

/** DynamoDB refuses an empty key value and a between whose bounds are the wrong way round. */
function refused(c: Case): boolean {
  if (!c.sort) return false;
  if (c.sort.value === '' || (c.sort.op === 'between' && c.sort.to === '')) return true;
  return c.sort.op === 'between' && cmp(c.sort.value, c.sort.to) > 0;
}

function specOf(c: Case): ReadSpec {
  const sort = c.sort && (c.sort.op === 'between' ? c.sort : { op: c.sort.op, value: c.sort.value });
  return {
    operation: 'Query',
    index: c.index,
    partition: c.partition,
    sort,
    scanIndexForward: c.scanIndexForward,
    filter: c.below === undefined ? undefined : [{ attribute: 'n', op: '<', value: c.below }],
  };
}

function walk(run: (exclusiveStartKey: PlainItem | undefined, page: number) => ReadResult): ReadResult[] {
  const pages: ReadResult[] = [];
  let key: PlainItem | undefined;
  do {
    pages.push(run(key, pages.length));
    key = pages.at(-1)!.lastEvaluatedKey;
  } while (key && pages.length < 500);
  return pages;
}

describe('evaluateRead against a naive reference', () => {
  it('answers a Query like filtering and sorting every item', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 40 }), specArb, (items, c) => {
        const views = buildViews(design, things(items));
        const spec = specOf(c);
        if (refused(c)) {
          expect(() => evaluateRead(design, views, spec)).toThrow(EvaluationError);
          return;
        }
        const { scanned, returned } = reference(items, c);
        const result = evaluateRead(design, views, spec);
        expect(result.items).toEqual(returned);
        expect(result.count).toBe(returned.length);
        expect(result.scannedCount).toBe(scanned.length);
        expect(result.lastEvaluatedKey).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('pages through with random Limits to the unpaged answer', () => {
    fc.assert(
      fc.property(
        fc.array(itemArb, { maxLength: 40 }),
        specArb,
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 5 }),
        (items, c, limits) => {
          fc.pre(!refused(c));
          const views = buildViews(design, things(items));
          const spec = specOf(c);
          const pages = walk((exclusiveStartKey, n) =>
            evaluateRead(design, views, { ...spec, exclusiveStartKey, limit: limits[n % limits.length] }),
          );
          const { scanned, returned } = reference(items, c);
          expect(pages.flatMap((p) => p.items)).toEqual(returned);
          expect(pages.reduce((sum, p) => sum + p.scannedCount, 0)).toBe(scanned.length);
          // The inclusive sort-key bound the read ends on (between, <= forward; between, >= backward).
          const bound =
            c.sort && ['between', c.scanIndexForward ? '<=' : '>='].includes(c.sort.op)
              ? c.scanIndexForward && c.sort.op === 'between'
                ? c.sort.to
                : c.sort.value
              : undefined;
          let read = 0;
          pages.forEach((p, n) => {
            expect(p.count).toBeLessThanOrEqual(p.scannedCount);
            expect(p.scannedCount).toBeLessThanOrEqual(limits[n % limits.length]);
            read += p.scannedCount;
            // A page has a LastEvaluatedKey exactly when it stopped at its Limit, but for a table Query
            // that stopped on its closing bound (a table's sort keys are unique: nothing can follow).
            const last = scanned[read - 1]?.SK;
            const onBound = !c.index && bound !== undefined && last === bound;
            expect(p.lastEvaluatedKey !== undefined).toBe(
              p.scannedCount === limits[n % limits.length] && !onBound,
            );
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('pages a Scan with random Limits to the unpaged Scan, which holds every stored item once', () => {
    fc.assert(
      fc.property(
        fc.array(itemArb, { maxLength: 40 }),
        fc.constantFrom(undefined, 'GSI'),
        fc.integer({ min: 1, max: 7 }),
        (items, index, limit) => {
          const views = buildViews(design, things(items));
          const whole = evaluateRead(design, views, { operation: 'Scan', index });
          const pages = walk((exclusiveStartKey) =>
            evaluateRead(design, views, { operation: 'Scan', index, limit, exclusiveStartKey }),
          );
          expect(pages.flatMap((p) => p.items)).toEqual(whole.items);
          // Partitions as DynamoDB Local scans them (GSI by key, table by key hash), each as a Query reads it.
          const partitions = index
            ? ['g0', 'g1']
            : ['p0', 'p1', 'p2'].sort((a, b) => compareTokens(keyHash(a, 'S'), keyHash(b, 'S')));
          const expected = partitions.flatMap(
            (partition) =>
              reference(items, {
                index,
                partition,
                sort: undefined,
                scanIndexForward: true,
                below: undefined,
              }).scanned,
          );
          expect(whole.items).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads a lone surrogate in an argument as "?" and refuses an empty key value, as DynamoDB Local does', () => {
    const lone = fc.constantFrom('\uD800', '\uDFFF', '\uD83D', 'a\uDE00', '');
    const argument = fc.oneof(
      text,
      lone,
      fc.tuple(text, lone).map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(
        fc.array(itemArb, { maxLength: 30 }),
        specArb,
        argument,
        argument,
        (items, c, value, to) => {
          const views = buildViews(design, things(items));
          const op = c.sort?.op ?? 'begins_with';
          const spec = {
            ...specOf({ ...c, below: undefined }),
            sort: { op, value, to: op === 'between' ? to : undefined },
          };
          const asStored = (t: string) =>
            t.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '?');
          const stored = {
            ...spec,
            sort: { ...spec.sort, value: asStored(value), to: spec.sort.to && asStored(spec.sort.to) },
          };
          const answer = (s: ReadSpec) => {
            try {
              return evaluateRead(design, views, s);
            } catch (error) {
              return (error as Error).message;
            }
          };
          const got = answer(spec);
          if (
            value === '' ||
            (op === 'between' && to === '') ||
            (op === 'between' && cmp(stored.sort.value, stored.sort.to) > 0)
          ) {
            expect(got).toEqual(expect.any(String));
            return;
          }
          const want = answer(stored) as ReadResult;
          // The same items and counts; a begins_with prefix that was ill-formed never ends a page with a key.
          expect(got).toMatchObject({
            items: want.items,
            count: want.count,
            scannedCount: want.scannedCount,
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
