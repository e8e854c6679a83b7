// The Apply button's "out of date" dot: lit exactly when the table on DynamoDB Local is not what the design
// creates now, and remembered across a reload.
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

  // A key template changes the items: out of date, until applied again.
  await app.selectEntity('Order');
  await app.fill('entity.template.SK', 'ORDER#{orderId}');
  await expect(dot).toBeVisible();
  await app.applyDesign();
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
