// A failed Apply's popover is about the design as it was sent: once the design changes (an Undo, an edit)
// it closes, so it no longer covers the inspector the user is fixing the design in.
import { expect, test } from './fixtures/app.ts';

test('a failed Apply closes its popover when the design is fixed, and the inspector takes clicks', async ({
  app,
}) => {
  await app.openExample('online-store');
  await app.applyDesign();
  await app.page.keyboard.press('Escape');
  await expect(app.id('topbar.apply.result')).toHaveCount(0);
  // A browser that does not know what the table holds (another browser applied it, or its storage was
  // cleared) has no plan to show first (compare.spec.ts): Apply goes to DynamoDB, which refuses.
  await app.autosaved();
  await app.page.evaluate(() => localStorage.removeItem('keyplan:v1:applied-designs'));
  await app.page.reload();
  await expect(app.id('grid')).toBeVisible();
  await expect(app.id('topbar.dynamodb')).toContainText(/up/i, { timeout: 30_000 });

  // An LSI can only be made with the table: DynamoDB refuses the update, Apply asks to recreate.
  await app.id('sidebar.table').click();
  await app.id('table.addLsi').click();
  await expect(app.id('sidebar.index.LSI1')).toBeVisible();
  await app.id('topbar.apply').click();
  await expect(app.id('topbar.apply.error')).toContainText('The key schema changed');

  // Undo the LSI: the refusal no longer applies, and its popover goes.
  await app.id('topbar.undo').click();
  await expect(app.id('sidebar.index.LSI1')).toHaveCount(0);
  await expect(app.id('topbar.apply.error')).toHaveCount(0);

  // The inspector under where it was answers clicks: its first field takes the focus.
  await app.id('table.name').click();
  await expect(app.id('table.name')).toBeFocused();

  // An edit (not only Undo) closes it too: a second refused Apply, then the design changes.
  await app.id('table.addLsi').click();
  await app.id('topbar.apply').click();
  await expect(app.id('topbar.apply.error')).toBeVisible();
  await app.id('sidebar.addIndex').click();
  await expect(app.id('sidebar.index.GSI2')).toBeVisible();
  await expect(app.id('topbar.apply.error')).toHaveCount(0);
});
