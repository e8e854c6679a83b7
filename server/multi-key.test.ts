// A GSI with a multi-attribute key (2 partition attributes, 2 sort attributes) on DynamoDB Local: the design
// applies (CreateTable with HASH, HASH, RANGE, RANGE), its pattern's request is the chained key condition,
// and the evaluator answers randomized key conditions over it as DynamoDB Local does, page by page.
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDesign } from '../src/core/checks/validate.ts';
import { type Design, type DesignInput, designSchema, type SortOperator } from '../src/core/model/schema.ts';
import { buildReadInput } from '../src/core/requests/build.ts';
import type { ReadSpec } from '../src/core/requests/read-spec.ts';
import { resolvePattern } from '../src/core/requests/resolve.ts';
import { compareKeyValues } from '../src/core/values/compare.ts';
import type { KeyValue } from '../src/core/values/item.ts';
import { namespacedTable } from './namespace.ts';
import { applyForSession, loadForSession, resetSession } from './service.ts';
import { both, comparePages } from './test-support/differential.ts';
import { testClient, uniquePrefix } from './test-support/dynamo.ts';

const client = testClient();

// Matches by region and tier (partition), sorted by round (S) then score (N).
const multiKeyDesign: DesignInput = {
  format: 'keyplan/1',
  name: 'MultiKey',
  table: {
    name: 'Matches',
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    globalSecondaryIndexes: [
      {
        name: 'ByRegionTier',
        partitionKeys: [
          { name: 'region', type: 'S' },
          { name: 'tier', type: 'N' },
        ],
        sortKeys: [
          { name: 'round', type: 'S' },
          { name: 'score', type: 'N' },
        ],
        projection: { type: 'ALL' },
      },
    ],
  },
  entities: [
    {
      name: 'Match',
      attributes: [
        { name: 'p', type: 'S', required: true },
        { name: 's', type: 'S', required: true },
        { name: 'r', type: 'S' },
        { name: 't', type: 'N' },
        { name: 'rd', type: 'S' },
        { name: 'sc', type: 'N' },
        { name: 'tag', type: 'S' },
      ],
      keys: { PK: '{p}', SK: '{s}', region: '{r}', tier: '{t}', round: '{rd}', score: '{sc}' },
    },
  ],
  accessPatterns: [
    {
      id: 'round-leaders',
      name: 'Matches of a region and tier in a round, above a score',
      operation: 'Query',
      index: 'ByRegionTier',
      keyCondition: {
        partitionKeys: { region: '{r}', tier: '{t}' },
        sortKeys: [
          { attribute: 'round', op: '=', value: '{rd}' },
          { attribute: 'score', op: '>', value: '{sc}' },
        ],
      },
      example: { r: 'eu', t: 1, rd: 'final', sc: 10 },
    },
  ],
  items: {
    Match: [
      { p: 'm1', s: 'A', r: 'eu', t: 1, rd: 'final', sc: 30 },
      { p: 'm2', s: 'A', r: 'eu', t: 1, rd: 'final', sc: 5 },
      { p: 'm3', s: 'A', r: 'eu', t: 1, rd: 'semi', sc: 50 },
      { p: 'm4', s: 'A', r: 'eu', t: 2, rd: 'final', sc: 40 },
      { p: 'm5', s: 'A', r: 'eu', t: 1, rd: 'final', sc: 12 },
      { p: 'm6', s: 'A', r: 'eu', t: 1, rd: 'final' },
    ],
  },
};

describe('a GSI with a 2-attribute partition key and a 2-attribute sort key', () => {
  const prefix = uniquePrefix('multikey');
  afterAll(() => resetSession(client, prefix));

  it('applies to DynamoDB Local and its pattern reads what the evaluator predicts', async () => {
    const result = validateDesign(multiKeyDesign);
    if (!result.ok) throw new Error(`must validate: ${JSON.stringify(result.problems)}`);
    const design = result.design;
    await applyForSession(client, prefix, design, {});
    const { Table } = await client.send(
      new DescribeTableCommand({ TableName: namespacedTable(prefix, design.table.name) }),
    );
    expect(Table?.GlobalSecondaryIndexes?.[0].KeySchema).toEqual([
      { AttributeName: 'region', KeyType: 'HASH' },
      { AttributeName: 'tier', KeyType: 'HASH' },
      { AttributeName: 'round', KeyType: 'RANGE' },
      { AttributeName: 'score', KeyType: 'RANGE' },
    ]);
    const pattern = design.accessPatterns[0];
    const spec = resolvePattern(design, pattern, pattern.example ?? {});
    const { input } = buildReadInput(design, spec);
    expect((input as { KeyConditionExpression?: string }).KeyConditionExpression).toBe(
      '#region = :region AND tier = :tier AND round = :round AND score > :score',
    );
    const { real, predicted } = await both(client, design, prefix, spec);
    expect(predicted).toEqual(real);
    // m5 (12) then m1 (30): the final's matches of eu/1 above 10, in score order; m6 has no score, no entry.
    expect(real.items.map((item) => item.p)).toEqual(['m5', 'm1']);
  });
});

const tricky = fc.constantFrom('a', 'ab', 'b', 'a\u0000', 'é', '中', '😀', '\uE000', 'Z', '0', '~');
const roundString = fc.string({ unit: tricky, minLength: 1, maxLength: 3 });
const scoreNumber = fc.oneof(
  fc.integer({ min: -20, max: 20 }),
  fc.integer({ min: -10_000, max: 10_000 }).map((n) => n / 100),
);
const regions = ['eu', 'us'] as const;
const tiers = [1, 2] as const;

const itemsArb = fc.uniqueArray(
  fc.record({
    p: fc.constantFrom('m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8'),
    s: fc.constantFrom('A', 'B', 'C'),
    r: fc.option(fc.constantFrom(...regions), { nil: undefined, freq: 8 }),
    t: fc.constantFrom(...tiers),
    // Few distinct rounds and scores, so that the tuples tie and ties order by the table key.
    rd: fc.option(fc.oneof(fc.constantFrom('a', 'ab', 'b'), roundString), { nil: undefined, freq: 8 }),
    sc: fc.option(fc.oneof(fc.constantFrom(0, 1, 2), scoreNumber), { nil: undefined, freq: 8 }),
    tag: fc.option(fc.constantFrom('red', 'blue'), { nil: undefined }),
  }),
  { selector: (item) => `${item.p}\u0000${item.s}`, minLength: 1, maxLength: 24 },
);

const OPS: SortOperator[] = ['=', '<', '<=', '>', '>=', 'begins_with', 'between'];

const queryArb = fc.record({
  region: fc.constantFrom(...regions),
  tier: fc.constantFrom(...tiers),
  // 0: no sort condition; 1: a condition on round; 2: round "=" and a condition on score.
  depth: fc.constantFrom(0, 1, 2),
  op: fc.constantFrom(...OPS),
  rounds: fc.tuple(fc.oneof(fc.constantFrom('a', 'ab', 'b'), roundString), roundString),
  scores: fc.tuple(scoreNumber, scoreNumber),
  forward: fc.boolean(),
  limit: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
  filterTag: fc.option(fc.constantFrom('red', 'blue'), { nil: undefined }),
});

type QueryCase = typeof queryArb extends fc.Arbitrary<infer T> ? T : never;

function specFor(q: QueryCase): ReadSpec {
  const spec: ReadSpec = {
    operation: 'Query',
    index: 'ByRegionTier',
    partitionKeys: [q.region, q.tier],
    scanIndexForward: q.forward,
    limit: q.limit,
    filter: q.filterTag ? [{ attribute: 'tag', op: '=', value: q.filterTag }] : undefined,
  };
  if (q.depth === 0) return spec;
  const onScore = q.depth === 2;
  const type = onScore ? 'N' : 'S';
  let [lo, hi]: KeyValue[] = onScore ? q.scores : q.rounds;
  if (compareKeyValues(lo, hi, type) > 0) [lo, hi] = [hi, lo];
  const op = onScore && q.op === 'begins_with' ? '<=' : q.op;
  if (onScore) spec.sortPrefix = [q.rounds[0]];
  spec.sort = { op, value: lo, to: op === 'between' ? hi : undefined };
  return spec;
}

describe('evaluator vs DynamoDB Local on random items and multi-attribute key conditions', () => {
  const prefix = uniquePrefix('multirand');
  const base = designSchema.parse({ ...multiKeyDesign, items: {} });

  beforeAll(async () => {
    await applyForSession(client, prefix, base, { loadItems: false });
  });
  afterAll(() => resetSession(client, prefix));

  it('agrees on 500 queries (25 item sets × 20 key conditions) and 25 Scans, paging included', async () => {
    let compared = 0;
    let paged = 0;
    await fc.assert(
      fc.asyncProperty(
        itemsArb,
        fc.array(queryArb, { minLength: 20, maxLength: 20 }),
        fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
        async (matches, queries, scanLimit) => {
          const samples = matches.map((m) =>
            Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined)),
          );
          const design: Design = { ...base, items: { Match: samples as Design['items'][string] } };
          await loadForSession(client, prefix, design, { replace: true });
          for (const q of queries) {
            const spec = specFor(q);
            const pages = await comparePages(client, design, prefix, spec, JSON.stringify(spec));
            if (pages > 1) paged++;
            compared++;
          }
          // A Scan of the index: partitions in DynamoDB Local's order, paged through start keys.
          const scan: ReadSpec = { operation: 'Scan', index: 'ByRegionTier', limit: scanLimit };
          await comparePages(client, design, prefix, scan, JSON.stringify(scan));
        },
      ),
      { numRuns: 25, endOnFailure: true },
    );
    expect(compared).toBeGreaterThanOrEqual(500);
    // Limit and ExclusiveStartKey were exercised, not only single pages (typically 35–60 of the 500
    // queries span pages; how many depends on the random items, so the floor leaves room).
    expect(paged).toBeGreaterThan(20);
  }, 300_000);
});
