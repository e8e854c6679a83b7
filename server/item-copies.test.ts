// Item copies on a real DynamoDB Local: seed 000's order stored under the user and under its own id
// (fixtures/examples/order-copies.keyplan.json). Applied through the HTTP API, the table holds exactly the
// derived items (each copy from the entity's own sample, so the copies agree); both reads (a user's orders,
// an order by id) answer as the evaluator does; the create pattern writes both copies in one
// TransactWriteItems; an update and a delete keep them together; a taken email cancels a user's create.
import { GetItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../src/core/evaluate/compare-run.ts';
import { evaluateRead } from '../src/core/evaluate/evaluate.ts';
import { buildViewsFor } from '../src/core/indexes/views.ts';
import { deriveItems } from '../src/core/items/derive.ts';
import { resolvePattern } from '../src/core/requests/resolve.ts';
import { orderCopies } from '../src/core/test-support/request-designs.ts';
import type { PlainItem } from '../src/core/values/item.ts';
import { unmarshallItem } from '../src/core/values/marshall.ts';
import { buildApp } from './app.ts';
import { postJson, testClient, testTarget } from './test-support/dynamo.ts';

const app = buildApp({ dynamo: testTarget() });
const client = testClient();
const design = orderCopies();
let cookie = '';
let tableName = '';

const post = (url: string, body: unknown) => postJson(app, url, body, cookie);
const same = (value: unknown) => JSON.parse(canonicalJson(value));
const sortedByKey = (items: PlainItem[]) =>
  same(items).sort((a: PlainItem, b: PlainItem) =>
    `${a.PK}|${a.SK}` < `${b.PK}|${b.SK}` ? -1 : `${a.PK}|${a.SK}` > `${b.PK}|${b.SK}` ? 1 : 0,
  );

async function stored(): Promise<PlainItem[]> {
  const { Items = [] } = await client.send(new ScanCommand({ TableName: tableName }));
  return Items.map((item) => unmarshallItem(item as Parameters<typeof unmarshallItem>[0]));
}

async function get(PK: string, SK: string): Promise<PlainItem | undefined> {
  const { Item } = await client.send(
    new GetItemCommand({ TableName: tableName, Key: { PK: { S: PK }, SK: { S: SK } }, ConsistentRead: true }),
  );
  return Item && unmarshallItem(Item as Parameters<typeof unmarshallItem>[0]);
}

const run = (patternId: string, args: Record<string, unknown> = {}) =>
  post('/api/run', { design, patternId, args });

describe("seed 000's order under the user and under its own id, on DynamoDB Local", () => {
  beforeAll(async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    cookie = String(health.headers['set-cookie']).split(';')[0];
  });
  afterAll(async () => {
    await post('/api/reset', {});
    await app.close();
  });

  it('applies every item and every copy, the copies agreeing value for value', async () => {
    const applied = await post('/api/apply', { design });
    expect(applied.statusCode, applied.body).toBe(200);
    tableName = applied.json().tableName;
    expect(applied.json().items).toMatchObject({ written: 10, total: 10 });
    const items = await stored();
    expect(sortedByKey(items)).toEqual(sortedByKey(deriveItems(design).map((d) => d.item)));
    const own = await get('USER#u1', 'ORDER#o2');
    const copy = await get('ORDER#o2', 'DETAILS');
    const { PK: _a, SK: _b, GSI1PK: _c, GSI1SK: _d, ...ownValues } = own!;
    const { PK: _e, SK: _f, ...copyValues } = copy!;
    expect(copyValues).toEqual(ownValues);
    expect(await get('EMAIL#ana@example.com', 'EMAIL')).toEqual({
      PK: 'EMAIL#ana@example.com',
      SK: 'EMAIL',
      userId: 'u1',
      entityType: 'User',
    });
  });

  it('serves both reads, by user and by order id, as the evaluator answers them', async () => {
    const views = buildViewsFor(design);
    for (const [id, count] of [
      ['user-orders', 2],
      ['get-order', 1],
      ['orders-by-status', 2],
    ] as const) {
      const pattern = design.accessPatterns.find((p) => p.id === id)!;
      const response = await run(id);
      expect(response.statusCode, response.body).toBe(200);
      const real = response.json();
      const predicted = evaluateRead(design, views, resolvePattern(design, pattern, pattern.example ?? {}));
      expect(same(real.items), id).toEqual(same(predicted.items));
      expect(real.count, id).toBe(count);
      expect(real.items.every((item: PlainItem) => item.entityType === 'Order')).toBe(true);
    }
  });

  it('creates an order as one TransactWriteItems of both copies', async () => {
    const response = await run('create-order');
    expect(response.statusCode, response.body).toBe(200);
    const { request } = response.json();
    expect(request.operation).toBe('TransactWriteItems');
    expect(
      request.input.TransactItems.map(
        (action: { Put: { Item: { PK: { S: string }; SK: { S: string } } } }) => [
          action.Put.Item.PK.S,
          action.Put.Item.SK.S,
        ],
      ),
    ).toEqual([
      ['USER#u2', 'ORDER#o9'],
      ['ORDER#o9', 'DETAILS'],
    ]);
    const own = await get('USER#u2', 'ORDER#o9');
    const copy = await get('ORDER#o9', 'DETAILS');
    expect(own).toMatchObject({
      orderId: 'o9',
      userId: 'u2',
      status: 'PENDING',
      total: 18.5,
      entityType: 'Order',
    });
    expect(copy).toEqual({
      PK: 'ORDER#o9',
      SK: 'DETAILS',
      orderId: 'o9',
      userId: 'u2',
      status: 'PENDING',
      total: 18.5,
      entityType: 'Order',
    });
    // Both reads find the new order.
    expect((await run('get-order', { orderId: 'o9' })).json().items).toEqual([copy]);
    expect(
      (await run('user-orders', { userId: 'u2' })).json().items.map((i: PlainItem) => i.orderId),
    ).toEqual(['o3', 'o9']);
    // The create is guarded on every copy: again, it is cancelled and nothing changes.
    const again = await run('create-order', { total: 99 });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('TransactionCanceledException');
    expect((await get('ORDER#o9', 'DETAILS'))?.total).toBe(18.5);
  });

  it('updates and deletes both copies together', async () => {
    const paid = await run('pay-order');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().request.operation).toBe('TransactWriteItems');
    expect((await get('USER#u1', 'ORDER#o1'))?.status).toBe('PAID');
    expect((await get('USER#u1', 'ORDER#o1'))?.GSI1PK).toBe('ORDERSTATUS#PAID');
    expect((await get('ORDER#o1', 'DETAILS'))?.status).toBe('PAID');

    const deleted = await run('delete-order');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await get('USER#u2', 'ORDER#o3')).toBeUndefined();
    expect(await get('ORDER#o3', 'DETAILS')).toBeUndefined();
  });

  it('keeps an email unique through its key-only copy', async () => {
    const taken = await run('create-user', { userId: 'u9', email: 'ana@example.com' });
    expect(taken.statusCode).toBe(400);
    expect(taken.body).toContain('ConditionalCheckFailed');
    expect(await get('USER#u9', 'PROFILE')).toBeUndefined();
    const created = await run('create-user');
    expect(created.statusCode, created.body).toBe(200);
    expect(await get('EMAIL#lea@example.com', 'EMAIL')).toMatchObject({ userId: 'u3' });
  });
});
