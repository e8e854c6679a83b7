// The HTTP API in-process (Fastify inject) against a real DynamoDB Local: every bad request gets the
// right status and a clear message, and sessions never see each other's tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDesign } from '../src/core/checks/validate.ts';
import { getExample } from '../src/core/features/examples/index.ts';
import type { Design } from '../src/core/model/schema.ts';
import { buildApp } from './app.ts';
import { externalTarget } from './target.ts';
import { postJson, testTarget } from './test-support/dynamo.ts';

const store = () => {
  const result = validateDesign(getExample('online-store')!.design);
  if (!result.ok) throw new Error('the online-store example must be valid');
  return result.design;
};

const app = buildApp({ dynamo: testTarget(), bodyLimit: 256 * 1024 });

const namespaces = new Map<string, string>();

/** A new session's cookie; its namespace (a hash, not the secret id) is remembered for `ns`. */
async function newSession(): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  const cookie = String(response.headers['set-cookie']).split(';')[0];
  expect(cookie).toMatch(/^keyplan_session=[\w-]{43}\.[\w-]{43}$/);
  const { namespace } = response.json();
  expect(namespace).toMatch(/^kp-[0-9a-f]{12}-$/);
  expect(cookie).not.toContain(namespace.slice(3, 15));
  namespaces.set(cookie, namespace);
  return cookie;
}

const ns = (cookie: string) => namespaces.get(cookie)!;

const post = (url: string, body: unknown, cookie: string) => postJson(app, url, body, cookie);

describe('HTTP API', () => {
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    alice = await newSession();
    bob = await newSession();
  });

  afterAll(async () => {
    await post('/api/reset', {}, alice);
    await post('/api/reset', {}, bob);
    await app.close();
  });

  it('reports health with the session namespace', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health', headers: { cookie: alice } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ok: true,
      dynamodb: { status: 'up' },
      namespace: ns(alice),
    });
  });

  it('applies a design and runs a pattern in the session namespace', async () => {
    const applied = await post('/api/apply', { design: store() }, alice);
    expect(applied.statusCode).toBe(200);
    const body = applied.json();
    expect(body.tableName).toBe(`${ns(alice)}AppTable`);
    expect(body.items.written).toBe(body.items.total);

    const run = await post(
      '/api/run',
      { design: store(), patternId: 'customer-orders', args: { customerId: 'c1' } },
      alice,
    );
    expect(run.statusCode).toBe(200);
    const result = run.json();
    expect(result.items.map((i: { orderId: string }) => i.orderId)).toEqual(['o101', 'o100']);
    expect(result.request.input.TableName).toBe(body.tableName);
    expect(result.consumedCapacity.total).toBeGreaterThan(0);
    expect(result.latencyMs).toBeGreaterThan(0);
  });

  it('keeps two sessions applying the same design apart', async () => {
    const mine: Design = store();
    const theirs: Design = {
      ...store(),
      items: { ...store().items, Order: [{ ...store().items.Order[0], orderId: 'bob-only' }] },
    };
    expect((await post('/api/apply', { design: mine }, alice)).statusCode).toBe(200);
    expect((await post('/api/apply', { design: theirs }, bob)).statusCode).toBe(200);
    const scan = async (cookie: string, tableName: string) =>
      (await post('/api/run', { operation: 'Scan', input: { TableName: tableName } }, cookie)).json();
    const aliceItems = (await scan(alice, `${ns(alice)}AppTable`)).items.map(
      (i: { orderId?: string }) => i.orderId,
    );
    const bobItems = (await scan(bob, `${ns(bob)}AppTable`)).items.map(
      (i: { orderId?: string }) => i.orderId,
    );
    expect(aliceItems).toContain('o100');
    expect(aliceItems).not.toContain('bob-only');
    expect(bobItems).toContain('bob-only');
  });

  it('refuses a table outside the session namespace', async () => {
    const response = await post(
      '/api/run',
      { operation: 'Scan', input: { TableName: `${ns(bob)}AppTable` } },
      alice,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({ code: 'OutsideNamespace' });
    expect(response.json().error.message).toMatch(/outside this session's namespace/);
  });

  it('reads the table of a PartiQL statement from its parse, and refuses what it cannot prove', async () => {
    const mine = await post(
      '/api/run',
      { operation: 'ExecuteStatement', input: { Statement: `SELECT * FROM "${ns(alice)}AppTable"` } },
      alice,
    );
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items.length).toBeGreaterThan(0);
    // The old text check saw the table in the string literal and let this through.
    const hidden = await post(
      '/api/run',
      {
        operation: 'ExecuteStatement',
        input: { Statement: `SELECT * FROM "${ns(bob)}AppTable" WHERE x <> 'FROM "${ns(alice)}AppTable"'` },
      },
      alice,
    );
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().error.code).toBe('OutsideNamespace');
    const commented = await post(
      '/api/run',
      {
        operation: 'ExecuteStatement',
        input: { Statement: `SELECT * FROM /* "${ns(alice)}AppTable" */ "${ns(bob)}AppTable"` },
      },
      alice,
    );
    expect(commented.statusCode).toBe(400);
    expect(commented.json().error).toMatchObject({ code: 'PartiqlRefused' });
  });

  it('checks a raw Limit and caps every page, PartiQL included', async () => {
    for (const Limit of ['5000', null, 0, 1.5, -1]) {
      const response = await post(
        '/api/run',
        { operation: 'Scan', input: { TableName: `${ns(alice)}AppTable`, Limit } },
        alice,
      );
      expect(response.statusCode, JSON.stringify(Limit)).toBe(400);
      expect(response.json().error.code).toBe('InvalidLimit');
    }
    const capped = await post(
      '/api/run',
      { operation: 'ExecuteStatement', input: { Statement: `SELECT * FROM "${ns(alice)}AppTable"` } },
      alice,
    );
    expect(capped.json().request.input.Limit).toBe(1000);
  });

  it('refuses an operation that is not allowlisted', async () => {
    const response = await post('/api/run', { operation: 'DeleteTable', input: { TableName: 'x' } }, alice);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'UnknownOperation' });
  });

  it('answers malformed JSON with 400 and says so', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/run',
      headers: { cookie: alice, 'content-type': 'application/json' },
      payload: '{"design": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('InvalidJson');
  });

  it('answers an invalid design with the path of the problem', async () => {
    const design = store();
    const broken = {
      ...design,
      entities: design.entities.map((e, i) =>
        i === 1 ? { ...e, keys: { ...e.keys, GSI1PK: 'STATUS#{statuz}' } } : e,
      ),
    };
    const response = await post('/api/apply', { design: broken }, alice);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'InvalidDesign',
      message: 'entities[1].keys.GSI1PK: unknown attribute {statuz}',
    });
  });

  it('refuses an oversized body with 413', async () => {
    const response = await post('/api/apply', { design: store(), padding: 'x'.repeat(300 * 1024) }, alice);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PayloadTooLarge');
  });

  it('reports a failed condition as ConditionalCheckFailed, not a server error', async () => {
    await post('/api/apply', { design: store() }, alice);
    const args = {
      customerId: 'nobody',
      createdAt: '2020-01-01T00:00:00Z',
      orderId: 'missing',
      status: 'SHIPPED',
    };
    const response = await post('/api/run', { design: store(), patternId: 'ship-order', args }, alice);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('ConditionalCheckFailedException');
  });

  it('returns the cancellation reasons of a transaction that violates a condition', async () => {
    await post('/api/apply', { design: store() }, alice);
    const existing = store().items.Order[0];
    const args = { ...existing, sku: ['sku-new'], quantity: [1], price: [1] };
    const response = await post('/api/run', { design: store(), patternId: 'place-order', args }, alice);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('TransactionCanceledException');
    expect(error.details.cancellationReasons.map((r: { code: string }) => r.code)).toEqual([
      'ConditionalCheckFailed',
      'None',
    ]);
  });

  it('asks for confirmation before recreating a table whose key schema changed', async () => {
    await post('/api/apply', { design: store() }, alice);
    const design = store();
    const changed = { ...design, table: { ...design.table, sortKey: { name: 'SK', type: 'N' as const } } };
    changed.entities = [];
    changed.items = {};
    changed.accessPatterns = [];
    const refused = await post('/api/apply', { design: changed }, alice);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('RecreateRequired');
    const confirmed = await post('/api/apply', { design: changed, recreate: true }, alice);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().action).toBe('recreated');
  });
});

describe('HTTP API without DynamoDB', () => {
  it('answers 503 with a clear message when DynamoDB cannot be reached', async () => {
    const offline = buildApp({ dynamo: externalTarget('http://127.0.0.1:9', 'external') });
    const response = await offline.inject({
      method: 'POST',
      url: '/api/apply',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ design: store() }),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toMatchObject({ code: 'DynamoDBUnavailable' });
    const health = await offline.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ ok: false, dynamodb: { status: 'down' } });
    await offline.close();
  });
});
