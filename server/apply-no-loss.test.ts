// Apply loses no data, on a real DynamoDB Local through the HTTP API: an apply DynamoDB would refuse
// part-way is refused before it changes anything, and items not in the design stay unless a replace is
// confirmed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDesign } from '../src/core/checks/validate.ts';
import { getExample } from '../src/core/features/examples/index.ts';
import type { Design } from '../src/core/model/schema.ts';
import { buildApp } from './app.ts';
import { postJson, testTarget } from './test-support/dynamo.ts';

const store = (): Design => {
  const result = validateDesign(getExample('online-store')!.design);
  if (!result.ok) throw new Error('the online-store example must be valid');
  return result.design;
};

const app = buildApp({ dynamo: testTarget() });
let cookie: string;
let tableName: string;

const post = (url: string, body: unknown) => postJson(app, url, body, cookie);

/** Every item of the table, sorted, as the API's raw Scan answers them. */
async function scanAll(): Promise<Record<string, unknown>[]> {
  const response = await post('/api/run', { operation: 'Scan', input: { TableName: tableName } });
  expect(response.statusCode).toBe(200);
  const { items, lastEvaluatedKey } = response.json();
  expect(lastEvaluatedKey).toBeUndefined();
  return items.sort((a: { PK: string; SK: string }, b: { PK: string; SK: string }) =>
    `${a.PK} ${a.SK}`.localeCompare(`${b.PK} ${b.SK}`),
  );
}

/** Whether the table has this index (a Scan of it answers). */
async function hasIndex(indexName: string): Promise<boolean> {
  const response = await post('/api/run', {
    operation: 'Scan',
    input: { TableName: tableName, IndexName: indexName, Select: 'COUNT' },
  });
  return response.statusCode === 200;
}

beforeAll(async () => {
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  cookie = String(health.headers['set-cookie']).split(';')[0];
  tableName = `${health.json().namespace}AppTable`;
});

afterAll(async () => {
  await post('/api/reset', {});
  await app.close();
});

describe('apply loses no data', () => {
  it('refuses a design with an item over 400 KB before it changes the table or any item', async () => {
    const a = store();
    expect((await post('/api/apply', { design: a })).statusCode).toBe(200);
    const before = await scanAll();
    expect(before).toHaveLength(27);

    // Design B: a GSI more (the table would change), two orders fewer (a replace would delete them), and
    // its fourth customer holds a 410 KB name that DynamoDB refuses.
    const b = store();
    const gsi2 = { name: 'GSI2', partitionKey: { name: 'GSI2PK', type: 'S' as const } };
    b.table = {
      ...b.table,
      globalSecondaryIndexes: [...b.table.globalSecondaryIndexes, { ...gsi2, projection: { type: 'ALL' } }],
    };
    const customers = b.items.Customer.map((c, i) => (i === 3 ? { ...c, name: 'x'.repeat(410 * 1024) } : c));
    b.items = { ...b.items, Customer: customers, Order: b.items.Order.slice(2) };
    for (const flags of [{}, { replace: true }]) {
      const refused = await post('/api/apply', { design: b, ...flags });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'InvalidItems' });
      expect(refused.json().error.message).toMatch(
        /^DynamoDB would refuse this item, so nothing was changed:\nitems\.Customer\[3\]: the item \(PK "CUSTOMER#c4", SK "PROFILE"\) is 410\.\d KB, over DynamoDB's 400 KB item limit$/,
      );
      expect(refused.json().error.details).toEqual([
        { path: 'items.Customer[3]', message: expect.stringContaining('410.') },
      ]);
    }
    expect(await scanAll()).toEqual(before);
    expect(await hasIndex('GSI1')).toBe(true);
    expect(await hasIndex('GSI2')).toBe(false);

    const load = await post('/api/load', { design: b, replace: true });
    expect(load.statusCode).toBe(400);
    expect(load.json().error.code).toBe('InvalidItems');
    expect(await scanAll()).toEqual(before);
  });

  it('keeps the items not in the design unless a replace is asked for', async () => {
    const full = store();
    expect((await post('/api/apply', { design: full })).statusCode).toBe(200);
    const fewer = store();
    fewer.items = { ...fewer.items, Order: fewer.items.Order.slice(3) };

    const kept = await post('/api/apply', { design: fewer });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().items).toEqual({ written: 24, deleted: 0, total: 24, notInDesign: 3 });
    expect(await scanAll()).toHaveLength(27);

    const loaded = await post('/api/load', { design: fewer });
    expect(loaded.json()).toEqual({ written: 24, deleted: 0, total: 24, notInDesign: 3 });
    expect(await scanAll()).toHaveLength(27);

    const replaced = await post('/api/apply', { design: fewer, replace: true });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().items).toEqual({ written: 24, deleted: 3, total: 24, notInDesign: 0 });
    const orders = (await scanAll()).filter((i) => i.entityType === 'Order').map((i) => i.orderId);
    expect(orders.sort()).toEqual(fewer.items.Order.map((o) => o.orderId).sort());

    // /api/load replaces the same way, when asked.
    expect((await post('/api/load', { design: full })).json().notInDesign).toBe(0);
    expect((await post('/api/load', { design: fewer, replace: true })).json()).toEqual({
      written: 24,
      deleted: 3,
      total: 24,
      notInDesign: 0,
    });
  });

  it('names the items a recreate would delete, and changes nothing without confirmation', async () => {
    expect((await post('/api/apply', { design: store() })).statusCode).toBe(200);
    // An LSI can only be set when a table is created.
    const changed = store();
    changed.table = {
      ...changed.table,
      localSecondaryIndexes: [
        { name: 'LSI1', sortKey: { name: 'LSI1SK', type: 'S' }, projection: { type: 'ALL' } },
      ],
    };
    const refused = await post('/api/apply', { design: changed });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('RecreateRequired');
    expect(refused.json().error.message).toContain(
      `table ${tableName} must be recreated (its 27 items deleted)`,
    );
    expect(await scanAll()).toHaveLength(27);
  });
});
