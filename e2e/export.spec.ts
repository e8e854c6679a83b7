// Taking the design out: the Export panel's formats, download and copy, in the real built app.
import { readFileSync } from 'node:fs';
import { exportDesign } from '../src/core/io/export.ts';
import { designSchema } from '../src/core/model/schema.ts';
import { expect, test } from './fixtures/app.ts';

test('switch formats, download the file the preview shows, rename it', async ({ app, page }) => {
  await app.openExample('ecommerce');
  const design = designSchema.parse(await app.savedDesign());
  await app.openExport();

  // CDK TableV2 by default, as TypeScript.
  await expect(app.id('export.target.cdk')).toHaveAttribute('aria-current', 'true');
  await expect(app.id('export.preview')).toHaveAttribute('data-language', 'typescript');
  const cdk = await app.exportText();
  expect(cdk).toContain('TableV2');
  expect(cdk).toBe(exportDesign(design, 'cdk').content);

  await app.chooseExport('cloudformation-yaml');
  await expect(app.id('export.preview')).toHaveAttribute('data-language', 'yaml');
  const yaml = await app.exportText();
  expect(yaml).not.toBe(cdk);
  expect(yaml).toContain('Type: AWS::DynamoDB::GlobalTable');
  await expect(app.id('export.nextSteps')).toContainText(
    'aws cloudformation deploy --template-file app-table.template.yaml',
  );

  await app.chooseExport('terraform');
  await expect(app.id('export.preview')).toHaveAttribute('data-language', 'hcl');
  const hcl = await app.exportText();
  expect(hcl).toContain('resource "aws_dynamodb_table"');
  // The preview is a read-only Monaco view (loaded on first use) in the file's language.
  await expect(app.id('export.preview').locator('.monaco-editor')).toBeVisible({ timeout: 30_000 });
  const lines = app.id('export.preview').locator('.view-lines');
  const before = await lines.textContent();
  await lines.click();
  await page.keyboard.type('typed');
  await page.waitForTimeout(100);
  expect(await lines.textContent()).toBe(before);
  await expect(app.id('export.preview').getByRole('textbox')).toHaveAttribute('aria-label', /read-only/);

  // Download: the suggested name is the field's, with the fixed extension; the content is the export's.
  await expect(app.id('export.filename')).toHaveValue('app-table');
  const [download] = await Promise.all([page.waitForEvent('download'), app.id('export.download').click()]);
  expect(download.suggestedFilename()).toBe('app-table.tf');
  expect(readFileSync(await download.path(), 'utf8')).toBe(exportDesign(design, 'terraform').content);

  // A new name keeps the extension, and the commands to run next follow it.
  await app.id('export.filename').fill('orders/prod');
  await app.chooseExport('cloudformation-yaml');
  await expect(app.id('export.nextSteps')).toContainText('--template-file orders-prod.template.yaml');
  const [renamed] = await Promise.all([page.waitForEvent('download'), app.id('export.download').click()]);
  expect(renamed.suggestedFilename()).toBe('orders-prod.template.yaml');
  expect(readFileSync(await renamed.path(), 'utf8')).toBe(yaml);
});

test('copy the file, close with Escape, reopen from the File menu', async ({ app, page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.openExample('online-store');
  await app.openExport();
  await app.chooseExport('create-table');
  await expect(app.id('export.preview')).toHaveAttribute('data-language', 'json');
  const json = await app.exportText();
  expect(JSON.parse(json)).toMatchObject({ TableName: 'AppTable' });

  await app.id('export.copy').click();
  await expect(app.id('export.copy')).toContainText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(json);
  // "Copied!" lasts 1.5 s.
  await expect(app.id('export.copy')).toContainText('Copy', { timeout: 3_000 });
  await expect(app.id('export.copy')).not.toContainText('Copied!');

  await app.id('export.nextSteps.copy').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    await app.id('export.nextSteps').textContent(),
  );

  // Escape closes the panel and gives focus back to the Export button.
  await page.keyboard.press('Escape');
  await expect(app.id('export.modal')).toHaveCount(0);
  await expect(app.id('topbar.export')).toBeFocused();

  // File › Export… opens it again, on the format chosen last; ↓ moves to the next format.
  await app.id('topbar.menu.file').click();
  await app.id('topbar.menu.file.export').click();
  await expect(app.id('export.target.create-table')).toHaveAttribute('aria-current', 'true');
  await expect(app.id('export.target.create-table')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(app.id('export.target.terraform')).toHaveAttribute('aria-current', 'true');
  await app.id('export.close').click();
  await expect(app.id('export.modal')).toHaveCount(0);
});
