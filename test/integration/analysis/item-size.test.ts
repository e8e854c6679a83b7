// itemSize against DynamoDB Local, byte for byte: an item our rules size at exactly 1,024 bytes must cost
// 1 write unit and one of 1,025 bytes 2, for every kind of value. The published rules cover all but the
// exact size of a number. Binary counts its raw bytes, in a set as alone: what is stored are the bytes the
// base64 stands for (Apply once sent a binary set's base64 text, which DynamoDB Local then charged).
import { afterAll, describe, expect, it } from 'vitest';
import { execute } from '../../../server/dynamodb/execute.ts';
import { namespacedTable } from '../../../server/namespace.ts';
import { applyForSession, resetSession } from '../../../server/service.ts';
import { testClient, uniquePrefix } from '../../../server/test-support/dynamo.ts';
import { itemSize } from '../../../src/core/model/item-size.ts';
import { type AttributeType, designSchema } from '../../../src/core/model/schema.ts';
import type { PlainItem } from '../../../src/core/values/item.ts';
import { marshallItem } from '../../../src/core/values/marshall.ts';

const client = testClient();
const prefix = uniquePrefix('itemsize');
afterAll(() => resetSession(client, prefix));

const design = designSchema.parse({
  format: 'keyplan/1',
  name: 'sizes',
  table: { name: 'Sizes', partitionKey: { name: 'PK', type: 'S' } },
});
const table = namespacedTable(prefix, 'Sizes');
let n = 0;

/** Write units DynamoDB Local charges for the item `value` makes, padded by our rules to `bytes`. */
async function unitsAt(bytes: number, value: PlainItem[string], type?: AttributeType): Promise<number> {
  const types = type ? new Map([['v', type]]) : undefined;
  const item: PlainItem = { PK: `item${String(n++).padStart(5, '0')}`, v: value, f: '' };
  item.f = 'x'.repeat(bytes - itemSize(item, types));
  const result = await execute(client, 'PutItem', { TableName: table, Item: marshallItem(item, types) });
  return result.consumedCapacity.total;
}

describe('itemSize vs DynamoDB Local', () => {
  const cases: [string, PlainItem[string], AttributeType?][] = [
    ['a string with multi-byte characters', 'Zoë 中 😀'],
    ['an integer', 12345678901],
    ['a decimal whose digits do not pair up', 1.5],
    ['a negative decimal', -123.45],
    ['a tiny number', 0.000123],
    ['a 38-digit number', '12345678901234567890123456789012345678', 'N'],
    ['a boolean and a null', true],
    ['a null', null],
    ['a nested list and map', [1, 'two', { three: [true, null] }]],
    ['an empty map', {}],
    ['binary', 'AAECAwQ=', 'B'],
    ['a string set', ['ab', 'cde'], 'SS'],
    ['a number set', [1, 23, 456], 'NS'],
    ['a binary set', ['AAE=', '/w==', 'AAECAwQFBgc='], 'BS'],
  ];

  it.each(cases)('sizes %s exactly at the 1 KB write-unit boundary', async (_label, value, type) => {
    if (n === 0) await applyForSession(client, prefix, design, {});
    expect([await unitsAt(1024, value, type), await unitsAt(1025, value, type)]).toEqual([1, 2]);
  });
});
