// Bad input is a 4xx, never a 500, and never half-sent: raw DynamoDB inputs are checked field by field and
// every AttributeValue is well formed before anything reaches DynamoDB (a real DynamoDB Local here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExample } from '../src/core/features/examples/index.ts';
import { buildApp } from './app.ts';
import { postJson, testTarget } from './test-support/dynamo.ts';

const app = buildApp({ dynamo: testTarget() });
let cookie = '';
let table = '';

const post = (url: string, body: unknown) => postJson(app, url, body, cookie);

const itemsOfTable = async () =>
  (await post('/api/run', { operation: 'Scan', input: { TableName: table } })).json().items;

beforeAll(async () => {
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  cookie = String(health.headers['set-cookie']).split(';')[0];
  const applied = await post('/api/apply', { design: getExample('online-store')!.design });
  expect(applied.statusCode).toBe(200);
  table = applied.json().tableName;
});

afterAll(async () => {
  await post('/api/reset', {});
  await app.close();
});

describe('raw inputs', () => {
  it('refuses malformed AttributeValues, start keys and fields with a 400 that names the place', async () => {
    const before = await itemsOfTable();
    expect(before.length).toBeGreaterThan(0);
    const key = { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'PROFILE' } };
    // Each of these was a 500 (DynamoDB Local failed inside) or was sent as something else ({"S": 5} as "").
    const cases: [string, Record<string, unknown>, RegExp][] = [
      [
        'PutItem',
        { TableName: table, Item: { ...key, b: { B: '%%%' } } },
        /input\.Item\.b\.B: B takes a base64/,
      ],
      ['PutItem', { TableName: table, Item: { ...key, s: { S: 5 } } }, /input\.Item\.s\.S: S takes a string/],
      ['PutItem', { TableName: table, Item: { ...key, f: { BOOL: 'yes' } } }, /input\.Item\.f\.BOOL/],
      [
        'PutItem',
        { TableName: table, Item: { ...key, n: 'plain' } },
        /input\.Item\.n: expected an AttributeValue/,
      ],
      ['PutItem', { TableName: table, Item: { ...key, x: { S: 'a', N: '1' } } }, /exactly one of S, N, B/],
      ['PutItem', { TableName: table, Item: { ...key, ss: { SS: 'a' } } }, /SS takes a non-empty array/],
      ['PutItem', { TableName: table, Item: [1, 2] }, /input\.Item: expected an object/],
      ['Scan', { TableName: table, ExclusiveStartKey: 'x' }, /input\.ExclusiveStartKey: expected an object/],
      ['Scan', { TableName: table, ExclusiveStartKey: { PK: 'x' } }, /input\.ExclusiveStartKey\.PK/],
      ['Scan', { TableName: table, ConsistentRead: 'x' }, /input\.ConsistentRead/],
      ['Scan', { TableName: table, Segment: 'x', TotalSegments: 2 }, /input\.Segment/],
      ['Scan', { TableName: table, ScanFilter: 'x' }, /input\.ScanFilter/],
      ['Scan', { TableName: table, Bogus: 1 }, /Unrecognized key: "Bogus"/],
      ['GetItem', { TableName: table }, /input\.Key: required/],
      ['Query', { TableName: table, KeyConditionExpression: 5 }, /input\.KeyConditionExpression/],
      [
        'ExecuteStatement',
        { Statement: `SELECT * FROM "${table}"`, Parameters: 'x' },
        /input\.Parameters: .*expected array/,
      ],
      ['ExecuteStatement', { Statement: `SELECT * FROM "${table}"`, NextToken: 5 }, /input\.NextToken/],
      [
        'TransactWriteItems',
        { TransactItems: [{ Put: { TableName: table, Item: key }, Delete: { TableName: table, Key: key } }] },
        /input\.TransactItems\.0: expected exactly one of ConditionCheck, Put, Delete, Update/,
      ],
      [
        'BatchWriteItem',
        { RequestItems: { [table]: [{ PutRequest: { Item: { ...key, b: { BS: ['%%'] } } } }] } },
        /input\.RequestItems\..*\.0\.PutRequest\.Item\.b\.BS\.0: each member is a base64 string/,
      ],
    ];
    for (const [operation, input, message] of cases) {
      const response = await post('/api/run', { operation, input });
      const label = `${operation} ${JSON.stringify(input)}`;
      expect(response.statusCode, label).toBe(400);
      expect(response.json().error.code, label).toBe('InvalidInput');
      expect(response.json().error.message, label).toMatch(message);
    }
    expect(await itemsOfTable()).toEqual(before);
  });

  it('answers a NextToken DynamoDB Local cannot read with a 400, not its internal failure', async () => {
    for (const NextToken of [' ', '{}', 'eyJ2ZXJzaW9uIjoiVjEifQ']) {
      const response = await post('/api/run', {
        operation: 'ExecuteStatement',
        input: { Statement: `SELECT * FROM "${table}"`, NextToken },
      });
      expect(response.statusCode, NextToken).toBe(400);
      expect(response.json().error.code, NextToken).toMatch(/^(InvalidNextToken|ValidationException)$/);
    }
  });

  it('allows 32 levels of nesting, DynamoDB’s limit, and refuses a 33rd before sending', async () => {
    const nested = (levels: number) => {
      let value: Record<string, unknown> = { S: 'deep' };
      for (let i = 1; i < levels; i++) value = { L: [value] };
      return value;
    };
    const key = { PK: { S: 'DEEP' }, SK: { S: 'DEEP' } };
    const ok = await post('/api/run', {
      operation: 'PutItem',
      input: { TableName: table, Item: { ...key, d: nested(32) } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const deep = await post('/api/run', {
      operation: 'PutItem',
      input: { TableName: table, Item: { ...key, d: nested(33) } },
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error.message).toMatch(/nest at most 32 levels/);
  });

  it('sends a well-formed binary value as the bytes its base64 names', async () => {
    const key = { PK: { S: 'BIN' }, SK: { S: 'BIN' } };
    const put = await post('/api/run', {
      operation: 'PutItem',
      input: { TableName: table, Item: { ...key, b: { B: 'aGVsbG8=' }, n: { N: '-1.5e3' } } },
    });
    expect(put.statusCode, put.body).toBe(200);
    const got = await post('/api/run', { operation: 'GetItem', input: { TableName: table, Key: key } });
    expect(got.statusCode).toBe(200);
    expect(got.json().items[0].n).toBe(-1500);
  });
});
