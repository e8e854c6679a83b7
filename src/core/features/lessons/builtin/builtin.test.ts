// #17's done-when line "The three built-in lessons pass keyplan lesson check", proved in CI: `keyplan lesson
// check` on this folder, in process, with its local-run checks on the test suite's DynamoDB Local. Every
// step's reference solution passes all its checks and every step's starting design fails at least one.
import { fileURLToPath } from 'node:url';
import { expect, inject, it } from 'vitest';
import { runKeyplan } from '../../../../cli/run-in-process.ts';

const folder = fileURLToPath(new URL('.', import.meta.url));

interface CheckOutcome {
  checkId: string;
  status: string;
  reason: string;
}

interface StepReport {
  id: string;
  ok: boolean;
  solution: CheckOutcome[];
  start: CheckOutcome[];
}

it('proves every step of the three built-in lessons, local-run checks included', async () => {
  const result = await runKeyplan([
    'lesson',
    'check',
    folder,
    '--endpoint',
    inject('dynamoEndpoint'),
    '--json',
  ]);
  const report = result.json();
  const failing = report.lessons.flatMap((lesson: { id: string; steps: StepReport[] }) =>
    lesson.steps
      .filter((step) => !step.ok)
      .map((step) => ({
        step: `${lesson.id}/${step.id}`,
        solution: step.solution.filter((c) => c.status !== 'pass'),
        startFails: step.start.filter((c) => c.status === 'fail').length,
      })),
  );
  expect(failing).toEqual([]);
  expect(result.code).toBe(0);
  expect(report.ok).toBe(true);
  expect(report.localRunSkipped).toBe(0);
  expect(report.lessons.map((lesson: { id: string }) => lesson.id).sort()).toEqual([
    'access-patterns-first',
    'find-the-bugs',
    'indexes',
  ]);
  const steps: StepReport[] = report.lessons.flatMap((lesson: { steps: StepReport[] }) => lesson.steps);
  for (const step of steps) {
    expect(step.solution.every((c) => c.status === 'pass')).toBe(true);
    expect(step.start.some((c) => c.status === 'fail')).toBe(true);
  }
  // 3 to 5 steps per lesson, and the local-run check of the last step ran against DynamoDB Local.
  for (const lesson of report.lessons) expect(lesson.steps.length).toBeGreaterThanOrEqual(3);
  const localRun = steps.flatMap((s) => s.solution).find((c) => c.checkId === 'real-dynamodb');
  expect(localRun?.status).toBe('pass');
}, 120_000);
