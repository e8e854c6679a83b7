// Autosave that never loses work (issue #14): a 50,000-item design (6 MB, past what localStorage holds) is
// saved in the browser with its undo history and comes back after a reload; when the browser refuses a
// save (storage full), the app says so at once and offers a file, and the version saved before stays.
import { getExample } from '../src/core/features/examples/index.ts';
import { seedDesign } from '../src/core/items/generate/generate.ts';
import { designSchema } from '../src/core/model/schema.ts';
import { stringifyExactJson } from '../src/core/values/exact-json.ts';
import { expect, test } from './fixtures/app.ts';

test('a 50,000-item design is saved in the browser: after a reload its edit and undo history are there', async ({
  app,
  page,
}) => {
  test.setTimeout(180_000);
  // The ecommerce example with 12,500 generated items for each of its 4 entities.
  const design = seedDesign(designSchema.parse(getExample('ecommerce')?.design), { count: 12_500, seed: 14 });
  expect(Object.values(design.items).flat()).toHaveLength(50_000);
  const text = stringifyExactJson(design);
  expect(text.length).toBeGreaterThan(5_000_000);

  await app.open();
  const chooser = page.waitForEvent('filechooser');
  await app.id('start.open').click();
  await (await chooser).setFiles({
    name: 'big.keyplan.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  await expect(app.id('grid')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.statusbar')).toContainText('50,000 items', { timeout: 30_000 });
  await app.autosaved();

  await app.id('topbar.name').click();
  await app.fill('topbar.name.input', 'Big shop');
  await app.id('topbar.name.input').press('Enter');
  await expect(app.id('topbar.name')).toHaveText('Big shop');
  await app.autosaved();

  await page.reload();
  await expect(app.id('topbar.name')).toHaveText('Big shop', { timeout: 30_000 });
  await expect(page.locator('.statusbar')).toContainText('50,000 items', { timeout: 30_000 });
  await expect(app.id('start.blank')).toHaveCount(0);
  // The undo history came back with it: the rename undoes.
  await app.id('topbar.undo').click();
  await expect(app.id('topbar.name')).toHaveText(design.name);
});

test('storage full: "Not saved" at once, the design saves to a file, and the version saved before stays', async ({
  app,
  page,
}) => {
  const logged: string[] = [];
  page.on('console', (message) => message.type() === 'error' && logged.push(message.text()));
  page.on('pageerror', (error) => logged.push(error.message));

  await app.openExample('online-store');
  await app.autosaved();
  // From now on the browser refuses every write, as it does when its storage for the site is full.
  await page.evaluate(() => {
    IDBObjectStore.prototype.put = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await app.id('topbar.name').click();
  await app.fill('topbar.name.input', 'Not kept');
  await app.id('topbar.name.input').press('Enter');

  await expect(app.id('topbar.saved')).toHaveAttribute('data-state', 'error');
  await expect(app.id('topbar.saved')).toHaveText('Not saved');
  await expect(app.id('status.autosave')).toHaveText('Not saved');
  const banner = app.id('autosave.banner');
  await expect(banner).toContainText('Not saved — save to a file.');
  await expect(banner).toContainText('storage for Keyplan is full');
  // Its Save button keeps the work: the file holds the design as edited.
  const download = page.waitForEvent('download');
  await app.id('autosave.save').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('not-kept.keyplan.json');

  await page.reload();
  await expect(app.id('topbar.name')).toHaveText('Online store');
  await expect(app.id('autosave.banner')).toHaveCount(0);
  await expect(app.id('topbar.saved')).toHaveAttribute('data-state', 'saved');
  expect(logged.filter((line) => /quota/i.test(line))).toEqual([]);
});
