// A finding judged not to apply: its details explain the rule and suppress it with a reason, which the design
// keeps (lint.suppress); the finding stays listed, muted, with the reason, and can be brought back.
import { expect, test } from './fixtures/app.ts';

test('suppresses a finding with a reason from the Problems tab, and lifts the suppression', async ({
  app,
  page,
}) => {
  await app.openExample('ecommerce');
  await app.openDock('problems');
  const row = page.locator('li', { has: app.finding('hot-partition') });
  await expect(row).toHaveCount(1);
  await expect(app.id('problems.group.info')).toContainText('hot-partition');

  await row.locator('summary').click();
  await expect(row.getByTestId('problems.explanation')).toContainText('1,000 write units');
  await expect(row.getByTestId('problems.suppress')).toBeDisabled();
  await row
    .getByTestId('problems.suppress-reason')
    .fill('Five statuses, spread by date; under 100 writes a second');
  await row.getByTestId('problems.suppress').click();

  const suppressed = app.id('problems.group.suppressed');
  await expect(suppressed).toContainText('hot-partition');
  await expect(suppressed.getByTestId('problems.suppressed')).toHaveText(
    'suppressed: Five statuses, spread by date; under 100 writes a second',
  );
  await expect(app.id('problems.group.info')).not.toContainText('hot-partition');

  const again = suppressed.locator('li', { has: app.finding('hot-partition') });
  await again.locator('summary').click();
  await again.getByTestId('problems.unsuppress').click();
  await expect(suppressed).toHaveCount(0);
  await expect(app.id('problems.group.info')).toContainText('hot-partition');
});
