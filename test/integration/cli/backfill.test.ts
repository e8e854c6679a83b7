// The backfill on a real DynamoDB Local: `keyplan migrate` for a sort-key template change on 10,000 items
// leaves the table exactly the new design's derived items; killed after its first checkpoint and started
// again it finishes with the same table; and writes made while it runs are never overwritten with stale data.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PutItemCommand, QueryCommand, ScanCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { runBackfill } from '../../../server/dynamodb/backfill.ts';
import { applyForSession } from '../../../server/service.ts';
import { localAwsEnv, testClient, uniquePrefix } from '../../../server/test-support/dynamo.ts';
import { runKeyplan } from '../../../src/cli/run-in-process.ts';
import { marshalledItems } from '../../../src/core/apply/applied.ts';
import { validateDesign } from '../../../src/core/checks/validate.ts';
import { canonicalJson } from '../../../src/core/evaluate/compare-run.ts';
import { onlineStore } from '../../../src/core/features/examples/online-store.ts';
import { seedDesign } from '../../../src/core/items/generate/generate.ts';
import type { Design } from '../../../src/core/model/schema.ts';
import type { AttributeMap } from '../../../src/core/values/marshall.ts';

const BIN = fileURLToPath(new URL('../../../bin/keyplan.mjs', import.meta.url));
const client = testClient();
const endpoint = inject('dynamoEndpoint');
const prefix = uniquePrefix('backfill');
const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const PYTHON = '/usr/bin/python3';
// Under the repository, so that the generated program's @aws-sdk imports resolve.
const PROGRAMS = fileURLToPath(
  new URL(
    `../../../node_modules/.cache/keyplan-backfill/${randomBytes(4).toString('hex')}/`,
    import.meta.url,
  ),
);
const dirs: string[] = [PROGRAMS];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

function valid(doc: unknown): Design {
  const result = validateDesign(doc);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.design;
}

/** The online store on its own table; with `count`, that many generated samples per entity. */
function designs(table: string, count?: number): { old: Design; next: Design } {
  const base = valid({
    ...structuredClone(onlineStore),
    table: { ...onlineStore.table, name: `${prefix}${table}` },
  });
  const old = count ? seedDesign(base, { count, seed: 20, refDate: '2026-06-01' }) : base;
  // The sort key of an order: by id instead of by date and id.
  const next = {
    ...old,
    entities: old.entities.map((e) =>
      e.name === 'Order' ? { ...e, keys: { ...e.keys, SK: 'ORDER#{orderId}' } } : e,
    ),
  };
  return { old, next };
}

async function scanAll(table: string): Promise<string[]> {
  const items: AttributeMap[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start as never }));
    items.push(...((page.Items ?? []) as AttributeMap[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.map((item) => canonicalJson(item)).sort();
}

/** The new design's derived items, typed as Apply writes them, in Scan-compare form. */
const expected = (design: Design) =>
  // Fresh samples: derivation caches by the samples array, which a test may have edited in place.
  marshalledItems({ ...design, items: structuredClone(design.items) })
    .map((item) => canonicalJson(item))
    .sort();

async function files(old: Design, next: Design) {
  const dir = await mkdtemp(join(tmpdir(), 'keyplan-migrate-'));
  dirs.push(dir);
  const oldFile = join(dir, 'old.keyplan.json');
  const newFile = join(dir, 'new.keyplan.json');
  await writeFile(oldFile, JSON.stringify(old));
  await writeFile(newFile, JSON.stringify(next));
  return { dir, oldFile, newFile };
}

describe('keyplan migrate on DynamoDB Local', () => {
  it('moves every order of 10,000 items to its new sort key, and a second run changes nothing', async () => {
    const { old, next } = designs('Big', 3334);
    expect(marshalledItems(old)).toHaveLength(10_002);
    await applyForSession(client, '', old, {});
    const { oldFile, newFile } = await files(old, next);

    const run = await runKeyplan([
      'migrate',
      oldFile,
      newFile,
      '--endpoint',
      endpoint,
      '--segments',
      '4',
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.json()).toMatchObject({ moved: 3334, updated: 0, created: 0, unknown: 0, conflicts: 0 });
    const table = await scanAll(next.table.name);
    expect(table).toHaveLength(10_002);
    expect(table).toEqual(expected(next));

    const again = await runKeyplan(['migrate', oldFile, newFile, '--endpoint', endpoint, '--json']);
    expect(again.json()).toMatchObject({ scanned: 10_002, moved: 0, updated: 0, unchanged: 10_002 });
  }, 240_000);

  it('killed after its first checkpoint and started again, finishes with the same table', async () => {
    // 1,002 items: enough pages for a checkpoint well before the end.
    const { old, next } = designs('Killed', 334);
    await applyForSession(client, '', old, {});
    const { dir, oldFile, newFile } = await files(old, next);
    const checkpoint = join(dir, 'backfill.checkpoint.json');
    const dry = await runKeyplan([
      'migrate',
      oldFile,
      newFile,
      '--endpoint',
      endpoint,
      '--dry-run',
      '--json',
    ]);
    expect(dry.json()).toMatchObject({ dryRun: true, moved: 334, scanned: 1002 });

    const args = [
      'migrate',
      oldFile,
      newFile,
      '--endpoint',
      endpoint,
      '--checkpoint',
      checkpoint,
      '--rate',
      '100',
    ];
    const child = spawn(process.execPath, [BIN, ...args], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    while (!existsSync(checkpoint) && child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    await exited;
    expect(child.signalCode).toBe('SIGKILL');

    // The killed run saved where its segments' Scans got to, and had not finished.
    const saved = JSON.parse(await readFile(checkpoint, 'utf8'));
    expect(saved.segments.some((s: { lastKey?: unknown; done: boolean }) => s.lastKey || s.done)).toBe(true);
    expect(saved.segments.every((s: { done: boolean }) => s.done)).toBe(false);

    const resumed = await runKeyplan([...args.slice(0, -2), '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.json()).toMatchObject({ unknown: 0, conflicts: 0 });
    expect(await scanAll(next.table.name)).toEqual(expected(next));
  }, 240_000);

  it('creates the GSI the new design adds, until ACTIVE, then gives the orders its keys', async () => {
    const { old } = designs('Gsi');
    const next: Design = {
      ...old,
      table: {
        ...old.table,
        globalSecondaryIndexes: [
          ...old.table.globalSecondaryIndexes,
          {
            name: 'GSI2',
            partitionKey: { name: 'GSI2PK', type: 'S' },
            sortKey: { name: 'GSI2SK', type: 'S' },
            projection: { type: 'ALL' },
          },
        ],
      },
      entities: old.entities.map((e) =>
        e.name === 'Order' ? { ...e, keys: { ...e.keys, GSI2PK: 'ORDER#{orderId}', GSI2SK: 'ORDER' } } : e,
      ),
    };
    await applyForSession(client, '', old, {});
    const { oldFile, newFile } = await files(old, next);
    const run = await runKeyplan(['migrate', oldFile, newFile, '--endpoint', endpoint, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      `keyplan migrate: creating GSI GSI2 on ${next.table.name}; waiting until it is ACTIVE\n`,
    );
    expect(run.json()).toMatchObject({ moved: 0, updated: 10, unchanged: 17 });
    expect(await scanAll(next.table.name)).toEqual(expected(next));
    const found = await client.send(
      new QueryCommand({
        TableName: next.table.name,
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': { S: 'ORDER#o100' } },
      }),
    );
    expect(found.Items?.map((item) => item.orderId)).toEqual([{ S: 'o100' }]);
  }, 60_000);

  it('never overwrites a concurrent write with stale data', async () => {
    const { old, next } = designs('Concurrent');
    await applyForSession(client, '', old, {});
    const table = next.table.name;
    const orders = old.items.Order;
    let writes = 0;
    const counts = await runBackfill(client, old, next, {
      tableName: table,
      segments: 2,
      beforeWrite: async (item) => {
        if ((item.entityType as { S?: string }).S !== 'Order' || writes >= 2) return;
        const orderId = (item.orderId as { S: string }).S;
        if (writes++ === 0) {
          // An old writer changes the order after the backfill read it: the backfill must carry the change.
          await client.send(
            new UpdateItemCommand({
              TableName: table,
              Key: { PK: item.PK, SK: item.SK } as never,
              UpdateExpression: 'SET #t = :t',
              ExpressionAttributeNames: { '#t': 'total' },
              ExpressionAttributeValues: { ':t': { N: '999' } },
            }),
          );
          orders.find((o) => o.orderId === orderId)!.total = 999;
        } else {
          // A new writer already wrote the new version: the backfill must keep it and only drop the old.
          const fresh = { ...item, SK: { S: `ORDER#${orderId}` }, total: { N: '777' } };
          await client.send(new PutItemCommand({ TableName: table, Item: fresh as never }));
          orders.find((o) => o.orderId === orderId)!.total = 777;
        }
      },
    });
    expect(writes).toBe(2);
    expect(counts.conflicts).toBe(1);
    expect(counts.moved).toBe(orders.length);
    const after = await scanAll(table);
    expect(after).toEqual(expected(next));
    expect(after.join()).toContain('{"N":"999"}');
    expect(after.join()).toContain('{"N":"777"}');
  }, 60_000);
});

/** Runs a generated program to its end (or until `stopWhen` holds, then kills it); its stdout and exit. */
function runProgram(command: string, args: string[], stopWhen?: () => boolean) {
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    // The program is given its endpoint on the command line.
    env: localAwsEnv({}, null),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const done = new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>(
    (resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  if (stopWhen) {
    const poll = setInterval(() => {
      if (stopWhen() || child.exitCode !== null) {
        clearInterval(poll);
        child.kill('SIGKILL');
      }
    }, 20);
  }
  return done;
}

describe('the generated backfill programs on DynamoDB Local', () => {
  it('TypeScript (tsx): killed after its first checkpoint and started again, the table is the new design', async () => {
    const { old, next } = designs('TsProgram', 3334);
    await applyForSession(client, '', old, {});
    const { oldFile, newFile } = await files(old, next);
    await mkdir(PROGRAMS, { recursive: true });
    const program = join(PROGRAMS, 'backfill.ts');
    const emitted = await runKeyplan(['migrate', oldFile, newFile, '--emit', 'typescript', '--out', program]);
    expect(emitted.code, emitted.stderr).toBe(0);
    const checkpoint = join(PROGRAMS, 'ts.checkpoint.json');
    const args = [program, '--endpoint', endpoint, '--checkpoint', checkpoint, '--segments', '4'];

    const dry = await runProgram(TSX, [...args, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dryRun: true, moved: 3334, scanned: 10_002 });

    const killed = await runProgram(TSX, [...args, '--rate', '400'], () => existsSync(checkpoint));
    expect(killed.signal).toBe('SIGKILL');
    const resumed = await runProgram(TSX, args);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ unknown: 0, conflicts: 0 });
    expect(await scanAll(next.table.name)).toEqual(expected(next));
  }, 300_000);

  it('Python (boto3): the table is the new design, and a second run writes nothing', async () => {
    const { old, next } = designs('PyProgram', 3334);
    await applyForSession(client, '', old, {});
    const { oldFile, newFile } = await files(old, next);
    await mkdir(PROGRAMS, { recursive: true });
    const program = join(PROGRAMS, 'backfill.py');
    expect((await runKeyplan(['migrate', oldFile, newFile, '--emit', 'python', '--out', program])).code).toBe(
      0,
    );

    const run = await runProgram(PYTHON, [program, '--endpoint', endpoint, '--segments', '4']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ moved: 3334, updated: 0, unknown: 0, conflicts: 0 });
    expect(await scanAll(next.table.name)).toEqual(expected(next));
    const again = await runProgram(PYTHON, [program, '--endpoint', endpoint]);
    expect(JSON.parse(again.stdout)).toMatchObject({ moved: 0, updated: 0, unchanged: 10_002 });
  }, 300_000);
});

/**
 * Text values a sort key pads ({code:6}) that String.padStart, zfill and split('.') pad otherwise; each
 * padded here by the definition (docs/design-format.md): one leading -, the part before the first dot.
 */
const CODES: [code: string, sortKey: string][] = [
  ['a.b.c', 'CODE#00000a.b.c'],
  ['+5', 'CODE#0000+5'],
  ['--5', 'CODE#-0000-5'],
  ['😀', 'CODE#0000😀'],
  ['-x.y.z', 'CODE#-00000x.y.z'],
];

/** Parts keyed by their code as it is, then (the new design) by the code padded to 6. */
function codeDesigns(table: string): { old: Design; next: Design } {
  const design = (sortKey: string) =>
    valid({
      format: 'keyplan/1',
      name: 'Codes',
      table: {
        name: `${prefix}${table}`,
        partitionKey: { name: 'PK', type: 'S' },
        sortKey: { name: 'SK', type: 'S' },
      },
      entities: [
        {
          name: 'Part',
          attributes: [
            { name: 'id', type: 'S', required: true },
            { name: 'code', type: 'S', required: true },
          ],
          keys: { PK: 'PART#{id}', SK: sortKey },
        },
      ],
      items: { Part: CODES.map(([code], i) => ({ id: `p${i}`, code })) },
    });
  return { old: design('CODE#{code}'), next: design('CODE#{code:6}') };
}

describe('padded text values in a backfill on DynamoDB Local', () => {
  it('keyplan migrate and the TypeScript and Python programs pad a.b.c, +5, --5 and an emoji as Keyplan does', async () => {
    await mkdir(PROGRAMS, { recursive: true });
    const runs: [
      string,
      (oldFile: string, newFile: string) => Promise<{ code: number | null; stderr: string }>,
    ][] = [
      [
        'CodesMigrate',
        (oldFile, newFile) => runKeyplan(['migrate', oldFile, newFile, '--endpoint', endpoint]),
      ],
      [
        'CodesTs',
        async (oldFile, newFile) => {
          const program = join(PROGRAMS, 'codes.ts');
          await runKeyplan(['migrate', oldFile, newFile, '--emit', 'typescript', '--out', program]);
          return runProgram(TSX, [program, '--endpoint', endpoint]);
        },
      ],
      [
        'CodesPy',
        async (oldFile, newFile) => {
          const program = join(PROGRAMS, 'codes.py');
          await runKeyplan(['migrate', oldFile, newFile, '--emit', 'python', '--out', program]);
          return runProgram(PYTHON, [program, '--endpoint', endpoint]);
        },
      ],
    ];
    for (const [table, run] of runs) {
      const { old, next } = codeDesigns(table);
      await applyForSession(client, '', old, {});
      const { oldFile, newFile } = await files(old, next);
      const result = await run(oldFile, newFile);
      expect(result.code, `${table}: ${result.stderr}`).toBe(0);
      const items = await scanAll(next.table.name);
      const sortKeys = items.map((item) => (JSON.parse(item) as { SK: { S: string } }).SK.S);
      expect(sortKeys.sort(), table).toEqual(CODES.map(([, sortKey]) => sortKey).sort());
      expect(items, table).toEqual(expected(next));
    }
  }, 120_000);
});
