// Arriving with a NoSQL Workbench model: it opens as a design; a foreign file is refused with a clear
// message and the current design stays as it was.
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures/app.ts';

const models = fileURLToPath(new URL('../fixtures/workbench-models/', import.meta.url));

test('import a NoSQL Workbench model, and refuse a foreign file without touching the design', async ({
  app,
  page,
}) => {
  await app.openExample('online-store');
  const importFile = async (path: string) => {
    await app.id('topbar.menu.file').click();
    const chooser = page.waitForEvent('filechooser');
    await app.id('topbar.menu.file.importWorkbench').click();
    await (await chooser).setFiles(path);
  };

  await importFile(fileURLToPath(new URL('../package.json', import.meta.url)));
  await expect(app.id('toast')).toContainText(/package\.json: .*NoSQL Workbench/);
  await expect(app.id('sidebar.entity.Customer')).toBeVisible();
  await expect(app.id('topbar.name')).toContainText('Online store');

  await importFile(`${models}product-catalog.json`);
  await expect(app.id('topbar.name')).not.toContainText('Online store');
  await expect(app.rows().first()).toBeVisible();
  expect(await app.rows().count()).toBeGreaterThan(3);
  await expect(app.id('status.problems')).toBeVisible();
  // Opening is undoable: the previous design comes back.
  await app.id('topbar.undo').click();
  await expect(app.id('sidebar.entity.Customer')).toBeVisible();
});

test('every design format is offered under File › Import and in the Export panel, with warnings and Undo', async ({
  app,
  page,
}) => {
  await app.openExample('ecommerce');
  await app.id('topbar.menu.file').click();
  // A library module is loaded in Node: the menu names the command instead.
  await expect(app.id('topbar.menu.file.import.electrodb')).toBeDisabled();
  await expect(app.id('topbar.menu.file.import.electrodb')).toContainText('keyplan import --from electrodb');
  const chooser = page.waitForEvent('filechooser');
  await app.id('topbar.menu.file.import.mcp').click();
  await (await chooser).setFiles(
    fileURLToPath(new URL('../fixtures/mcp/dynamodb_data_model.json', import.meta.url)),
  );
  await expect(app.id('sidebar.entity.Loan')).toBeVisible();
  await expect(app.id('toast').filter({ hasText: 'Imported with notes' })).toContainText(
    'access_patterns[6] (pattern "7"): TransactWriteItems is not mapped',
  );
  await app.id('topbar.undo').click();
  await expect(app.id('sidebar.entity.OrderItem')).toBeVisible();

  await app.id('topbar.menu.file').click();
  await app.id('topbar.menu.file.export').click();
  await app.id('export.target.onetable').click();
  await expect(app.id('export.preview')).toHaveAttribute('data-language', 'json');
  await expect(app.id('export.filename')).toHaveAttribute('aria-label', /\.onetable\.json$/);
  // The transaction has no OneTable saved-query form: the panel says so above the file.
  await expect(app.id('export.warnings')).toContainText('accessPatterns "create-order"');
  await app.id('export.target.mcp').click();
  await expect(app.id('export.filename')).toHaveValue('dynamodb_data_model');
});
