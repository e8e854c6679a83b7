// Binary end to end on a real DynamoDB Local: a design keyed on a binary sort key, with a B and a BS
// attribute, applied through the HTTP API and read back through its runs, page by page with each page's own
// LastEvaluatedKey sent back as the start key. DynamoDB, the in-memory evaluator and the design's own
// values agree, base64 both ways, and what DynamoDB stores are the decoded bytes.
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDesign } from '../src/core/checks/validate.ts';
import { canonicalJson } from '../src/core/evaluate/compare-run.ts';
import { evaluateRead } from '../src/core/evaluate/evaluate.ts';
import { buildViewsFor } from '../src/core/indexes/views.ts';
import { deriveItems } from '../src/core/items/derive.ts';
import type { Design, DesignInput } from '../src/core/model/schema.ts';
import type { ReadResult } from '../src/core/requests/read-spec.ts';
import { resolvePattern } from '../src/core/requests/resolve.ts';
import { BLOB_ENTITY, BLOB_TABLE } from '../src/core/test-support/request-designs.ts';
import type { PlainItem } from '../src/core/values/item.ts';
import { buildApp } from './app.ts';
import { postJson, testClient, testTarget } from './test-support/dynamo.ts';

const b64 = (bytes: number[]) => Buffer.from(bytes).toString('base64');

// Sort keys whose base64 text orders otherwise than their bytes: "/w==" (0xff) is before "AA==" (0x00) as text.
const keys = [[0xff, 0x00], [0x00, 0x01], [0x80], [0x00], [0x7f], [0xff], [0x00, 0xff]];
const samples = keys.map((key, i) => ({
  owner: 'o1',
  key: b64(key),
  data: b64([i, 0x00, 0xff - i]),
  ...(i % 3 === 2 ? {} : { chunks: [b64([0x00, i]), b64([0xde, 0xad, 0xbe, 0xef]), b64([i + 1])] }),
  tags: ['t', `t${i}`],
  sizes: [i, 100 + i],
}));

const designInput: DesignInput = {
  format: 'keyplan/1',
  name: 'Binary',
  table: BLOB_TABLE,
  entities: [BLOB_ENTITY],
  items: { Blob: samples },
  accessPatterns: [
    {
      id: 'all',
      name: 'All blobs of an owner, by key',
      operation: 'Query',
      keyCondition: { partition: 'OWNER#{owner}' },
      example: { owner: 'o1' },
    },
    {
      id: 'prefixed',
      name: 'Blobs whose key begins with some bytes',
      operation: 'Query',
      keyCondition: { partition: 'OWNER#{owner}', sort: { op: 'begins_with', value: '{prefix}' } },
      example: { owner: 'o1', prefix: b64([0x00]) },
    },
    {
      id: 'between',
      name: 'Blobs with keys in a byte range, newest first',
      operation: 'Query',
      keyCondition: { partition: 'OWNER#{owner}', sort: { op: 'between', value: '{from}', to: '{to}' } },
      scanIndexForward: false,
      example: { owner: 'o1', from: b64([0x7f]), to: b64([0xff]) },
    },
    {
      id: 'with-data',
      name: 'The blob holding these bytes',
      operation: 'Query',
      keyCondition: { partition: 'OWNER#{owner}' },
      filter: [{ attribute: 'data', op: '=', value: '{data}' }],
      example: { owner: 'o1', data: samples[4].data },
    },
    {
      id: 'with-chunk',
      name: 'Blobs holding a chunk',
      operation: 'Query',
      keyCondition: { partition: 'OWNER#{owner}' },
      filter: [{ attribute: 'chunks', op: 'contains', value: '{chunk}' }],
      example: { owner: 'o1', chunk: b64([0xde, 0xad, 0xbe, 0xef]) },
    },
  ],
};

const app = buildApp({ dynamo: testTarget() });
let cookie = '';
let tableName = '';

const post = (url: string, body: unknown) => postJson(app, url, body, cookie);

/** Sets come back in DynamoDB's order, not the design's: compared with their members sorted. */
const same = (value: unknown) => JSON.parse(canonicalJson(value));

function validDesign(): Design {
  const result = validateDesign(designInput);
  expect(result.problems).toEqual([]);
  return result.design!;
}

describe('binary keys, values and sets through the API against DynamoDB Local', () => {
  beforeAll(async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    cookie = String(health.headers['set-cookie']).split(';')[0];
  });
  afterAll(async () => {
    await post('/api/reset', {});
    await app.close();
  });

  it('validates (begins_with on a binary sort key included) and applies, storing the decoded bytes', async () => {
    const design = validDesign();
    const applied = await post('/api/apply', { design });
    expect(applied.statusCode, applied.body).toBe(200);
    tableName = applied.json().tableName;
    expect(applied.json().items).toMatchObject({ written: samples.length, total: samples.length });

    const { Item } = await testClient().send(
      new GetItemCommand({
        TableName: tableName,
        Key: { PK: { S: 'OWNER#o1' }, SK: { B: Uint8Array.from([0x00, 0x01]) } },
      }),
    );
    expect(Item, 'the item is found under its raw binary key').toBeDefined();
    expect(Item!.key.B).toEqual(Uint8Array.from([0x00, 0x01]));
    expect(Item!.data.B).toEqual(Uint8Array.from([1, 0x00, 0xfe]));
    const chunks = Item!.chunks.BS!.map((bytes) => [...bytes]).sort();
    expect(chunks).toEqual([[0x00, 1], [2], [0xde, 0xad, 0xbe, 0xef]].sort());
    expect(new Set(Item!.tags.SS)).toEqual(new Set(['t', 't1']));
    expect(new Set(Item!.sizes.NS)).toEqual(new Set(['1', '101']));

    // A second apply finds every item of the design in the table: none is counted as not in the design.
    const again = await post('/api/apply', { design });
    expect(again.json().items).toMatchObject({ written: samples.length, notInDesign: 0 });
  });

  it('answers each pattern as the evaluator does, page by page, with its own LastEvaluatedKey as start key', async () => {
    const design = validDesign();
    const views = buildViewsFor(design);
    const derived = new Map(deriveItems(design).map((d) => [canonicalJson(d.item.SK), d.item]));
    const expected: Record<string, number> = {
      all: 7,
      prefixed: 3,
      between: 3,
      'with-data': 1,
      'with-chunk': 5,
    };
    for (const pattern of design.accessPatterns) {
      const args = pattern.example ?? {};
      const whole: PlainItem[] = [];
      let exclusiveStartKey: PlainItem | undefined;
      let pages = 0;
      do {
        const response = await post('/api/run', {
          design,
          patternId: pattern.id,
          args,
          limit: 2,
          exclusiveStartKey,
        });
        expect(response.statusCode, `${pattern.id}: ${response.body}`).toBe(200);
        const real = response.json();
        const spec = resolvePattern(design, pattern, args);
        const predicted: ReadResult = evaluateRead(design, views, { ...spec, limit: 2, exclusiveStartKey });
        const page = { items: real.items, count: real.count, scannedCount: real.scannedCount };
        expect(same(page), `${pattern.id}, page ${pages + 1}`).toEqual(
          same({ items: predicted.items, count: predicted.count, scannedCount: predicted.scannedCount }),
        );
        expect(real.lastEvaluatedKey, `${pattern.id}, page ${pages + 1}: LastEvaluatedKey`).toEqual(
          predicted.lastEvaluatedKey,
        );
        // The raw response writes binary as DynamoDB's JSON does: base64 strings.
        for (const item of real.response.Items) expect(typeof item.SK.B).toBe('string');
        whole.push(...real.items);
        exclusiveStartKey = real.lastEvaluatedKey;
        pages++;
      } while (exclusiveStartKey && pages < 20);
      expect(exclusiveStartKey, `${pattern.id} reaches its last page`).toBeUndefined();
      expect(whole.length, pattern.id).toBe(expected[pattern.id]);
      // Every item is the design's own, value for value (base64 text as the design wrote it).
      for (const item of whole) expect(same(item)).toEqual(same(derived.get(canonicalJson(item.SK))));
    }
  });

  it('takes and gives base64 in raw requests, storing the bytes', async () => {
    const key = { PK: { S: 'OWNER#raw' }, SK: { B: b64([0x00, 0x02]) } };
    const item = { ...key, chunks: { BS: [b64([0x01, 0x02]), b64([0xff])] }, data: { B: b64([0xfe]) } };
    const put = await post('/api/run', { operation: 'PutItem', input: { TableName: tableName, Item: item } });
    expect(put.statusCode, put.body).toBe(200);
    const got = await post('/api/run', { operation: 'GetItem', input: { TableName: tableName, Key: key } });
    expect(got.statusCode, got.body).toBe(200);
    expect(same(got.json().response.Item)).toEqual(same(item));
    expect(same(got.json().items)).toEqual(
      same([
        {
          PK: 'OWNER#raw',
          SK: b64([0x00, 0x02]),
          chunks: [b64([0x01, 0x02]), b64([0xff])],
          data: b64([0xfe]),
        },
      ]),
    );
    const { Item } = await testClient().send(
      new GetItemCommand({
        TableName: tableName,
        Key: { PK: { S: 'OWNER#raw' }, SK: { B: Uint8Array.from([0, 2]) } },
      }),
    );
    expect(Item!.chunks.BS!.map((bytes) => [...bytes]).sort()).toEqual([[0x01, 0x02], [0xff]]);
  });

  it('orders binary sort keys by their unsigned bytes', async () => {
    const design = validDesign();
    const response = await post('/api/run', { design, patternId: 'all', args: { owner: 'o1' } });
    const order = response.json().items.map((item: PlainItem) => [...Buffer.from(String(item.SK), 'base64')]);
    expect(order).toEqual([[0x00], [0x00, 0x01], [0x00, 0xff], [0x7f], [0x80], [0xff], [0xff, 0x00]]);
  });
});
