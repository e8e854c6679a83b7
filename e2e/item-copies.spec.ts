// Item copies in the grid (issue #12): seed 000's order stored under the user and under its own id
// (fixtures/examples/order-copies.keyplan.json). Each copy's row names its copy, in text, beside the entity.
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures/app.ts';

const design = readFileSync(
  new URL('../fixtures/examples/order-copies.keyplan.json', import.meta.url),
  'utf8',
);

test('the grid labels each item copy with its name', async ({ app, page }) => {
  // The design as the autosave holds it, so that the app opens on it.
  await page.addInitScript((saved) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('keyplan:v1', saved);
      sessionStorage.setItem('seeded', '1');
    }
  }, `{"state":{"design":${design},"ui":{}},"version":1}`);
  await page.goto('/');
  await expect(app.id('grid')).toBeVisible();
  const copies = app.id('grid.copy');
  await expect(copies).toHaveCount(5);
  await expect(copies.filter({ hasText: 'copy ById' })).toHaveCount(3);
  await expect(copies.filter({ hasText: 'copy ByEmail' })).toHaveCount(2);
  // The copy's row is the item under ORDER#o2 / DETAILS.
  const row = app.id('grid.row').filter({ has: page.locator('[data-value="ORDER#o2"]') });
  await expect(row.getByTestId('grid.copy')).toHaveText('copy ById');
});
