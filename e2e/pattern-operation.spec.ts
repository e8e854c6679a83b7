// Switching a pattern's operation keeps or offers every field the new operation needs: a Query of a whole
// partition (sort key "any") that becomes a GetItem gets an "=" on the sort key, prefilled from the entity.
import { expect, test } from './fixtures/app.ts';

test('a Query of a partition switched to GetItem offers the full primary key, from a blank design', async ({
  app,
}) => {
  await app.open();
  await app.id('start.blank').click();
  await app.id('sidebar.addEntity').click();
  await expect(app.id('sidebar.entity.Entity1')).toBeVisible();
  await expect(app.id('entity.template.SK')).toHaveValue('ENTITY1');

  await app.id('sidebar.addPattern').click();
  await expect(app.id('pattern.operation')).toHaveValue('Query');
  await expect(app.id('pattern.sortOp')).toHaveValue('');
  await expect(app.id('pattern.sortValue')).toHaveCount(0);

  await app.id('pattern.operation').selectOption('GetItem');
  await expect(app.id('pattern.sortOp')).toHaveValue('=');
  await expect(app.id('pattern.partition')).toHaveValue('ENTITY1#{entity1Id}');
  await expect(app.id('pattern.sortValue')).toHaveValue('ENTITY1');
  await expect(app.page.getByText(/full primary key/)).toHaveCount(0);
  await expect(app.id('pattern.keyConditionPreview')).toContainText('SK');

  // The value is the user's to change.
  await app.fill('pattern.sortValue', 'ENTITY1#{version}');
  await expect(app.id('pattern.arg.version')).toBeVisible();
  await expect(app.id('pattern.sortOp')).toHaveValue('=');
  await expect(app.page.getByText(/full primary key/)).toHaveCount(0);
});
