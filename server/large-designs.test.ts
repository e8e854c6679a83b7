// Designs at the size the app holds (src/core/model/design-limits.ts), through the HTTP API with the server's
// own limits, against a real DynamoDB Local: a design at the items limit is taken (its body fits), one past
// it is refused naming the limit, and a large apply streams its progress to the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DESIGN_ITEMS } from '../src/core/model/design-limits.ts';
import { parseExactJson } from '../src/core/values/exact-json.ts';
import { buildApp } from './app.ts';
import { LIMITS } from './limits.ts';
import { testTarget } from './test-support/dynamo.ts';

const app = buildApp({ dynamo: testTarget() });
let cookie = '';

/** Orders of about 150 bytes of JSON each, as a generated design holds them. */
function orders(count: number) {
  return {
    format: 'keyplan/1',
    name: 'Orders',
    table: {
      name: 'Orders',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      globalSecondaryIndexes: [{ name: 'GSI1', partitionKey: { name: 'GSI1PK', type: 'S' } }],
    },
    entities: [
      {
        name: 'Order',
        attributes: [
          { name: 'customerId', type: 'S', required: true },
          { name: 'orderId', type: 'S', required: true },
          { name: 'createdAt', type: 'S', required: true },
          { name: 'status', type: 'S' },
          { name: 'total', type: 'N' },
        ],
        keys: { PK: 'CUSTOMER#{customerId}', SK: 'ORDER#{orderId}', GSI1PK: 'STATUS#{status}' },
      },
    ],
    items: {
      Order: Array.from({ length: count }, (_, i) => ({
        customerId: `customer-${String(i % 5000).padStart(6, '0')}`,
        orderId: `order-${String(i).padStart(8, '0')}`,
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        status: ['PLACED', 'SHIPPED', 'DELIVERED'][i % 3],
        total: (i % 100_000) / 100,
      })),
    },
    accessPatterns: [],
  };
}

function post(url: string, body: unknown, accept = 'application/json') {
  return app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'content-type': 'application/json', accept },
    payload: JSON.stringify(body),
  });
}

describe('designs at size through the HTTP API', () => {
  beforeAll(async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    cookie = String(health.headers['set-cookie']).split(';')[0];
  });

  afterAll(async () => {
    await post('/api/reset', {});
    await app.close();
  });

  it('takes a design at the items limit, and refuses one past it naming the limit', async () => {
    const atLimit = JSON.stringify({ design: orders(MAX_DESIGN_ITEMS), loadItems: false });
    // Larger than the 8 MB the server once took: the body limit admits a design at the items limit.
    expect(atLimit.length).toBeGreaterThan(8 * 1024 * 1024);
    expect(atLimit.length).toBeLessThan(LIMITS.bodyBytes);
    const taken = await post('/api/apply', parseExactJson(atLimit));
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().items).toMatchObject({ written: 0, total: 0 });

    const past = await post('/api/apply', { design: orders(MAX_DESIGN_ITEMS + 1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toEqual({
      code: 'TooManyItems',
      message:
        'the design has 100,001 sample items, more than the 100,000 a design may hold; remove some, or split the design',
    });
  }, 120_000);

  it('applies 20,000 items streaming progress from none to all of them', async () => {
    const applied = await post('/api/apply', { design: orders(20_000) }, 'application/x-ndjson');
    expect(applied.statusCode).toBe(200);
    const lines = applied.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const progress = lines.slice(0, -1).map((line) => line.progress);
    expect(progress[0]).toEqual({ written: 0, total: 20_000 });
    expect(progress.at(-1)).toEqual({ written: 20_000, total: 20_000 });
    for (let i = 1; i < progress.length; i++)
      expect(progress[i].written).toBeGreaterThanOrEqual(progress[i - 1].written);
    expect(lines.at(-1).result.items).toMatchObject({ written: 20_000, total: 20_000 });
  }, 120_000);
});
