// Generating sample items in the entity panel: when Generate cannot add what was asked for, it says so
// beside the control, with the numbers and the reason, and the message stays until the next Generate.
import { expect, type KeyplanApp, test } from './fixtures/app.ts';

/** The entity's sample count in the sidebar. */
const samplesOf = (app: KeyplanApp, entity: string) =>
  app.id(`sidebar.entity.${entity}`).locator('.side-count');

test('generating more items than the key templates hold says how many were added and why', async ({
  app,
}) => {
  await app.openExample('online-store');
  await app.selectEntity('LineItem');
  // A quantity (1–5) as the sort key under the 10 orders: 50 distinct keys, 11 of them used by the 13 samples.
  await app.fill('entity.template.SK', 'ITEM#{quantity}');
  await expect(app.id('entity.template.SK.error')).toHaveCount(0);
  await expect(samplesOf(app, 'LineItem')).toHaveText('13');

  await app.fill('entity.generateCount', '100');
  await app.id('entity.generate').click();
  const note = app.id('entity.generateNote');
  await expect(note).toContainText('of 100 LineItem items asked for');
  await expect(note).toContainText('its primary key holds only 50 distinct keys');
  await expect(note).toContainText('PK = ORDER#{orderId} takes 10 (orderId: those of the Order samples)');
  await expect(note).toContainText('SK = ITEM#{quantity} takes 5 (quantity: 1–5)');
  await expect(note).toContainText('11 of them already used by existing samples');
  const generated = Number((await note.textContent())!.match(/^Generated (\d+) of 100 /)![1]);
  expect(generated).toBeGreaterThan(0);
  expect(generated).toBeLessThanOrEqual(39);
  await expect(samplesOf(app, 'LineItem')).toHaveText(String(13 + generated));

  // It stays while the user looks elsewhere: not a toast that goes away.
  await app.id('grid.tab.GSI1').click();
  await app.id('grid.tab.table').click();
  await expect(note).toBeVisible();
  await expect(app.id('toast')).toHaveCount(0);

  // The next action on the control replaces it.
  await app.fill('entity.generateCount', '5');
  await expect(note).toHaveCount(0);
});

test('a count above the maximum generates nothing and says so', async ({ app }) => {
  await app.openExample('online-store');
  await app.selectEntity('Customer');
  await app.fill('entity.generateCount', '30000');
  await app.id('entity.generate').click();
  await expect(app.id('entity.generateNote')).toHaveText(
    'Nothing generated: 30,000 is more than the 25,000 items Generate adds at a time.',
  );
  await expect(app.id('entity.generateCount')).toHaveAttribute('aria-invalid', 'true');
  await expect(app.id('entity.generateCount')).toHaveValue('30000');
  await expect(samplesOf(app, 'Customer')).toHaveText('4');

  await app.fill('entity.generateCount', '3');
  await expect(app.id('entity.generateNote')).toHaveCount(0);
  await app.id('entity.generate').click();
  await expect(samplesOf(app, 'Customer')).toHaveText('7');
  await expect(app.id('entity.generateNote')).toHaveCount(0);
});

test('a large batch is generated in a worker, with progress, and adds its items as one step', async ({
  app,
}) => {
  await app.openExample('online-store');
  await app.selectEntity('Customer');
  const before = Number(await samplesOf(app, 'Customer').textContent());
  await app.fill('entity.generateCount', '2000');
  await app.id('entity.generate').click();
  await expect(samplesOf(app, 'Customer')).toHaveText(String(before + 2000), { timeout: 30_000 });
  await expect(app.id('entity.generateProgress')).toHaveCount(0);
  await expect(app.id('entity.generateNote')).toHaveCount(0);
});
