// The workshop story: from a blank page, build seed 003's online store through the UI alone (a GSI,
// Customer and Order with their key templates and sample items, an access pattern) and see the grid.
import { expect, type KeyplanApp, test } from './fixtures/app.ts';

async function addAttribute(app: KeyplanApp, name: string, type?: string) {
  await app.id('entity.addAttribute').click();
  // The new attribute's name field takes the focus, its default name selected.
  const focused = app.page.locator('input[data-testid^="entity.attribute."]:focus');
  await expect(focused).toHaveCount(1);
  await focused.fill(name);
  await focused.press('Enter');
  await expect(app.id(`entity.attribute.${name}.name`)).toHaveValue(name);
  if (type) await app.id(`entity.attribute.${name}.type`).selectOption(type);
}

async function addEntity(app: KeyplanApp, name: string) {
  await app.id('sidebar.addEntity').click();
  await app.id('entity.name').fill(name);
  await app.id('entity.name').press('Enter');
  await expect(app.id(`sidebar.entity.${name}`)).toBeVisible();
}

async function addSample(app: KeyplanApp, row: number, values: Record<string, string>) {
  await app.id('entity.addSample').click();
  for (const [attribute, value] of Object.entries(values)) {
    const cell = app.id(`entity.sample.${row}.${attribute}`);
    await cell.fill(value);
    await cell.press('Tab');
  }
}

test('build the online store from a blank page through the UI alone and see the grid', async ({ app }) => {
  await app.open();
  await app.id('start.blank').click();
  await expect(app.id('grid.empty.noEntities')).toBeVisible();

  await app.id('sidebar.addIndex').click();
  await expect(app.id('sidebar.index.GSI1')).toBeVisible();

  await addEntity(app, 'Customer');
  await expect(app.id('entity.template.PK')).toHaveValue('CUSTOMER#{customerId}');
  await app.fill('entity.template.SK', 'PROFILE');
  await addAttribute(app, 'name');
  await addAttribute(app, 'email');
  await addSample(app, 0, { customerId: 'c1', name: 'Ana Torres', email: 'ana@example.com' });

  await addEntity(app, 'Order');
  await addAttribute(app, 'customerId');
  await addAttribute(app, 'createdAt');
  await addAttribute(app, 'status');
  await addAttribute(app, 'total', 'N');
  await app.fill('entity.template.PK', 'CUSTOMER#{customerId}');
  await app.fill('entity.template.SK', 'ORDER#{createdAt}#{orderId}');
  await app.fill('entity.template.GSI1PK', 'STATUS#{status}');
  await app.fill('entity.template.GSI1SK', '{createdAt}');
  for (const key of ['PK', 'SK', 'GSI1PK', 'GSI1SK'])
    await expect(app.id(`entity.template.${key}.error`)).toHaveCount(0);
  await addSample(app, 0, {
    orderId: 'o100',
    customerId: 'c1',
    createdAt: '2026-10-08T14:30:00Z',
    status: 'PLACED',
    total: '39.9',
  });
  await addSample(app, 1, {
    orderId: 'o101',
    customerId: 'c1',
    createdAt: '2026-10-12T09:05:00Z',
    status: 'SHIPPED',
    total: '12.5',
  });
  await expect(app.id('entity.template.SK.preview')).toContainText('ORDER#2026-10-08T14:30:00Z#o100');

  // The table view: one partition for c1, its orders before its profile in sort-key order.
  await expect(app.rows()).toHaveCount(3);
  expect(await app.keyColumn('SK')).toEqual([
    expect.stringMatching(/^ORDER#2026-10-08T14.*o100$/),
    expect.stringMatching(/^ORDER#2026-10-12T09.*o101$/),
    'PROFILE',
  ]);
  await expect(app.rows().first()).toContainText('CUSTOMER#c1');

  // The GSI view holds only the orders: the customer has no status, so no GSI1PK.
  await app.id('grid.tab.GSI1').click();
  await expect(app.rows()).toHaveCount(2);
  await expect(app.id('grid.excluded')).toContainText('1 not in GSI1');

  // An access pattern on the new keys, answered in memory and highlighted.
  await app.id('sidebar.addPattern').click();
  await app.id('pattern.name').fill("A customer's orders, newest first");
  await app.fill('pattern.partition', 'CUSTOMER#{customerId}');
  await app.id('pattern.sortOp').selectOption('begins_with');
  await app.fill('pattern.sortValue', 'ORDER#');
  await app.id('pattern.descending').check();
  await app.fill('pattern.arg.customerId', 'c1');
  // It returns orders, not the customer it defaulted to.
  await app.id('pattern.returns.Customer').click();
  await app.id('pattern.returns.Order').click();
  await expect(app.id('pattern.keyConditionPreview')).toContainText('begins_with');
  await expect(app.rows('returned')).toHaveCount(2);
  await expect(app.id('status.problems')).toContainText(/no problems/i);
});
