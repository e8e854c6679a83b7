// The designer's user stories, in the real built app with the real server and DynamoDB Local.
import { expect, test } from './fixtures/app.ts';

test('a changed key template changes every affected key in the grid at once', async ({ app }) => {
  await app.openExample('online-store');
  const before = await app.keyColumn('SK');
  expect(before.filter((sk) => sk.startsWith('ORDER#')).length).toBeGreaterThan(0);

  await app.selectEntity('Order');
  await app.fill('entity.template.SK', 'ORD#{createdAt}#{orderId}');
  await expect(app.id('entity.template.SK.error')).toHaveCount(0);

  await expect
    .poll(async () => (await app.keyColumn('SK')).filter((sk) => sk.startsWith('ORD#')).length)
    .toBe(before.filter((sk) => sk.startsWith('ORDER#')).length);
  expect((await app.keyColumn('SK')).some((sk) => sk.startsWith('ORDER#'))).toBe(false);
  // Other entities' keys did not move.
  expect((await app.keyColumn('SK')).filter((sk) => sk === 'PROFILE').length).toBe(
    before.filter((sk) => sk === 'PROFILE').length,
  );

  // Half typed, the template says what is wrong under the field (the orders have no SK meanwhile); finished,
  // the error goes.
  await app.fill('entity.template.SK', 'ORD#{createdAt');
  await expect(app.id('entity.template.SK.error')).toContainText('unclosed "{"');
  await expect(app.id('status.problems')).not.toContainText(/no problems/i);
  await app.fill('entity.template.SK', 'ORD#{createdAt}');
  await expect(app.id('entity.template.SK.error')).toHaveCount(0);
});

test('the GSI view shows only the items the sparse index holds, re-keyed', async ({ app }) => {
  await app.openExample('online-store');
  const tableRows = await app.rows().count();
  await app.id('grid.tab.GSI1').click();
  await expect(app.id('grid.excluded')).toContainText(/not in GSI1/);
  const indexRows = await app.rows().count();
  expect(indexRows).toBeGreaterThan(0);
  expect(indexRows).toBeLessThan(tableRows);
  // Partitions regroup by GSI1PK: each shows its key once, then its item count and size.
  const partitionKeys = (await app.keyColumn('GSI1PK')).filter(
    (cell) => !/items? ·/.test(cell) && cell !== '',
  );
  expect(partitionKeys.length).toBeGreaterThan(0);
  for (const pk of partitionKeys) expect(pk).toMatch(/^STATUS#[A-Z]+$/);
  await expect(app.rows().first()).toContainText('Order');
});

test('selecting a pattern highlights the items it returns', async ({ app }) => {
  await app.openExample('online-store');
  await app.selectPattern('customer-orders');
  await expect(app.rows('returned')).toHaveCount(2);
  await expect(app.rows('returned').filter({ hasText: 'o101' })).toHaveCount(1);
  await expect(app.rows('returned').filter({ hasText: 'o100' })).toHaveCount(1);
  await expect(app.rows('none').first()).toBeVisible();
  await app.selectPattern('orders-by-status');
  await expect(app.id('grid.tab.GSI1')).toHaveAttribute('aria-selected', 'true');
  await expect(app.rows('returned')).toHaveCount(2);
});

test('undo and redo every edit, and a reload restores the work', async ({ app, page }) => {
  await app.openExample('online-store');
  await app.selectEntity('Customer');
  await app.fill('entity.name', 'Client');
  await app.id('entity.name').press('Enter');
  await expect(app.id('sidebar.entity.Client')).toBeVisible();

  await app.id('topbar.undo').click();
  await expect(app.id('sidebar.entity.Customer')).toBeVisible();
  await expect(app.id('sidebar.entity.Client')).toHaveCount(0);
  await app.id('topbar.redo').click();
  await expect(app.id('sidebar.entity.Client')).toBeVisible();

  await page.reload();
  await expect(app.id('sidebar.entity.Client')).toBeVisible();
  await expect(app.id('grid')).toBeVisible();
});

test('any of hundreds of samples can be reached and edited in the entity panel', async ({ app }) => {
  await app.openExample('online-store');
  await app.selectEntity('Customer');
  await app.fill('entity.generateCount', '300');
  await app.id('entity.generate').click();
  await expect(app.id('sidebar.entity.Customer')).toContainText('304');
  // Only the rows in view are drawn; scrolling the table draws the last one.
  await expect(app.id('entity.sample.303.customerId')).toHaveCount(0);
  await app.page.locator('.samples-scroll').evaluate((table) => {
    table.scrollTop = table.scrollHeight;
  });
  await app.fill('entity.sample.303.customerId', 'the-last');
  await app.fill('grid.search', 'the-last');
  await expect(app.rows()).toHaveCount(1);
  await expect(app.rows().first()).toContainText('CUSTOMER#the-last');
});

test('from an item in the grid: query its partition, add an item to it, delete it with undo', async ({
  app,
}) => {
  await app.openExample('online-store');
  // Query this partition, on the GSI: a new pattern that returns the whole partition.
  await app.id('grid.tab.GSI1').click();
  const placed = app.rows().filter({ hasText: 'STATUS#PLACED' }).first();
  await placed.getByTestId('grid.cell.GSI1PK').click({ button: 'right' });
  await app.id('grid.menu.queryPartition').click();
  await expect(app.id('pattern.name')).toHaveValue('Order partition STATUS#{status} on GSI1');
  await expect(app.rows('returned')).toHaveCount(2);

  // Add an item to a table partition: the new sample has the partition's values, ready to be completed.
  await app.id('grid.tab.table').click();
  // The grid draws only the rows in view: the footer counts them all.
  const items = app.page.locator('.grid-footer-counts');
  const stored = Number((await items.textContent())!.match(/([\d,]+) items?/)![1]);
  const order = app.rows().filter({ hasText: 'o100' }).first();
  await order.getByTestId('grid.cell.PK').click({ button: 'right' });
  await app.id('grid.menu.addItem').click();
  // The new sample, last of the entity's, has its first field focused.
  const focused = app.page.locator(':focus');
  await expect(focused).toHaveAttribute('data-testid', /^entity\.sample\.\d+\.customerId$/);
  await expect(focused).toHaveValue('c1');
  const row = (await focused.getAttribute('data-testid'))!.split('.')[2];
  await expect(app.id('sidebar.entity.Order')).toContainText(String(Number(row) + 1));
  // Not stored until its sort key can be rendered.
  await expect(app.id('grid.excluded')).toContainText('1 item without a usable primary key');
  await app.fill(`entity.sample.${row}.orderId`, 'o103');
  await app.fill(`entity.sample.${row}.createdAt`, '2026-11-01T00:00:00Z');
  await expect(items).toContainText(`${stored + 1} items`);

  // Delete it from the grid, then take the deletion back.
  await app.rows().filter({ hasText: 'o103' }).first().getByTestId('grid.cell.SK').click({ button: 'right' });
  await app.id('grid.menu.delete').click();
  await expect(items).toContainText(`${stored} items`);
  await app.id('toast.action').click();
  await expect(items).toContainText(`${stored + 1} items`);
});
