// The generated Python, run by Debian's boto3 (/usr/bin/python3) against DynamoDB Local: every read
// pattern gives the items `keyplan run` gives (in order, page by page), every write pattern leaves the
// table as `keyplan run` leaves it, and conditional writes fail as DynamoDB says. One Python process
// per design: driver.py makes every call and prints the results.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { namespacedTable } from '../../../server/namespace.ts';
import { applyForSession, resetSession, runPatternForSession } from '../../../server/service.ts';
import { localAwsEnv, testClient, uniquePrefix } from '../../../server/test-support/dynamo.ts';
import { generateCode } from '../../../src/core/io/codegen/index.ts';
import { snakeCase } from '../../../src/core/io/codegen/naming.ts';
import { planCode } from '../../../src/core/io/codegen/plan.ts';
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

const PYTHON = '/usr/bin/python3';
const DRIVER = path.join(import.meta.dirname, 'driver.py');

/** The generated code is for boto3 as Debian ships it; CI installs it, and a missing one is an error. */
function requireBoto3(): void {
  const probe = spawnSync(PYTHON, ['-c', 'import boto3'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    const why = probe.error?.message ?? probe.stderr.trim().split('\n').at(-1);
    throw new Error(
      `${PYTHON} cannot import boto3 (${why}): the generated Python is tested with Debian's python3-boto3. ` +
        'Install it with: apt-get install -y python3-boto3',
    );
  }
}

interface DriverOutput {
  reads: Record<
    string,
    { result: unknown; page1?: { items: unknown[]; last_evaluated_key: unknown }; pages?: unknown[] }
  >;
  writes: Record<string, { ok?: true; error?: string }>;
  failures: Record<string, { ok?: true; error?: string }>;
}

describe('generated Python against DynamoDB Local', () => {
  const client = testClient();
  const prefix = uniquePrefix('codegen-py');
  const runPrefix = uniquePrefix('codegen-py-run');
  const dir = mkdtempSync(path.join(tmpdir(), 'keyplan-codegen-'));

  beforeAll(requireBoto3);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await resetSession(client, prefix);
    await resetSession(client, runPrefix);
  });

  for (const { name, design } of codegenCases()) {
    it(`${name}: reads give keyplan run's items, writes leave the table as keyplan run does`, async () => {
      await applyForSession(client, prefix, design, {});
      await applyForSession(client, runPrefix, design, {});
      const plans = plansById(design);
      const reads = design.accessPatterns.filter((p) => READS.has(p.operation));
      const writes = design.accessPatterns.filter((p) => !READS.has(p.operation));
      const expected = new Map<string, Awaited<ReturnType<typeof runReads>>>();
      for (const pattern of reads) expected.set(pattern.id, await runReads(client, prefix, design, pattern));

      const call = (id: string, args: Parameters<typeof callArguments>[1]) => {
        const plan = plans.get(id);
        if (!plan) throw new Error(`no plan for ${id}`);
        return {
          id,
          fn: plan.python.fn,
          iterate: plan.python.iterate,
          kwargs: callArguments(plan, args).python,
        };
      };
      const module = `keyplan_${snakeCase(name)}`;
      writeFileSync(path.join(dir, `${module}.py`), generateCode(design, 'python'));
      const spec = {
        module,
        endpoint: inject('dynamoEndpoint'),
        reads: reads.map((p) => call(p.id, exampleArguments(design, p))),
        writes: writes.map((p) => call(p.id, exampleArguments(design, p))),
        failures: writes.flatMap((p) => {
          const failure = expectedFailure(design, p);
          if (!failure) return [];
          return [
            call(
              p.id,
              failure.args === 'example' ? exampleArguments(design, p) : missingKeyArguments(design, p),
            ),
          ];
        }),
      };
      const runDriver = async (calls: typeof spec): Promise<DriverOutput> => {
        const specFile = path.join(dir, `${module}.json`);
        writeFileSync(specFile, JSON.stringify(calls));
        const { stdout } = await promisify(execFile)(PYTHON, [DRIVER, specFile], {
          // The driver gives the program its endpoint.
          env: localAwsEnv({ TABLE_NAME: namespacedTable(prefix, design.table.name) }, null),
          maxBuffer: 32 * 1024 * 1024,
        });
        return JSON.parse(stdout) as DriverOutput;
      };
      const output = await runDriver(spec);

      const items = (list: unknown[]) => normalizeItems(design, list);
      for (const pattern of reads) {
        const got = output.reads[pattern.id];
        const want = expected.get(pattern.id) as Awaited<ReturnType<typeof runReads>>;
        const label = `${name} ${pattern.id}`;
        expect(want.whole.items.length, `${label}: the example finds items`).toBeGreaterThan(0);
        const result = got.result as Record<string, unknown> | unknown[] | null;
        switch (pattern.operation) {
          case 'GetItem':
            expect(items(result === null ? [] : [result]), label).toEqual(items(want.whole.items));
            break;
          case 'TransactGetItems':
            expect(items((result as unknown[]).filter((r) => r !== null)), label).toEqual(
              items(want.whole.items),
            );
            break;
          case 'BatchGetItem':
            expect(byKey(design, items(result as unknown[])), label).toEqual(
              byKey(design, items(want.whole.items)),
            );
            break;
          default: {
            const page = result as { items: unknown[]; last_evaluated_key: unknown };
            expect(items(page.items), label).toEqual(items(want.whole.items));
            expect(page.last_evaluated_key ?? undefined, `${label}: LastEvaluatedKey`).toEqual(
              want.whole.lastEvaluatedKey,
            );
            expect(items(got.page1?.items ?? []), `${label}, Limit 1`).toEqual(
              items(want.firstPage?.items ?? []),
            );
            expect(got.page1?.last_evaluated_key ?? undefined, `${label}, Limit 1: LastEvaluatedKey`).toEqual(
              want.firstPage?.lastEvaluatedKey,
            );
            expect(items(got.pages ?? []), `${label}, every page of Limit 1`).toEqual(
              items(want.pages ?? []),
            );
          }
        }
      }

      for (const pattern of writes) {
        expect(output.writes[pattern.id], `${name} ${pattern.id} in Python`).toEqual({ ok: true });
        await runPatternForSession(client, runPrefix, design, { patternId: pattern.id });
        await expectWritten(client, prefix, design, pattern);
        const failure = expectedFailure(design, pattern);
        if (failure)
          expect(output.failures[pattern.id], `${name} ${pattern.id} again`).toEqual({ error: failure.code });
      }
      expect(writes.length).toBeGreaterThan(0);
      const [python, run] = await Promise.all([
        scanTable(client, design, namespacedTable(prefix, design.table.name)),
        scanTable(client, design, namespacedTable(runPrefix, design.table.name)),
      ]);
      expect(python, `${name}: the table after the writes`).toEqual(run);

      // The put helper of an entity with item copies writes its item and every copy.
      const tableName = namespacedTable(prefix, design.table.name);
      const copied = copiedSamples(design);
      const entityPlans = planCode(design).entities;
      const puts = copied.map(({ entity, values }) => {
        const plan = entityPlans.find((e) => e.entity.name === entity.name);
        if (!plan) throw new Error(`no plan for ${entity.name}`);
        const kwargs = Object.fromEntries(plan.attributes.map((a) => [a.py, values[a.name] ?? null]));
        return { id: `put:${entity.name}`, fn: plan.python.put, iterate: undefined, kwargs };
      });
      for (const { stored } of copied) await deleteItems(client, design, tableName, stored);
      if (puts.length > 0) {
        const putOutput = await runDriver({ ...spec, reads: [], writes: puts, failures: [] });
        for (const [i, { entity, stored }] of copied.entries()) {
          expect(putOutput.writes[puts[i].id], `${name} ${puts[i].fn}`).toEqual({ ok: true });
          await expectItems(client, design, tableName, stored, `${name} ${puts[i].fn} (${entity.name})`);
        }
      }
    }, 120_000);
  }
});
