// Self-study (#17): a built-in lesson from the start screen, its checks failing with a reason, fixed through
// the designer until Next opens, a hint, the place kept across a reload, Show solution marked, Reset step
// with Undo, and a broken lesson file refused path by path with nothing lost.
import { expect, test } from './fixtures/app.ts';

test('a self-study lesson: failing check, fix, next step, hint, reload, solution shown', async ({
  app,
  page,
}) => {
  await app.startLesson('access-patterns-first');
  await expect(app.id('lesson.title')).toHaveText('Access patterns first');
  await expect(app.id('lesson.step')).toHaveText('Step 1 of 4');

  // The step's start design fails: the check says why, and Next stays closed.
  const sortByTime = app.lessonCheck('sort-by-time');
  await expect(sortByTime).toHaveAttribute('data-status', 'fail');
  await expect(sortByTime.getByTestId('lesson.check.reason')).toContainText('ORDER#{createdAt}');
  await expect(app.id('lesson.next')).toBeDisabled();

  // Clicking a check selects what it is about.
  await app.lessonCheck('c2-newest-first').getByRole('button').click();
  await expect(app.id('sidebar.pattern.customer-orders')).toHaveAttribute('aria-selected', 'true');

  // Fix the design in the designer: selecting the entity shows the inspector, a tab away from the lesson.
  await app.selectEntity('Order');
  await expect(app.id('right.tab.inspector')).toHaveAttribute('aria-selected', 'true');
  await app.fill('entity.template.PK', 'CUSTOMER#{customerId}');
  await app.fill('entity.template.SK', 'ORDER#{createdAt}#{orderId}');
  await app.selectPattern('customer-orders');
  await app.id('pattern.descending').check();

  await app.id('right.tab.lesson').click();
  await expect(sortByTime).toHaveAttribute('data-status', 'pass');
  await expect(app.lessonCheck('c2-newest-first')).toHaveAttribute('data-status', 'pass');
  await expect(app.id('announce.lesson')).toContainText('Step done');
  await expect(app.id('lesson.next')).toBeEnabled();

  await app.id('lesson.next').click();
  await expect(app.id('lesson.step')).toHaveText('Step 2 of 4');
  await expect(app.id('lesson.dot.1')).toHaveAttribute('data-state', 'done');

  // One hint at a time, counted.
  await app.id('lesson.hint').click();
  await expect(app.id('lesson.hint.1')).toBeVisible();
  await expect(app.id('lesson.hint.2')).toHaveCount(0);
  const failing = await app.id('lesson.checks').locator('[data-status="fail"]').count();
  expect(failing).toBeGreaterThan(0);

  // A reload puts the attendee back at the same step, with the hint and the done step.
  await app.autosaved();
  await page.reload();
  await expect(app.id('lesson.step')).toHaveText('Step 2 of 4');
  await expect(app.id('lesson.hint.1')).toBeVisible();
  await expect(app.id('lesson.dot.1')).toHaveAttribute('data-state', 'done');
  await expect(app.id('lesson.checks').locator('[data-status="fail"]')).toHaveCount(failing);

  // Show solution asks first, then replaces the design and marks the step.
  await app.id('lesson.solution').click();
  await app.id('lesson.solution.yes').click();
  await expect(app.id('lesson.solution.shown')).toBeVisible();
  await expect(app.id('lesson.dot.2')).toHaveAttribute('data-state', 'solution shown');
  await expect(app.id('lesson.checks').locator('[data-status="fail"]')).toHaveCount(0);
  await expect(app.id('lesson.next')).toBeEnabled();

  // Reset step puts the step's start back (a check fails again); Undo brings the solution back.
  await app.id('lesson.reset').click();
  await expect(app.id('lesson.checks').locator('[data-status="fail"]')).not.toHaveCount(0);
  await app.id('toast').filter({ hasText: 'back at its start' }).getByTestId('toast.action').click();
  await expect(app.id('lesson.checks').locator('[data-status="fail"]')).toHaveCount(0);

  // A broken lesson file is refused with its problems by path; the lesson and the design stay.
  await app.id('topbar.menu.file').click();
  const chooser = page.waitForEvent('filechooser');
  await app.id('topbar.menu.file.openLesson').click();
  await (await chooser).setFiles({
    name: 'broken.lesson.yaml',
    mimeType: 'text/yaml',
    buffer: Buffer.from('format: keyplan-lesson/1\nid: broken\ntitle: Broken\nlevel: expert\nsteps: []\n'),
  });
  await expect(app.id('toast').filter({ hasText: 'broken.lesson.yaml is not a valid lesson' })).toContainText(
    'level',
  );
  await expect(app.id('lesson.step')).toHaveText('Step 2 of 4');
  await expect(app.id('lesson.solution.shown')).toBeVisible();
});
