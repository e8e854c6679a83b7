// The stored-bytes quota against a real `keyplan serve` and DynamoDB Local: a session that writes past its
// bytes by BatchWriteItem is refused where its items and their index copies reach the limit, a reset frees
// them, and a seeded random sequence of puts, overwrites, updates, deletes, batches, PartiQL and resets
// never lets the count fall under what the tables truly hold (by DynamoDB's item sizes and projections,
// read back by Scan) and refuses exactly the writes whose bound would pass the limit.
import { DescribeTableCommand, ScanCommand, type TableDescription } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { validateDesign } from '../src/core/checks/validate.ts';
import { itemSize } from '../src/core/model/item-size.ts';
import type { Design } from '../src/core/model/schema.ts';
import { unmarshallItem } from '../src/core/values/marshall.ts';
import { type RunningServer, startServer } from './server.ts';
import { testClient } from './test-support/dynamo.ts';

const OVERHEAD = 100;
const MAX_ITEM = 400 * 1024;

/** A table with one GSI of the given projection (its key GK), and no entities: items come by raw writes. */
function bytesDesign(projection: { type: 'ALL' } | { type: 'KEYS_ONLY' }): Design {
  const result = validateDesign({
    format: 'keyplan/1',
    name: 'bytes',
    table: {
      name: 'Bytes',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      globalSecondaryIndexes: [{ name: 'ByG', partitionKey: { name: 'GK', type: 'S' }, projection }],
    },
    entities: [{ name: 'Thing', attributes: [{ name: 'id', type: 'S' }], keys: { PK: 'T#{id}', SK: 'T' } }],
    accessPatterns: [],
    items: {},
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.design;
}

interface Reply {
  status: number;
  body: { error?: { code: string; message: string }; tableName?: string };
}

async function post(server: RunningServer, path: string, body: unknown, cookie: string): Promise<Reply> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Reply['body'] };
}

async function newSession(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/health`);
  return String(response.headers.get('set-cookie')).split(';')[0];
}

type Item = Record<string, { S: string }>;
const item = (key: string, bytes: number, inIndex: boolean): Item => ({
  PK: { S: key },
  SK: { S: 'S' },
  ...(inIndex ? { GK: { S: 'G' } } : {}),
  x: { S: 'y'.repeat(bytes) },
});
/** What the server reserves for a put of this item: it and its whole copy in each index it is in. */
const putBound = (value: Item) => (itemSize(unmarshallItem(value)) + OVERHEAD) * ('GK' in value ? 2 : 1);

const client = testClient();

/** What DynamoDB Local reports the table holds, with 100 bytes per item and index entry: the server's count. */
async function reportedBytes(table: string): Promise<number> {
  let description: TableDescription | undefined;
  try {
    ({ Table: description } = await client.send(new DescribeTableCommand({ TableName: table })));
  } catch {
    return 0;
  }
  let bytes = (description?.TableSizeBytes ?? 0) + OVERHEAD * (description?.ItemCount ?? 0);
  for (const index of description?.GlobalSecondaryIndexes ?? [])
    bytes += (index.IndexSizeBytes ?? 0) + OVERHEAD * (index.ItemCount ?? 0);
  return bytes;
}

/**
 * What the table truly holds by DynamoDB's rules, read back by Scan: each item by the core's item size, and
 * in the KEYS_ONLY index, for each item with its key, the keys it projects; 100 bytes overhead for each.
 */
async function trueBytes(table: string): Promise<number> {
  let bytes = 0;
  try {
    const { Items = [] } = await client.send(new ScanCommand({ TableName: table, ConsistentRead: true }));
    for (const stored of Items) {
      const plain = unmarshallItem(stored as never);
      bytes += itemSize(plain) + OVERHEAD;
      if ('GK' in plain) bytes += itemSize({ PK: plain.PK, SK: plain.SK, GK: plain.GK }) + OVERHEAD;
    }
  } catch {}
  return bytes;
}

describe('#26 class 3: a session cannot store more bytes than its quota', () => {
  const limit = 300_000;
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      endpoint: inject('dynamoEndpoint'),
      log: () => {},
      limits: { bytesPerSession: limit },
    });
  });
  afterAll(() => server.close());

  it('refuses a BatchWriteItem past bytesPerSession, counting each index copy, and a reset frees them', async () => {
    const cookie = await newSession(server);
    const apply = () => post(server, '/api/apply', { design: bytesDesign({ type: 'ALL' }) }, cookie);
    const applied = await apply();
    expect(applied.status).toBe(200);
    const table = applied.body.tableName!;
    let next = 0;
    const batch = () =>
      Array.from({ length: 25 }, () => ({
        PutRequest: { Item: item(`k${String(next++).padStart(6, '0')}`, 900, true) },
      }));
    const batchBytes = batch()
      .map((request) => putBound(request.PutRequest.Item))
      .reduce((a, b) => a + b);
    // Each item is in the GSI: its copy counts too, so fewer batches fit than the items alone would let.
    const fits = Math.floor(limit / batchBytes);
    expect(Math.floor(limit / (batchBytes / 2))).toBeGreaterThan(fits);
    const write = () =>
      post(
        server,
        '/api/run',
        { operation: 'BatchWriteItem', input: { RequestItems: { [table]: batch() } } },
        cookie,
      );
    const fill = async () => {
      const statuses: number[] = [];
      for (let i = 0; i <= 2 * fits + 1 && statuses.at(-1) !== 403; i++) {
        const reply = await write();
        statuses.push(reply.status);
        if (reply.status === 403) {
          expect(reply.body.error?.code).toBe('StorageQuotaExceeded');
          expect(reply.body.error?.message).toContain('bytesPerSession');
          expect(reply.body.error?.message).toContain(limit.toLocaleString('en-US'));
        }
      }
      return statuses;
    };
    expect(await fill()).toEqual([...Array(fits).fill(200), 403]);
    // What the session holds is what DynamoDB Local holds, index copies included, within the limit.
    expect(await reportedBytes(table)).toBe(fits * batchBytes);
    // A reset deletes the tables and frees their bytes: the session fills again to the same point.
    expect((await post(server, '/api/reset', {}, cookie)).status).toBe(200);
    expect((await apply()).status).toBe(200);
    expect(await fill()).toEqual([...Array(fits).fill(200), 403]);
  });
});

describe('#26 class 3: the stored-bytes count, randomized (fast-check, seeded)', () => {
  // Updates reserve DynamoDB's most per item and copy (400 KB twice): the limit lets some in.
  const limit = 1_000_000;
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      endpoint: inject('dynamoEndpoint'),
      log: () => {},
      limits: { bytesPerSession: limit },
    });
  });
  afterAll(() => server.close());

  const key = fc.integer({ min: 0, max: 11 }).map((n) => `k${n}`);
  const put = fc.record({ key, bytes: fc.integer({ min: 0, max: 60_000 }), inIndex: fc.boolean() });
  const step = fc.oneof(
    put.map((p) => ({ kind: 'put' as const, ...p })),
    fc.record({ kind: fc.constant('update' as const), key, bytes: fc.integer({ min: 0, max: 30_000 }) }),
    fc.record({ kind: fc.constant('delete' as const), key }),
    fc.record({
      kind: fc.constant('batch' as const),
      puts: fc.uniqueArray(put, { minLength: 1, maxLength: 5, selector: (p) => p.key }),
      deletes: fc.uniqueArray(key, { maxLength: 3 }),
    }),
    fc.record({ kind: fc.constant('partiqlDelete' as const), key }),
    fc.constant({ kind: 'reset' as const }),
  );

  it('never counts less than the tables hold, and refuses exactly the writes that may pass the limit', async () => {
    const cookie = await newSession(server);
    const design = bytesDesign({ type: 'KEYS_ONLY' });
    const apply = async () => {
      const applied = await post(server, '/api/apply', { design }, cookie);
      expect(applied.status).toBe(200);
      return applied.body.tableName!;
    };
    const table = await apply();
    let refusals = 0;
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        expect((await post(server, '/api/reset', {}, cookie)).status).toBe(200);
        await apply();
        for (const s of steps) {
          const held = await reportedBytes(table);
          let reply: Reply;
          let bound = 0;
          if (s.kind === 'reset') {
            reply = await post(server, '/api/reset', {}, cookie);
            expect(reply.status).toBe(200);
            expect(await reportedBytes(table)).toBe(0);
            await apply();
            continue;
          }
          if (s.kind === 'put') {
            const value = item(s.key, s.bytes, s.inIndex);
            bound = putBound(value);
            reply = await post(
              server,
              '/api/run',
              { operation: 'PutItem', input: { TableName: table, Item: value } },
              cookie,
            );
          } else if (s.kind === 'update') {
            bound = (MAX_ITEM + OVERHEAD) * 2;
            reply = await post(
              server,
              '/api/run',
              {
                operation: 'UpdateItem',
                input: {
                  TableName: table,
                  Key: { PK: { S: s.key }, SK: { S: 'S' } },
                  UpdateExpression: 'SET z = :z, GK = :g',
                  ExpressionAttributeValues: { ':z': { S: 'u'.repeat(s.bytes) }, ':g': { S: 'G' } },
                },
              },
              cookie,
            );
          } else if (s.kind === 'delete') {
            reply = await post(
              server,
              '/api/run',
              {
                operation: 'DeleteItem',
                input: { TableName: table, Key: { PK: { S: s.key }, SK: { S: 'S' } } },
              },
              cookie,
            );
          } else if (s.kind === 'partiqlDelete') {
            reply = await post(
              server,
              '/api/run',
              {
                operation: 'ExecuteStatement',
                input: { Statement: `DELETE FROM "${table}" WHERE PK = '${s.key}' AND SK = 'S'` },
              },
              cookie,
            );
          } else {
            const puts = s.puts.map((p) => item(p.key, p.bytes, p.inIndex));
            const deletes = s.deletes.filter((k) => !s.puts.some((p) => p.key === k));
            bound = puts.map(putBound).reduce((a, b) => a + b, 0);
            reply = await post(
              server,
              '/api/run',
              {
                operation: 'BatchWriteItem',
                input: {
                  RequestItems: {
                    [table]: [
                      ...puts.map((Item) => ({ PutRequest: { Item } })),
                      ...deletes.map((k) => ({ DeleteRequest: { Key: { PK: { S: k }, SK: { S: 'S' } } } })),
                    ],
                  },
                },
              },
              cookie,
            );
          }
          const refused = bound > 0 && held + bound > limit;
          expect(reply.status, JSON.stringify(reply.body)).toBe(refused ? 403 : 200);
          if (refused) {
            refusals++;
            expect(reply.body.error?.code).toBe('StorageQuotaExceeded');
            // The server's own count, as its refusal states it, is what DynamoDB Local holds.
            expect(reply.body.error?.message).toContain(`hold ${held.toLocaleString('en-US')} bytes`);
          } else accepted++;
          const after = await reportedBytes(table);
          expect(after).toBeLessThanOrEqual(Math.max(limit, held));
          expect(after).toBeGreaterThanOrEqual(await trueBytes(table));
        }
      }),
      { numRuns: 25, seed: 2603 },
    );
    // The runs reached both sides of the limit.
    expect(refusals).toBeGreaterThan(0);
    expect(accepted).toBeGreaterThan(refusals);
  }, 300_000);
});
