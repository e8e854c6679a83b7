// A design session with the keyboard alone (issue #15): Tab, Shift+Tab, F6, Enter, Space, arrows and typing,
// never a click or a fill. After each action the focus is where a keyboard user goes on from: a new entity's
// name field, the new attribute's name, the button that was pressed, the opener of a closed dialog.
import type { Page } from '@playwright/test';
import { expect, type KeyplanApp, test } from './fixtures/app.ts';

/** Presses `key` (Tab, Shift+Tab) until the element with this test id has the focus; fails if it never does. */
async function moveTo(app: KeyplanApp, testId: string, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 60) {
  for (let i = 0; i < max; i++) {
    if (await app.id(testId).evaluate((el) => el === document.activeElement)) break;
    await app.page.keyboard.press(key);
  }
  await expect(app.id(testId)).toBeFocused();
}

/** Replaces the focused field's text as a user does: select all, type. */
async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

async function addAttribute(app: KeyplanApp, name: string) {
  const { page } = app;
  await moveTo(app, 'entity.addAttribute');
  await page.keyboard.press('Enter');
  // The new attribute's name field has the focus, its default name selected: typing replaces it.
  await expect(app.id('entity.attribute.attribute1.name')).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(app.id(`entity.attribute.${name}.name`)).toBeFocused();
}

test('a blank-design session with the keyboard alone, the focus where the user goes on', async ({ app }) => {
  const { page } = app;
  await app.open();

  // Start screen → Blank design: the focus goes to the outline's selected row (the table).
  await page.keyboard.press('Tab');
  await expect(app.id('start.blank')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(app.id('sidebar.table')).toBeFocused();

  // Add an entity: its name field takes the focus with the default selected; Enter keeps it there.
  await moveTo(app, 'sidebar.addEntity');
  await page.keyboard.press('Enter');
  await expect(app.id('entity.name')).toBeFocused();
  await page.keyboard.type('Order');
  await page.keyboard.press('Enter');
  await expect(app.id('entity.name')).toHaveValue('Order');
  await expect(app.id('entity.name')).toBeFocused();
  await expect(app.id('sidebar.entity.Order')).toBeVisible();

  // Attributes: each new one's name field takes the focus; a type is chosen from its select by typing.
  await addAttribute(app, 'customerId');
  await addAttribute(app, 'total');
  await page.keyboard.press('Tab');
  await expect(app.id('entity.attribute.total.type')).toBeFocused();
  await page.keyboard.press('n');
  await expect(app.id('entity.attribute.total.type')).toHaveValue('N');

  // Key templates, back up the panel with Shift+Tab.
  await moveTo(app, 'entity.template.PK', 'Shift+Tab');
  await retype(page, 'CUSTOMER#{customerId}');
  await page.keyboard.press('Tab');
  await expect(app.id('entity.template.SK')).toBeFocused();
  await retype(page, 'ORDER#{orderId}');
  await page.keyboard.press('Tab');
  await expect(app.id('entity.template.PK')).toHaveValue('CUSTOMER#{customerId}');
  await expect(app.id('entity.template.SK')).toHaveValue('ORDER#{orderId}');
  for (const key of ['PK', 'SK']) await expect(app.id(`entity.template.${key}.error`)).toHaveCount(0);

  // Generate items: the Generate button keeps the focus while it works and after.
  await moveTo(app, 'entity.generateCount');
  await retype(page, '4');
  await page.keyboard.press('Shift+Tab');
  await expect(app.id('entity.generate')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(app.rows()).toHaveCount(4);
  await expect(app.id('entity.generate')).toBeFocused();
  const customer = (await app.rows().first().getByTestId('grid.cell.PK').getAttribute('data-value'))!;
  expect(customer).toMatch(/^CUSTOMER#/);

  // F6 goes region by region (inspector → status bar → top bar → outline), entering the outline at the
  // selected row; the new pattern's name field takes the focus.
  await page.keyboard.press('F6');
  await expect(app.id('status.problems')).toBeFocused();
  await page.keyboard.press('F6');
  await expect(app.id('topbar.name')).toBeFocused();
  await page.keyboard.press('F6');
  await expect(app.id('sidebar.entity.Order')).toBeFocused();
  await moveTo(app, 'sidebar.addPattern');
  await page.keyboard.press('Enter');
  await expect(app.id('pattern.name')).toBeFocused();
  await page.keyboard.type("A customer's orders");
  await page.keyboard.press('Enter');
  await expect(app.id('pattern.name')).toHaveValue("A customer's orders");
  await expect(app.id('pattern.name')).toBeFocused();

  // A Scan is a lint problem: the change in the count is announced, and again when it is gone.
  await moveTo(app, 'pattern.operation');
  await expect(app.id('pattern.operation')).toHaveValue('Query');
  await page.keyboard.press('ArrowDown');
  await expect(app.id('pattern.operation')).toHaveValue('Scan');
  await expect(app.id('pattern.operation')).toBeFocused();
  await expect(app.id('status.problems')).toHaveAttribute('data-count', '1');
  await expect(app.id('announce.problems')).toHaveText('1 problem');
  await page.keyboard.press('ArrowUp');
  await expect(app.id('pattern.operation')).toHaveValue('Query');
  await expect(app.id('announce.problems')).toHaveText('No problems');

  // Its key condition: the partition template, begins_with (typed into the operator select), the prefix and
  // the argument.
  await moveTo(app, 'pattern.partition');
  await retype(page, 'CUSTOMER#{customerId}');
  await page.keyboard.press('Tab');
  await expect(app.id('pattern.sortOp')).toBeFocused();
  await page.keyboard.press('b');
  await expect(app.id('pattern.sortOp')).toHaveValue('begins_with');
  await page.keyboard.press('Tab');
  await expect(app.id('pattern.sortValue')).toBeFocused();
  await page.keyboard.type('ORDER#');
  await moveTo(app, 'pattern.arg.customerId');
  await page.keyboard.type(customer.slice('CUSTOMER#'.length));
  await page.keyboard.press('Tab');
  await expect(app.id('pattern.keyConditionPreview')).toContainText('begins_with');
  await expect(app.rows('returned')).not.toHaveCount(0);

  // Apply from the top bar: the button keeps the focus; the outcome is announced; Escape closes it.
  await expect(app.id('topbar.dynamodb')).toContainText(/up/i, { timeout: 30_000 });
  await page.keyboard.press('F6');
  await page.keyboard.press('F6');
  await expect(app.id('topbar.name')).toBeFocused();
  // The design's name is edited in place; Enter gives the focus back to it.
  await page.keyboard.press('Enter');
  await expect(app.id('topbar.name.input')).toBeFocused();
  await page.keyboard.type('Keyboard store');
  await page.keyboard.press('Enter');
  await expect(app.id('topbar.name')).toHaveText('Keyboard store');
  await expect(app.id('topbar.name')).toBeFocused();
  await moveTo(app, 'topbar.apply');
  await page.keyboard.press('Enter');
  await expect(app.id('topbar.apply.result')).toBeVisible({ timeout: 60_000 });
  await expect(app.id('topbar.apply')).toBeFocused();
  await expect(app.id('announce.apply')).toContainText(/Table \S*AppTable \w+, 4 of 4 items written/);
  await page.keyboard.press('Escape');
  await expect(app.id('topbar.apply.result')).toHaveCount(0);
  await expect(app.id('topbar.apply')).toBeFocused();

  // Run, back in the inspector (Shift+F6: status bar, then the inspector): the Run button keeps the focus,
  // and the result is announced with its items, capacity and latency.
  await page.keyboard.press('Shift+F6');
  await page.keyboard.press('Shift+F6');
  await moveTo(app, 'pattern.run');
  await page.keyboard.press('Enter');
  await expect(app.id('run.status')).toContainText('Count', { timeout: 30_000 });
  await expect(app.id('pattern.run')).toBeFocused();
  const returned = await app.rows('returned').count();
  await expect(app.id('announce.run')).toContainText(
    `${returned} ${returned === 1 ? 'item' : 'items'} returned`,
  );
  await expect(app.id('announce.run')).toContainText(/RCU/);
  await expect(app.id('announce.run')).toContainText(/ms/);

  // Export: the dialog takes the focus on its format list, arrows pick a format, Tab stays inside the
  // dialog, Enter on Download exports, Escape gives the focus back to the Export button.
  await page.keyboard.press('F6');
  await page.keyboard.press('F6');
  await moveTo(app, 'topbar.export');
  await page.keyboard.press('Enter');
  await expect(app.id('export.modal')).toBeVisible();
  const targets = page.locator('[data-testid^="export.target."]');
  const opened = await targets.evaluateAll((els) => els.indexOf(document.activeElement as HTMLElement));
  expect(opened).toBeGreaterThanOrEqual(0);
  await page.keyboard.press(opened === 0 ? 'ArrowDown' : 'ArrowUp');
  const chosen = targets.nth(opened === 0 ? 1 : opened - 1);
  await expect(chosen).toBeFocused();
  await expect(chosen).toHaveAttribute('aria-current', 'true');
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    await expect(page.locator('[data-testid="export.modal"] :focus')).toHaveCount(1);
  }
  await moveTo(app, 'export.download');
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).not.toBe('');
  await page.keyboard.press('Escape');
  await expect(app.id('export.modal')).toHaveCount(0);
  await expect(app.id('topbar.export')).toBeFocused();
  // The autosave spoke once, when the first change was saved, not at every keystroke.
  await expect(app.id('announce.save')).toHaveText('All changes saved in this browser');
});

test('the item grid: arrow keys move the active cell, its key name and value announced', async ({ app }) => {
  const { page } = app;
  await app.open();
  await moveTo(app, 'start.example.online-store');
  await page.keyboard.press('Enter');
  await expect(app.id('grid')).toBeVisible();

  // The grid exposes its rows and key columns to assistive technology.
  const grid = page.getByRole('grid');
  // 27 items of the example and the two header rows; only the rows in view are rendered (virtualised).
  await expect(grid).toHaveAttribute('aria-rowcount', '29');
  for (const key of ['PK', 'SK', 'GSI1PK', 'GSI1SK'])
    await expect(grid.getByRole('columnheader', { name: new RegExp(`^${key} \\(S\\)`) })).toBeVisible();

  // Tab reaches the grid (one tab stop); an arrow key enters its cells.
  await moveTo(app, 'grid.keyDisplay');
  await page.keyboard.press('Tab');
  await expect(grid).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const cell = (row: number, key: string) => app.rows().nth(row).getByTestId(`grid.cell.${key}`);
  await expect(cell(0, 'PK')).toBeFocused();
  await expect(cell(0, 'PK')).toHaveAccessibleName(/PK CUSTOMER#c1/);
  await expect(cell(0, 'PK')).toHaveAttribute('tabindex', '0');
  await expect(grid).toHaveAttribute('tabindex', '-1');

  await page.keyboard.press('ArrowRight');
  await expect(cell(0, 'SK')).toBeFocused();
  await expect(cell(0, 'SK')).toHaveAccessibleName(/SK ORDER#2026-10-08T14:30:00Z#o100/);
  await page.keyboard.press('ArrowDown');
  await expect(cell(1, 'SK')).toBeFocused();
  await expect(cell(1, 'SK')).toHaveAccessibleName(/SK ORDER#2026-10-12T09:05:00Z#o101/);
  await expect(app.rows().nth(1)).toHaveAttribute('aria-rowindex', '4');

  // The entity cell is a cell too; Enter opens its entity in the inspector.
  await page.keyboard.press('ArrowRight');
  const entityCell = app.rows().nth(1).locator('td[data-col="$entity"]');
  await expect(entityCell).toBeFocused();
  await expect(entityCell).toHaveAccessibleName('Order');

  // Home/End: the row's first and last cells; Ctrl+End/Home: the last and first items.
  await page.keyboard.press('End');
  await expect(app.rows().nth(1).locator('td[data-col="$attributes"]')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(cell(1, 'PK')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+End');
  const last = page.locator('[data-testid="grid.row"][aria-rowindex="29"]');
  await expect(last.getByTestId('grid.cell.PK')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+Home');
  await expect(cell(0, 'PK')).toBeFocused();

  // Leaving and coming back: the grid's tab stop is the cell that was active.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(entityCell).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(app.id('grid.keyDisplay')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(entityCell).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(app.id('entity.name')).toHaveValue('Order');
});

test('deleting an entity from the outline moves the focus to its neighbour', async ({ app }) => {
  const { page } = app;
  await app.open();
  await moveTo(app, 'start.example.online-store');
  await page.keyboard.press('Enter');
  await expect(app.id('sidebar.table')).toBeFocused();
  await moveTo(app, 'sidebar.entity.Customer');
  const rows = page.locator('[data-testid^="sidebar.entity."][role="option"]');
  const names = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
  const next = names[names.indexOf('sidebar.entity.Customer') + 1]!;
  await page.keyboard.press('Delete');
  await expect(app.id('sidebar.entity.Customer')).toHaveCount(0);
  await expect(app.id(next)).toBeFocused();
});
