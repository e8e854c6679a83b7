// Fuzzing the HTTP API in-process against the real DynamoDB Local: 10,000+ generated bodies (random JSON,
// JSON-ish garbage, deep nesting, raw inputs with adversarial AttributeValues and Limits, PartiQL with
// comment, quote and literal variants naming another session's table, patterns with bad arguments) from an
// attacker's session. Every answer is a success or the API's error shape, never a 5xx; no answer ever holds
// the victim's data; the victim's table and a table outside every namespace are unchanged afterwards.
// The run is deterministic per seed: set KEYPLAN_FUZZ_SEED to replay the seed a failure prints.
import { randomBytes } from 'node:crypto';
import {
  CreateTableCommand,
  DeleteTableCommand,
  type DynamoDBClient,
  PutItemCommand,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExample } from '../src/core/features/examples/index.ts';
import type { Design } from '../src/core/model/schema.ts';
import { buildApp, type DynamoTarget } from './app.ts';
import { ALLOWED_OPERATIONS } from './dynamodb/execute.ts';
import { testClient } from './test-support/dynamo.ts';

const RUNS = 10_000;
const SEED = Number(process.env.KEYPLAN_FUZZ_SEED ?? Date.now() % 2 ** 31);
const MARKER = `victim-secret-${randomBytes(6).toString('hex')}`;

const client: DynamoDBClient = testClient();
/** How many calls were sent to DynamoDB (the generators keep most requests short of it). */
let sentToDynamo = 0;
client.middlewareStack.add(
  (next) => (args) => {
    sentToDynamo++;
    return next(args);
  },
  { step: 'initialize', name: 'countFuzzCalls' },
);
const target: DynamoTarget = {
  mode: 'external',
  status: async () => 'up',
  withClient: (work) => work(client),
};
// One attacker sends as fast as inject goes: the per-session request rate is not what this test is about.
const app = buildApp({
  dynamo: target,
  bodyLimit: 256 * 1024,
  limits: { requestsPerSecond: 1_000_000, requestBurst: 1_000_000 },
});
const OUTSIDE = `fuzz-outside-${randomBytes(4).toString('hex')}`;

function victimDesign(): Design {
  const design = structuredClone(getExample('online-store')!.design) as Design;
  design.items.Customer = design.items.Customer.map((item) => ({ ...item, name: `${MARKER} ${item.name}` }));
  return design;
}

async function session(): Promise<{ cookie: string; namespace: string }> {
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  return { cookie: String(health.headers['set-cookie']).split(';')[0], namespace: health.json().namespace };
}

const post = (url: string, body: unknown, cookie: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const sortedItems = (items: Record<string, unknown>[]) => items.map((item) => JSON.stringify(item)).sort();

let victim = { cookie: '', namespace: '' };
let attacker = { cookie: '', namespace: '' };
let victimTable = '';
let ownTable = '';
let victimBefore: string[] = [];
let outsideBefore: string[] = [];

async function applyOwn(): Promise<string> {
  const own = await post('/api/apply', { design: getExample('online-store')!.design }, attacker.cookie);
  expect(own.statusCode).toBe(200);
  return own.json().tableName;
}

async function victimItems(): Promise<string[]> {
  const scan = await post(
    '/api/run',
    { operation: 'Scan', input: { TableName: victimTable } },
    victim.cookie,
  );
  expect(scan.statusCode).toBe(200);
  return sortedItems(scan.json().items);
}

async function outsideItems() {
  return sortedItems(
    ((await client.send(new ScanCommand({ TableName: OUTSIDE }))).Items ?? []) as Record<string, unknown>[],
  );
}

beforeAll(async () => {
  victim = await session();
  attacker = await session();
  const applied = await post('/api/apply', { design: victimDesign() }, victim.cookie);
  expect(applied.statusCode).toBe(200);
  victimTable = applied.json().tableName;
  ownTable = await applyOwn();
  await client.send(
    new CreateTableCommand({
      TableName: OUTSIDE,
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: [
        { AttributeName: 'PK', AttributeType: 'S' },
        { AttributeName: 'SK', AttributeType: 'S' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  await client.send(
    new PutItemCommand({
      TableName: OUTSIDE,
      Item: { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'PROFILE' }, name: { S: MARKER } },
    }),
  );
  victimBefore = await victimItems();
  outsideBefore = await outsideItems();
}, 60_000);

afterAll(async () => {
  await post('/api/reset', {}, victim.cookie);
  await post('/api/reset', {}, attacker.cookie);
  await client.send(new DeleteTableCommand({ TableName: OUTSIDE })).catch(() => {});
  await app.close();
});

// ---------------------------------------------------------------------------------------------------------
// Generators. Table names are resolved when a request is sent (the namespaces exist only after beforeAll).

type Tables = { own: string; victim: string; outside: string };
type Body = (t: Tables) => string;
interface Fuzzed {
  url: string;
  contentType?: string;
  body: Body;
  label: string;
}

const json =
  (value: (t: Tables) => unknown): Body =>
  (t) =>
    JSON.stringify(value(t));

const tableName = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<(t: Tables) => string>(
      (t) => t.own,
      (t) => t.victim,
      (t) => t.outside,
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<(t: Tables) => string>(
      (t) => t.victim.toUpperCase(),
      (t) => ` ${t.victim}`,
      (t) => `${t.own}/../${t.victim}`,
      (t) => t.victim.replace(/-AppTable$/, ''),
      (t) => `arn:aws:dynamodb:us-east-1:000000000000:table/${t.victim}`,
      () => 'AppTable',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => () => s) },
);

const numberText = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: false }).map(String),
  fc.constantFrom(
    '1e999',
    '-0',
    '1'.repeat(60),
    '.5',
    '5.',
    'NaN',
    'Infinity',
    ' 1',
    '0x10',
    '1e-200',
    '+1',
    '',
  ),
  fc.string({ maxLength: 6 }),
);

const attributeValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    fc.record({ S: fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.jsonValue({ maxDepth: 1 })) }),
    fc.record({ N: fc.oneof(numberText, fc.integer()) }),
    fc.record({
      B: fc.oneof(
        fc.base64String({ maxLength: 12 }),
        fc.constantFrom('%%%', '', '====', 'a', 'YQ'),
        fc.integer(),
      ),
    }),
    fc.record({ BOOL: fc.oneof(fc.boolean(), fc.constantFrom('yes', 0, null)) }),
    fc.record({ NULL: fc.oneof(fc.constant(true), fc.constantFrom(false, 'true', 1)) }),
    fc.record({ SS: fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.integer()), { maxLength: 3 }) }),
    fc.record({ NS: fc.array(numberText, { maxLength: 3 }) }),
    fc.record({
      BS: fc.array(fc.oneof(fc.base64String({ maxLength: 8 }), fc.string({ maxLength: 4 })), {
        maxLength: 3,
      }),
    }),
    fc.record({ L: fc.oneof(fc.array(tie('value'), { maxLength: 3 }), fc.jsonValue({ maxDepth: 1 })) }),
    fc.record({
      M: fc.oneof(
        fc.dictionary(fc.string({ maxLength: 4 }), tie('value'), { maxKeys: 3 }),
        fc.jsonValue({ maxDepth: 1 }),
      ),
    }),
    fc.record({ S: fc.string({ maxLength: 3 }), N: fc.constant('1') }),
    fc.constantFrom({}, null, 'S', [], { FOO: 'x' }),
    fc.jsonValue({ maxDepth: 2 }),
  ),
})).value;

const ownKey = { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'PROFILE' } };
const attributeMap = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.dictionary(fc.constantFrom('PK', 'SK', 'name', 'x', 'GSI1PK'), attributeValue, {
      maxKeys: 4,
    }),
  },
  { weight: 2, arbitrary: fc.constant(ownKey) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const limit = fc.oneof(
  fc.integer({ min: -5, max: 5000 }),
  fc.double(),
  fc.constantFrom('10', null, true, [1], { n: 1 }, 1e300, -0, 1.5),
);

const expression = fc.oneof(
  fc.constantFrom(
    'PK = :v',
    'PK = :v AND begins_with(SK, :w)',
    '#n = :v',
    'attribute_exists(PK)',
    'SET #n = :v',
    'PK, SK',
  ),
  fc.string({ maxLength: 30 }),
  fc.integer(),
);

const values = fc.dictionary(fc.constantFrom(':v', ':w', 'v'), attributeValue, { maxKeys: 2 });
const names = fc.oneof(
  fc.constant({ '#n': 'name' }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
);

/** Some fields of raw inputs, each optional: most combinations are not a valid input of the operation. */
const rawInput = fc
  .record(
    {
      TableName: tableName,
      Key: attributeMap,
      Item: attributeMap,
      ExclusiveStartKey: attributeMap,
      Limit: limit,
      KeyConditionExpression: expression,
      FilterExpression: expression,
      ConditionExpression: expression,
      UpdateExpression: expression,
      ProjectionExpression: expression,
      ExpressionAttributeValues: values,
      ExpressionAttributeNames: names,
      ConsistentRead: fc.oneof(fc.boolean(), fc.constantFrom('x', 1, null)),
      Select: fc.constantFrom('COUNT', 'ALL_ATTRIBUTES', 'NOPE', 3),
      Segment: fc.oneof(fc.integer({ min: -2, max: 3 }), fc.constant('x')),
      TotalSegments: fc.oneof(fc.integer({ min: -2, max: 3 }), fc.constant('x')),
      IndexName: fc.constantFrom('GSI1', 'nope', '', 7),
      ScanFilter: fc.jsonValue({ maxDepth: 2 }),
      Bogus: fc.jsonValue({ maxDepth: 1 }),
    },
    { requiredKeys: [] },
  )
  .map((fields) => (t: Tables) => {
    const { TableName, ...rest } = fields;
    return TableName ? { TableName: TableName(t), ...rest } : rest;
  });

/** Inputs shaped like the operation's, with adversarial tables and values: these get furthest. */
const shapedInput = fc.oneof(
  fc
    .record({ op: fc.constantFrom('GetItem', 'DeleteItem'), table: tableName, key: attributeMap })
    .map(({ op, table, key }) => [op, (t: Tables) => ({ TableName: table(t), Key: key })] as const),
  fc
    .record({ table: tableName, item: attributeMap })
    .map(({ table, item }) => ['PutItem', (t: Tables) => ({ TableName: table(t), Item: item })] as const),
  fc
    .record({
      op: fc.constantFrom('Scan', 'Query'),
      table: tableName,
      start: fc.option(attributeMap),
      limit: fc.option(limit),
      values: fc.option(values),
    })
    .map(
      ({ op, table, start, limit, values }) =>
        [
          op,
          (t: Tables) => ({
            TableName: table(t),
            ...(op === 'Query'
              ? {
                  KeyConditionExpression: 'PK = :v',
                  ExpressionAttributeValues: values ?? { ':v': { S: 'CUSTOMER#c1' } },
                }
              : {}),
            ...(start === null ? {} : { ExclusiveStartKey: start }),
            ...(limit === null ? {} : { Limit: limit }),
          }),
        ] as const,
    ),
  fc.record({ tables: fc.array(tableName, { minLength: 1, maxLength: 2 }), key: attributeMap }).map(
    ({ tables, key }) =>
      [
        'BatchGetItem',
        (t: Tables) => ({
          RequestItems: Object.fromEntries(tables.map((name) => [name(t), { Keys: [key] }])),
        }),
      ] as const,
  ),
  fc.record({ tables: fc.array(tableName, { minLength: 1, maxLength: 2 }), item: attributeMap }).map(
    ({ tables, item }) =>
      [
        'BatchWriteItem',
        (t: Tables) => ({
          RequestItems: Object.fromEntries(
            tables.map((name) => [
              name(t),
              [{ PutRequest: { Item: item } }, { DeleteRequest: { Key: ownKey } }],
            ]),
          ),
        }),
      ] as const,
  ),
  fc
    .record({
      tables: fc.array(tableName, { minLength: 1, maxLength: 3 }),
      key: attributeMap,
      kind: fc.constantFrom('Get', 'Put', 'Delete', 'Update', 'ConditionCheck'),
    })
    .map(
      ({ tables, key, kind }) =>
        [
          kind === 'Get' ? 'TransactGetItems' : 'TransactWriteItems',
          (t: Tables) => ({
            TransactItems: tables.map((name) => ({
              [kind]: {
                TableName: name(t),
                ...(kind === 'Put' ? { Item: { ...ownKey, ...(key as object) } } : { Key: key }),
                ...(kind === 'Update'
                  ? {
                      UpdateExpression: 'SET #n = :v',
                      ExpressionAttributeNames: { '#n': 'name' },
                      ExpressionAttributeValues: { ':v': { S: 'x' } },
                    }
                  : {}),
                ...(kind === 'ConditionCheck' ? { ConditionExpression: 'attribute_exists(PK)' } : {}),
              },
            })),
          }),
        ] as const,
    ),
);

// PartiQL: the four statement forms around a target table, with the victim's and the outside table's names
// hidden in comments, string literals, quoted identifiers, nested selects and odd whitespace.
const space = fc.constantFrom(' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u2028', '\f', '/**/', ' --x\n ');
const hidden = fc.constantFrom<(t: Tables) => string>(
  (t) => `'${t.victim}'`,
  (t) => `'FROM "${t.victim}"'`,
  (t) => `"${t.victim}"`,
  (t) => `/* "${t.own}" */`,
  (t) => `-- "${t.own}"\n`,
  (t) => `(SELECT * FROM "${t.victim}")`,
  (t) => `EXISTS(SELECT * FROM "${t.outside}")`,
  (t) => `\`{'a': '${t.victim}'}\``,
  () => `'it''s'`,
  () => `'\\'`,
  () => '?',
  () => ';',
);
const quotedTable = fc
  .record({ table: tableName, style: fc.constantFrom('"', '', 'both', 'dotted', 'index', 'case') })
  .map(({ table, style }) => (t: Tables) => {
    const name = table(t);
    switch (style) {
      case '"':
        return `"${name}"`;
      case 'both':
        return `"${name.replace(/"/g, '""')}"`;
      case 'dotted':
        return `"${t.own}"."${t.victim}"`;
      case 'index':
        return `"${name}"."GSI1"`;
      case 'case':
        return `"${name}"`.toUpperCase();
      default:
        return name;
    }
  });
const statementForm = fc.record({
  form: fc.constantFrom('SELECT', 'select', 'INSERT', 'UPDATE', 'DELETE', 'SeLeCt', 'EXISTS'),
  table: quotedTable,
  extra: fc.array(fc.tuple(space, hidden), { maxLength: 2 }),
});
const statement = fc
  .tuple(statementForm, fc.option(fc.tuple(fc.nat(), space, hidden)))
  .map(([{ form, table, extra }, insert]) => (t: Tables) => {
    const name = table(t);
    const tail = extra.map(([s, h]) => `${s}${h(t)}`).join('');
    let text: string;
    switch (form.toUpperCase()) {
      case 'INSERT':
        text = `INSERT INTO ${name} VALUE {'PK': 'FUZZ', 'SK': 'FUZZ'}${tail}`;
        break;
      case 'UPDATE':
        text = `UPDATE ${name} SET note = 'x' WHERE PK = 'CUSTOMER#c1' AND SK = 'PROFILE'${tail}`;
        break;
      case 'DELETE':
        text = `DELETE FROM ${name} WHERE PK = 'CUSTOMER#c1' AND SK = 'PROFILE'${tail}`;
        break;
      case 'EXISTS':
        text = `EXISTS(SELECT * FROM ${name} WHERE PK = 'x')`;
        break;
      default:
        text = `${form} * FROM ${name} WHERE PK = 'CUSTOMER#c1'${tail}`;
    }
    if (!insert) return text;
    const [at, s, h] = insert;
    const i = at % (text.length + 1);
    return `${text.slice(0, i)}${s}${h(t)}${s}${text.slice(i)}`;
  });
const partiql = fc
  .record({
    statement,
    parameters: rarely(fc.array(attributeValue, { maxLength: 2 })),
    limit: rarely(limit),
    token: rarely(fc.oneof(fc.string({ maxLength: 8 }), fc.integer())),
  })
  .map(({ statement, parameters, limit, token }) => (t: Tables) => ({
    Statement: statement(t),
    ...(parameters ? { Parameters: parameters } : {}),
    ...(limit === null ? {} : { Limit: limit }),
    ...(token === null ? {} : { NextToken: token }),
  }));

/** A value one time in eight, else null (absent). */
function rarely<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
}

const deep = fc.record({
  depth: fc.integer({ min: 20, max: 4000 }),
  shape: fc.constantFrom('array', 'object', 'attribute', 'unclosed'),
  at: fc.constantFrom('body', 'design', 'start', 'item', 'args'),
});
function deepText({ depth, shape }: { depth: number; shape: string }): string {
  switch (shape) {
    case 'array':
      return `${'['.repeat(depth)}${']'.repeat(depth)}`;
    case 'object':
      return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    case 'attribute':
      return `${'{"M":{"a":'.repeat(depth % 60)}{"S":"x"}${'}}'.repeat(depth % 60)}`;
    default:
      return '['.repeat(depth);
  }
}

const design = getExample('online-store')!.design;
const designText = JSON.stringify(design);
const PATTERNS = (design.accessPatterns ?? []).map((p) => p.id);

/** The design with one top-level part replaced: never a valid design, so apply and load stop early. */
const brokenDesign = fc
  .record({
    key: fc.constantFrom('format', 'table', 'entities', 'accessPatterns', 'items', 'name'),
    value: fc.jsonValue({ maxDepth: 3 }),
  })
  .map(({ key, value }) => ({
    ...design,
    [key]: value === undefined ? null : key === 'items' ? [value] : value,
  }));

const garbage = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '{',
    '[',
    '{"a":',
    'null',
    '"x"',
    '1',
    'true',
    '{"__proto__":{"a":1}}',
    '{"constructor":{"prototype":{"a":1}}}',
    '',
    ' ',
    '\u0000',
    '{"design":}',
    '[]',
  ),
  fc.nat({ max: designText.length }).map((n) => designText.slice(0, n)),
  fc
    .tuple(fc.nat({ max: designText.length }), fc.string({ maxLength: 3 }))
    .map(([n, s]) => `{"design":${designText.slice(0, n)}${s}${designText.slice(n)}}`),
);

const contentType = fc.oneof(
  { weight: 20, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      undefined,
      'text/plain',
      'application/json; charset=utf-16',
      'APPLICATION/JSON',
      'application/x-www-form-urlencoded',
      'application/jsonx',
    ),
  },
);

// Reset's one valid body ({}) deletes the attacker's table, which is then applied again: rarely.
const url = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('/api/apply', '/api/load', '/api/run') },
  { weight: 1, arbitrary: fc.constant('/api/reset') },
);
const fuzzed: fc.Arbitrary<Fuzzed> = fc.oneof(
  // Random JSON and garbage to any route.
  {
    weight: 15,
    arbitrary: fc
      .record({ url, value: fc.jsonValue({ maxDepth: 4 }), contentType })
      .map((r) => ({ ...r, body: json(() => r.value), label: 'json' })),
  },
  {
    weight: 10,
    arbitrary: fc
      .record({ url, text: garbage, contentType })
      .map((r) => ({ ...r, body: () => r.text, label: 'garbage' })),
  },
  // Deep nesting, alone or where a request holds values.
  {
    weight: 8,
    arbitrary: fc.record({ url, d: deep }).map(({ url, d }) => {
      const text = deepText(d);
      const body: Body = (t) =>
        ({
          body: text,
          design: `{"design":${text}}`,
          start: `{"operation":"Scan","input":{"TableName":${JSON.stringify(t.own)},"ExclusiveStartKey":{"PK":${text}}}}`,
          item: `{"operation":"PutItem","input":{"TableName":${JSON.stringify(t.own)},"Item":{"PK":{"S":"D"},"SK":{"S":"D"},"d":${text}}}}`,
          args: `{"design":${designText},"patternId":"get-customer","args":{"customerId":${text}}}`,
        })[d.at];
      return {
        url: d.at === 'body' ? url : '/api/run',
        body,
        label: `deep ${d.shape} ${d.depth} in ${d.at}`,
      };
    }),
  },
  // Designs that are not valid to apply and load.
  {
    weight: 6,
    arbitrary: fc
      .record({
        url: fc.constantFrom('/api/apply', '/api/load'),
        d: brokenDesign,
        extra: fc.jsonValue({ maxDepth: 1 }),
      })
      .map(({ url, d, extra }) => ({
        url,
        body: json(() => ({ design: d, recreate: extra })),
        label: 'broken design',
      })),
  },
  // Raw runs: any operation name with loose fields, and inputs shaped like each operation's.
  {
    weight: 30,
    arbitrary: fc
      .record({
        op: fc.oneof(
          fc.constantFrom(...ALLOWED_OPERATIONS),
          fc.constantFrom('DeleteTable', 'ListTables', 'CreateTable', 'getitem', ''),
        ),
        input: rawInput,
        contentType,
      })
      .map(({ op, input, contentType }) => ({
        url: '/api/run',
        contentType,
        body: json((t) => ({ operation: op, input: input(t) })),
        label: `raw ${op}`,
      })),
  },
  {
    weight: 8,
    arbitrary: shapedInput.map(([op, input]) => ({
      url: '/api/run',
      body: json((t) => ({ operation: op, input: input(t) })),
      label: `shaped ${op}`,
    })),
  },
  // PartiQL, mostly refused by the parse or the namespace check; the ones confined to the own table run.
  {
    weight: 15,
    arbitrary: partiql.map((input) => ({
      url: '/api/run',
      body: json((t) => ({ operation: 'ExecuteStatement', input: input(t) })),
      label: 'partiql',
    })),
  },
  // Pattern runs with bad arguments, limits and start keys.
  {
    weight: 4,
    arbitrary: fc
      .record({
        patternId: fc.oneof(fc.constantFrom(...PATTERNS), fc.string({ maxLength: 5 })),
        args: fc.option(
          fc.dictionary(
            fc.constantFrom('customerId', 'orderId', 'status', 'createdAt', 'x'),
            fc.jsonValue({ maxDepth: 2 }),
            { maxKeys: 3 },
          ),
        ),
        limit: fc.option(limit),
        start: fc.option(fc.jsonValue({ maxDepth: 2 })),
      })
      .map(({ patternId, args, limit, start }) => ({
        url: '/api/run',
        body: json(() => ({
          design,
          patternId,
          ...(args === null ? {} : { args }),
          ...(limit === null ? {} : { limit }),
          ...(start === null ? {} : { exclusiveStartKey: start }),
        })),
        label: `pattern ${patternId}`,
      })),
  },
);

describe('fuzzing the HTTP API', () => {
  it(`answers ${RUNS} generated bodies with no 5xx, the error shape, and nothing of another namespace`, async () => {
    const tables: Tables = { own: ownTable, victim: victimTable, outside: OUTSIDE };
    const statuses = new Map<number, number>();
    let reached = 0;
    await fc.assert(
      fc.asyncProperty(fuzzed, async ({ url, contentType, body, label }) => {
        const payload = body(tables);
        const headers: Record<string, string> = { cookie: attacker.cookie };
        if (contentType !== 'none') headers['content-type'] = contentType ?? 'application/json';
        const sentBefore = sentToDynamo;
        const response = await app.inject({ method: 'POST', url, headers, payload });
        if (sentToDynamo > sentBefore) reached++;
        // A reset deletes the attacker's own table: apply it again, so that runs keep reaching a table.
        if (url === '/api/reset' && response.statusCode === 200) await applyOwn();
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const where = `${label}: POST ${url} ${payload.slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
        if (response.statusCode >= 500) throw new Error(`a 5xx: ${where}`);
        if (response.body.includes(MARKER)) throw new Error(`the victim's data came back: ${where}`);
        const answer = JSON.parse(response.body);
        if (response.statusCode >= 400) {
          const shaped = typeof answer?.error?.code === 'string' && typeof answer.error.message === 'string';
          if (!shaped) throw new Error(`not the error shape: ${where}`);
        } else if (
          response.statusCode !== 200 ||
          typeof answer !== 'object' ||
          answer === null ||
          'error' in answer
        ) {
          throw new Error(`neither a success nor an error: ${where}`);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // Most bodies stop before DynamoDB; those that reach it stay a bounded share of the run.
    const summary = `seed ${SEED}: ${reached} requests reached DynamoDB (${sentToDynamo} calls); statuses ${JSON.stringify(Object.fromEntries(statuses))}`;
    expect(reached, summary).toBeLessThan(RUNS / 3);
    expect(statuses.get(200) ?? 0, summary).toBeGreaterThan(0);
    expect(await victimItems(), `the victim's items changed (${summary})`).toEqual(victimBefore);
    expect(await outsideItems(), `the outside table changed (${summary})`).toEqual(outsideBefore);
    expect(
      (await app.inject({ method: 'GET', url: '/api/health', headers: { cookie: attacker.cookie } }))
        .statusCode,
    ).toBe(200);
  }, 240_000);
});
