// Entity colours stay with their entity: deleting, moving or adding entities recolours no other.
import { expect, test } from './fixtures/app.ts';

test('deleting the first entity leaves the others their colours; a new one takes the free colour', async ({
  app,
  page,
}) => {
  await app.openExample('ecommerce');
  const colour = (name: string) =>
    app
      .id(`sidebar.entity.${name}`)
      .locator('.chip-dot')
      .evaluate((dot) => getComputedStyle(dot).backgroundColor);
  const names = ['User', 'Order', 'OrderItem', 'Product'];
  const before = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await colour(n)])));
  expect(new Set(Object.values(before)).size).toBe(4);

  await app.id('sidebar.entity.User').hover();
  await app.id('sidebar.entity.User.delete').click();
  await expect(app.id('sidebar.entity.User')).toHaveCount(0);
  for (const name of ['Order', 'OrderItem', 'Product']) expect(await colour(name)).toBe(before[name]);

  // Moved to the top: still its own colour, and the one it passed keeps its own.
  await app.id('sidebar.entity.Product').focus();
  await page.keyboard.press('Alt+ArrowUp');
  await page.keyboard.press('Alt+ArrowUp');
  const rows = page.getByRole('listbox', { name: 'Entities' }).getByRole('option');
  await expect(rows.first()).toHaveAccessibleName(/^Product\b/);
  expect(await colour('Product')).toBe(before.Product);
  expect(await colour('Order')).toBe(before.Order);

  // A new entity takes the colour User left, without taking another's.
  await app.id('sidebar.addEntity').click();
  await expect(app.id('sidebar.entity.Entity1')).toBeVisible();
  expect(await colour('Entity1')).toBe(before.User);
  for (const name of ['Order', 'OrderItem', 'Product']) expect(await colour(name)).toBe(before[name]);

  // The colours are part of the design: a reload shows the same.
  await page.reload();
  await expect(app.id('grid')).toBeVisible();
  for (const name of ['Order', 'OrderItem', 'Product']) expect(await colour(name)).toBe(before[name]);
  expect(await colour('Entity1')).toBe(before.User);
});
