// Generated code keeps every digit of a number: a literal a double cannot hold is NumberValue.from('…') in
// TypeScript and Decimal('…') in Python, and both modules, run against DynamoDB Local, read exactly the
// items the evaluator predicts (a double would round 12345678901234567890123 and …124 to one value).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DeleteTableCommand,
  PutItemCommand,
  type PutItemCommandInput,
} from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { localAwsEnv, testClient, uniquePrefix } from '../../../../server/test-support/dynamo.ts';
import { createTableInput } from '../../apply/create-table.ts';
import { readDesignText } from '../../checks/design-text.ts';
import { evaluateRead } from '../../evaluate/evaluate.ts';
import { buildViewsFor } from '../../indexes/views.ts';
import { deriveItems } from '../../items/derive.ts';
import type { Design } from '../../model/schema.ts';
import { resolvePattern } from '../../requests/resolve.ts';
import { canonicalNumber } from '../../values/compare.ts';
import type { KeyValue } from '../../values/item.ts';
import { marshallItem } from '../../values/marshall.ts';
import { generateCode } from './index.ts';

const DESIGN = `{
  "format": "keyplan/1",
  "name": "Meters",
  "table": { "name": "Meters", "partitionKey": { "name": "PK", "type": "S" }, "sortKey": { "name": "SK", "type": "N" } },
  "entities": [
    {
      "name": "Reading",
      "attributes": [
        { "name": "meter", "type": "S", "required": true },
        { "name": "at", "type": "N", "required": true },
        { "name": "value", "type": "N" }
      ],
      "keys": { "PK": "METER#{meter}", "SK": "{at}" }
    }
  ],
  "accessPatterns": [
    {
      "id": "late-small-readings",
      "name": "Readings from a 23-digit time on, under a 38-digit value",
      "operation": "Query",
      "keyCondition": { "partition": "METER#{meter}", "sort": { "op": ">=", "value": "12345678901234567890124" } },
      "filter": [{ "attribute": "value", "op": "<", "value": 10000000000000000000000000000000000001 }],
      "returns": ["Reading"],
      "example": { "meter": "m1" }
    }
  ],
  "items": {
    "Reading": [
      { "meter": "m1", "at": 1, "value": 1 },
      { "meter": "m1", "at": 12345678901234567890123, "value": 1 },
      { "meter": "m1", "at": 12345678901234567890124, "value": 10000000000000000000000000000000000000 },
      { "meter": "m1", "at": 12345678901234567890125, "value": 10000000000000000000000000000000000001 },
      { "meter": "m1", "at": 12345678901234567890126, "value": 0.30000000000000000000000000000000000001 }
    ]
  }
}`;

function design(): Design {
  const read = readDesignText(DESIGN);
  if (read.kind !== 'design' || read.problems.length) throw new Error(JSON.stringify(read));
  return read.design;
}

const DIR = path.join(
  process.cwd(),
  'node_modules',
  '.cache',
  'keyplan-codegen-exact',
  randomBytes(4).toString('hex'),
);
const digits = (value: unknown) => canonicalNumber(String(value) as KeyValue);

describe('exact numbers in generated code', () => {
  const client = testClient();
  const tableName = `${uniquePrefix('codegen-exact')}Meters`;
  afterAll(async () => {
    rmSync(DIR, { recursive: true, force: true });
    await client.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
  });

  it('writes NumberValue and Decimal literals, and both languages read what the evaluator predicts', async () => {
    const d = design();
    const typescript = generateCode(d, 'typescript');
    const python = generateCode(d, 'python');
    expect(typescript).toContain("NumberValue.from('12345678901234567890124')");
    expect(typescript).toContain("NumberValue.from('10000000000000000000000000000000000001')");
    expect(python).toContain("Decimal('12345678901234567890124')");
    expect(python).toContain("Decimal('10000000000000000000000000000000000001')");

    await client.send(new CreateTableCommand(createTableInput(d, tableName) as CreateTableCommandInput));
    for (const { item } of deriveItems(d))
      await client.send(
        new PutItemCommand({ TableName: tableName, Item: marshallItem(item) as PutItemCommandInput['Item'] }),
      );

    const pattern = d.accessPatterns[0];
    const predicted = evaluateRead(d, buildViewsFor(d), resolvePattern(d, pattern, { meter: 'm1' }));
    const want = predicted.items.map((i) => [digits(i.SK), digits(i.value)]);
    expect(want).toEqual([
      ['12345678901234567890124', '10000000000000000000000000000000000000'],
      ['12345678901234567890126', '0.30000000000000000000000000000000000001'],
    ]);

    mkdirSync(DIR, { recursive: true });
    const tsFile = path.join(DIR, 'meters.ts');
    writeFileSync(tsFile, typescript);
    process.env.TABLE_NAME = tableName;
    const module = await import(pathToFileURL(tsFile).href);
    delete process.env.TABLE_NAME;
    const documentClient = module.createClient({
      endpoint: inject('dynamoEndpoint'),
      region: 'us-east-1',
      credentials: { accessKeyId: 'keyplan', secretAccessKey: 'keyplan' },
    });
    const page = await module.lateSmallReadings(documentClient, { meter: 'm1' });
    // Numbers past a double come back as NumberValue: every digit.
    expect(page.items.map((i: Record<string, unknown>) => [digits(i.SK), digits(i.value)])).toEqual(want);

    const pyFile = path.join(DIR, 'meters.py');
    writeFileSync(pyFile, python);
    const script = `import json, meters\nprint(json.dumps([[str(i['SK']), str(i['value'])] for i in meters.late_small_readings('m1')['items']]))`;
    const run = spawnSync('/usr/bin/python3', ['-c', script], {
      cwd: DIR,
      encoding: 'utf8',
      env: localAwsEnv({ TABLE_NAME: tableName }),
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout).map((pair: string[]) => pair.map(digits))).toEqual(want);
  });
});
