// The shared server under attack, as `keyplan serve` runs it (its own DynamoDB Local, per-session
// databases). Two attendees, Alice and Mallory, and an outside page: every attempt of Mallory's on
// Alice's tables, or on a table outside every namespace, is refused, nothing of Alice's is read or
// changed, and /api/health stays up.

import http from 'node:http';
import { CreateTableCommand, PutItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExample } from '../src/core/features/examples/index.ts';
import { type RunningServer, startServer } from './server.ts';

const design = getExample('online-store')!.design;

interface Reply {
  status: number;
  body: { error?: { code: string; message: string }; [key: string]: unknown };
  cookie?: string;
}

async function call(server: RunningServer, path: string, body?: unknown, cookie?: string): Promise<Reply> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json', origin: server.url }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Reply['body'],
    cookie: response.headers.get('set-cookie')?.split(';')[0],
  };
}

/** A raw HTTP request, so the test can set what a browser or an attacker sends (Host included). */
function raw(
  server: RunningServer,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}${path}`, { method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode!, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Every allowlisted operation, aimed at one table. */
function attacks(table: string): Array<{ operation: string; input: Record<string, unknown> }> {
  const key = { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'PROFILE' } };
  return [
    { operation: 'GetItem', input: { TableName: table, Key: key } },
    {
      operation: 'Query',
      input: {
        TableName: table,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': key.PK },
      },
    },
    { operation: 'Scan', input: { TableName: table } },
    { operation: 'PutItem', input: { TableName: table, Item: { ...key, stolen: { BOOL: true } } } },
    {
      operation: 'UpdateItem',
      input: {
        TableName: table,
        Key: key,
        UpdateExpression: 'SET stolen = :t',
        ExpressionAttributeValues: { ':t': { BOOL: true } },
      },
    },
    { operation: 'DeleteItem', input: { TableName: table, Key: key } },
    { operation: 'BatchGetItem', input: { RequestItems: { [table]: { Keys: [key] } } } },
    { operation: 'BatchWriteItem', input: { RequestItems: { [table]: [{ DeleteRequest: { Key: key } }] } } },
    { operation: 'TransactGetItems', input: { TransactItems: [{ Get: { TableName: table, Key: key } }] } },
    {
      operation: 'TransactWriteItems',
      input: { TransactItems: [{ Delete: { TableName: table, Key: key } }] },
    },
    ...[
      `SELECT * FROM "${table}"`,
      `DELETE FROM "${table}" WHERE "PK" = 'CUSTOMER#c1' AND "SK" = 'PROFILE'`,
      `UPDATE "${table}" SET stolen = true WHERE "PK" = 'CUSTOMER#c1' AND "SK" = 'PROFILE'`,
      `INSERT INTO "${table}" VALUE {'PK': 'x', 'SK': 'y'}`,
      `SELECT * FROM "${table}" -- comment`,
      `SELECT * FROM /* x */ "${table}"`,
      `select * from "${table}"."GSI1"`,
    ].map((Statement) => ({ operation: 'ExecuteStatement', input: { Statement } })),
  ];
}

describe('a shared server under attack', () => {
  let server: RunningServer;
  let alice: string;
  let aliceTable: string;
  let aliceItems: unknown[];

  const scanAlice = async () =>
    (await call(server, '/api/run', { operation: 'Scan', input: { TableName: aliceTable } }, alice)).body
      .items as unknown[];

  beforeAll(async () => {
    server = await startServer({ port: 0, staticDir: '/nonexistent', log: () => {} });
    const applied = await call(server, '/api/apply', { design });
    expect(applied.status).toBe(200);
    alice = applied.cookie!;
    aliceTable = applied.body.tableName as string;
    aliceItems = await scanAlice();
    expect(aliceItems.length).toBeGreaterThan(0);
    // A table outside every namespace, made directly with the server's default key.
    await server.dynamo.withClient(async (client) => {
      await client.send(
        new CreateTableCommand({
          TableName: 'AppTable',
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [
            { AttributeName: 'PK', AttributeType: 'S' },
            { AttributeName: 'SK', AttributeType: 'S' },
          ],
          KeySchema: [
            { AttributeName: 'PK', KeyType: 'HASH' },
            { AttributeName: 'SK', KeyType: 'RANGE' },
          ],
        }),
      );
      await client.send(
        new PutItemCommand({
          TableName: 'AppTable',
          Item: { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'PROFILE' } },
        }),
      );
    });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("refuses every operation and PartiQL form on another session's table and on an un-namespaced one", async () => {
    const mallory = (await call(server, '/api/health')).cookie!;
    for (const table of [aliceTable, 'AppTable']) {
      for (const attack of attacks(table)) {
        const reply = await call(server, '/api/run', attack, mallory);
        expect(
          reply.status,
          `${attack.operation} on ${table}: ${JSON.stringify(reply.body)}`,
        ).toBeGreaterThanOrEqual(400);
        expect(reply.status).toBeLessThan(500);
        expect(reply.body.error?.code).toMatch(/OutsideNamespace|PartiqlRefused/);
      }
    }
    expect(await scanAlice()).toEqual(aliceItems);
    expect((await call(server, '/api/health', undefined, mallory)).body.ok).toBe(true);
  });

  it("is isolated by construction: with its own DynamoDB key, a session cannot even see another's tables", async () => {
    const mallory = await call(server, '/api/health');
    // Mallory's requests are signed with her key: DynamoDB Local gives her a database of her own, so
    // even a request naming Alice's table would find nothing to read.
    const malloryKey = server.dynamo.withClient(
      (client) => client.send(new ScanCommand({ TableName: aliceTable })),
      { accessKeyId: `KP${'0'.repeat(18)}` },
    );
    await expect(malloryKey).rejects.toThrow(/non-existent table|not found/i);
    expect(mallory.body.namespace).not.toBe(aliceTable.slice(0, (mallory.body.namespace as string).length));
  });

  it("refuses an outside page's requests, a rebound Host, non-JSON bodies and a pathological design", async () => {
    const host = new URL(server.url).host;
    const json = { 'content-type': 'application/json', cookie: alice, host };
    // A page on another port of this machine (SameSite does not separate ports) or another site.
    for (const origin of ['http://127.0.0.1:1', 'http://evil.example']) {
      const reset = await raw(server, 'POST', '/api/reset', { ...json, origin }, '{}');
      expect(reset.status, origin).toBe(403);
    }
    // A form post cannot send JSON; a request with no body at all is not a reset either.
    expect(
      (await raw(server, 'POST', '/api/reset', { cookie: alice, host, 'content-type': 'text/plain' }, '{}'))
        .status,
    ).toBe(415);
    expect((await raw(server, 'POST', '/api/reset', { cookie: alice, host })).status).toBeGreaterThanOrEqual(
      400,
    );
    // DNS rebinding: the attacker's name resolves to this machine, the Host header still says the name.
    for (const path of ['/api/health', '/', '/api/reset']) {
      const post = path === '/api/reset';
      const rebound = await raw(
        server,
        post ? 'POST' : 'GET',
        path,
        { ...(post ? json : { cookie: alice }), host: `evil.example:${new URL(server.url).port}` },
        post ? '{}' : undefined,
      );
      expect(rebound.status, path).toBe(421);
      expect(JSON.parse(rebound.body).error.code).toBeDefined();
    }
    // A design whose key template would render gigabytes is refused before anything is derived.
    const bomb = structuredClone(design);
    bomb.entities![0].keys.PK = `${'{n:99}'.repeat(30_000)}`;
    const refused = await call(server, '/api/apply', { design: bomb }, alice);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await scanAlice()).toEqual(aliceItems);
    expect((await call(server, '/api/health')).body.ok).toBe(true);
  });

  it('starts a new session for a forged, guessed or replayed cookie', async () => {
    const id = alice.split('=')[1];
    const [secretId] = id.split('.');
    const forged = [
      `keyplan_session=${secretId}.${'A'.repeat(43)}`, // right id, wrong signature
      `keyplan_session=${'B'.repeat(43)}.${id.split('.')[1]}`, // right signature, other id
      'keyplan_session=0123456789abcdef', // the old 16-hex form
      `keyplan_session=${id}x`,
    ];
    for (const cookie of forged) {
      const reply = await call(
        server,
        '/api/run',
        { operation: 'Scan', input: { TableName: aliceTable } },
        cookie,
      );
      expect(reply.status, cookie).toBe(403);
      expect(reply.cookie, 'a new session is issued').toMatch(/^keyplan_session=/);
      expect(reply.cookie).not.toBe(alice);
    }
    // Replayed against another server (another secret): not Alice there either.
    const other = await startServer({ port: 0, staticDir: '/nonexistent', log: () => {} });
    try {
      const replayed = await call(other, '/api/health', undefined, alice);
      expect(replayed.cookie).toBeDefined();
      expect(replayed.body.namespace).not.toBe(
        (await call(server, '/api/health', undefined, alice)).body.namespace,
      );
    } finally {
      await other.close();
    }
    // Alice herself is still Alice.
    const again = await call(server, '/api/health', undefined, alice);
    expect(again.cookie).toBeUndefined();
    expect(aliceTable.startsWith(again.body.namespace as string)).toBe(true);
  }, 120_000);
});
