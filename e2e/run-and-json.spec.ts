// Running patterns for real on DynamoDB Local, and the design as JSON in Monaco.
import { expect, test } from './fixtures/app.ts';

test('Apply the design, Run a pattern and see its items and consumed capacity', async ({ app }) => {
  await app.openExample('online-store');
  await app.applyDesign();
  await app.selectPattern('customer-orders');
  await app.id('pattern.run').click();
  await expect(app.id('run.status')).toContainText('Count 2', { timeout: 30_000 });
  await expect(app.id('run.status')).toContainText(/RCU/);
  await expect(app.id('run.capacity')).toBeVisible();
  await expect(app.id('run.items')).toHaveAttribute('data-count', '2');
  await expect(app.id('run.check')).toHaveAttribute('data-state', 'match');

  // A write: the conditional status update consumes write capacity on the table and on GSI1.
  await app.selectPattern('ship-order');
  await app.id('pattern.run').click();
  await expect(app.id('run.status')).toContainText(/WCU/, { timeout: 30_000 });
  await expect(app.id('run.capacity.GSI1')).toBeVisible();
});

test('the first screen is interactive without loading Monaco; the JSON tab loads it', async ({
  app,
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await app.openExample('online-store');
  await app.selectEntity('Order');
  await expect(app.id('entity.template.SK')).toBeEditable();
  const monaco = (urls: string[]) =>
    urls.filter((url) => /monaco|editor\.worker|json\.worker|codicon/.test(url));
  expect(monaco(requested)).toEqual([]);

  await app.id('topbar.tab.json').click();
  await expect(app.id('json.editor').locator('.monaco-editor')).toBeVisible({ timeout: 30_000 });
  expect(monaco(requested).length).toBeGreaterThan(0);
});

test('a JSON edit changes the forms, and broken JSON never replaces the last valid design', async ({
  app,
  page,
}) => {
  await app.openExample('online-store');
  await app.id('topbar.tab.json').click();
  const editor = app.id('json.editor').locator('.monaco-editor');
  await expect(editor).toBeVisible({ timeout: 30_000 });

  // Retype the design's name (line 3: `"name": "Online store",`, after `{` and "format"): the top bar follows.
  await editor.click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < 'Online store'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.insertText('Renamed in JSON');
  await expect(app.id('topbar.name')).toContainText('Renamed in JSON', { timeout: 10_000 });
  await app.id('topbar.tab.designer').click();
  await expect(app.id('sidebar.entity.Customer')).toBeVisible();

  // Broken JSON: a banner says where, and the design stays what it was.
  await app.id('topbar.tab.json').click();
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(',,, broken');
  await expect(app.id('json.banner')).toContainText(/Syntax error · line \d+/, { timeout: 10_000 });
  await app.id('topbar.tab.designer').click();
  await expect(app.id('topbar.name')).toContainText('Renamed in JSON');
  await expect(app.id('sidebar.entity.Customer')).toBeVisible();
  await expect(app.rows().first()).toBeVisible();
});
