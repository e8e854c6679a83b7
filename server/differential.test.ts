// The in-memory evaluator against DynamoDB Local, item for item and page by page: the built-in examples'
// read patterns, then randomized items and key conditions over S and N sort keys with non-ASCII strings.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDesign } from '../src/core/checks/validate.ts';
import { EXAMPLES } from '../src/core/features/examples/index.ts';
import { type Design, type DesignInput, designSchema, type SortOperator } from '../src/core/model/schema.ts';
import type { ReadSpec } from '../src/core/requests/read-spec.ts';
import { resolvePattern } from '../src/core/requests/resolve.ts';
import { compareKeyValues } from '../src/core/values/compare.ts';
import type { KeyValue } from '../src/core/values/item.ts';
import { deleteTable } from './dynamodb/apply.ts';
import { namespacedTable } from './namespace.ts';
import { applyForSession, loadForSession, resetSession } from './service.ts';
import { both, comparePages } from './test-support/differential.ts';
import { testClient, uniquePrefix } from './test-support/dynamo.ts';

const client = testClient();

describe('evaluator vs DynamoDB Local on the built-in examples', () => {
  const prefix = uniquePrefix('diff');
  afterAll(() => resetSession(client, prefix));

  for (const example of EXAMPLES) {
    it(`answers every read pattern of ${example.name} as DynamoDB does, page by page`, async () => {
      const result = validateDesign(example.design);
      if (!result.ok) throw new Error(`${example.name} must validate`);
      const design = result.design;
      await applyForSession(client, prefix, design, {});
      const reads = design.accessPatterns.filter((p) => p.operation === 'Query' || p.operation === 'GetItem');
      expect(reads.length).toBeGreaterThan(0);
      for (const pattern of reads) {
        const spec = resolvePattern(design, pattern, pattern.example ?? {});
        const whole = await both(client, design, prefix, spec);
        expect(whole.predicted, pattern.id).toEqual(whole.real);
        expect(whole.real.items.length, `${pattern.id} returns something`).toBeGreaterThan(0);
        if (pattern.operation === 'Query') {
          const pages = await comparePages(
            client,
            design,
            prefix,
            { ...spec, limit: 1 },
            `${pattern.id} with Limit 1`,
          );
          // Limit 1 walks one item per page, plus the empty page DynamoDB answers after the last Limit stop.
          expect(pages).toBeGreaterThanOrEqual(Math.min(whole.real.scannedCount, spec.limit ?? Infinity));
        }
      }
      await deleteTable(client, namespacedTable(prefix, design.table.name));
    }, 120_000);
  }
});

// A table whose sort key is a string (table) and an index whose sort key is a number (GSI1).
const randomDesign: DesignInput = {
  format: 'keyplan/1',
  name: 'Differential',
  table: {
    name: 'Diff',
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    globalSecondaryIndexes: [
      {
        name: 'GSI1',
        partitionKey: { name: 'GSI1PK', type: 'S' },
        sortKey: { name: 'GSI1SK', type: 'N' },
        projection: { type: 'ALL' },
      },
    ],
  },
  entities: [
    {
      name: 'Thing',
      attributes: [
        { name: 'p', type: 'S', required: true },
        { name: 's', type: 'S', required: true },
        { name: 'g', type: 'S' },
        { name: 'n', type: 'N' },
        { name: 'tag', type: 'S' },
      ],
      keys: { PK: '{p}', SK: '{s}', GSI1PK: '{g}', GSI1SK: '{n}' },
    },
  ],
};

const tricky = fc.constantFrom(
  'a',
  'b',
  'Z',
  'z',
  'é',
  'É',
  'ß',
  'ø',
  '中',
  '文',
  '😀',
  '🙂',
  '\uFFFD',
  '\uE000',
  '#',
  '~',
  ' ',
  '0',
  '9',
);
const sortString = fc.string({
  unit: fc.oneof(tricky, fc.constantFrom('A', 'B', 'x', 'y', '-')),
  minLength: 1,
  maxLength: 5,
});
const sortNumber = fc.oneof(
  fc.integer({ min: -50, max: 50 }),
  // Decimals within DynamoDB's range (it rejects magnitudes under 1E-130).
  fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 100),
);
const partitions = ['alpha', 'beta'] as const;
const indexPartitions = ['x', 'y'] as const;

const itemsArb = fc.uniqueArray(
  fc.record({
    p: fc.constantFrom(...partitions),
    s: sortString,
    g: fc.option(fc.constantFrom(...indexPartitions), { nil: undefined }),
    n: fc.option(sortNumber, { nil: undefined }),
    tag: fc.option(fc.constantFrom('red', 'blue'), { nil: undefined }),
  }),
  { selector: (item) => `${item.p}\u0000${item.s}`, minLength: 1, maxLength: 25 },
);

const OPS: SortOperator[] = ['=', '<', '<=', '>', '>=', 'begins_with', 'between'];

const queryArb = fc.record({
  onIndex: fc.boolean(),
  partitionIndex: fc.integer({ min: 0, max: 1 }),
  op: fc.option(fc.constantFrom(...OPS), { nil: undefined }),
  a: fc.tuple(sortString, sortNumber),
  b: fc.tuple(sortString, sortNumber),
  forward: fc.boolean(),
  limit: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
  filterTag: fc.option(fc.constantFrom('red', 'blue'), { nil: undefined }),
});

type QueryCase = typeof queryArb extends fc.Arbitrary<infer T> ? T : never;

function specFor(q: QueryCase): ReadSpec {
  const type = q.onIndex ? 'N' : 'S';
  let [lo, hi]: KeyValue[] = q.onIndex ? [q.a[1], q.b[1]] : [q.a[0], q.b[0]];
  if (compareKeyValues(lo, hi, type) > 0) [lo, hi] = [hi, lo];
  const op = q.onIndex && q.op === 'begins_with' ? '>=' : q.op;
  return {
    operation: 'Query',
    index: q.onIndex ? 'GSI1' : undefined,
    partition: q.onIndex ? indexPartitions[q.partitionIndex] : partitions[q.partitionIndex],
    sort: op ? { op, value: lo, to: op === 'between' ? hi : undefined } : undefined,
    scanIndexForward: q.forward,
    limit: q.limit,
    filter: q.filterTag ? [{ attribute: 'tag', op: '=', value: q.filterTag }] : undefined,
  };
}

describe('evaluator vs DynamoDB Local on random items and key conditions', () => {
  const prefix = uniquePrefix('rand');
  const base = designSchema.parse(randomDesign);

  beforeAll(async () => {
    await applyForSession(client, prefix, base, { loadItems: false });
  });
  afterAll(() => resetSession(client, prefix));

  it('agrees on 500 queries (25 item sets × 20 key conditions) over S and N sort keys', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(
        itemsArb,
        fc.array(queryArb, { minLength: 20, maxLength: 20 }),
        async (things, queries) => {
          const samples = things.map((t) =>
            Object.fromEntries(Object.entries(t).filter(([, v]) => v !== undefined)),
          );
          const design: Design = { ...base, items: { Thing: samples as Design['items'][string] } };
          await loadForSession(client, prefix, design, { replace: true });
          for (const q of queries) {
            await comparePages(client, design, prefix, specFor(q), JSON.stringify(specFor(q)));
            compared++;
          }
        },
      ),
      { numRuns: 25, endOnFailure: true },
    );
    expect(compared).toBeGreaterThanOrEqual(500);
  }, 300_000);
});
