// The sidebar's verdict on a pattern is the worst thing known about it: a lint error on a pattern that
// still returns items shows ✗, not ✓, and says so to assistive technology.
import { expect, test } from './fixtures/app.ts';

test('a pattern with a lint error shows the error in the sidebar, with an accessible label', async ({
  app,
}) => {
  await app.openExample('online-store');
  const row = app.id('sidebar.pattern.customer-orders');
  const status = app.id('sidebar.pattern.customer-orders.status');
  await expect(status).toHaveAttribute('data-status', 'ok');
  await expect(row.getByRole('img')).toHaveAccessibleName(/^OK: Returns \d+ items/);

  // It also claims the line items, which live in another partition: the linter's error, yet orders come back.
  await app.selectPattern('customer-orders');
  await app.id('pattern.returns.LineItem').click();
  await expect(app.rows('returned').first()).toBeVisible();
  await expect(status).toHaveAttribute('data-status', 'error');
  await expect(row.getByRole('img')).toHaveAccessibleName(/^Error: returns\[1\]: customer-orders/);
  await expect(row).toHaveAccessibleDescription(/^Error: returns\[1\]/);

  // Fixed, it is ✓ again.
  await app.id('pattern.returns.LineItem').click();
  await expect(status).toHaveAttribute('data-status', 'ok');
});
