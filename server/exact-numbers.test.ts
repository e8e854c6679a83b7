// The HTTP API keeps every digit of a DynamoDB number both ways (issue #12): a 38-digit number in a JSON
// body reaches DynamoDB as written, and the answer writes DynamoDB's numbers with all their digits as JSON
// numbers, even where a double would round them. Bodies still pass the parser's checks (__proto__, depth).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isExactNumber, parseExactJson } from '../src/core/values/exact-json.ts';
import { buildApp } from './app.ts';
import { testTarget } from './test-support/dynamo.ts';

const app = buildApp({ dynamo: testTarget() });
const BIG = '12345678901234567890123456789012345678';
const NEAR_MAX = '9.9999999999999999999999999999999999999E+125';

const design = {
  format: 'keyplan/1',
  name: 'Exact numbers',
  table: { name: 'Ledger', partitionKey: { name: 'PK', type: 'N' } },
  entities: [
    {
      name: 'Entry',
      attributes: [
        { name: 'n', type: 'N', required: true },
        { name: 'amounts', type: 'NS' },
      ],
      keys: { PK: '{n}' },
    },
  ],
  items: {},
  accessPatterns: [
    { id: 'entry', name: 'One entry', operation: 'GetItem', keyCondition: { partition: '{n}' } },
  ],
};

/** A POST whose body is this JSON text as it is (a JS object would round its numbers first). */
async function postText(url: string, payload: string, cookie: string) {
  return app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'content-type': 'application/json' },
    payload,
  });
}

describe('exact numbers over HTTP', () => {
  let cookie: string;
  beforeAll(async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    cookie = String(health.headers['set-cookie']).split(';')[0];
  });
  afterAll(async () => {
    await postText('/api/reset', '{}', cookie);
    await app.close();
  });

  it('takes a 38-digit argument as written and answers DynamoDB’s digits', async () => {
    const applied = await postText('/api/apply', JSON.stringify({ design }), cookie);
    expect(applied.statusCode, applied.body).toBe(200);
    const { tableName } = applied.json();
    const put = {
      operation: 'PutItem',
      input: {
        TableName: tableName,
        Item: { PK: { N: BIG }, n: { N: BIG }, amounts: { NS: [BIG, NEAR_MAX, '-1.5E-100'] } },
      },
    };
    expect((await postText('/api/run', JSON.stringify(put), cookie)).statusCode).toBe(200);

    // The argument is a JSON number with 38 digits; read as a double it would be 1.2345678901234568e+37.
    const run = await postText(
      '/api/run',
      `{"design": ${JSON.stringify(design)}, "patternId": "entry", "args": {"n": ${BIG}}}`,
      cookie,
    );
    expect(run.statusCode, run.body).toBe(200);
    expect(run.body).toContain(`"n":${BIG}`);
    const result = parseExactJson(run.body) as {
      items: { n: unknown; amounts: unknown[] }[];
      request: { input: { Key: unknown } };
    };
    expect(result.request.input.Key).toEqual({ PK: { N: BIG } });
    expect(result.items).toHaveLength(1);
    const [item] = result.items;
    expect(isExactNumber(item.n) && item.n.value).toBe(BIG);
    // DynamoDB answers 9.99…E+125 in plain digits, its normal form, which is how Keyplan holds it too.
    expect(item.amounts.map(String).sort()).toEqual(
      ['-1.5e-100', BIG, `${'9'.repeat(38)}${'0'.repeat(88)}`].sort(),
    );
  });

  it('still refuses __proto__ in a body that holds long numbers', async () => {
    const response = await postText('/api/run', `{"__proto__": {"x": ${BIG}}}`, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('InvalidJson');
  });

  it('names a long number where a raw request wants a string', async () => {
    const response = await postText(
      '/api/run',
      `{"operation": "GetItem", "input": {"TableName": "Ledger", "Key": {"PK": {"N": ${BIG}}}}}`,
      cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(
      `N takes a number in a string, like "42" or "-1.5e3", got ${BIG}`,
    );
  });
});
