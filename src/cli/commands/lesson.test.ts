// `keyplan lesson check` on lesson files: a good lesson is proved step by step, its local-run checks run on
// a real DynamoDB Local and compared with the prediction; a lesson whose solution fails a check or whose
// start passes them all exits 1 with the reasons; an invalid file exits 2 naming the path of each problem.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Lesson } from '../../core/features/lessons/lesson-types.ts';
import { shopDesign, shopLesson } from '../../core/test-support/test-lesson.ts';
import { stringifyExactJson } from '../../core/values/exact-json.ts';
import { runKeyplan } from '../run-in-process.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'keyplan-lesson-'));
const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};

const good = write('good-shop.lesson.json', stringifyExactJson(shopLesson, 2));

/** The shop lesson with a step 1 solution that returns orders oldest first, and a step 2 that starts done. */
const failing: Lesson = {
  ...shopLesson,
  id: 'shop-failing',
  steps: [
    {
      ...shopLesson.steps[0],
      solution: shopDesign((d) => Object.assign(d.accessPatterns[0], { scanIndexForward: true })),
    },
    { ...shopLesson.steps[1], start: shopLesson.steps[1].solution },
  ],
};

describe('keyplan lesson check', () => {
  it('proves a good lesson, its local-run checks on DynamoDB Local, and reports a failing one with the reasons', async () => {
    const endpoint = inject('dynamoEndpoint');
    const ok = await runKeyplan(['lesson', 'check', good, '--endpoint', endpoint]);
    expect(ok.stdout).toBe(
      `${good}: shop-orders "Orders of a shop" (2 steps)\n` +
        '  ok   step 1 orders: the solution passes 16 checks; the start fails 5\n' +
        '  ok   step 2 profile: the solution passes 3 checks; the start fails 2\n',
    );
    expect(ok.stderr).toBe('keyplan lesson: 1 lesson, 2 steps: every step proved\n');
    expect(ok.code).toBe(0);

    const json = await runKeyplan(['lesson', 'check', good, '--endpoint', endpoint, '--json']);
    const [lesson] = json.json().lessons;
    expect(lesson.steps[0].solution.find((r: { checkId: string }) => r.checkId === 'real')).toEqual({
      checkId: 'real',
      title: 'DynamoDB Local agrees',
      status: 'pass',
      reason: 'DynamoDB Local returns the 3 predicted items of customer-orders',
      target: { kind: 'pattern', id: 'customer-orders' },
    });
    expect(lesson.steps[1].solution.find((r: { checkId: string }) => r.checkId === 'get-real').reason).toBe(
      'DynamoDB Local returns the 1 predicted item of get-customer',
    );

    const bad = write('failing.lesson.json', stringifyExactJson(failing, 2));
    const failed = await runKeyplan(['lesson', 'check', bad, '--endpoint', endpoint]);
    expect(failed.stdout).toBe(
      `${bad}: shop-failing "Orders of a shop" (2 steps)\n` +
        '  FAIL step 1 orders (Orders, newest first and by status):\n' +
        "       the solution fails newest-first (A customer's orders come newest first): customer-orders returns 3 items in another order: #1 is Order o1, expected Order o4 — the order is that of sort key SK of the table, read ascending (the default): Order o1 has SK ORDER#2026-01-01T10:00:00Z#o1, Order o4 has ORDER#2026-03-01T10:00:00Z#o4\n" +
        '       the solution fails sorted (Sorted by date, newest first): customer-orders is not sorted by createdAt descending: #1 Order o1 (2026-01-01T10:00:00Z) comes before #2 Order o2 (2026-02-01T10:00:00Z) — the order is that of sort key SK of the table, read ascending (the default)\n' +
        "  FAIL step 2 profile (A customer's profile):\n" +
        '       the starting design passes every check: a step must start with something to do (change the start, or add a check it fails)\n',
    );
    expect(failed.stderr).toBe('keyplan lesson: 1 lesson, 2 steps: 2 failing\n');
    expect(failed.code).toBe(1);
  });

  it('refuses an invalid lesson file with exit 2, each problem at its path; --no-local says what it skipped', async () => {
    const invalid = write(
      'invalid.lesson.yaml',
      stringifyExactJson({
        ...shopLesson,
        id: 'shop-invalid',
        steps: [
          {
            ...shopLesson.steps[0],
            checks: [{ id: 'x', title: 'X', kind: 'served', pattern: 'orders-by-state' }],
          },
        ],
      }),
    );
    const result = await runKeyplan(['lesson', 'check', good, invalid, '--no-local']);
    expect(result.stderr).toBe(
      `${invalid}: steps[0].checks[0].pattern: the step's solution has no access pattern "orders-by-state"; it has: customer-orders, orders-by-status\n` +
        'keyplan lesson: 2 local-run checks not run (--no-local)\n' +
        'keyplan lesson: 1 lesson, 2 steps: every step proved; 1 invalid lesson file\n',
    );
    expect(result.stdout).toContain(
      '  ok   step 1 orders: the solution passes 15 checks (1 local-run skipped); the start fails 5\n',
    );
    expect(result.code).toBe(2);

    const json = await runKeyplan(['lesson', 'check', dir, '--no-local', '--json']);
    expect(json.code).toBe(2);
    expect(
      json.json().lessons.map((l: { file: string; ok: boolean }) => [path.basename(l.file), l.ok]),
    ).toEqual([
      ['failing.lesson.json', false],
      ['good-shop.lesson.json', true],
      ['invalid.lesson.yaml', false],
    ]);
    expect(json.json().lessons[2].error.code).toBe('InvalidLesson');

    expect((await runKeyplan(['lesson', 'verify', good])).code).toBe(2);
    expect((await runKeyplan(['lesson', 'check', path.join(dir, 'missing.lesson.yaml')])).stderr).toMatch(
      /missing\.lesson\.yaml: \(document\): no such file or directory/,
    );
  });
});
