// The evaluator at the edges, one named test per kind of issue #13, each read sent to a real DynamoDB Local
// and answered in memory: where DynamoDB refuses, both refuse with DynamoDB's words; where it answers, both
// give the same page. Where DynamoDB Local departs from what AWS documents, the evaluator follows AWS and
// the difference is asserted as Local's known one (the run check says so).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDesign } from '../src/core/checks/validate.ts';
import {
  compareRunToPrediction,
  LOCAL_INDEX_PAGE,
  LOCAL_PAGE_AFTER_FILTER,
  localPage,
} from '../src/core/evaluate/compare-run.ts';
import { buildViewsFor, type IndexViews } from '../src/core/indexes/views.ts';
import type { Design, DesignInput } from '../src/core/model/schema.ts';
import type { ReadResult, ReadSpec } from '../src/core/requests/read-spec.ts';
import type { PlainItem } from '../src/core/values/item.ts';
import { DynamoRequestError, execute } from './dynamodb/execute.ts';
import { namespacedTable } from './namespace.ts';
import { applyForSession, resetSession } from './service.ts';
import { type Outcome, predictedOutcome, realOutcome } from './test-support/differential.ts';
import { testClient, uniquePrefix } from './test-support/dynamo.ts';

const client = testClient();
const prefix = uniquePrefix('edges');
afterAll(() => resetSession(client, prefix));

const b64 = (bytes: number[]) => Buffer.from(bytes).toString('base64');

const EDGES_DESIGN: DesignInput = {
  format: 'keyplan/1',
  name: 'Edges',
  table: {
    name: 'Edges',
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    globalSecondaryIndexes: [
      { name: 'Keys', partitionKey: { name: 'GPK', type: 'S' }, projection: { type: 'KEYS_ONLY' } },
      {
        name: 'Incl',
        partitionKey: { name: 'GPK', type: 'S' },
        sortKey: { name: 'a', type: 'N' },
        projection: { type: 'INCLUDE', attributes: ['b'] },
      },
    ],
    localSecondaryIndexes: [
      { name: 'ByL', sortKey: { name: 'l', type: 'S' }, projection: { type: 'KEYS_ONLY' } },
    ],
  },
  entities: [
    {
      name: 'Thing',
      attributes: [
        { name: 'p', type: 'S', required: true },
        { name: 's', type: 'S', required: true },
        { name: 'g', type: 'S' },
        { name: 'l', type: 'S' },
        { name: 'a', type: 'N' },
        { name: 'b', type: 'S' },
        { name: 'flag', type: 'BOOL' },
        { name: 'bin', type: 'B' },
        { name: 'tags', type: 'SS' },
      ],
      keys: { PK: '{p}', SK: '{s}', GPK: '{g}', l: '{l}', a: '{a}' },
    },
  ],
};

const samples = ['a', 'b', 'c', 'k', 'x', 'z', 'a😀', 'a?b', 'é'].map((s, i) => ({
  p: 'p1',
  s,
  g: i % 3 === 0 ? 'g2' : 'g1',
  l: i % 2 === 0 ? 'same' : `l${i}`,
  a: i,
  b: ['bb', 'a😀', 'a?', 'ab', ''][i % 5],
  flag: i % 2 === 0,
  bin: b64([i % 4, 0xff - i]),
  tags: ['t', `t${i}`],
}));

function designOf(input: DesignInput): Design {
  const result = validateDesign(input);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.design;
}

const design = designOf({ ...EDGES_DESIGN, items: { Thing: samples } });
let views: IndexViews;

beforeAll(async () => {
  await applyForSession(client, prefix, design, {});
  views = buildViewsFor(design);
}, 60_000);

/** The same read on DynamoDB Local and in memory: the same page, or the same refusal. */
async function agree(spec: ReadSpec, on: Design = design, on_views: IndexViews = views): Promise<Outcome> {
  const real = await realOutcome(client, on, prefix, spec);
  expect(predictedOutcome(on, on_views, spec), JSON.stringify(spec)).toEqual(real);
  return real;
}

async function refused(spec: ReadSpec, message: string) {
  expect(await agree(spec)).toEqual({ error: message });
}

const query = (rest: Partial<ReadSpec> = {}): ReadSpec => ({ operation: 'Query', partition: 'p1', ...rest });
const EMPTY = 'One or more parameter values are not valid.';

describe('requests DynamoDB refuses are refused, in its words', () => {
  it('a key condition with an empty string value', async () => {
    await refused(
      query({ sort: { op: '=', value: '' } }),
      `${EMPTY} The AttributeValue for a key attribute cannot contain an empty string value. Key: SK`,
    );
    await refused(
      query({ sort: { op: 'between', value: '', to: 'b' } }),
      `${EMPTY} The AttributeValue for a key attribute cannot contain an empty string value. Key: SK`,
    );
    await refused(
      query({ partition: '' }),
      `${EMPTY} The AttributeValue for a key attribute cannot contain an empty string value. Key: PK`,
    );
    await refused(
      query({ index: 'Keys', partition: '' }),
      `${EMPTY} A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: Keys, IndexKey: GPK`,
    );
    await refused(
      query({ index: 'ByL', sort: { op: 'begins_with', value: '' } }),
      `${EMPTY} A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: ByL, IndexKey: l`,
    );
    await refused(
      { operation: 'GetItem', partition: 'p1', sort: { op: '=', value: '' } },
      `${EMPTY} The AttributeValue for a key attribute cannot contain an empty string value. Key: SK`,
    );
    await refused(
      query({ exclusiveStartKey: { PK: 'p1', SK: '' } }),
      `The provided starting key is invalid: ${EMPTY} The AttributeValue for a key attribute cannot contain an empty string value. Key: SK`,
    );
  });

  it('a projection naming attributes an index does not project', async () => {
    await refused(
      query({ index: 'Keys', partition: 'g1', projection: ['a'] }),
      'One or more parameter values were invalid: Global secondary index Keys does not project [a]',
    );
    await refused(
      query({ index: 'Incl', partition: 'g1', projection: ['b', 'flag'] }),
      'One or more parameter values were invalid: Global secondary index Incl does not project [flag]',
    );
    await refused(
      { operation: 'Scan', index: 'Keys', projection: ['b'] },
      'One or more parameter values were invalid: Global secondary index Keys does not project [b]',
    );
    // What the index holds is fine, and an LSI fetches the rest from the table.
    expect(
      await agree(query({ index: 'Incl', partition: 'g1', projection: ['b', 'a', 'SK'] })),
    ).toMatchObject({
      count: 6,
    });
    expect(await agree(query({ index: 'ByL', projection: ['b', 'flag'] }))).toMatchObject({ count: 9 });
  });

  it('a filter on an attribute a KEYS_ONLY index does not hold', async () => {
    const filter = [{ attribute: 'a', op: '>' as const, value: 2 }];
    await refused(
      query({ index: 'Keys', partition: 'g1', filter }),
      'One or more parameter values were invalid: Secondary index Keys does not project one or more filter attributes: [a]',
    );
    await refused(
      query({ index: 'ByL', filter }),
      'One or more parameter values were invalid: Secondary index ByL does not project one or more filter attributes: [a]',
    );
    // A Scan's filter is evaluated on the table's item (DynamoDB Local; AWS documents nothing).
    const scan = await agree({ operation: 'Scan', index: 'Keys', filter });
    expect(scan).toMatchObject({ count: 6, scannedCount: 9 });
  });

  it('filter operands of the wrong type: < against a boolean, begins_with on a number, BETWEEN across types', async () => {
    const wrong = (op: string, type: string) =>
      `Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: ${op}, operand type: ${type}`;
    await refused(query({ filter: [{ attribute: 'flag', op: '<', value: true }] }), wrong('<', 'BOOL'));
    await refused(
      query({ filter: [{ attribute: 'b', op: 'begins_with', value: 1 }] }),
      wrong('begins_with', 'N'),
    );
    await refused(query({ filter: [{ attribute: 'b', op: '>=', value: null }] }), wrong('>=', 'NULL'));
    await refused(
      query({ partition: 'nobody', filter: [{ attribute: 'a', op: 'between', value: 1, to: 'x' }] }),
      'Invalid FilterExpression: The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {N:1}, upper bound operand: AttributeValue: {S:x}',
    );
    await refused(
      query({ partition: 'nobody', filter: [{ attribute: 'a', op: 'between', value: 5, to: 1 }] }),
      'Invalid FilterExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:5}, upper bound operand: AttributeValue: {N:1}',
    );
    // Binary bounds are printed as DynamoDB Local prints them (its Java buffer), lone surrogates as sent.
    await refused(
      query({ filter: [{ attribute: 'bin', op: 'between', value: b64([2]), to: b64([1, 0]), type: 'B' }] }),
      'Invalid FilterExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {B:java.nio.HeapByteBuffer[pos=0 lim=1 cap=1]}, upper bound operand: AttributeValue: {B:java.nio.HeapByteBuffer[pos=0 lim=2 cap=2]}',
    );
    await agree(query({ sort: { op: 'between', value: 'é\uD800', to: '\uD83D' } }));
    // The filter is checked first, then the projection, then the key condition.
    await refused(
      query({
        partition: '',
        sort: { op: 'between', value: 'b', to: 'a' },
        projection: ['a', 'a'],
        filter: [{ attribute: 'b', op: '<', value: false }],
      }),
      wrong('<', 'BOOL'),
    );
    await agree(
      query({ partition: '', sort: { op: 'between', value: 'b', to: 'a' }, projection: ['a', 'a'] }),
    );
    await agree(query({ partition: '', sort: { op: 'between', value: 'b', to: 'a' } }));
    // = and contains take any type: they match nothing here.
    expect(await agree(query({ filter: [{ attribute: 'b', op: '=', value: true }] }))).toMatchObject({
      count: 0,
    });
  });

  it('two overlapping projection paths', async () => {
    const overlap =
      'Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]';
    await refused(query({ projection: ['a', 'a'] }), overlap);
    await refused(
      { operation: 'GetItem', partition: 'p1', sort: { op: '=', value: 'a' }, projection: ['a', 'a'] },
      overlap,
    );
  });

  it('string-set samples with duplicate members: validate refuses them, as DynamoDB refuses the item', async () => {
    const duplicated = { ...samples[0], tags: ['x', 'x'] };
    const result = validateDesign({ ...EDGES_DESIGN, items: { Thing: [duplicated] } });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.map((p) => p.path)).toEqual(['items.Thing[0].tags[1]']);
    const put = execute(client, 'PutItem', {
      TableName: namespacedTable(prefix, design.table.name),
      Item: { PK: { S: 'p1' }, SK: { S: 'dup' }, tags: { SS: ['x', 'x'] } },
    });
    await expect(put).rejects.toThrow(DynamoRequestError);
    await expect(put).rejects.toThrow('Input collection [x, x] contains duplicates');
  });
});

describe('answers agree with DynamoDB Local', () => {
  it('begins_with with a prefix that is not well-formed UTF-16 (a lone surrogate is "?")', async () => {
    for (const value of ['a\uD83D', 'a\uDE00', 'a?', 'a\uD83D\uDE00', '\uDE00']) {
      await agree(query({ sort: { op: 'begins_with', value } }));
      await agree(query({ filter: [{ attribute: 'b', op: 'begins_with', value }] }));
    }
    // DynamoDB Local checks page ends and start keys against the prefix as sent: no LastEvaluatedKey at
    // Limit, and a start key is refused unless it begins with that text.
    const atLimit = query({ sort: { op: 'begins_with', value: 'a\uD83D' }, limit: 1 });
    expect(await agree(atLimit)).not.toHaveProperty('lastEvaluatedKey');
    await refused(
      { ...atLimit, exclusiveStartKey: { PK: 'p1', SK: 'a?b' } },
      'The provided starting key does not match the range key predicate',
    );
    await agree({ ...atLimit, exclusiveStartKey: { PK: 'p1', SK: 'a\uD83Dz' } });
    const page = (await agree(query({ sort: { op: 'begins_with', value: 'a\uD83D' } }))) as ReadResult;
    expect(page.items.map((i) => i.SK)).toEqual(['a?b']);
  });

  it('filters on binary attributes (the operand goes as B)', async () => {
    const bin = [
      { attribute: 'bin', op: '=' as const, value: b64([1, 0xfe]), type: 'B' as const },
      { attribute: 'bin', op: 'begins_with' as const, value: b64([2]), type: 'B' as const },
      { attribute: 'bin', op: 'between' as const, value: b64([1]), to: b64([2, 0xff]), type: 'B' as const },
      { attribute: 'bin', op: '<' as const, value: b64([1, 0xff]), type: 'B' as const },
    ];
    const counts = [];
    for (const clause of bin) counts.push(((await agree(query({ filter: [clause] }))) as ReadResult).count);
    expect(counts).toEqual([1, 2, 4, 5]);
  });

  it('Scan of an LSI with equal LSI sort keys, whole and page by page', async () => {
    const whole = (await agree({ operation: 'Scan', index: 'ByL' })) as ReadResult;
    expect(whole.items.filter((i) => i.l === 'same').map((i) => i.SK)).toEqual(['a', 'a😀', 'c', 'x', 'é']);
    let exclusiveStartKey: PlainItem | undefined;
    const paged: unknown[] = [];
    do {
      const page = (await agree({
        operation: 'Scan',
        index: 'ByL',
        limit: 2,
        exclusiveStartKey,
      })) as ReadResult;
      paged.push(...page.items);
      exclusiveStartKey = page.lastEvaluatedKey;
    } while (exclusiveStartKey);
    expect(paged).toEqual(whole.items);
  });

  it('a hash-only table paged with Limit 1 (the last page of a Query has no LastEvaluatedKey)', async () => {
    const hashOnly = designOf({
      format: 'keyplan/1',
      name: 'HashOnly',
      table: { name: 'HashOnly', partitionKey: { name: 'PK', type: 'S' } },
      entities: [{ name: 'H', attributes: [{ name: 'k', type: 'S', required: true }], keys: { PK: '{k}' } }],
      items: { H: ['a', 'b', 'c'].map((k) => ({ k })) },
    });
    await applyForSession(client, prefix, hashOnly, {});
    const hashViews = buildViewsFor(hashOnly);
    const one = await agree({ operation: 'Query', partition: 'a', limit: 1 }, hashOnly, hashViews);
    expect(one).not.toHaveProperty('lastEvaluatedKey');
    let exclusiveStartKey: PlainItem | undefined;
    let pages = 0;
    do {
      const page = (await agree(
        { operation: 'Scan', limit: 1, exclusiveStartKey },
        hashOnly,
        hashViews,
      )) as ReadResult;
      exclusiveStartKey = page.lastEvaluatedKey;
      pages++;
    } while (exclusiveStartKey);
    // A Scan at Limit does not look ahead: three items, then an empty page.
    expect(pages).toBe(4);
  });

  it('an ExclusiveStartKey equal to the closing bound of the range is refused', async () => {
    const outside = 'The provided starting key does not match the range key predicate';
    const at = (SK: string) => ({ PK: 'p1', SK });
    await refused(query({ sort: { op: '<=', value: 'k' }, exclusiveStartKey: at('k') }), outside);
    await refused(
      query({ sort: { op: 'between', value: 'b', to: 'k' }, exclusiveStartKey: at('k') }),
      outside,
    );
    await refused(
      query({
        sort: { op: 'between', value: 'b', to: 'k' },
        scanIndexForward: false,
        exclusiveStartKey: at('b'),
      }),
      outside,
    );
    await refused(
      query({ sort: { op: '>=', value: 'b' }, scanIndexForward: false, exclusiveStartKey: at('b') }),
      outside,
    );
    // A start key in another partition, in DynamoDB Local's words.
    await refused(query({ exclusiveStartKey: { PK: 'p2', SK: 'a' } }), outside);
    await refused(
      query({ index: 'Keys', partition: 'g1', exclusiveStartKey: { PK: 'p1', SK: 'a', GPK: 'g2' } }),
      outside,
    );
    // The start key is checked before a filter on a key attribute.
    await refused(
      query({
        sort: { op: '<=', value: 'k' },
        exclusiveStartKey: at('k'),
        filter: [{ attribute: 'SK', op: '=', value: 'a' }],
      }),
      outside,
    );
    // The opening bound, "=" and an index's bound are fine.
    await agree(query({ sort: { op: 'between', value: 'b', to: 'k' }, exclusiveStartKey: at('b') }));
    await agree(query({ sort: { op: '=', value: 'k' }, exclusiveStartKey: at('k') }));
    await agree(
      query({
        index: 'ByL',
        sort: { op: '<=', value: 'same' },
        exclusiveStartKey: { PK: 'p1', SK: 'c', l: 'same' },
      }),
    );
  });
});

describe('where DynamoDB Local departs from what AWS documents', () => {
  it('a filtered Query counts 1 MB after its filter on Local: the evaluator follows AWS, the run check says why', async () => {
    const big = designOf({
      format: 'keyplan/1',
      name: 'Big',
      table: {
        name: 'Big',
        partitionKey: { name: 'PK', type: 'S' },
        sortKey: { name: 'SK', type: 'N' },
        globalSecondaryIndexes: [
          { name: 'ByKeep', partitionKey: { name: 'GPK', type: 'S' }, projection: { type: 'KEYS_ONLY' } },
        ],
      },
      entities: [
        {
          name: 'Row',
          attributes: [
            { name: 'n', type: 'N', required: true },
            { name: 'pad', type: 'S' },
            { name: 'keep', type: 'BOOL' },
          ],
          keys: { PK: 'P', SK: '{n}', GPK: 'G' },
        },
      ],
      items: {
        Row: Array.from({ length: 8 }, (_, n) => ({ n, pad: 'x'.repeat(300_000), keep: n % 2 === 0 })),
      },
    });
    await applyForSession(client, prefix, big, {});
    const bigViews = buildViewsFor(big);
    const spec: ReadSpec = {
      operation: 'Query',
      partition: 'P',
      filter: [{ attribute: 'keep', op: '=', value: true }],
      projection: ['n'],
    };
    const real = (await realOutcome(client, big, prefix, spec)) as ReadResult;
    const aws = predictedOutcome(big, bigViews, spec) as ReadResult;
    const local = localPage(big, bigViews, spec);
    expect(aws).not.toEqual(real);
    expect(local?.result).toEqual(real);
    const comparison = compareRunToPrediction(aws, real, { keyNames: ['PK', 'SK'], local });
    expect(comparison.known).toBe(`DynamoDB Local differs here (known): ${LOCAL_PAGE_AFTER_FILTER}`);
    // A Scan counts 1 MB before its filter on Local too: no difference there.
    const scan: ReadSpec = { ...spec, operation: 'Scan', partition: undefined };
    expect(predictedOutcome(big, bigViews, scan)).toEqual(await realOutcome(client, big, prefix, scan));

    // Reads of a KEYS_ONLY index: Local ends the 1 MB page by the table items' full size (4 of 300 KB),
    // DynamoDB by the index entries (all 8 fit).
    for (const read of [
      { operation: 'Query', index: 'ByKeep', partition: 'G' },
      { operation: 'Scan', index: 'ByKeep' },
    ] satisfies ReadSpec[]) {
      const onLocal = (await realOutcome(client, big, prefix, read)) as ReadResult;
      const predicted = predictedOutcome(big, bigViews, read) as ReadResult;
      expect(predicted).toMatchObject({ count: 8, scannedCount: 8 });
      expect(onLocal).toMatchObject({ count: 4, scannedCount: 4 });
      const known = localPage(big, bigViews, read);
      expect(known?.result).toEqual(onLocal);
      expect(compareRunToPrediction(predicted, onLocal, { keyNames: ['PK', 'SK'], local: known }).known).toBe(
        `DynamoDB Local differs here (known): ${LOCAL_INDEX_PAGE}`,
      );
    }
  }, 60_000);
});
