// keyplan lint and keyplan estimate as a user runs them: findings grouped by severity and exit 1 on an
// error; units, monthly cost and the table-per-entity comparison per pattern, as JSON or a table.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLES, getExample } from '../../core/features/examples/index.ts';
import { runKeyplan } from '../run-in-process.ts';

const SEED_000 = new URL('../../core/analysis/fixtures/seed-000.keyplan.json', import.meta.url).pathname;

const keyplan = (args: string[], stdin = '') => runKeyplan(args, stdin);

describe('keyplan lint', () => {
  it('exits 0 on both built-in examples, which have no errors (the e-commerce time bucket is a warning)', async () => {
    for (const example of EXAMPLES) {
      const result = await keyplan(['lint', '-', '--json'], JSON.stringify(example.design));
      expect(result.code, result.stderr).toBe(0);
      const { findings } = result.json();
      expect(findings.length).toBeGreaterThan(0);
      for (const finding of findings) {
        expect(Object.keys(finding)).toEqual(
          expect.arrayContaining(['rule', 'severity', 'message', 'target', 'line', 'column']),
        );
        for (const key of Object.keys(finding))
          expect(['rule', 'severity', 'message', 'target', 'fix', 'related', 'line', 'column']).toContain(
            key,
          );
        expect(finding.severity).not.toBe('error');
      }
      expect(result.stderr).toMatch(/^-: 0 errors, \d+ warnings?, \d+ info\n$/);
    }
  });

  it('exits 1 on the seed-000 transcription and prints its findings grouped by severity', async () => {
    const result = await keyplan(['lint', SEED_000]);
    expect(result.code).toBe(1);
    const headings = result.stdout.split('\n').filter((line) => /^\w/.test(line));
    expect(headings).toEqual(['Errors (10)', 'Warnings (1)', 'Info (13)']);
    expect(result.stdout).toContain(
      `  pattern-unserved at accessPatterns[2].keyCondition (${SEED_000}:113:7)\n    get-order asks PK = ORDER#{orderId} and SK = DETAILS`,
    );
    expect(result.stderr).toMatch(/: 10 errors, 1 warning, 13 info\n$/);
  });

  it('agrees with --json', async () => {
    const human = await keyplan(['lint', SEED_000]);
    const json = await keyplan(['lint', SEED_000, '--json']);
    const { findings } = json.json();
    for (const f of findings)
      expect(human.stdout).toContain(
        `  ${f.rule} at ${f.target} (${SEED_000}:${f.line}:${f.column})\n    ${f.message}\n`,
      );
    expect(json.code).toBe(1);
    expect(JSON.parse(readFileSync(SEED_000, 'utf8')).accessPatterns).toHaveLength(18);
  });
});

const store = structuredClone(getExample('online-store')!.design);
store.accessPatterns = store.accessPatterns?.map((p) =>
  p.id === 'get-customer'
    ? { ...p, rate: { perSecond: 10 } }
    : p.id === 'place-order'
      ? { ...p, rate: { perDay: 86_400 } }
      : p,
);
store.entities = store.entities?.map((e) => (e.name === 'Order' ? { ...e, expectedItems: 1_000_000 } : e));

describe('keyplan estimate', () => {
  it('prints units, monthly cost and the table-per-entity comparison of every pattern as JSON', async () => {
    const result = await keyplan(['estimate', '-', '--json'], JSON.stringify(store));
    expect(result.code, result.stderr).toBe(0);
    const out = result.json();
    expect(out.patterns.map((p: { patternId: string }) => p.patternId)).toEqual(
      store.accessPatterns?.map((p) => p.id),
    );
    const get = out.patterns[0];
    expect(get).toMatchObject({
      operation: 'GetItem',
      rcu: 0.5,
      perIndex: [{ target: 'table', units: 0.5 }],
    });
    expect(get.cost.onDemand).toBeCloseTo(1.6425, 10);
    expect(get.tablePerEntity.summary).toMatch(/A table per entity: 1 GetItem \(Customer\), 0.5 RCU/);
    expect(out.patterns.find((p: { patternId: string }) => p.patternId === 'place-order').wcu).toBe(7);
    expect(out.totals.onDemand).toBeCloseTo(1.6425 + 11.4975, 10);
    expect(out.prices.effective).toBe('2024-11-01');
    expect(out.provisioned[0]).toMatchObject({ target: 'table', readUnits: 5, writeUnits: 6 });
    expect(out.storage.entities.find((e: { entity: string }) => e.entity === 'Order').items).toBe(1_000_000);
  });

  it('prints a table for people', async () => {
    const result = await keyplan(['estimate', '-'], JSON.stringify(store));
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^pattern\s+operation\s+RCU\s+WCU\s+req\/s\s+on demand\/mo\s+a table per entity$/,
    );
    expect(lines[1]).toMatch(/^get-customer\s+GetItem\s+0\.5\s+-\s+10\s+\$1\.64\s+1 req, 0\.5 RCU$/);
    expect(result.stdout).toMatch(
      /^Per month: on demand \$\d+\.\d\d, provisioned \$\d+\.\d\d \(storage included\)\.$/m,
    );
    expect(result.stdout).toMatch(/in effect since 2024-11-01/);
  });

  it('exits 1 and says why when a pattern cannot be estimated', async () => {
    const broken = structuredClone(store);
    broken.accessPatterns = broken.accessPatterns?.map((p) =>
      p.id === 'get-customer' ? { ...p, example: {} } : p,
    );
    const result = await keyplan(['estimate', '-', '--json'], JSON.stringify(broken));
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('get-customer: no estimate: pattern get-customer needs argument customerId\n');
  });
});
