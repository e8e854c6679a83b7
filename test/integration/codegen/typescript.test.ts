// The generated TypeScript, imported in-process and run with its own createClient() against DynamoDB
// Local: every request it sends equals, field for field, the request `keyplan run` builds (buildRequest's
// DocumentClient form); every read gives `keyplan run`'s items, page by page; every write leaves the
// table as `keyplan run` leaves it; conditional writes fail with DynamoDB's exception.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type DynamoDBDocumentClient, NumberValue } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { namespacedTable } from '../../../server/namespace.ts';
import { applyForSession, resetSession, runPatternForSession } from '../../../server/service.ts';
import { testClient, uniquePrefix } from '../../../server/test-support/dynamo.ts';
import { generateCode } from '../../../src/core/io/codegen/index.ts';
import { type PatternPlan, planCode } from '../../../src/core/io/codegen/plan.ts';
import type { AccessPattern, Design } from '../../../src/core/model/schema.ts';
import { type BuildOptions, buildRequest } from '../../../src/core/requests/build.ts';
import { canonicalNumber } from '../../../src/core/values/compare.ts';
import { isExactNumber } from '../../../src/core/values/exact-json.ts';
import {
  byKey,
  callArguments,
  codegenCases,
  copiedSamples,
  deleteItems,
  exampleArguments,
  expectedFailure,
  expectItems,
  expectWritten,
  missingKeyArguments,
  normalizeItems,
  plansById,
  READS,
  runReads,
  scanTable,
} from './support.ts';

// Under the repository, so that the module's @aws-sdk imports resolve to the packages the tests use.
const DIR = path.join(
  process.cwd(),
  'node_modules',
  '.cache',
  'keyplan-codegen',
  randomBytes(4).toString('hex'),
);

// biome-ignore lint/suspicious/noExplicitAny: the generated module is imported at run time
type GeneratedModule = Record<string, any>;

/**
 * A request as JSON would hold it: Sets as arrays, no undefined fields (the client drops both the same way),
 * and a number a double cannot hold by its digits, whether the generated code's NumberValue or `keyplan
 * run`'s ExactNumber.
 */
function plainRequest(value: unknown): unknown {
  if (value instanceof NumberValue || isExactNumber(value)) return { digits: canonicalNumber(value.value) };
  if (value instanceof Set) return [...value].map(plainRequest);
  if (Array.isArray(value)) return value.map(plainRequest);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, plainRequest(v)]),
  );
}

/** The generated module's client, recording the input of every command it sends. */
function recordingClient(module: GeneratedModule, sent: unknown[]): DynamoDBDocumentClient {
  const client: DynamoDBDocumentClient = module.createClient({
    endpoint: inject('dynamoEndpoint'),
    region: 'us-east-1',
    credentials: { accessKeyId: 'keyplan', secretAccessKey: 'keyplan' },
  });
  const send = client.send.bind(client) as (command: unknown, ...rest: unknown[]) => Promise<unknown>;
  Object.assign(client, {
    send: (command: { input: unknown }, ...rest: unknown[]) => {
      sent.push(plainRequest(command.input));
      return send(command, ...rest);
    },
  });
  return client;
}

async function importModule(design: Design, name: string, tableName: string): Promise<GeneratedModule> {
  mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, `${name}.ts`);
  writeFileSync(file, generateCode(design, 'typescript'));
  const previous = process.env.TABLE_NAME;
  process.env.TABLE_NAME = tableName;
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    if (previous === undefined) delete process.env.TABLE_NAME;
    else process.env.TABLE_NAME = previous;
  }
}

describe('generated TypeScript against DynamoDB Local', () => {
  const client = testClient();
  const prefix = uniquePrefix('codegen-ts');
  const runPrefix = uniquePrefix('codegen-ts-run');

  afterAll(async () => {
    rmSync(DIR, { recursive: true, force: true });
    await resetSession(client, prefix);
    await resetSession(client, runPrefix);
  });

  for (const { name, design } of codegenCases()) {
    it(`${name}: sends keyplan run's requests, reads its items, leaves the table as it does`, async () => {
      const tableName = namespacedTable(prefix, design.table.name);
      await applyForSession(client, prefix, design, {});
      await applyForSession(client, runPrefix, design, {});
      const generated = await importModule(design, name, tableName);
      expect(generated.TABLE_NAME).toBe(tableName);
      const sent: unknown[] = [];
      const documentClient = recordingClient(generated, sent);
      const plans = plansById(design);
      const items = (list: unknown[]) => normalizeItems(design, list);

      /** Calls a pattern's function and checks the one request it sent against buildRequest's. */
      const call = async (
        pattern: AccessPattern,
        args = exampleArguments(design, pattern),
        options: BuildOptions = {},
      ) => {
        const plan = plans.get(pattern.id) as PatternPlan;
        const { typescript } = callArguments(plan, args);
        const params = plan.params.length + plan.lists.length > 0 ? [typescript] : [];
        const page = options.limit === undefined ? [] : [{ limit: options.limit }];
        sent.length = 0;
        const result = await generated[plan.typescript.fn](documentClient, ...params, ...page);
        const { documentInput } = buildRequest(design, pattern, args, { ...options, tableName });
        expect(sent[0], `${name} ${pattern.id}: the request`).toEqual(plainRequest(documentInput));
        return { result, plan, params };
      };

      const reads = design.accessPatterns.filter((p) => READS.has(p.operation));
      for (const pattern of reads) {
        const want = await runReads(client, prefix, design, pattern);
        const label = `${name} ${pattern.id}`;
        expect(want.whole.items.length, `${label}: the example finds items`).toBeGreaterThan(0);
        const { result, plan, params } = await call(pattern);
        switch (pattern.operation) {
          case 'GetItem':
            expect(items(result === undefined ? [] : [result]), label).toEqual(items(want.whole.items));
            break;
          case 'TransactGetItems':
            expect(items(result.filter((r: unknown) => r !== undefined)), label).toEqual(
              items(want.whole.items),
            );
            break;
          case 'BatchGetItem':
            expect(byKey(design, items(result)), label).toEqual(byKey(design, items(want.whole.items)));
            break;
          default: {
            expect(items(result.items), label).toEqual(items(want.whole.items));
            expect(result.lastEvaluatedKey, `${label}: LastEvaluatedKey`).toEqual(
              want.whole.lastEvaluatedKey,
            );
            const first = (await call(pattern, undefined, { limit: 1 })).result;
            expect(items(first.items), `${label}, Limit 1`).toEqual(items(want.firstPage?.items ?? []));
            expect(first.lastEvaluatedKey, `${label}, Limit 1: LastEvaluatedKey`).toEqual(
              want.firstPage?.lastEvaluatedKey,
            );
            sent.length = 0;
            const every = [];
            for await (const item of generated[plan.typescript.iterate as string](
              documentClient,
              ...params,
              1,
            ))
              every.push(item);
            expect(items(every), `${label}, every page of Limit 1`).toEqual(items(want.pages ?? []));
            expect(sent.length, `${label}: pages read by ${plan.typescript.iterate}`).toBe(want.pageCount);
          }
        }
      }

      const writes = design.accessPatterns.filter((p) => !READS.has(p.operation));
      expect(writes.length).toBeGreaterThan(0);
      for (const pattern of writes) {
        await call(pattern);
        await runPatternForSession(client, runPrefix, design, { patternId: pattern.id });
        await expectWritten(client, prefix, design, pattern);
      }
      for (const pattern of writes) {
        const failure = expectedFailure(design, pattern);
        if (!failure) continue;
        const args =
          failure.args === 'example'
            ? exampleArguments(design, pattern)
            : missingKeyArguments(design, pattern);
        await expect(call(pattern, args), `${name} ${pattern.id} again`).rejects.toMatchObject({
          name: failure.code,
        });
      }
      const [generatedTable, runTable] = await Promise.all([
        scanTable(client, design, tableName),
        scanTable(client, design, namespacedTable(runPrefix, design.table.name)),
      ]);
      expect(generatedTable, `${name}: the table after the writes`).toEqual(runTable);
      // The put helper of an entity with item copies writes its item and every copy.
      const entityPlans = planCode(design).entities;
      for (const { entity, values, stored } of copiedSamples(design)) {
        await deleteItems(client, design, tableName, stored);
        const put = entityPlans.find((e) => e.entity.name === entity.name)?.typescript.put as string;
        await generated[put](documentClient, values);
        await expectItems(client, design, tableName, stored, `${name} ${put}`);
      }
      documentClient.destroy();
    }, 120_000);
  }
});
