import { unmarshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import type { AccessPattern, Design, SortOperator } from '../model/schema.ts';
import { keyOnlyDesign, naturalKeysDesign } from '../test-support/natural-keys-design.ts';
import {
  BLOB_ENTITY,
  BLOB_TABLE,
  loadDesign,
  onlineStore,
  onlineStoreVariant,
} from '../test-support/request-designs.ts';
import { RequestError } from '../values/request-error.ts';
import { buildAllRequests, buildReadInput, buildRequest } from './build.ts';
import type {
  BatchGetItemInput,
  DeleteItemInput,
  GetItemInput,
  PutItemInput,
  QueryInput,
  ScanInput,
  TransactGetItemsInput,
  TransactWriteItemsInput,
  UpdateItemInput,
} from './inputs.ts';

function pattern(design: Design, id: string): AccessPattern {
  const found = design.accessPatterns.find((p) => p.id === id);
  if (!found) throw new Error(`no pattern ${id}`);
  return found;
}

function build(design: Design, id: string, args?: Record<string, string | number | string[] | number[]>) {
  const p = pattern(design, id);
  return buildRequest(design, p, args ?? p.example ?? {});
}

const ORDER_KEY_ARGS = { customerId: 'c1', createdAt: '2026-10-08T14:30:00Z', orderId: 'o100' };
const ORDER_KEY = { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'ORDER#2026-10-08T14:30:00Z#o100' } };
const PLACE_ORDER_ARGS = {
  ...ORDER_KEY_ARGS,
  status: 'PLACED',
  total: '39.9',
  sku: ['sku-1', 'sku-2'],
  quantity: [2, 1],
};

describe('the online-store example', () => {
  const design = onlineStore();

  it('builds every pattern (place-order, which has no example, from given arguments)', () => {
    for (const p of design.accessPatterns) {
      const built = buildRequest(design, p, p.example ?? PLACE_ORDER_ARGS);
      expect(built.operation).toBe(p.operation);
      expect(built.patternId).toBe(p.id);
      expect(built.input).toBeTypeOf('object');
    }
  });

  it('customer-orders: a Query on the table, newest first', () => {
    const built = build(design, 'customer-orders');
    const input = built.input as QueryInput;
    expect(input.TableName).toBe('AppTable');
    expect(input.IndexName).toBeUndefined();
    expect(input.KeyConditionExpression).toBe('PK = :pk AND begins_with(SK, :sk)');
    expect(input.ScanIndexForward).toBe(false);
    expect(input.ExpressionAttributeValues).toEqual({ ':pk': { S: 'CUSTOMER#c1' }, ':sk': { S: 'ORDER#' } });
    expect(input.ExpressionAttributeNames).toBeUndefined();
    expect(built.documentInput).toMatchObject({
      ExpressionAttributeValues: { ':pk': 'CUSTOMER#c1', ':sk': 'ORDER#' },
    });
    expect(built.read).toMatchObject({ operation: 'Query', partition: 'CUSTOMER#c1' });
  });

  it('orders-by-status: a Query on GSI1, forward order left to the default', () => {
    const input = build(design, 'orders-by-status').input as QueryInput;
    expect(input.IndexName).toBe('GSI1');
    expect(input.KeyConditionExpression).toBe('GSI1PK = :pk');
    expect(input.ExpressionAttributeValues).toEqual({ ':pk': { S: 'STATUS#PLACED' } });
    expect('ScanIndexForward' in input).toBe(false);
  });

  it('get-customer: a GetItem with the full primary key', () => {
    const input = build(design, 'get-customer').input as GetItemInput;
    expect(input).toEqual({ TableName: 'AppTable', Key: { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'PROFILE' } } });
  });

  it('ship-order: SET #status and the GSI1PK it feeds, only if the order exists', () => {
    const input = build(design, 'ship-order').input as UpdateItemInput;
    expect(input.Key).toEqual(ORDER_KEY);
    expect(input.UpdateExpression).toBe('SET #status = :status, GSI1PK = :GSI1PK');
    expect(input.UpdateExpression).not.toContain('GSI1SK');
    expect(input.ConditionExpression).toBe('attribute_exists(PK)');
    expect(input.ExpressionAttributeNames).toEqual({ '#status': 'status' });
    expect(input.ExpressionAttributeValues).toEqual({
      ':status': { S: 'SHIPPED' },
      ':GSI1PK': { S: 'STATUS#SHIPPED' },
    });
  });

  it('place-order: one Put for the order and one per sku', () => {
    const built = build(design, 'place-order', PLACE_ORDER_ARGS);
    const { TransactItems } = built.input as TransactWriteItemsInput;
    expect(TransactItems).toHaveLength(3);
    const puts = TransactItems.map((item) => ('Put' in item ? item.Put : undefined));
    expect(puts.every((put) => put?.ConditionExpression === 'attribute_not_exists(PK)')).toBe(true);
    expect(puts[0]?.Item).toMatchObject({
      ...ORDER_KEY,
      GSI1PK: { S: 'STATUS#PLACED' },
      GSI1SK: { S: '2026-10-08T14:30:00Z' },
      total: { N: '39.9' },
      entityType: { S: 'Order' },
    });
    // The order's Put holds only Order attributes, although the arguments are shared.
    expect(puts[0]?.Item).not.toHaveProperty('sku');
    expect(puts[1]?.Item).toEqual({
      orderId: { S: 'o100' },
      sku: { S: 'sku-1' },
      quantity: { N: '2' },
      PK: { S: 'ORDER#o100' },
      SK: { S: 'ITEM#sku-1' },
      entityType: { S: 'LineItem' },
    });
    expect(puts[2]?.Item).toMatchObject({ SK: { S: 'ITEM#sku-2' }, quantity: { N: '1' } });
  });

  it('names the pattern and what is missing', () => {
    expect(() => build(design, 'customer-orders', {})).toThrow(
      new RequestError('pattern customer-orders needs argument customerId'),
    );
    expect(() => build(design, 'ship-order', { customerId: 'c1', orderId: 'o1', status: 'SHIPPED' })).toThrow(
      'pattern ship-order needs argument createdAt',
    );
    expect(() => build(design, 'place-order', {})).toThrow(RequestError);
  });

  it('buildAllRequests builds each pattern from its example, or says why it cannot', () => {
    const all = buildAllRequests(design);
    expect(Object.keys(all)).toEqual(design.accessPatterns.map((p) => p.id));
    expect(all['customer-orders']).toMatchObject({ operation: 'Query', input: { ScanIndexForward: false } });
    expect(all['ship-order']).toMatchObject({ operation: 'UpdateItem' });
    expect(all['place-order']).toEqual({
      error: 'pattern place-order needs arguments customerId, createdAt, orderId, sku',
    });
  });
});

describe('reads', () => {
  const design = onlineStoreVariant();

  it('puts reserved and non-identifier names of filters and projections through #names', () => {
    const built = build(design, 'filtered-orders');
    const input = built.input as QueryInput;
    expect(input.FilterExpression).toBe(
      '#status = :status AND #total > :total AND attribute_exists(#gift_note)',
    );
    expect(input.ProjectionExpression).toBe('orderId, #status, #total, #gift_note');
    expect(input.ExpressionAttributeNames).toEqual({
      '#status': 'status',
      '#total': 'total',
      '#gift_note': 'gift-note',
    });
    expect(input.ExpressionAttributeValues).toMatchObject({
      ':status': { S: 'PLACED' },
      ':total': { N: '10' },
    });
    expect(input.Limit).toBe(10);
    expect(input.ConsistentRead).toBe(true);
    expect(built.documentInput).toMatchObject({
      ExpressionAttributeValues: unmarshall(input.ExpressionAttributeValues as never),
    });
  });

  it('keeps a deterministic field order', () => {
    expect(Object.keys(build(design, 'filtered-orders').input)).toEqual([
      'TableName',
      'KeyConditionExpression',
      'FilterExpression',
      'ProjectionExpression',
      'ExpressionAttributeNames',
      'ExpressionAttributeValues',
      'Limit',
      'ConsistentRead',
    ]);
  });

  it('scans with a filter and a projection', () => {
    const input = build(design, 'scan-customers').input as ScanInput;
    expect(input).toEqual({
      TableName: 'AppTable',
      FilterExpression: 'begins_with(#name, :name)',
      ProjectionExpression: 'customerId, #name',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':name': { S: 'A' } },
    });
  });

  const query = (op: SortOperator): AccessPattern => ({
    id: `total-${op}`,
    name: op,
    operation: 'Query',
    index: 'ByTotal',
    keyCondition: {
      partition: 'CUSTOMER#{customerId}',
      sort: { op, value: '{low}', ...(op === 'between' ? { to: '{high}' } : {}) },
    },
  });

  it.each([
    ['=', 'GSI2PK = :pk AND GSI2SK = :sk'],
    ['<', 'GSI2PK = :pk AND GSI2SK < :sk'],
    ['<=', 'GSI2PK = :pk AND GSI2SK <= :sk'],
    ['>', 'GSI2PK = :pk AND GSI2SK > :sk'],
    ['>=', 'GSI2PK = :pk AND GSI2SK >= :sk'],
    ['between', 'GSI2PK = :pk AND GSI2SK BETWEEN :sk AND :sk2'],
  ] as const)('renders the sort operator %s on a number sort key', (op, expected) => {
    const input = buildRequest(design, query(op), { customerId: 'c1', low: '5', high: 20 })
      .input as QueryInput;
    expect(input.KeyConditionExpression).toBe(expected);
    expect(input.ExpressionAttributeValues?.[':sk']).toEqual({ N: '5' });
    if (op === 'between') expect(input.ExpressionAttributeValues?.[':sk2']).toEqual({ N: '20' });
  });

  it('renders begins_with on a string sort key', () => {
    const input = build(design, 'order-line-items').input as QueryInput;
    expect(input.KeyConditionExpression).toBe('PK = :pk AND begins_with(SK, :sk)');
  });

  it('marshalls the exclusive start key, and takes the limit and table name from the options', () => {
    const p = pattern(design, 'orders-by-total');
    const start = { PK: 'CUSTOMER#c1', SK: 'ORDER#x#o1', GSI2PK: 'CUSTOMER#c1', GSI2SK: 39.9 };
    const built = buildRequest(design, p, p.example ?? {}, {
      exclusiveStartKey: start,
      limit: 2,
      tableName: 'ns_AppTable',
    });
    const input = built.input as QueryInput;
    expect(input.TableName).toBe('ns_AppTable');
    expect(input.Limit).toBe(2);
    expect(input.ExclusiveStartKey).toEqual({
      PK: { S: 'CUSTOMER#c1' },
      SK: { S: 'ORDER#x#o1' },
      GSI2PK: { S: 'CUSTOMER#c1' },
      GSI2SK: { N: '39.9' },
    });
    expect(built.documentInput).toMatchObject({ ExclusiveStartKey: start });
    expect(built.read).toMatchObject({ limit: 2, exclusiveStartKey: start });
  });

  it('builds a GetItem from a ReadSpec, with projection and ConsistentRead', () => {
    const { input, documentInput } = buildReadInput(design, {
      operation: 'GetItem',
      partition: 'CUSTOMER#c1',
      sort: { op: '=', value: 'PROFILE' },
      consistentRead: true,
      projection: ['name', 'email'],
    });
    expect(input).toEqual({
      TableName: 'AppTable',
      Key: { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'PROFILE' } },
      ProjectionExpression: '#name, email',
      ExpressionAttributeNames: { '#name': 'name' },
      ConsistentRead: true,
    } satisfies GetItemInput);
    expect(documentInput).toMatchObject({ Key: { PK: 'CUSTOMER#c1', SK: 'PROFILE' } });
  });

  it('aliases key names that are reserved or not identifiers', () => {
    const small = loadDesign({
      format: 'keyplan/1',
      name: 'Reserved keys',
      table: {
        name: 'Things',
        partitionKey: { name: 'key', type: 'S' },
        sortKey: { name: 'sort-key', type: 'N' },
      },
      entities: [
        {
          name: 'Thing',
          attributes: [
            { name: 'id', type: 'S', required: true },
            { name: 'n', type: 'N', required: true },
          ],
          keys: { key: 'THING#{id}', 'sort-key': '{n}' },
        },
      ],
      accessPatterns: [
        {
          id: 'things-from',
          name: 'Things from n',
          operation: 'Query',
          keyCondition: { partition: 'THING#{id}', sort: { op: '>=', value: '{n}' } },
          example: { id: 't1', n: 5 },
        },
        {
          id: 'make-thing',
          name: 'Make a thing',
          operation: 'PutItem',
          entity: 'Thing',
          condition: 'not-exists',
        },
      ],
    });
    const query = build(small, 'things-from').input as QueryInput;
    expect(query.KeyConditionExpression).toBe('#pk = :pk AND #sk >= :sk');
    expect(query.ExpressionAttributeNames).toEqual({ '#pk': 'key', '#sk': 'sort-key' });
    expect(query.ExpressionAttributeValues).toEqual({ ':pk': { S: 'THING#t1' }, ':sk': { N: '5' } });
    const put = build(small, 'make-thing', { id: 't1', n: '7' }).input as PutItemInput;
    expect(put.ConditionExpression).toBe('attribute_not_exists(#key)');
    expect(put.ExpressionAttributeNames).toEqual({ '#key': 'key' });
    expect(put.Item).toMatchObject({ key: { S: 'THING#t1' }, 'sort-key': { N: '7' }, n: { N: '7' } });
  });
});

describe('writes', () => {
  const design = onlineStoreVariant();

  it('deletes with a clause condition', () => {
    const input = build(design, 'cancel-order').input as DeleteItemInput;
    expect(input).toEqual({
      TableName: 'AppTable',
      Key: ORDER_KEY,
      ConditionExpression: '#status = :status',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': { S: 'PLACED' } },
    });
  });

  it('removes the index key a removed attribute feeds and recomputes the one a set attribute feeds', () => {
    const input = build(design, 'unship-order').input as UpdateItemInput;
    expect(input.UpdateExpression).toBe('SET #total = :total, GSI2SK = :GSI2SK REMOVE #status, GSI1PK');
    expect(input.ExpressionAttributeValues).toEqual({ ':total': { N: '12' }, ':GSI2SK': { N: '12' } });
  });

  it('refuses to update an attribute of the table key', () => {
    const p: AccessPattern = {
      id: 'move-order',
      name: 'Move',
      operation: 'UpdateItem',
      entity: 'Order',
      set: ['orderId'],
    };
    expect(() => buildRequest(design, p, ORDER_KEY_ARGS)).toThrow('cannot update a key attribute');
  });

  it('refuses a list argument for a single write', () => {
    const p = pattern(design, 'cancel-order');
    expect(() => buildRequest(design, p, { ...ORDER_KEY_ARGS, orderId: ['o1', 'o2'] })).toThrow(RequestError);
  });

  it('refuses two actions on one item in a transaction', () => {
    expect(() =>
      build(design, 'place-order', { ...PLACE_ORDER_ARGS, sku: ['sku-1', 'sku-1'], quantity: [1, 1] }),
    ).toThrow('a transaction cannot act twice on one item');
  });
});

describe('natural keys and key-only attributes', () => {
  const natural = loadDesign(naturalKeysDesign());
  const keyOnly = loadDesign(keyOnlyDesign());

  it('updates a natural index key once, as the attribute it is', () => {
    const input = build(natural, 'rescore').input as UpdateItemInput;
    expect(input.UpdateExpression).toBe('SET score = :score, title = :title');
  });

  it('stores a key-only attribute in its keys only, and no type attribute when the design writes none', () => {
    expect((build(keyOnly, 'create-user').input as PutItemInput).Item).toEqual({
      user_id: { N: '7' },
      name: { S: 'Neo' },
      created_at: { S: 'PROFILE#neo' },
    });
    const retag = build(keyOnly, 'retag').input as UpdateItemInput;
    expect(retag.UpdateExpression).toBe('SET tagKey = :tagKey');
    expect(retag.ExpressionAttributeValues).toEqual({ ':tagKey': { S: 'TAG#news' } });
  });
});

describe('multi-item reads', () => {
  const design = onlineStoreVariant();

  it('TransactGetItems: entity table keys or explicit keys, projections through #names', () => {
    const { TransactItems } = build(design, 'order-and-customer').input as TransactGetItemsInput;
    expect(TransactItems).toEqual([
      {
        Get: {
          TableName: 'AppTable',
          Key: ORDER_KEY,
          ProjectionExpression: '#status, #total',
          ExpressionAttributeNames: { '#status': 'status', '#total': 'total' },
        },
      },
      { Get: { TableName: 'AppTable', Key: { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'PROFILE' } } } },
    ]);
  });

  it('BatchGetItem: a list argument expands into keys, without duplicates', () => {
    const built = build(design, 'line-items-batch');
    const { RequestItems } = built.input as BatchGetItemInput;
    expect(RequestItems.AppTable.Keys).toEqual([
      { PK: { S: 'ORDER#o100' }, SK: { S: 'ITEM#sku-1' } },
      { PK: { S: 'ORDER#o100' }, SK: { S: 'ITEM#sku-2' } },
    ]);
    expect(RequestItems.AppTable.ProjectionExpression).toBe('sku, quantity');
    expect(built.documentInput).toEqual({
      RequestItems: {
        AppTable: {
          Keys: [
            { PK: 'ORDER#o100', SK: 'ITEM#sku-1' },
            { PK: 'ORDER#o100', SK: 'ITEM#sku-2' },
          ],
          ProjectionExpression: 'sku, quantity',
        },
      },
    });
  });
});

describe('filter operands of binary and set attributes', () => {
  const design = loadDesign({
    format: 'keyplan/1',
    name: 'Blobs',
    table: BLOB_TABLE,
    entities: [BLOB_ENTITY],
    accessPatterns: [
      {
        id: 'filtered',
        name: 'Filtered',
        operation: 'Query',
        keyCondition: { partition: 'OWNER#{owner}', sort: { op: 'begins_with', value: '{prefix}' } },
        filter: [
          { attribute: 'data', op: 'between', value: '{low}', to: '{high}' },
          { attribute: 'chunks', op: 'contains', value: '{chunk}' },
          { attribute: 'tags', op: '=', value: '{tags}' },
          { attribute: 'sizes', op: '<>', value: '{sizes}' },
          { attribute: 'tags', op: 'contains', value: 'red' },
        ],
      },
    ],
  });
  const args = {
    owner: 'o1',
    prefix: 'AA==',
    low: 'AAE=',
    high: '/w==',
    chunk: 'AQID',
    tags: ['red', 'blue'],
    sizes: ['1', '2'],
  };

  it('are sent as DynamoDB types, not as the strings and lists JSON has them', () => {
    const input = build(design, 'filtered', args).input as QueryInput;
    expect(input.KeyConditionExpression).toBe('PK = :pk AND begins_with(SK, :sk)');
    expect(input.ExpressionAttributeValues).toEqual({
      ':pk': { S: 'OWNER#o1' },
      ':sk': { B: 'AA==' },
      ':data': { B: 'AAE=' },
      ':data2': { B: '/w==' },
      ':chunks': { B: 'AQID' },
      ':tags': { SS: ['red', 'blue'] },
      ':sizes': { NS: ['1', '2'] },
      ':tags2': { S: 'red' },
    });
  });

  it('refuses an operand of a binary attribute that is not base64, naming the clause', () => {
    expect(() => build(design, 'filtered', { ...args, chunk: 'not base64!' })).toThrow(
      new RequestError('chunks contains: expected a base64 string for type B, got "not base64!"'),
    );
  });
});
