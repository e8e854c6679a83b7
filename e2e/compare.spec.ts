// Compare with… the applied version: after a sort-key template change, the grid's key cells show old → new,
// the verdict chip says Backfill with its reason, the dock's Plan tab lists the migration's steps, and Apply
// shows the plan (verdict, steps, choices) instead of writing over the table silently.
import { getExample } from '../src/core/features/examples/index.ts';
import { encodeShare } from '../src/core/features/share/share-link.ts';
import { designSchema } from '../src/core/model/schema.ts';
import { stringifyExactJson } from '../src/core/values/exact-json.ts';
import { expect, test } from './fixtures/app.ts';
import { audit } from './fixtures/axe.ts';

test('compare with the applied version: changed keys, verdict, plan, and the plan before Apply', async ({
  app,
  page,
}) => {
  await app.openExample('online-store');
  await app.applyDesign();
  await page.keyboard.press('Escape');

  // Orders were sorted by date; now by order id only.
  await app.selectEntity('Order');
  await app.fill('entity.template.SK', 'ORDER#{orderId}');
  await expect(app.id('entity.template.SK')).toHaveValue('ORDER#{orderId}');

  // Compare with… applied version, from the keyboard.
  await app.id('compare.toggle').focus();
  await page.keyboard.press('Enter');
  await expect(app.id('compare.with.applied')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(app.id('compare.toggle')).toContainText('vs applied version');

  // The first order's sort key, old → new, in text (not colour alone).
  const changed = app.id('grid.cell.SK').and(page.locator('[data-before]'));
  await expect(changed).not.toHaveCount(0);
  const first = changed.and(page.locator('[data-value="ORDER#o100"]'));
  await expect(first).toHaveAttribute('data-before', 'ORDER#2026-10-08T14:30:00Z#o100');
  await expect(first.locator('del')).toContainText('ORDER#');
  await expect(first).toContainText('→');
  await expect(first.locator('ins')).toHaveText('ORDER#o100');
  await expect(first).toHaveAttribute(
    'aria-label',
    /SK changes from ORDER#2026-10-08T14:30:00Z#o100 to ORDER#o100/,
  );
  // Keys that do not change are shown as before.
  await expect(app.id('grid.cell.SK').and(page.locator('[data-value="PROFILE"][data-before]'))).toHaveCount(
    0,
  );

  // The verdict chip, and its reasons in the dock.
  const chip = app.id('compare.verdict');
  await expect(chip).toHaveAttribute('data-verdict', 'backfill');
  await expect(chip).toHaveText('Backfill');
  await chip.click();
  await expect(app.id('dock.tab.compare')).toHaveAttribute('aria-selected', 'true');
  await expect(app.id('compare.reasons')).toContainText('10 of 10 Order items move to a new primary key');
  const found = await audit(page, 'comparing (light)');

  // The migration plan, step by step.
  await app.id('dock.tab.plan').click();
  const steps = app.id('compare.plan.step');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText('dual-write window');
  await expect(steps.nth(1)).toContainText('Backfill: rewrite 10 items');
  await expect(steps.nth(2)).toContainText('Switch readers');

  // Apply offers the plan instead of writing over the table; Cancel writes nothing.
  await app.id('topbar.apply').click();
  const dialog = app.id('apply.plan');
  await expect(dialog).toBeVisible();
  await expect(app.id('apply.plan.verdict')).toHaveText('Backfill');
  await expect(dialog.getByTestId('compare.plan.step')).toHaveCount(3);
  await expect(app.id('apply.plan.cancel')).toBeFocused();
  found.push(...(await audit(page, 'plan dialog (light)')));
  await page.emulateMedia({ colorScheme: 'dark' });
  found.push(...(await audit(page, 'plan dialog (dark)')));
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  found.push(...(await audit(page, 'comparing (dark)')));
  await page.emulateMedia({ colorScheme: 'light' });
  expect(found, `axe found critical or serious violations:\n${found.join('\n')}`).toEqual([]);
  await app.id('topbar.apply').click();
  await expect(app.id('apply.plan.cancel')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(app.id('topbar.apply.stale')).toBeVisible();

  // Apply anyway, replacing the table's items: the orders under their old keys go.
  await app.id('topbar.apply').click();
  await app.id('apply.plan.apply').click();
  await expect(app.id('topbar.apply.result')).toContainText('10 not in the design deleted', {
    timeout: 60_000,
  });
  await expect(app.id('topbar.apply.stale')).toHaveCount(0);

  // Stop comparing: the key cells show plain values again.
  await app.id('compare.toggle').click();
  await app.id('compare.stop').click();
  await expect(changed).toHaveCount(0);
  await expect(app.id('dock.tab.plan')).toHaveCount(0);
});

test('compare with a share link or a file of the design as it was', async ({ app, page }) => {
  const before = designSchema.parse(getExample('online-store')?.design);
  await app.openExample('online-store');
  await app.selectEntity('Order');
  await app.fill('entity.template.SK', 'ORDER#{orderId}');
  // Never applied from this browser: the applied version is unknown.
  await app.id('compare.toggle').click();
  await expect(app.id('compare.with.applied')).toBeDisabled();

  // A share link: a broken one says why; the whole one compares.
  await app.id('compare.with.link').click();
  const input = app.id('compare.link.input');
  await expect(input).toBeFocused();
  await input.fill('https://keyplan.example/#share=k1.broken!');
  await page.keyboard.press('Enter');
  await expect(app.id('compare.link.error')).toContainText('This link cannot be compared');
  await input.fill(`https://keyplan.example/#share=${encodeShare(before).token}`);
  await page.keyboard.press('Enter');
  await expect(app.id('compare.link.dialog')).toHaveCount(0);
  await expect(app.id('compare.toggle')).toContainText('vs share link (Online store)');
  await expect(app.id('compare.verdict')).toHaveAttribute('data-verdict', 'backfill');

  // A file: the same design saved as a file.
  await app.id('compare.toggle').click();
  const chooser = page.waitForEvent('filechooser');
  await app.id('compare.with.file').click();
  await (await chooser).setFiles({
    name: 'before.keyplan.json',
    mimeType: 'application/json',
    buffer: Buffer.from(stringifyExactJson(before)),
  });
  await expect(app.id('compare.toggle')).toContainText('vs before.keyplan.json');
  await expect(app.id('compare.verdict')).toHaveAttribute('data-verdict', 'backfill');
  await expect(
    app.id('grid.cell.SK').and(page.locator('[data-value="ORDER#o100"][data-before]')),
  ).toHaveCount(1);

  // Back to the template the file has: compatible, no key changes.
  await app.fill('entity.template.SK', 'ORDER#{createdAt}#{orderId}');
  await expect(app.id('compare.verdict')).toHaveAttribute('data-verdict', 'compatible');
  await expect(app.id('grid.cell.SK').and(page.locator('[data-before]'))).toHaveCount(0);
});
