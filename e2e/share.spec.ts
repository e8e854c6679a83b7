// Sharing a design as a link and reviewing it (#18): a recipient with a design of their own opens a link
// to the ecommerce example. It shows read-only under a banner, takes comments but no edit, and never
// replaces their own design: that stays in the autosave across a reload and is one Undo away. "Open a
// copy" makes it theirs (undoable); a comment saved in the file is there when the file is opened again.
// A damaged link says why and changes nothing. A design whose items do not fit a chat-safe link shares its
// seed instead, and the recipient gets as many generated items.
import { readFile } from 'node:fs/promises';
import { getExample } from '../src/core/features/examples/index.ts';
import { encodeShare } from '../src/core/features/share/share-link.ts';
import { seedDesign } from '../src/core/items/generate/generate.ts';
import { designSchema } from '../src/core/model/schema.ts';
import { stringifyExactJson } from '../src/core/values/exact-json.ts';
import { expect, test } from './fixtures/app.ts';
import { audit } from './fixtures/axe.ts';

const shared = designSchema.parse(getExample('ecommerce')?.design);
const token = encodeShare(shared).token;

test('a share link opens read-only over your own design, takes comments, and opens as a copy', async ({
  app,
  page,
}) => {
  // The recipient's own work: the online store, renamed.
  await app.openExample('online-store');
  await app.id('topbar.name').click();
  await app.fill('topbar.name.input', 'My shop');
  await app.id('topbar.name.input').press('Enter');
  await expect(app.id('topbar.name')).toHaveText('My shop');
  await app.autosaved();

  // The link, pasted into the address bar of the open app.
  await page.goto(`/#share=${token}`);
  await expect(app.id('share.banner')).toContainText('Shared design');
  await expect(app.id('share.banner')).toContainText('With the sender’s 34 sample items');
  await expect(app.id('topbar.name')).toHaveText('E-commerce');

  // An edit is refused, and says how to edit.
  await app.id('topbar.name').click();
  await app.fill('topbar.name.input', 'Mine now');
  await app.id('topbar.name.input').press('Enter');
  await expect(app.id('share.banner')).toContainText('read-only: choose “Open a copy” to edit it');
  await app.id('topbar.name.input').press('Escape');
  await expect(app.id('topbar.name')).toHaveText('E-commerce');

  // A reviewer's comment on a key template: a thread in the sidebar, a badge on the entity.
  await app.id('comments.add').click();
  await app.id('comments.target').selectOption('key-template:Order.SK');
  await app.id('comments.text').fill('Two orders in the same second: do their sort keys collide?');
  await app.id('comments.author').fill('Ana');
  await app.id('comments.post').click();
  await expect(app.id('comments.thread.key-template:Order.SK')).toContainText('do their sort keys collide?');
  await expect(app.id('comments.badge.entity:Order')).toContainText('1');
  expect(await audit(page, 'shared view with a comment')).toEqual([]);

  // The address now holds the design with the comment; the autosave still holds the recipient's own design.
  await expect.poll(() => new URL(page.url()).hash).not.toBe(`#share=${token}`);
  expect((await app.savedDesign()) as { name: string }).toMatchObject({ name: 'My shop' });
  // A reload opens the link again, over it, comment included.
  await page.reload();
  await expect(app.id('share.banner')).toBeVisible();
  await expect(app.id('topbar.name')).toHaveText('E-commerce');
  await expect(app.id('comments.thread.key-template:Order.SK')).toContainText('Ana');
  await app.id('topbar.undo').click();
  await expect(app.id('topbar.name')).toHaveText('My shop');
  await expect(app.id('share.banner')).toHaveCount(0);
  await app.id('topbar.redo').click();
  await expect(app.id('share.banner')).toBeVisible();

  // Open a copy: editable, the link gone from the address, and undoable back to the shared view.
  await app.id('share.openCopy').click();
  await expect(app.id('share.banner')).toHaveCount(0);
  expect(new URL(page.url()).hash).toBe('');
  await app.id('topbar.undo').click();
  await expect(app.id('share.banner')).toBeVisible();
  await app.id('topbar.redo').click();
  await expect(app.id('share.banner')).toHaveCount(0);
  await app.id('topbar.name').click();
  await app.fill('topbar.name.input', 'Shop review');
  await app.id('topbar.name.input').press('Enter');
  await expect(app.id('topbar.name')).toHaveText('Shop review');

  // A comment on a pattern, saved in the file, there again when the file is opened.
  await app.selectPattern('get-order');
  await app.id('comments.add').click();
  await expect(app.id('comments.target')).toHaveValue('pattern:get-order');
  await expect(app.id('comments.author')).toHaveValue('Ana');
  await app.id('comments.text').fill('Consistent read needed here?');
  await app.id('comments.post').click();
  await expect(app.id('comments.badge.pattern:get-order')).toContainText('1');
  await app.id('topbar.menu.file').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    app.id('topbar.menu.file.save').click(),
  ]);
  const text = await readFile((await download.path()) as string, 'utf8');
  expect(text).toContain('"kind": "pattern"');
  expect(text).toContain('Consistent read needed here?');

  await app.id('topbar.menu.file').click();
  await app.id('topbar.menu.file.close').click();
  await expect(app.id('start.blank')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await app.id('start.open').click();
  await (await chooser).setFiles({
    name: 'shop-review.keyplan.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  await expect(app.id('topbar.name')).toHaveText('Shop review');
  await expect(app.id('comments.thread.pattern:get-order')).toContainText('Consistent read needed here?');
  await expect(app.id('comments.thread.key-template:Order.SK')).toContainText('Ana');
});

test('File › Copy link says the size and the items; a cut link says why and changes nothing', async ({
  app,
  page,
}) => {
  await app.openExample('ecommerce');
  await app.id('topbar.menu.file').click();
  await app.id('topbar.menu.file.copyLink').click();
  await expect(app.id('share.items')).toHaveText('Includes 34 sample items.');
  const link = await app.id('share.link').inputValue();
  expect(link).toBe(`${new URL(page.url()).origin}/#share=${token}`);
  await expect(app.id('share.size')).toHaveText(
    `${link.length.toLocaleString('en-US')} characters (${(link.length / 1000).toFixed(1)} kB)`,
  );
  await expect(app.id('share.warning')).toHaveCount(0);
  expect(await audit(page, 'Copy link dialog')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(app.id('share.dialog')).toHaveCount(0);
  await app.autosaved();

  await page.goto(`/#share=${token.slice(0, 900)}`);
  await expect(app.id('toast')).toContainText('This share link could not be opened');
  await expect(app.id('toast')).toContainText('cut short');
  await expect(app.id('share.banner')).toHaveCount(0);
  await expect(app.id('topbar.name')).toHaveText('E-commerce');
});

test('items past a chat-safe link regenerate from a seed; included anyway, the dialog warns', async ({
  app,
  page,
}) => {
  // The ecommerce example with 200 generated items per entity: 800 items, far past 8,000 characters.
  const big = seedDesign(shared, { count: 200, seed: 5 });
  await app.open();
  const chooser = page.waitForEvent('filechooser');
  await app.id('start.open').click();
  await (await chooser).setFiles({
    name: 'big.keyplan.json',
    mimeType: 'application/json',
    buffer: Buffer.from(stringifyExactJson(big)),
  });
  await expect(app.id('sidebar.entity.Order')).toContainText('200');
  await app.id('topbar.menu.file').click();
  await app.id('topbar.menu.file.copyLink').click();
  await expect(app.id('share.items')).toContainText('Items regenerate from seed 1: the 800 sample items');
  await expect(app.id('share.warning')).toHaveCount(0);
  const link = await app.id('share.link').inputValue();
  expect(link.length).toBeLessThan(8000);

  await app.id('share.includeItems').check();
  await expect(app.id('share.items')).toHaveText('Includes 800 sample items.');
  await expect(app.id('share.warning')).toContainText('Longer than 8,000 characters');
  expect((await app.id('share.link').inputValue()).length).toBeGreaterThan(8000);
  await page.keyboard.press('Escape');

  // The recipient gets 200 generated items per entity, from the seed.
  await page.goto(link.slice(link.indexOf('/#')));
  await expect(app.id('share.banner')).toContainText('Items regenerated from seed 1');
  for (const entity of ['User', 'Order', 'OrderItem', 'Product'])
    await expect(app.id(`sidebar.entity.${entity}`).locator('.side-count')).toHaveText('200');
});
