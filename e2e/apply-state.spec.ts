// The Apply button's "out of date" dot: lit exactly when the table on DynamoDB Local is not what the design
// creates now (items Apply kept that are not in the design included), and remembered across a reload.
import { expect, test } from './fixtures/app.ts';

test('the out-of-date dot follows table and item changes only, and survives a reload', async ({
  app,
  page,
}) => {
  const dot = app.id('topbar.apply.stale');
  await app.openExample('online-store');
  await app.applyDesign();
  await expect(dot).toHaveCount(0);

  // A pattern's example argument and its request rate change nothing on the table.
  await app.selectPattern('customer-orders');
  await app.fill('pattern.arg.customerId', 'c2');
  await app.openDock('cost');
  await app.setRate('customer-orders', '50');
  // The cost follows the settled design, which by then holds both edits, as the dot does.
  await expect(app.id('cost.monthly.customer-orders')).toContainText('$');
  await expect(dot).toHaveCount(0);

  // A key template changes the items: out of date, until applied again. Apply shows the migration plan
  // first (compare.spec.ts): cancelled, nothing is written and the table is still out of date.
  await app.selectEntity('Order');
  await app.fill('entity.template.SK', 'ORDER#{orderId}');
  await expect(dot).toBeVisible();
  await app.id('topbar.apply').click();
  await app.id('apply.plan.cancel').click();
  await expect(app.id('apply.plan')).toHaveCount(0);
  await expect(dot).toBeVisible();
  // Applied from the plan, replacing the table's items: the orders under their old keys are deleted.
  await app.id('topbar.apply').click();
  await app.id('apply.plan.apply').click();
  await expect(app.id('topbar.apply.result')).toContainText('10 not in the design deleted', {
    timeout: 60_000,
  });
  await expect(dot).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A sample removed needs no plan, and Apply deletes nothing: its order is still in the table, so it is
  // still not what the design creates, until the user confirms replacing the table's items.
  await app.id('entity.sample.9.remove').click();
  await expect(dot).toBeVisible();
  await app.applyDesign();
  const leftover = app.id('topbar.apply.notInDesign');
  await expect(leftover).toContainText('The table also holds 1 item that is not in the design');
  await expect(dot).toBeVisible();
  await app.id('topbar.apply.replace').click();
  await expect(app.id('topbar.apply.replace.question')).toHaveText(
    /^Delete 1 item not in the design from kp-[0-9a-f]{12}-AppTable\?$/,
  );
  await app.id('topbar.apply.replace.confirm').click();
  await expect(app.id('topbar.apply.result')).toContainText('1 not in the design deleted');
  await expect(leftover).toHaveCount(0);
  await expect(dot).toHaveCount(0);

  await page.reload();
  await expect(app.id('grid')).toBeVisible();
  await expect(app.id('topbar.dynamodb')).toContainText(/up/i, { timeout: 30_000 });
  await expect(dot).toHaveCount(0);

  // An edit after the reload is out of date, and still is after another reload.
  await app.selectEntity('Order');
  await app.fill('entity.template.SK', 'ORDER#{createdAt}#{orderId}');
  await expect(dot).toBeVisible();
  await page.reload();
  await expect(app.id('grid')).toBeVisible();
  await expect(dot).toBeVisible();
});
