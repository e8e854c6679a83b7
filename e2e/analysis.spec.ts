// Judging the design: lint findings that jump to what they name, and the monthly cost of the request rates.
import { expect, test } from './fixtures/app.ts';

test('a finding names the entity; clicking it selects that entity and reveals its key', async ({ app }) => {
  await app.openExample('ecommerce');
  // The example lints clean of errors; its one warning is the orders-by-date GSI's monthly time bucket.
  await expect(app.id('status.problems')).toHaveAttribute('data-count', '1');
  await app.openDock('problems');
  await expect(app.finding('hot-partition')).toHaveAttribute('data-severity', 'info');

  // One value for every order's GSI1PK: a hot partition, and the orders-by-status pattern no longer served.
  await app.selectEntity('Order');
  await app.fill('entity.template.GSI1PK', 'ORDERS');
  await app.id('sidebar.table').click();
  await expect(app.id('table.editor')).toBeVisible();

  const hot = app.finding('hot-partition');
  await expect(hot).toHaveAttribute('data-severity', 'warning');
  await expect(hot).toHaveAttribute('data-target', 'entities[1].keys.GSI1PK');
  await expect(hot).toContainText('GSI1PK ORDERS');
  await expect(app.id('problems.group.warning')).toContainText('hot-partition');
  const unserved = app.finding('pattern-unserved');
  await expect(unserved).toHaveAttribute('data-severity', 'error');
  await expect(app.id('status.problems')).toHaveAttribute('data-count', '3');

  await hot.click();
  await expect(app.id('entity.name')).toHaveValue('Order');
  await expect(app.id('sidebar.entity.Order')).toHaveAttribute('aria-selected', 'true');
  await expect(app.id('entity.template.GSI1PK')).toBeFocused();

  // The error names the pattern: clicking it opens the pattern.
  await unserved.click();
  await expect(app.id('sidebar.pattern.orders-by-status')).toHaveAttribute('aria-selected', 'true');
  await expect(app.id('pattern.name')).toHaveValue(/status/);

  // Undo the template: the findings go away with it.
  await app.id('topbar.undo').click();
  await expect(app.finding('hot-partition')).toHaveAttribute('data-severity', 'info');
  await expect(app.finding('pattern-unserved')).toHaveCount(0);
  await expect(app.id('status.problems')).toHaveAttribute('data-count', '1');
});

test('two orders of one customer under one primary key: the grid, the status bar and the Problems tab all say so', async ({
  app,
}) => {
  await app.openExample('online-store');
  // An order's sort key without its id: keys still unique while no two orders of a customer share a time,
  // which lint already warns of.
  await app.selectEntity('Order');
  await app.fill('entity.template.SK', 'ORDER#{createdAt}');
  await expect(app.id('entity.template.SK')).toHaveValue('ORDER#{createdAt}');
  await expect(app.id('status.problems')).toHaveAttribute('data-count', '1');
  await app.openDock('problems');
  await expect(app.finding('timestamp-sort-key')).toHaveAttribute('data-severity', 'warning');
  await expect(app.finding('key-collision')).toHaveCount(0);

  // Customer c1's second order placed at the same moment as the first: it overwrites it.
  await app.fill('entity.sample.1.createdAt', '2026-10-08T14:30:00Z');
  await expect(app.id('grid.overwritten')).toContainText('1 item (Order) shares a primary key');
  await expect(app.id('status.problems')).toHaveAttribute('data-count', '2');
  await expect(app.id('status.problems')).toContainText('2 problems');
  const collision = app.finding('key-collision');
  await expect(collision).toHaveAttribute('data-severity', 'error');
  await expect(collision).toHaveAttribute('data-target', 'entities[1].keys.SK');
  await expect(collision).toContainText(
    'items.Order[0] and items.Order[1] (PK "CUSTOMER#c1", SK "ORDER#2026-10-08T14:30:00Z")',
  );
});

test('request rates give each pattern its monthly cost; one undo step per edit', async ({ app, page }) => {
  await app.openExample('ecommerce');
  await app.openDock('cost');
  await expect(app.id('cost.table')).toBeVisible();
  await expect(app.id('cost.prices')).toContainText(/us-east-1 prices of \d{4}-\d{2}-\d{2}/);
  await expect(app.id('cost.monthly.get-user')).toContainText('no rate');
  expect(await app.dollars('cost.total.onDemand')).toBe(0);

  await app.setRate('get-user', '100');
  await expect(app.id('cost.monthly.get-user')).toContainText('$');
  const at100 = await app.dollars('cost.monthly.get-user');
  expect(at100).toBeGreaterThan(0);
  expect(await app.dollars('cost.total.onDemand')).toBeCloseTo(at100, 9);
  await expect(app.id('cost.chart.get-user')).toBeVisible();

  await app.setRate('get-user', '200');
  await expect.poll(() => app.dollars('cost.monthly.get-user')).toBeCloseTo(2 * at100, 9);
  const shown = await app.id('cost.monthly.get-user').textContent();

  // Per day instead of per second: the same number costs far less.
  await app.id('cost.rateUnit.get-user').selectOption('day');
  await expect.poll(() => app.dollars('cost.monthly.get-user')).toBeCloseTo((2 * at100) / 86_400, 9);

  // A write pattern adds its write units; the total follows.
  await app.setRate('create-order', '5');
  await expect.poll(() => app.dollars('cost.monthly.create-order')).toBeGreaterThan(0);
  expect(await app.dollars('cost.total.onDemand')).toBeCloseTo(
    (await app.dollars('cost.monthly.get-user')) + (await app.dollars('cost.monthly.create-order')),
    9,
  );

  // Each edit is one undo step: back to 200 per second, then to 100.
  await app.id('topbar.undo').click();
  await expect(app.id('cost.monthly.create-order')).toContainText('no rate');
  await app.id('topbar.undo').click();
  await expect(app.id('cost.monthly.get-user')).toHaveText(shown ?? '');
  await expect(app.id('cost.rateUnit.get-user')).toHaveValue('second');
  await app.id('topbar.undo').click();
  await expect.poll(() => app.dollars('cost.monthly.get-user')).toBeCloseTo(at100, 9);

  // Storage comes from the expected item counts.
  expect(await app.dollars('cost.total.storage')).toBe(0);
  await app.fill('cost.items.Order', '2.5M');
  await app.id('cost.items.Order').press('Enter');
  await expect.poll(() => app.dollars('cost.total.storage')).toBeGreaterThan(0);

  // Rates are saved in the design: a reload keeps them.
  await page.reload();
  await app.openDock('cost');
  await expect(app.id('cost.rate.get-user')).toHaveValue('100');
  await expect(app.id('cost.items.Order')).toHaveValue('2500000');
});

test('after a run, the estimate stands beside the consumed capacity, with DynamoDB Local’s known difference', async ({
  app,
}) => {
  await app.openExample('ecommerce');
  await app.applyDesign();

  await app.selectPattern('get-user');
  await app.id('pattern.run').click();
  await expect(app.id('run.status')).toContainText(/RCU/, { timeout: 30_000 });
  await expect(app.id('run.estimate')).toHaveText('0.5');
  await expect(app.id('run.estimate.agrees')).toBeVisible();

  // A transaction: DynamoDB Local reports it differently from DynamoDB, and the Result says so.
  await app.selectPattern('create-order');
  await app.id('pattern.run').click();
  await expect(app.id('run.status')).toContainText(/WCU/, { timeout: 30_000 });
  await expect(app.id('run.estimate')).toHaveText('7');
  await expect(app.id('run.capacity')).toContainText('10');
  await expect(app.id('run.estimate.note')).toContainText('awslabs/amazon-dynamodb-local-samples#31');
  await expect(app.id('run.estimate.note')).toContainText('Expected on Local: 10 ✓');
});

test('on the JSON tab, findings are markers and clicking one selects its place in the JSON', async ({
  app,
}) => {
  await app.openExample('ecommerce');
  await app.id('topbar.tab.json').click();
  const editor = app.id('json.editor').locator('.monaco-editor');
  await expect(editor).toBeVisible({ timeout: 30_000 });

  await app.openDock('problems');
  const hot = app.finding('hot-partition').first();
  const target = await hot.getAttribute('data-target');
  await hot.click();
  // The JSON tab stays, the editor takes the focus with the text the finding names selected, and that
  // place carries the finding's (info) marker; the inspector shows the entity.
  await expect(app.id('topbar.tab.json')).toHaveAttribute('aria-selected', 'true');
  await expect(editor).toHaveClass(/focused/);
  await expect(editor.locator('.selected-text').first()).toBeAttached();
  await expect(editor.locator('.squiggly-info').first()).toBeAttached({ timeout: 10_000 });
  expect(target).toBe('entities[1].keys.GSI1PK');
  // The selection's line (the overlay row at the same height as a text line) is Order's GSI1PK template.
  const line = await editor.evaluate((root) => {
    const top = (root.querySelector('.selected-text')?.parentElement as HTMLElement | null)?.style.top;
    const lines = [...root.querySelectorAll<HTMLElement>('.view-line')];
    return lines.find((l) => l.style.top === top)?.textContent ?? '';
  });
  expect(line.replace(/\s+/g, ' ')).toContain('"GSI1PK": "ORDERSTATUS#{status}"');
});
