// keyplan diff as a CI step runs it: the old design as committed (git:REV:path), the new one in the working
// tree, a Markdown comment on stdout and the verdict as the exit code.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { onlineStore } from '../../core/features/examples/online-store.ts';
import { runKeyplan } from '../run-in-process.ts';

const BIN = fileURLToPath(new URL('../../../bin/keyplan.mjs', import.meta.url));
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

type Doc = typeof onlineStore & { entities: { name: string; keys: Record<string, string> }[] };
const edited = (edit: (doc: Doc) => void) => {
  const doc = structuredClone(onlineStore) as Doc;
  edit(doc);
  return JSON.stringify(doc, null, 2);
};
const newOrderKey = edited((doc) => {
  doc.entities.find((e) => e.name === 'Order')!.keys.SK = 'ORDER#{orderId}';
});

describe('keyplan diff', () => {
  it('compares the committed design with the working copy and writes a pull-request comment', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'keyplan-diff-'));
    dirs.push(dir);
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
    git('init', '-q');
    git('config', 'user.email', 'ci@example.com');
    git('config', 'user.name', 'CI');
    await writeFile(join(dir, 'design.keyplan.json'), JSON.stringify(onlineStore, null, 2));
    git('add', 'design.keyplan.json');
    git('commit', '-q', '-m', 'design');
    await writeFile(join(dir, 'design.keyplan.json'), newOrderKey);

    const child = spawn(
      process.execPath,
      [BIN, 'diff', 'git:HEAD:design.keyplan.json', 'design.keyplan.json', '--markdown'],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(stdout).toMatch(/^### ⚠️ Keyplan: backfill needed: /);
    expect(stdout).toContain('- 10 of 10 Order items move to a new primary key\n');
    expect(stdout).toContain('| move to a new primary key | 10 |\n');
    expect(stdout).toContain('| `customer-orders` | changed | 2 → 2 |\n');
    expect(stdout).toContain('**Migration plan** (27 items, 100 writes/s):');
    expect(stdout).toMatch(/\| 2 \| Backfill: rewrite 10 items .*\| \d+ s \|\n/);
    expect(stdout).toContain('- changed Order.keys.SK: SK: ORDER#{createdAt}#{orderId} → ORDER#{orderId}');

    const missing = await runKeyplan(['diff', 'git:HEAD:nope.json', join(dir, 'design.keyplan.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /^keyplan diff: git:HEAD:nope.json: git show HEAD:nope.json failed: fatal:/,
    );
  }, 60_000);

  it('exits by verdict: 0 compatible, 1 backfill, 3 breaking, 2 invalid input', async () => {
    const same = JSON.stringify(onlineStore);
    const renamedKey = edited((doc) => {
      doc.table.partitionKey = { name: 'pk', type: 'S' };
      for (const entity of doc.entities) {
        entity.keys.pk = entity.keys.PK;
        delete entity.keys.PK;
      }
    });
    const dir = await mkdtemp(join(tmpdir(), 'keyplan-diff-'));
    dirs.push(dir);
    const files = {
      same: join(dir, 'a.json'),
      sk: join(dir, 'b.json'),
      pk: join(dir, 'c.json'),
      bad: join(dir, 'd.json'),
    };
    await writeFile(files.same, same);
    await writeFile(files.sk, newOrderKey);
    await writeFile(files.pk, renamedKey);
    await writeFile(files.bad, '{"format": "keyplan/1", "table": {}}');

    const compatible = await runKeyplan(['diff', files.same, files.same, '--json']);
    expect(compatible.code).toBe(0);
    expect(compatible.json()).toMatchObject({ verdict: 'compatible', items: { total: 27, unchanged: 27 } });

    const plan = await runKeyplan([
      'diff',
      files.same,
      files.sk,
      '--json',
      '--items',
      '1000000',
      '--rate',
      '500',
    ]);
    expect(plan.code).toBe(1);
    const { verdict, plan: steps } = plan.json();
    expect(verdict).toBe('backfill');
    expect(steps.steps.map((s: { kind: string }) => s.kind)).toEqual([
      'dual-write',
      'backfill',
      'switch-readers',
    ]);
    // 10 of the 27 sample items move: 370,370 of a million, at 500 writes/s.
    const backfill = steps.steps[1];
    expect(backfill.items).toBe(370370);
    expect(backfill.seconds).toBeCloseTo(370370 / 500);
    expect(backfill.writeUnits).toBeGreaterThanOrEqual(4 * 370370);
    expect(backfill.dollars).toBeGreaterThan(0);

    const text = await runKeyplan(['diff', files.same, files.pk]);
    expect(text.code).toBe(3);
    expect(text.stdout).toMatch(
      /^verdict: breaking: .*\n {2}- table: partition key PK \(S\) → pk \(S\): the table must be recreated\n/,
    );

    const invalid = await runKeyplan(['diff', files.same, files.bad]);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain(`${files.bad}: `);
    const usage = await runKeyplan(['diff', files.same]);
    expect(usage.code).toBe(2);
  }, 60_000);
});

describe('keyplan migrate', () => {
  it('refuses a change that recreates the table, naming only what recreates it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'keyplan-migrate-'));
    dirs.push(dir);
    const [old, next] = [join(dir, 'old.json'), join(dir, 'new.json')];
    await writeFile(old, JSON.stringify(onlineStore));
    // The table's sort key is renamed (a recreate); every item also moves (backfill reasons, not said here).
    await writeFile(
      next,
      edited((doc) => {
        doc.table.sortKey = { name: 'sk', type: 'S' };
        for (const entity of doc.entities) {
          entity.keys.sk = entity.keys.SK;
          delete entity.keys.SK;
        }
      }),
    );
    const refused = await runKeyplan(['migrate', old, next, '--emit', 'typescript']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      'keyplan migrate: the table must be recreated (table: sort key SK (S) → sk (S): the table must be recreated); a backfill cannot do that\n',
    );
  });
});
