// Capacity of one request, on a bare table whose items are padded to exact sizes. The AWS worked examples
// are quoted from the developer guide: "Global secondary indexes" (GSI.html, Read capacity units) and
// "DynamoDB read and write operations" (read-write-operations.html).
import { describe, expect, it } from 'vitest';
import { buildViewsFor } from '../indexes/views.ts';
import type { AccessPattern, Design } from '../model/schema.ts';
import { paddedDesign as design, type Thing } from '../test-support/analysis-designs.ts';
import { estimatePattern } from './estimate.ts';

const KB = 1024;
const many = (n: number, bytes: number, extra: Partial<Thing> = {}) =>
  Array.from({ length: n }, (_, i) => ({ id: `t${String(i).padStart(2, '0')}`, bytes, ...extra }));
const query = (
  partition: string,
  rest: Partial<Extract<AccessPattern, { operation: 'Query' }>> = {},
): AccessPattern => ({
  id: 'q',
  name: 'q',
  operation: 'Query',
  keyCondition: { partition },
  ...rest,
});
const estimate = (d: Design, id = 'q') =>
  estimatePattern(d, d.accessPatterns.find((p) => p.id === id)!, buildViewsFor(d));

describe('read estimates', () => {
  it('GSI.html: "the query returns 8 items … 2000 bytes × 8 items = 16,000 bytes … rounded up … 0.5 × (16 KB / 4 KB), or 2 read capacity units"', () => {
    const d = design(many(8, 2000, { tag: 'a' }), [query('TAG#a', { index: 'GSI1' })]);
    const e = estimate(d);
    expect([e.itemsRead, e.bytesRead, e.rcu]).toEqual([8, 16_000, 2]);
    expect(e.perIndex).toEqual([
      { target: 'table', units: 0 },
      { target: 'GSI1', units: 2 },
    ]);
    expect(e.explanation.join(' ')).toMatch(/a GSI is always/);
  });

  it('"your query returns 10 items whose combined size is 40.8 KB. DynamoDB rounds … to 44 KB"', () => {
    const d = design(many(10, 4178), [
      query('G#g', { consistentRead: true }),
      query('G#g', { id: 'eventual' }),
    ]);
    expect([estimate(d).bytesRead, estimate(d).rcu]).toEqual([41_780, 11]);
    expect(estimate(d, 'eventual').rcu).toBe(5.5);
  });

  it('charges a GetItem per item rounded up, and one unit for a key that holds nothing', () => {
    const get = (id: string, consistentRead = false): AccessPattern => ({
      id,
      name: id,
      operation: 'GetItem',
      keyCondition: { partition: 'G#g', sort: { op: '=', value: `T#${id}` } },
      consistentRead,
    });
    const d = design([{ id: 'big', bytes: 4 * KB + 1 }], [get('big', true), get('none')]);
    expect(estimate(d, 'big').rcu).toBe(2);
    expect([estimate(d, 'none').rcu, estimate(d, 'none').itemsRead]).toEqual([0.5, 0]);
  });

  it('charges every item a filter reads, and stops at Limit', () => {
    const filter = [{ attribute: 'body', op: 'begins_with' as const, value: 'zzz' }];
    const d = design(many(3, 3000), [query('G#g', { filter }), query('G#g', { id: 'limited', limit: 1 })]);
    const filtered = estimate(d);
    expect([filtered.itemsRead, filtered.rcu]).toEqual([3, 1.5]);
    expect(filtered.explanation.join(' ')).toMatch(/keeps 0 of them/);
    expect([estimate(d, 'limited').itemsRead, estimate(d, 'limited').rcu]).toEqual([1, 0.5]);
  });

  it('estimates the page a run asks for: another Limit, or the page after a key', () => {
    const d = design(many(3, 3000), [query('G#g')]);
    const pattern = d.accessPatterns[0];
    const views = buildViewsFor(d);
    const first = estimatePattern(d, pattern, views, { limit: 1 });
    expect([first.itemsRead, first.rcu]).toEqual([1, 0.5]);
    const rest = estimatePattern(d, pattern, views, { exclusiveStartKey: { PK: 'G#g', SK: 'T#t00' } });
    expect([rest.itemsRead, rest.rcu]).toEqual([2, 1]);
  });

  it('adds a table read per item when an LSI query needs attributes the LSI does not project', () => {
    const d = design(many(4, 1000), [
      query('G#g', { index: 'LSI1', projection: ['body'], consistentRead: true }),
    ]);
    const e = estimate(d);
    expect(e.perIndex).toEqual([
      { target: 'table', units: 4 },
      { target: 'LSI1', units: 1 },
    ]);
  });

  it('charges a Query that finds nothing one unit, which DynamoDB Local reports as 0', () => {
    const e = estimate(design([], [query('G#nobody')]));
    expect(e.rcu).toBe(0.5);
    expect(e.dynamodbLocal?.total).toBe(0);
  });

  it('rounds each item of a BatchGetItem and doubles a TransactGetItems, missing keys included', () => {
    const gets = (operation: 'BatchGetItem' | 'TransactGetItems'): AccessPattern => ({
      id: operation,
      name: operation,
      operation,
      gets: [
        { entity: 'Thing', key: { partition: 'G#g', sort: 'T#a' } },
        { entity: 'Thing', key: { partition: 'G#g', sort: 'T#b' } },
        { entity: 'Thing', key: { partition: 'G#g', sort: 'T#none' } },
      ],
    });
    const d = design(
      [
        { id: 'a', bytes: 1.5 * KB },
        { id: 'b', bytes: 6.5 * KB },
      ],
      [gets('BatchGetItem'), gets('TransactGetItems')],
    );
    const batch = estimate(d, 'BatchGetItem');
    expect([batch.itemsRead, batch.rcu, batch.dynamodbLocal?.total]).toEqual([2, 2, 1.5]);
    expect(batch.dynamodbLocal?.reason).toMatch(/amazon-dynamodb-local-samples#7/);
    const transact = estimate(d, 'TransactGetItems');
    expect([transact.rcu, transact.dynamodbLocal]).toEqual([8, undefined]);
  });
});

describe('write estimates', () => {
  type Unnamed<T> = T extends unknown ? Omit<T, 'id' | 'name'> : never;
  type Write = Unnamed<Extract<AccessPattern, { operation: 'PutItem' | 'UpdateItem' | 'DeleteItem' }>>;
  const write = (id: string, pattern: Write) => ({ id, name: id, ...pattern }) as AccessPattern;

  it('charges a new item to the table and to each index it enters, by the size of the entry', () => {
    const put = write('put', {
      operation: 'PutItem',
      entity: 'Thing',
      example: { group: 'g', id: 'n', body: 'x'.repeat(1000), tag: 'a', rank: 'r' },
    });
    const e = estimate(design([], [put]), 'put');
    expect(e.bytesWritten).toBeGreaterThan(KB);
    expect(e.perIndex).toEqual([
      { target: 'table', units: 2 },
      { target: 'GSI1', units: 2 },
      { target: 'GSI2', units: 1 },
      { target: 'LSI1', units: 1 },
    ]);
    expect(e.wcu).toBe(6);
  });

  it('"the item size that matters is the larger of the two" when a put replaces an item', () => {
    const put = write('put', {
      operation: 'PutItem',
      entity: 'Thing',
      example: { group: 'g', id: 'old', body: 'small' },
    });
    const e = estimate(design([{ id: 'old', bytes: 3000 }], [put]), 'put');
    expect(e.perIndex[0]).toEqual({ target: 'table', units: 3 });
  });

  it('charges an index key change as delete + put, a projected change once, an unprojected change nothing', () => {
    const d = design(
      [{ id: 'a', bytes: 500, tag: 'old', rank: 'r' }],
      [
        write('retag', {
          operation: 'UpdateItem',
          entity: 'Thing',
          set: ['tag'],
          example: { group: 'g', id: 'a', tag: 'new' },
        }),
        write('rewrite', {
          operation: 'UpdateItem',
          entity: 'Thing',
          set: ['body'],
          example: { group: 'g', id: 'a', body: 'y' },
        }),
      ],
    );
    expect(estimate(d, 'retag').perIndex).toEqual([
      { target: 'table', units: 1 },
      { target: 'GSI1', units: 2 },
    ]);
    expect(estimate(d, 'rewrite').perIndex).toEqual([
      { target: 'table', units: 1 },
      { target: 'GSI1', units: 1 },
    ]);
  });

  it('charges a delete by the deleted item, and a missing item or a failed condition one table write', () => {
    const d = design(
      [{ id: 'a', bytes: 2500, tag: 't' }],
      [
        write('delete', { operation: 'DeleteItem', entity: 'Thing', example: { group: 'g', id: 'a' } }),
        write('gone', { operation: 'DeleteItem', entity: 'Thing', example: { group: 'g', id: 'zz' } }),
        write('create', {
          operation: 'PutItem',
          entity: 'Thing',
          condition: 'not-exists',
          example: { group: 'g', id: 'a' },
        }),
      ],
    );
    expect(estimate(d, 'delete').perIndex).toEqual([
      { target: 'table', units: 3 },
      { target: 'GSI1', units: 3 },
      { target: 'LSI1', units: 1 },
    ]);
    expect(estimate(d, 'gone').wcu).toBe(1);
    const failed = estimate(d, 'create');
    expect(failed.perIndex).toEqual([{ target: 'table', units: 3 }]);
    expect(failed.explanation[0]).toMatch(/condition fails/);
  });

  it('doubles the table writes of a transaction, not its index writes, and says what DynamoDB Local reports', () => {
    const d = design(
      [],
      [
        {
          id: 'pair',
          name: 'pair',
          operation: 'TransactWriteItems',
          actions: [{ operation: 'PutItem', entity: 'Thing' }],
          example: { group: 'g', id: ['a', 'b'], tag: 't' },
        },
      ],
    );
    const e = estimate(d, 'pair');
    expect(e.perIndex).toEqual([
      { target: 'table', units: 4 },
      { target: 'GSI1', units: 2 },
      { target: 'LSI1', units: 2 },
    ]);
    // Two actions with equal units count once on DynamoDB Local, index writes doubled.
    expect(e.dynamodbLocal?.perIndex).toEqual([
      { target: 'table', units: 2 },
      { target: 'GSI1', units: 2 },
      { target: 'LSI1', units: 2 },
    ]);
    expect(e.explanation.at(-1)).toMatch(/amazon-dynamodb-local-samples#31/);
  });

  it('explains why there is no estimate when the example lacks an argument or a template is half-written', () => {
    const d = design([], [write('put', { operation: 'PutItem', entity: 'Thing', example: { group: 'g' } })]);
    expect(estimate(d, 'put').error).toMatch(/needs argument id/);
    const typing = design([], [query('G#{group')]);
    expect(estimate(typing).error).toMatch(/unclosed "\{"/);
  });
});
