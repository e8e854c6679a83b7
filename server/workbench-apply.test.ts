// Every public NoSQL Workbench model of fixtures/workbench-models, loaded into DynamoDB Local twice: by an
// independent loader (test-support/workbench_load.py, Debian's boto3, reading the model file itself and
// writing each item with put_item) and by Keyplan (import, then apply). A Scan of both tables gives the same
// items, value for value with their DynamoDB types: the import adds nothing (no shadow copy of a key, no
// attribute made for part of a key, no type attribute the model lacks) and loses nothing. Exporting the
// imported design lists each item once, and importing that export gives the same design back.
import { execFile, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { type AttributeValue, ScanCommand, type ScanCommandOutput } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { exportWorkbench } from '../src/core/io/nosql-workbench/export.ts';
import { importWorkbench, importWorkbenchText } from '../src/core/io/nosql-workbench/import.ts';
import { primaryKeyNames } from '../src/core/model/indexes.ts';
import { fromSdk } from './dynamodb/binary.ts';
import { namespacedTable } from './namespace.ts';
import { applyForSession, resetSession } from './service.ts';
import { localAwsEnv, testClient, uniquePrefix } from './test-support/dynamo.ts';

const PYTHON = '/usr/bin/python3';
const LOADER = path.join(import.meta.dirname, 'test-support', 'workbench_load.py');
const MODELS = path.join(import.meta.dirname, '..', 'fixtures', 'workbench-models');

const tables = readdirSync(MODELS)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .flatMap((file) => {
    const model = JSON.parse(readFileSync(path.join(MODELS, file), 'utf8'));
    return model.DataModel.map((t: { TableName: string }) => [file, t.TableName, model] as const);
  });

/** An item as DynamoDB returns it, typed (`{"N":"12.99"}` is not `{"S":"12.99"}`), sets in member order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
  return Object.fromEntries(
    entries.map(([name, member]) =>
      ['SS', 'NS', 'BS'].includes(name) && Array.isArray(member)
        ? [name, [...member].sort()]
        : [name, canonical(member)],
    ),
  );
}

async function scan(tableName: string): Promise<string[]> {
  const client = testClient();
  const items: string[] = [];
  let start: ScanCommandOutput['LastEvaluatedKey'];
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
    for (const item of page.Items ?? [])
      items.push(JSON.stringify(canonical(fromSdk(item as Record<string, AttributeValue>))));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.sort();
}

describe('a NoSQL Workbench model imported and applied holds exactly the items of the model', () => {
  const client = testClient();
  const keyplan = uniquePrefix('wb-keyplan');
  const independent = uniquePrefix('wb-boto3');

  afterAll(async () => {
    await resetSession(client, keyplan);
    await resetSession(client, independent);
  });

  it(`${PYTHON} has boto3 (Debian's python3-boto3)`, () => {
    const probe = spawnSync(PYTHON, ['-c', 'import boto3'], { encoding: 'utf8' });
    expect(probe.status, probe.stderr).toBe(0);
  });

  it.each(tables)(
    '%s (table %s): Scan after apply = Scan after a boto3 put_item of each item',
    async (file, table, model) => {
      const imported = importWorkbench(model, { table });
      if (!imported.ok) throw new Error(imported.message);
      const { design } = imported;
      const index = model.DataModel.findIndex((t: { TableName: string }) => t.TableName === table);
      // Table names are unique per test, whatever the model calls them.
      const name =
        `m${String(tables.findIndex(([f, t]) => f === file && t === table))}-${design.table.name}`.slice(
          0,
          200,
        );
      const applied = await applyForSession(
        client,
        keyplan,
        { ...design, table: { ...design.table, name } },
        {},
      );
      const target = namespacedTable(independent, name);
      await promisify(execFile)(
        PYTHON,
        [LOADER, path.join(MODELS, file), model.DataModel[index].TableName, target],
        {
          env: localAwsEnv(),
        },
      );
      const theirs = await scan(target);
      const ours = await scan(applied.tableName);
      expect(theirs.length, 'the model has items').toBeGreaterThan(0);
      expect(ours).toEqual(theirs);

      // The export lists each item once (by primary key), and importing it gives the same design.
      const exported = exportWorkbench(design);
      const [out] = exported.DataModel;
      // Workbench keeps the items of a model with facets in the facets only (no table TableData).
      const listed = out.TableFacets.flatMap((f) => f.TableData ?? []);
      const ids = listed.map((row) => JSON.stringify(primaryKeyNames(design).map((k) => row[k])));
      expect(new Set(ids).size, 'no item listed twice').toBe(ids.length);
      expect(ids.length).toBe(ours.length);
      const again = importWorkbenchText(JSON.stringify(exported));
      expect(again.ok && again.design).toEqual(design);
    },
  );
});
