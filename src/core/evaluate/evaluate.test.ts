import { describe, expect, it } from 'vitest';
import { buildViews, buildViewsFor } from '../indexes/views.ts';
import type { Design } from '../model/schema.ts';
import type { ReadResult, ReadSpec } from '../requests/read-spec.ts';
import { onlineStore, tableDesign, things } from '../test-support/index-fixtures.ts';
import type { PlainItem } from '../values/item.ts';
import { EvaluationError, evaluateRead } from './evaluate.ts';

const store = onlineStore();
const storeViews = buildViewsFor(store);
const read = (spec: ReadSpec) => evaluateRead(store, storeViews, spec);

/** Every page of a read, following LastEvaluatedKey until a page has none. */
function allPages(design: Design, views: ReturnType<typeof buildViews>, spec: ReadSpec): ReadResult[] {
  const pages: ReadResult[] = [];
  let exclusiveStartKey: PlainItem | undefined;
  do {
    const page = evaluateRead(design, views, { ...spec, exclusiveStartKey });
    pages.push(page);
    exclusiveStartKey = page.lastEvaluatedKey;
  } while (exclusiveStartKey && pages.length < 1000);
  return pages;
}

// One partition 'p' with sort keys a…e, each with a number n.
const letters = tableDesign({ partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'SK', type: 'S' } });
const letterViews = buildViews(
  letters,
  things(['c', 'a', 'e', 'b', 'd'].map((sk, i) => ({ PK: 'p', SK: sk, n: i }))),
);
const sortKeys = (spec: Omit<ReadSpec, 'operation' | 'partition'>) =>
  evaluateRead(letters, letterViews, { operation: 'Query', partition: 'p', ...spec }).items.map((i) => i.SK);

describe('GetItem', () => {
  it('reads one item by its full key, with the projection applied', () => {
    const found = read({
      operation: 'GetItem',
      partition: 'CUSTOMER#c1',
      sort: { op: '=', value: 'PROFILE' },
    });
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({ name: 'Ana Torres', entityType: 'Customer' });
    expect(found.count).toBe(1);
    const projected = read({
      operation: 'GetItem',
      partition: 'CUSTOMER#c1',
      sort: { op: '=', value: 'PROFILE' },
      projection: ['name', 'nope'],
    });
    expect(projected.items).toEqual([{ name: 'Ana Torres' }]);
  });

  it('returns nothing for a missing key, and rejects a partial key', () => {
    expect(
      read({ operation: 'GetItem', partition: 'CUSTOMER#c9', sort: { op: '=', value: 'PROFILE' } }),
    ).toEqual({
      items: [],
      count: 0,
      scannedCount: 0,
    });
    expect(() => read({ operation: 'GetItem', partition: 'CUSTOMER#c1' })).toThrow(
      'The provided key element does not match the schema',
    );
  });
});

describe('Query: key conditions', () => {
  it('answers every sort key operator by binary search', () => {
    expect(sortKeys({})).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(sortKeys({ sort: { op: '=', value: 'c' } })).toEqual(['c']);
    expect(sortKeys({ sort: { op: '=', value: 'cc' } })).toEqual([]);
    expect(sortKeys({ sort: { op: '<', value: 'c' } })).toEqual(['a', 'b']);
    expect(sortKeys({ sort: { op: '<=', value: 'c' } })).toEqual(['a', 'b', 'c']);
    expect(sortKeys({ sort: { op: '>', value: 'c' } })).toEqual(['d', 'e']);
    expect(sortKeys({ sort: { op: '>=', value: 'c' } })).toEqual(['c', 'd', 'e']);
    expect(sortKeys({ sort: { op: 'between', value: 'b', to: 'd' } })).toEqual(['b', 'c', 'd']);
    expect(sortKeys({ sort: { op: 'between', value: 'bb', to: 'c' } })).toEqual(['c']);
    expect(sortKeys({ sort: { op: 'begins_with', value: 'd' } })).toEqual(['d']);
    expect(sortKeys({ sort: { op: '>', value: 'z' } })).toEqual([]);
  });

  it('reverses with ScanIndexForward=false', () => {
    expect(sortKeys({ scanIndexForward: false })).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(sortKeys({ scanIndexForward: false, sort: { op: '<=', value: 'c' } })).toEqual(['c', 'b', 'a']);
  });

  it("lists a customer's orders newest first (the example's customer-orders pattern)", () => {
    const result = read({
      operation: 'Query',
      partition: 'CUSTOMER#c1',
      sort: { op: 'begins_with', value: 'ORDER#' },
      scanIndexForward: false,
    });
    expect(result.items.map((i) => i.orderId)).toEqual(['o101', 'o100']);
    expect(result).toMatchObject({ count: 2, scannedCount: 2 });
    expect(result.lastEvaluatedKey).toBeUndefined();
  });

  it('reads a GSI partition in index sort key order', () => {
    const result = read({ operation: 'Query', index: 'GSI1', partition: 'STATUS#PLACED' });
    expect(result.items.map((i) => i.orderId)).toEqual(['o100', 'o102']);
  });

  it('returns nothing for an unknown partition', () => {
    expect(read({ operation: 'Query', partition: 'CUSTOMER#nobody' })).toEqual({
      items: [],
      count: 0,
      scannedCount: 0,
    });
  });

  it('orders begins_with over non-ASCII keys by UTF-8 bytes', () => {
    const keys = ['e', 'é', 'éa', 'éz', 'ê', '\uFFFF', '\uFFFFa', '\u{10000}', '\u{1F600}', 'f'];
    const design = tableDesign({
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
    });
    const views = buildViews(design, things(keys.map((SK) => ({ PK: 'p', SK }))));
    const q = (sort: ReadSpec['sort']) =>
      evaluateRead(design, views, { operation: 'Query', partition: 'p', sort }).items.map((i) => i.SK);
    expect(q(undefined)).toEqual([
      'e',
      'f',
      'é',
      'éa',
      'éz',
      'ê',
      '\uFFFF',
      '\uFFFFa',
      '\u{10000}',
      '\u{1F600}',
    ]);
    expect(q({ op: 'begins_with', value: 'é' })).toEqual(['é', 'éa', 'éz']);
    expect(q({ op: 'begins_with', value: '\uFFFF' })).toEqual(['\uFFFF', '\uFFFFa']);
    expect(q({ op: '>', value: '\uFFFFa' })).toEqual(['\u{10000}', '\u{1F600}']);
  });

  it('orders N sort keys numerically and accepts numeric strings as values', () => {
    const design = tableDesign({
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'at', type: 'N' },
    });
    const views = buildViews(design, things([100, -5, 2, 0, -1.5, 10].map((at) => ({ PK: 'p', at }))));
    const q = (sort: ReadSpec['sort']) =>
      evaluateRead(design, views, { operation: 'Query', partition: 'p', sort }).items.map((i) => i.at);
    expect(q(undefined)).toEqual([-5, -1.5, 0, 2, 10, 100]);
    expect(q({ op: 'between', value: -2, to: '1e1' })).toEqual([-1.5, 0, 2, 10]);
    expect(q({ op: '<', value: 0 })).toEqual([-5, -1.5]);
    expect(() => q({ op: 'begins_with', value: 1 })).toThrow(
      /operator or function: begins_with, operand type: N/,
    );
  });

  it('rejects what DynamoDB rejects', () => {
    expect(() => sortKeys({ sort: { op: 'between', value: 'd', to: 'b' } })).toThrow(
      /BETWEEN operator requires upper bound to be greater than or equal to lower bound/,
    );
    expect(() => read({ operation: 'Query', partition: 7 })).toThrow(
      /Condition parameter type does not match schema type/,
    );
    expect(() => read({ operation: 'Query' })).toThrow('Query condition missed key schema element: PK');
    expect(() => read({ operation: 'Query', index: 'GSI9', partition: 'x' })).toThrow(
      new EvaluationError('The table does not have the specified index: GSI9'),
    );
    expect(() => read({ operation: 'Query', partition: 'CUSTOMER#c1', limit: 0 })).toThrow(
      /greater than or equal to 1/,
    );
    // A Query filters on non-key attributes only: the keys of the table or index it reads.
    expect(() =>
      read({ operation: 'Query', partition: 'CUSTOMER#c1', filter: [{ attribute: 'SK', op: 'exists' }] }),
    ).toThrow('Filter Expression can only contain non-primary key attributes: Primary key attribute: SK');
    const gsiFilter = read({
      operation: 'Query',
      index: 'GSI1',
      partition: 'STATUS#PLACED',
      filter: [{ attribute: 'SK', op: 'exists' }],
    });
    expect(gsiFilter.count).toBe(2);
  });
});

describe('ConsistentRead', () => {
  it('is an error on a GSI, with DynamoDB’s message, and fine on the table', () => {
    expect(() =>
      read({ operation: 'Query', index: 'GSI1', partition: 'STATUS#PLACED', consistentRead: true }),
    ).toThrow(new EvaluationError('Consistent reads are not supported on global secondary indexes'));
    expect(() => read({ operation: 'Scan', index: 'GSI1', consistentRead: true })).toThrow(EvaluationError);
    expect(read({ operation: 'Query', partition: 'CUSTOMER#c1', consistentRead: true }).count).toBe(3);
  });
});

describe('Limit, filter and paging', () => {
  it('caps the items evaluated, then filters them: count < scannedCount', () => {
    const result = evaluateRead(letters, letterViews, {
      operation: 'Query',
      partition: 'p',
      limit: 3,
      filter: [{ attribute: 'n', op: '<>', value: 3 }], // b
    });
    expect(result.items.map((i) => i.SK)).toEqual(['a', 'c']);
    expect(result).toMatchObject({ count: 2, scannedCount: 3, lastEvaluatedKey: { PK: 'p', SK: 'c' } });
  });

  it('walks every item with Limit 1; the page that reaches the last item still has a LastEvaluatedKey', () => {
    const pages = allPages(letters, letterViews, { operation: 'Query', partition: 'p', limit: 1 });
    expect(pages.map((p) => p.items.map((i) => i.SK).join(''))).toEqual(['a', 'b', 'c', 'd', 'e', '']);
    expect(pages[4].lastEvaluatedKey).toEqual({ PK: 'p', SK: 'e' });
    expect(pages[5]).toEqual({ items: [], count: 0, scannedCount: 0 });
  });

  it('returns a LastEvaluatedKey when Limit equals the number of matching items, none when Limit exceeds it', () => {
    const exact = evaluateRead(letters, letterViews, { operation: 'Query', partition: 'p', limit: 5 });
    expect(exact.lastEvaluatedKey).toEqual({ PK: 'p', SK: 'e' });
    const more = evaluateRead(letters, letterViews, { operation: 'Query', partition: 'p', limit: 6 });
    expect(more.lastEvaluatedKey).toBeUndefined();
  });

  it('pages backwards and within a key condition', () => {
    const pages = allPages(letters, letterViews, {
      operation: 'Query',
      partition: 'p',
      limit: 2,
      scanIndexForward: false,
      sort: { op: '>=', value: 'b' },
    });
    // The second page stops on the bound it reads towards ("b"), so it has no LastEvaluatedKey.
    expect(pages.map((p) => p.items.map((i) => i.SK).join(''))).toEqual(['ed', 'cb']);
  });

  it('sets a LastEvaluatedKey at Limit unless the page ends on the inclusive bound, as DynamoDB Local does', () => {
    const lek = (spec: Partial<ReadSpec>) =>
      evaluateRead(letters, letterViews, { operation: 'Query', partition: 'p', ...spec }).lastEvaluatedKey
        ?.SK;
    expect(lek({ limit: 3, sort: { op: 'between', value: 'a', to: 'c' } })).toBeUndefined();
    expect(lek({ limit: 3, sort: { op: 'between', value: 'a', to: 'cc' } })).toBe('c');
    expect(
      lek({ limit: 3, sort: { op: 'between', value: 'c', to: 'e' }, scanIndexForward: false }),
    ).toBeUndefined();
    expect(lek({ limit: 3, sort: { op: '<=', value: 'c' } })).toBeUndefined();
    expect(lek({ limit: 1, sort: { op: '=', value: 'c' } })).toBe('c');
    expect(lek({ limit: 1, sort: { op: 'begins_with', value: 'a' } })).toBe('a');
  });

  it('puts the table and index keys in a GSI LastEvaluatedKey, and continues after it', () => {
    const first = read({ operation: 'Query', index: 'GSI1', partition: 'STATUS#PLACED', limit: 1 });
    expect(first.lastEvaluatedKey).toEqual({
      PK: 'CUSTOMER#c1',
      SK: 'ORDER#2026-10-08T14:30:00Z#o100',
      GSI1PK: 'STATUS#PLACED',
      GSI1SK: '2026-10-08T14:30:00Z',
    });
    const next = read({
      operation: 'Query',
      index: 'GSI1',
      partition: 'STATUS#PLACED',
      exclusiveStartKey: first.lastEvaluatedKey,
    });
    expect(next.items.map((i) => i.orderId)).toEqual(['o102']);
  });

  it('continues after a start key among GSI sort key ties', () => {
    const design = tableDesign({
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      globalSecondaryIndexes: [
        { name: 'ByDay', partitionKey: { name: 'kind', type: 'S' }, sortKey: { name: 'day', type: 'N' } },
      ],
    });
    const views = buildViews(
      design,
      things(['d', 'a', 'c', 'b'].map((PK) => ({ PK, SK: 's', kind: 'k', day: 1 }))),
    );
    const whole = evaluateRead(design, views, { operation: 'Query', index: 'ByDay', partition: 'k' });
    const pages = allPages(design, views, { operation: 'Query', index: 'ByDay', partition: 'k', limit: 1 });
    expect(pages.flatMap((p) => p.items)).toEqual(whole.items);
    expect(whole.count).toBe(4);
  });

  it('rejects a start key of the wrong shape or outside the query', () => {
    expect(() => sortKeys({ exclusiveStartKey: { PK: 'p' } })).toThrow(
      /The provided starting key is invalid/,
    );
    expect(() => sortKeys({ exclusiveStartKey: { PK: 'q', SK: 'a' } })).toThrow(
      /does not match the range key predicate/,
    );
    expect(() =>
      sortKeys({ exclusiveStartKey: { PK: 'p', SK: 'a' }, sort: { op: '>', value: 'b' } }),
    ).toThrow('The provided starting key does not match the range key predicate');
  });

  it('ends a page once the evaluated items reach 1 MB', () => {
    const big = 'x'.repeat(350_000);
    const views = buildViews(letters, things(['a', 'b', 'c', 'd', 'e'].map((SK) => ({ PK: 'p', SK, big }))));
    const pages = allPages(letters, views, { operation: 'Query', partition: 'p' });
    // 3 × (350,000 + 9 bytes of names and keys) ≥ 1,048,576: the third item ends the first page, as on
    // DynamoDB Local (which also ends it at the fourth of 349,500-byte items, 3 × 349,509 < 1,048,576).
    expect(pages.map((p) => p.items.map((i) => i.SK).join(''))).toEqual(['abc', 'de']);
    expect(pages[0].lastEvaluatedKey).toEqual({ PK: 'p', SK: 'c' });
    expect(pages[1].lastEvaluatedKey).toBeUndefined();
    // Unlike at Limit, a page that reaches 1 MB with the last item has no LastEvaluatedKey (DynamoDB Local).
    const three = buildViews(letters, things(['a', 'b', 'c'].map((SK) => ({ PK: 'p', SK, big }))));
    const whole = evaluateRead(letters, three, { operation: 'Query', partition: 'p' });
    expect(whole.count).toBe(3);
    expect(whole.lastEvaluatedKey).toBeUndefined();
    expect(evaluateRead(letters, three, { operation: 'Scan' }).lastEvaluatedKey).toBeUndefined();
    // The filter does not shrink what is read: 1 MB counts items before the filter.
    const filtered = evaluateRead(letters, views, {
      operation: 'Query',
      partition: 'p',
      filter: [{ attribute: 'big', op: 'begins_with', value: 'y' }],
    });
    expect(filtered).toMatchObject({ count: 0, scannedCount: 3 });
  });
});

describe('Scan', () => {
  it('reads every item of the table, and pages through them all', () => {
    const all = read({ operation: 'Scan' });
    expect(all).toMatchObject({ count: 9, scannedCount: 9 });
    const pages = allPages(store, storeViews, { operation: 'Scan', limit: 2 });
    expect(pages.flatMap((p) => p.items)).toEqual(all.items);
    // 9 items, Limit 2: the fifth page holds one item and, short of the Limit, no LastEvaluatedKey.
    expect(pages.map((p) => p.count)).toEqual([2, 2, 2, 2, 1]);
    expect(pages[4].lastEvaluatedKey).toBeUndefined();
  });

  // Observed on DynamoDB Local 2026-05-28 (see local-order.ts).
  it('reads table and LSI partitions in DynamoDB Local’s hash order, GSI partitions in key order', () => {
    const scanDesign = tableDesign({
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      globalSecondaryIndexes: [
        { name: 'GSI1', partitionKey: { name: 'G', type: 'S' }, sortKey: { name: 'GS', type: 'S' } },
      ],
      localSecondaryIndexes: [{ name: 'LSI1', sortKey: { name: 'L', type: 'S' } }],
    });
    const rows = [
      ['alpha', 'b', 'g1', '2'],
      ['alpha', 'a', 'g2', '1'],
      ['beta', 'a', 'g1', '1'],
      ['Zed', 'q', 'g3', '1'],
      ['中', 'a', 'g2', '0'],
      ['é', 'x', 'é', '1'],
      ['b', '1', 'g1', '1'],
      ['c', '1', 'Z', '1'],
    ];
    const scanViews = buildViews(
      scanDesign,
      things(rows.map(([PK, SK, G, GS]) => ({ PK, SK, G, GS, L: GS }))),
    );
    const scan = (index?: string) => evaluateRead(scanDesign, scanViews, { operation: 'Scan', index }).items;
    expect(scan().map((i) => `${i.PK}/${i.SK}`)).toEqual([
      '中/a',
      'beta/a',
      'b/1',
      'Zed/q',
      'c/1',
      'alpha/a',
      'alpha/b',
      'é/x',
    ]);
    expect(scan('GSI1').map((i) => `${i.G}/${i.GS}:${i.PK}/${i.SK}`)).toEqual([
      'Z/1:c/1',
      'g1/1:beta/a',
      'g1/1:b/1',
      'g1/2:alpha/b',
      'g2/0:中/a',
      'g2/1:alpha/a',
      'g3/1:Zed/q',
      'é/1:é/x',
    ]);
    expect(scan('LSI1').map((i) => `${i.PK}/${i.L}`)).toEqual([
      '中/0',
      'beta/1',
      'b/1',
      'Zed/1',
      'c/1',
      'alpha/1',
      'alpha/2',
      'é/1',
    ]);
  });

  it('scans a sparse GSI: only what it holds', () => {
    const result = read({
      operation: 'Scan',
      index: 'GSI1',
      filter: [{ attribute: 'total', op: '>', value: 20 }],
    });
    expect(result.items.map((i) => i.orderId)).toEqual(['o100', 'o102']);
    expect(result).toMatchObject({ count: 2, scannedCount: 3 });
  });
});

describe('index projections', () => {
  it('returns only what a KEYS_ONLY GSI holds, and refuses to project or filter on anything else', () => {
    const design = onlineStore((doc) => {
      doc.table.globalSecondaryIndexes[0].projection = { type: 'KEYS_ONLY' };
    });
    const views = buildViewsFor(design);
    const spec: ReadSpec = { operation: 'Query', index: 'GSI1', partition: 'STATUS#SHIPPED' };
    const result = evaluateRead(design, views, { ...spec, projection: ['GSI1SK'] });
    expect(result.items).toEqual([{ GSI1SK: '2026-10-12T09:05:00Z' }]);
    expect(() => evaluateRead(design, views, { ...spec, projection: ['total', 'GSI1SK', 'note'] })).toThrow(
      'One or more parameter values were invalid: Global secondary index GSI1 does not project [note, total]',
    );
    expect(() =>
      evaluateRead(design, views, { ...spec, filter: [{ attribute: 'total', op: '>', value: 1 }] }),
    ).toThrow(
      'One or more parameter values were invalid: Secondary index GSI1 does not project one or more filter attributes: [total]',
    );
  });

  it('fetches what an LSI does not project from the table when a projection names it; a filter on it is refused', () => {
    const design = tableDesign({
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      localSecondaryIndexes: [
        { name: 'ByRank', sortKey: { name: 'rank', type: 'N' }, projection: { type: 'KEYS_ONLY' } },
      ],
    });
    const views = buildViews(
      design,
      things([
        { PK: 'p', SK: 'x', rank: 2, note: 'two' },
        { PK: 'p', SK: 'y', rank: 1, note: 'one' },
      ]),
    );
    const q = (spec: Partial<ReadSpec>) =>
      evaluateRead(design, views, {
        operation: 'Query',
        index: 'ByRank',
        partition: 'p',
        consistentRead: true,
        ...spec,
      });
    expect(q({}).items).toEqual([
      { PK: 'p', SK: 'y', rank: 1 },
      { PK: 'p', SK: 'x', rank: 2 },
    ]);
    expect(q({ projection: ['note'] }).items).toEqual([{ note: 'one' }, { note: 'two' }]);
    // DynamoDB Local refuses it (AWS documents the fetch for the attributes a query returns, not filters).
    expect(() => q({ filter: [{ attribute: 'note', op: '=', value: 'two' }] })).toThrow(
      'Secondary index ByRank does not project one or more filter attributes: [note]',
    );
  });
});

describe('where DynamoDB Local is the reference (AWS documents nothing)', () => {
  const design = tableDesign({
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    globalSecondaryIndexes: [
      { name: 'Keys', partitionKey: { name: 'G', type: 'S' }, projection: { type: 'KEYS_ONLY' } },
    ],
    localSecondaryIndexes: [{ name: 'ByL', sortKey: { name: 'L', type: 'S' } }],
  });
  const views = buildViews(
    design,
    things([
      { PK: 'p', SK: 'k', G: 'g', L: 'same', a: 1 },
      { PK: 'p', SK: 'c', G: 'g', L: 'same', a: 2 },
      { PK: 'p', SK: 'x', G: 'g', L: 'other', a: 1 },
      { PK: 'p', SK: 'a', G: 'g', L: 'same', a: 1 },
      { PK: 'p', SK: 'a😀', L: 'z' },
      { PK: 'p', SK: 'a?b', L: 'z' },
    ]),
  );
  const read = (spec: ReadSpec) => evaluateRead(design, views, spec);
  const keys = (result: ReadResult) => result.items.map((i) => i.SK);

  it("evaluates a Scan's filter on the table's item, also for attributes the index does not hold", () => {
    const result = read({
      operation: 'Scan',
      index: 'Keys',
      filter: [{ attribute: 'a', op: '=', value: 1 }],
    });
    expect(result.items).toHaveLength(3);
    expect(result.items.every((item) => !('a' in item))).toBe(true);
  });

  it('scans an LSI partition by its sort key, then the table sort key (a Query orders ties by hash)', () => {
    expect(keys(read({ operation: 'Scan', index: 'ByL' }))).toEqual(['x', 'a', 'c', 'k', 'a?b', 'a😀']);
    const pages = [];
    let exclusiveStartKey: PlainItem | undefined;
    do {
      const page = read({ operation: 'Scan', index: 'ByL', limit: 2, exclusiveStartKey });
      pages.push(...keys(page));
      exclusiveStartKey = page.lastEvaluatedKey;
    } while (exclusiveStartKey);
    expect(pages).toEqual(['x', 'a', 'c', 'k', 'a?b', 'a😀']);
  });

  it('reads a lone surrogate as "?", as DynamoDB Local stores and compares it', () => {
    const prefix = (value: string) =>
      keys(read({ operation: 'Query', partition: 'p', sort: { op: 'begins_with', value } }));
    expect(prefix('a\uD83D')).toEqual(['a?b']);
    expect(prefix('a\uDE00')).toEqual(['a?b']);
    expect(prefix('a\uD83D\uDE00')).toEqual(['a😀']);
  });

  it('refuses a start key on the closing bound of a table Query, and ends a hash-only Query without one', () => {
    const spec: ReadSpec = { operation: 'Query', partition: 'p', sort: { op: '<=', value: 'k' } };
    expect(() => read({ ...spec, exclusiveStartKey: { PK: 'p', SK: 'k' } })).toThrow(
      'The provided starting key does not match the range key predicate',
    );
    expect(keys(read({ ...spec, exclusiveStartKey: { PK: 'p', SK: 'c' } }))).toEqual(['k']);
    const back = { ...spec, sort: { op: 'between' as const, value: 'c', to: 'k' }, scanIndexForward: false };
    expect(() => read({ ...back, exclusiveStartKey: { PK: 'p', SK: 'c' } })).toThrow(
      'does not match the range key predicate',
    );
    const hashOnly = tableDesign({ partitionKey: { name: 'PK', type: 'S' } });
    const one = evaluateRead(hashOnly, buildViews(hashOnly, things([{ PK: 'a' }, { PK: 'b' }])), {
      operation: 'Query',
      partition: 'a',
      limit: 1,
    });
    expect(one).toEqual({ items: [{ PK: 'a' }], count: 1, scannedCount: 1 });
  });
});
