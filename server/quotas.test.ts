// What one session may take of a shared server, over HTTP against a real DynamoDB Local: each limit
// answers a 4xx naming it and its value, an expired session's tables are deleted, clients that keep no
// cookie leave nothing behind, and a client that disconnects stops its load.
import { type DynamoDBClient, ListTablesCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { validateDesign } from '../src/core/checks/validate.ts';
import { getExample } from '../src/core/features/examples/index.ts';
import type { Design } from '../src/core/model/schema.ts';
import { type AppOptions, buildApp, type DynamoTarget } from './app.ts';
import { LIMITS } from './limits.ts';
import { SessionRegistry } from './session-registry.ts';
import { testClient, testTarget } from './test-support/dynamo.ts';

const store = (tableName = 'AppTable'): Design => {
  const result = validateDesign(getExample('online-store')!.design);
  if (!result.ok) throw new Error('the online-store example must be valid');
  return { ...result.design, table: { ...result.design.table, name: tableName } };
};

const storeItems = () => Object.values(store().items).flat().length;

/** A design of `count` small items in one table, for loads that take a while. */
function manyItems(count: number): Design {
  const result = validateDesign({
    format: 'keyplan/1',
    name: 'many',
    table: { name: 'Many', partitionKey: { name: 'PK', type: 'S' } },
    entities: [{ name: 'Thing', attributes: [{ name: 'n', type: 'N' }], keys: { PK: 'THING#{n}' } }],
    accessPatterns: [],
    items: { Thing: Array.from({ length: count }, (_, n) => ({ n })) },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.design;
}

const client = testClient();
const apps: ReturnType<typeof buildApp>[] = [];
function app(options: Partial<AppOptions> = {}) {
  const built = buildApp({ dynamo: testTarget(client), ...options });
  apps.push(built);
  return built;
}

afterAll(async () => {
  for (const built of apps) await built.close();
});

type App = ReturnType<typeof buildApp>;

async function newSession(server: App): Promise<{ cookie: string; namespace: string }> {
  const response = await server.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  return {
    cookie: String(response.headers['set-cookie']).split(';')[0],
    namespace: response.json().namespace,
  };
}

function post(server: App, url: string, body: unknown, cookie?: string) {
  return server.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });
}

async function tablesOf(namespace: string, dynamo: DynamoDBClient = client): Promise<string[]> {
  const { TableNames = [] } = await dynamo.send(new ListTablesCommand({}));
  return TableNames.filter((name) => name.startsWith(namespace));
}

/** Polls until `done` holds (a background deletion); fails after `ms`. */
async function eventually(done: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`not done within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('quotas', () => {
  it('names every limit in one object', () => {
    expect(LIMITS).toMatchObject({
      tablesPerSession: 10,
      itemsPerDesign: 100_000,
      // A design at the limit can be applied again over its own table.
      itemsPerSession: 200_000,
      requestsPerSecond: 50,
      requestBurst: 100,
      dynamodbCallMs: 10_000,
    });
  });

  it('answers 429 past a session’s request rate, and past the new sessions a second', async () => {
    const server = app({
      limits: { requestsPerSecond: 0.001, requestBurst: 3, newSessionBurst: 2, newSessionsPerSecond: 0.001 },
    });
    const { cookie } = await newSession(server); // the first new session
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await server.inject({ method: 'GET', url: '/api/health', headers: { cookie } })).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await server.inject({ method: 'GET', url: '/api/health', headers: { cookie } });
    expect(limited.json().error).toEqual({
      code: 'RateLimited',
      message:
        'this session sent more than 0.001 requests a second (3 at once), its limit; retry in a moment',
    });
    await newSession(server); // the second
    const third = await server.inject({ method: 'GET', url: '/api/health' });
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('TooManyNewSessions');
    expect(third.json().error.message).toMatch(/at most 0\.001 sessions a second \(2 at once\)/);
  });

  it('gives one address at most its share of the new sessions: the others still start theirs', async () => {
    const server = app({
      limits: {
        newSessionBurst: 5,
        newSessionsPerSecond: 0.001,
        addressNewSessionBurst: 2,
        addressNewSessionsPerSecond: 0.001,
      },
    });
    const start = async (remoteAddress: string) => {
      const reply = await server.inject({ method: 'GET', url: '/api/health', remoteAddress });
      return reply.statusCode === 200 ? 200 : `${reply.statusCode} ${reply.json().error.message}`;
    };
    const mine = /^429 this address started more than 0\.001 sessions a second \(2 at once\)/;
    // Mallory (rotating within her /64) starts two, then is refused, and her refusals take nothing.
    const mallory = [];
    for (let i = 1; i <= 6; i++) mallory.push(await start(`2001:db8:0:66::${i}`));
    expect(mallory.slice(0, 2)).toEqual([200, 200]);
    for (const refused of mallory.slice(2)) expect(refused).toMatch(mine);
    // The server's other three go to others; then the server's own limit answers.
    expect([await start('192.0.2.7'), await start('192.0.2.8'), await start('192.0.2.8')]).toEqual([
      200, 200, 200,
    ]);
    expect(await start('192.0.2.9')).toMatch(
      /^429 the server starts at most 0\.001 sessions a second \(5 at once\)/,
    );
  });

  it('holds an API path spelled with percent-escapes (/%61pi/…, which the router runs as /api/…) to the API’s checks', async () => {
    const server = app({ limits: { newSessionBurst: 1, newSessionsPerSecond: 0.001 } });
    const { cookie } = await newSession(server); // the only new session
    const escaped = await server.inject({ method: 'GET', url: '/%61pi/health' });
    expect(escaped.statusCode).toBe(429);
    expect(escaped.json().error.code).toBe('TooManyNewSessions');
    // An outside page's form cannot reach the API through the escaped path either.
    const foreign = await server.inject({
      method: 'POST',
      url: '/%61pi/reset',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('ForeignOrigin');
  });

  it('counts an IPv6 client by its /64 (rotating addresses in it gains nothing), an IPv4-mapped one as its IPv4', async () => {
    const server = app({ limits: { addressRequestBurst: 3, addressRequestsPerSecond: 0.001 } });
    const from = async (remoteAddress: string) =>
      (await server.inject({ method: 'GET', url: '/nothing', remoteAddress })).statusCode;
    // One /64, however its addresses are written: three requests, then every one is refused.
    const rotating = ['2001:db8:0:1::1', '2001:db8:0:1:ffff::2', '2001:DB8::1:abcd:0:0:3', '2001:db8:0:1::4'];
    const statuses: number[] = [];
    for (const address of rotating) statuses.push(await from(address));
    expect(statuses).toEqual([404, 404, 404, 429]);
    // The next /64 is another client.
    expect(await from('2001:db8:0:2::1')).toBe(404);
    // An IPv4 client is one address, however a dual-stack server sees it.
    expect([await from('192.0.2.1'), await from('::ffff:192.0.2.1'), await from('::ffff:c000:201')]).toEqual([
      404, 404, 404,
    ]);
    expect(await from('192.0.2.1')).toBe(429);
    expect(await from('192.0.2.2')).toBe(404);
  });

  it('answers 429 to a session’s request beyond those it has under way', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    let waiting = 0;
    const bothWaiting = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const slow: DynamoTarget = {
      ...testTarget(client),
      withClient: async (work) => {
        if (++waiting === 2) entered();
        await held;
        return work(client);
      },
    };
    const server = app({ dynamo: slow, limits: { concurrentRequestsPerSession: 2 } });
    const { cookie } = await newSession(server);
    const reset = () => post(server, '/api/reset', {}, cookie);
    const underWay = [reset(), reset()];
    await bothWaiting;
    const refused = await reset();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'TooManyConcurrentRequests',
      message: 'this session has 2 requests under way, the most it may; wait for one to finish',
    });
    release();
    expect((await Promise.all(underWay)).map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await reset()).statusCode).toBe(200);
  });

  it('refuses a 3rd table and items past the session’s quota with 403, until Reset', async () => {
    const server = app({ limits: { tablesPerSession: 2, itemsPerSession: 40 } });
    const count = storeItems();
    const { cookie, namespace } = await newSession(server);
    expect((await post(server, '/api/apply', { design: store('One') }, cookie)).statusCode).toBe(200);
    const third = await post(server, '/api/apply', { design: store('Two'), loadItems: false }, cookie);
    expect(third.statusCode).toBe(200);
    const tables = await post(server, '/api/apply', { design: store('Three'), loadItems: false }, cookie);
    expect(tables.statusCode).toBe(403);
    expect(tables.json().error).toEqual({
      code: 'TableQuotaExceeded',
      message: 'this session has 2 tables, the most it may (2); delete some with Reset first',
    });
    // One's items and Two's would be twice the design's, over 40.
    const items = await post(server, '/api/load', { design: store('Two') }, cookie);
    expect(items.statusCode).toBe(403);
    expect(items.json().error.code).toBe('ItemQuotaExceeded');
    expect(items.json().error.message).toContain(
      `may hold 40 items in all; they hold ${count} and this design has ${count}`,
    );
    // Re-applying One replaces its own items: still within the quota.
    expect((await post(server, '/api/apply', { design: store('One') }, cookie)).statusCode).toBe(200);
    expect(await tablesOf(namespace)).toHaveLength(2);
    expect((await post(server, '/api/reset', {}, cookie)).json().deleted).toHaveLength(2);
    expect((await post(server, '/api/apply', { design: store('Three') }, cookie)).statusCode).toBe(200);
    await post(server, '/api/reset', {}, cookie);
  });

  it('refuses with 413 a design whose items would take more than one apply derives, before deriving them', async () => {
    const server = app({ limits: { designItemBytes: 100_000 } });
    const { cookie, namespace } = await newSession(server);
    const refused = await post(server, '/api/apply', { design: manyItems(5_000) }, cookie);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toEqual({
      code: 'DesignTooLarge',
      message:
        "the design's items come to more than 98 KB with their keys (by DynamoDB's item sizes), the most the server writes in one apply or load; use fewer or smaller items, or shorter key templates",
    });
    // Nothing was created; the table alone (no items) is within it.
    expect(await tablesOf(namespace)).toEqual([]);
    const tableOnly = await post(
      server,
      '/api/apply',
      { design: manyItems(5_000), loadItems: false },
      cookie,
    );
    expect(tableOnly.statusCode).toBe(200);
    await post(server, '/api/reset', {}, cookie);
  });

  it('refuses a write once the session’s tables hold all the items they may', async () => {
    const count = storeItems();
    const server = app({ limits: { itemsPerSession: count } });
    const { cookie, namespace } = await newSession(server);
    expect((await post(server, '/api/apply', { design: store() }, cookie)).statusCode).toBe(200);
    const put = await post(
      server,
      '/api/run',
      {
        operation: 'PutItem',
        input: { TableName: `${namespace}AppTable`, Item: { PK: { S: 'x' }, SK: { S: 'y' } } },
      },
      cookie,
    );
    expect(put.statusCode).toBe(403);
    expect(put.json().error).toEqual({
      code: 'ItemQuotaExceeded',
      message: `this session's tables hold ${count} items, the most they may (${count}); delete some before writing more`,
    });
    const insert = await post(
      server,
      '/api/run',
      {
        operation: 'ExecuteStatement',
        input: { Statement: `INSERT INTO "${namespace}AppTable" VALUE {'PK': 'x', 'SK': 'y'}` },
      },
      cookie,
    );
    expect(insert.statusCode).toBe(403);
    // Reads still run.
    const read = await post(server, '/api/run', { design: store(), patternId: 'customer-orders' }, cookie);
    expect(read.statusCode).toBe(200);
    await post(server, '/api/reset', {}, cookie);
  });

  it('deletes the tables of a session that expires, on the server’s own timer', async () => {
    const sessions = new SessionRegistry({ idleMs: 300 });
    const server = app({ sessions, limits: { sweepEveryMs: 100 } });
    const { cookie, namespace } = await newSession(server);
    expect((await post(server, '/api/apply', { design: store() }, cookie)).statusCode).toBe(200);
    expect(await tablesOf(namespace)).toEqual([`${namespace}AppTable`]);
    await eventually(async () => (await tablesOf(namespace)).length === 0);
    expect(sessions.size).toBe(0);
    // Its cookie now starts a new session, with an empty namespace.
    const after = await server.inject({ method: 'GET', url: '/api/health', headers: { cookie } });
    expect(after.json().namespace).not.toBe(namespace);
  });

  it('leaves no table behind for clients that never send their cookie back', async () => {
    const sessions = new SessionRegistry({ maxSessions: 5, unconfirmedMs: 2_000 });
    const server = app({ sessions, limits: { sweepEveryMs: 100 } });
    const namespaces: string[] = [];
    const left = async () => {
      const names = (await client.send(new ListTablesCommand({}))).TableNames ?? [];
      return namespaces.filter((ns) => names.some((name) => name.startsWith(ns)));
    };
    for (let i = 0; i < 12; i++) {
      const applied = await post(server, '/api/apply', { design: store(), loadItems: false });
      expect(applied.statusCode).toBe(200);
      namespaces.push(applied.json().tableName.replace(/AppTable$/, ''));
    }
    // At most 5 sessions at once: each new one took the place of the oldest, whose table was deleted …
    expect(sessions.size).toBe(5);
    await eventually(async () => (await left()).length <= 5);
    // … and those expire when their only request is 2 s old (10 minutes by default).
    await eventually(async () => (await left()).length === 0);
    expect(sessions.size).toBe(0);
  });
});

describe('a client that disconnects', () => {
  it('stops its load: the items written stop growing, short of the design’s', async () => {
    const server = app();
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const health = await fetch(`${url}/api/health`);
    const cookie = health.headers.get('set-cookie')!.split(';')[0];
    const { namespace } = (await health.json()) as { namespace: string };
    const design = manyItems(20_000);
    const headers = { 'content-type': 'application/json', cookie };
    const created = await fetch(`${url}/api/apply`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ design, loadItems: false }),
    });
    expect(created.status).toBe(200);
    const aborter = new AbortController();
    const response = await fetch(`${url}/api/load`, {
      method: 'POST',
      headers: { ...headers, accept: 'application/x-ndjson' },
      body: JSON.stringify({ design }),
      signal: aborter.signal,
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!/"written":[1-9]/.test(text)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the load ended before it wrote anything: ${text}`);
      text += decoder.decode(value);
    }
    aborter.abort();
    const count = async () =>
      (await client.send(new ScanCommand({ TableName: `${namespace}Many`, Select: 'COUNT' }))).Count ?? 0;
    let previous = -1;
    await eventually(async () => {
      const now = await count();
      const settled = now === previous;
      previous = now;
      if (!settled) await new Promise((resolve) => setTimeout(resolve, 500));
      return settled;
    }, 30_000);
    expect(previous).toBeGreaterThan(0);
    expect(previous).toBeLessThan(20_000);
    await fetch(`${url}/api/reset`, { method: 'POST', headers, body: '{}' });
  }, 60_000);
});
