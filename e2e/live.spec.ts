// A live session with three people in three browsers (issue #18): two edit different entities and the same
// pattern at once and converge to one design (compared as JSON); one goes offline, edits, comes back and its
// edit merges; Undo in one browser undoes only its own edit; the third opens the link later and sees it all.
// And one deletes an entity the other is editing: the editor is told who deleted it, and Restore brings it back.
import type { Browser } from '@playwright/test';
import { expect, KeyplanApp, test } from './fixtures/app.ts';

async function person(browser: Browser) {
  const context = await browser.newContext();
  return { context, app: new KeyplanApp(await context.newPage()) };
}

async function setField(app: KeyplanApp, testId: string, value: string) {
  await app.fill(testId, value);
  await app.id(testId).press('Enter');
}

const json = async (app: KeyplanApp) => JSON.stringify(await app.savedDesign());
type Saved = {
  entities: { name: string; description?: string }[];
  accessPatterns: { id: string; name: string }[];
};
const description = (design: Saved, entity: string) =>
  design.entities.find((e) => e.name === entity)?.description;

test('three people edit one design live: merge, offline, own undo, late joiner', async ({ browser }) => {
  test.setTimeout(120_000);
  const ana = await person(browser);
  const ben = await person(browser);
  const a = ana.app;
  const b = ben.app;

  await a.openExample('online-store');
  await a.id('topbar.menu.file').click();
  await a.id('topbar.menu.file.live').click();
  await expect(a.id('live.link')).toHaveValue(/#live=[\w-]{22}\.[\w-]{22}$/);
  const link = await a.id('live.link').inputValue();
  await a.page.keyboard.press('Escape');
  await expect(a.id('live.status')).toHaveAttribute('data-status', 'live');

  await b.page.goto(link);
  await expect(b.id('grid')).toBeVisible();
  await expect(b.id('live.status')).toHaveAttribute('data-status', 'live');
  await expect(a.id('live.person')).toHaveCount(2);
  await expect(b.id('live.person')).toHaveCount(2);

  // At the same time: different entities, and the same pattern's name.
  await Promise.all([
    (async () => {
      await a.selectEntity('Customer');
      await setField(a, 'entity.description', 'Edited by Ana');
      await a.selectPattern('get-customer');
      await setField(a, 'pattern.name', 'Named by Ana');
    })(),
    (async () => {
      await b.selectEntity('Order');
      await setField(b, 'entity.description', 'Edited by Ben');
      await b.selectPattern('get-customer');
      await setField(b, 'pattern.name', 'Named by Ben');
    })(),
  ]);
  await expect.poll(async () => (await json(a)) === (await json(b)), { timeout: 20_000 }).toBe(true);
  const merged = (await a.savedDesign()) as Saved;
  expect(description(merged, 'Customer')).toBe('Edited by Ana');
  expect(description(merged, 'Order')).toBe('Edited by Ben');
  expect(['Named by Ana', 'Named by Ben']).toContain(
    merged.accessPatterns.find((p) => p.id === 'get-customer')?.name,
  );
  // Presence: each sees a dot of the other's colour beside the pattern the other has open.
  await expect(a.id('live.dots.pattern.get-customer').locator('.live-dot')).toHaveCount(1);
  // …and, once Ben opens Order, his marker on Order's rows in her grid, named in words (never colour alone).
  await b.selectEntity('Order');
  const marked = a.page.locator('[data-testid="grid.row"][data-presence]').first();
  await expect(marked).toHaveAttribute('title', /^.+ has Order open$/);
  await expect(marked.locator('td[data-col="$entity"]')).toHaveText(/Order/);

  // Ben drops off, edits offline; Ana edits meanwhile; Ben comes back and everything merges.
  await ben.context.setOffline(true);
  await expect(b.id('live.status')).toHaveAttribute('data-status', 'offline');
  await b.selectEntity('LineItem');
  await setField(b, 'entity.description', 'Offline by Ben');
  await a.selectEntity('Customer');
  await setField(a, 'entity.description', 'Second by Ana');
  await ben.context.setOffline(false);
  await expect(b.id('live.status')).toHaveAttribute('data-status', 'live', { timeout: 20_000 });
  await expect.poll(async () => (await json(a)) === (await json(b)), { timeout: 20_000 }).toBe(true);
  const afterOffline = (await b.savedDesign()) as Saved;
  expect(description(afterOffline, 'LineItem')).toBe('Offline by Ben');
  expect(description(afterOffline, 'Customer')).toBe('Second by Ana');

  // Ana's Undo takes back her last edit only: Ben's offline edit stays, for both.
  await a.id('topbar.undo').click();
  await expect(a.id('topbar.redo')).toBeEnabled();
  await expect
    .poll(async () => description((await b.savedDesign()) as Saved, 'Customer'), { timeout: 20_000 })
    .toBe('Edited by Ana');
  await expect.poll(async () => (await json(a)) === (await json(b)), { timeout: 20_000 }).toBe(true);
  const afterUndo = (await a.savedDesign()) as Saved;
  expect(description(afterUndo, 'LineItem')).toBe('Offline by Ben');
  expect(description(afterUndo, 'Order')).toBe('Edited by Ben');

  // Ben edits offline and closes the tab; opening the link again later, his edit merges.
  await ben.context.setOffline(true);
  await expect(b.id('live.status')).toHaveAttribute('data-status', 'offline');
  await b.selectEntity('Order');
  await setField(b, 'entity.description', 'Closed offline by Ben');
  await b.autosaved();
  await b.page.close();
  await ben.context.setOffline(false);
  const b2 = new KeyplanApp(await ben.context.newPage());
  await b2.page.goto(link);
  await expect(b2.id('live.status')).toHaveAttribute('data-status', 'live', { timeout: 20_000 });
  await expect
    .poll(async () => description((await a.savedDesign()) as Saved, 'Order'), { timeout: 20_000 })
    .toBe('Closed offline by Ben');

  // Cleo opens the link later and sees the merged design.
  const cleo = await person(browser);
  await cleo.app.page.goto(link);
  await expect(cleo.app.id('grid')).toBeVisible();
  await expect.poll(async () => (await json(cleo.app)) === (await json(a)), { timeout: 20_000 }).toBe(true);
  await expect(a.id('live.person')).toHaveCount(3);
  for (const p of [ana, ben, cleo]) await p.context.close();
});

test('a deletion under someone editing is told, naming who and what, and Restore brings it back', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const ada = await person(browser);
  const ben = await person(browser);
  const a = ada.app;
  const b = ben.app;
  await a.openExample('online-store');
  await a.id('topbar.menu.file').click();
  await a.id('topbar.menu.file.live').click();
  await expect(a.id('live.link')).toHaveValue(/#live=/);
  const link = await a.id('live.link').inputValue();
  await a.fill('live.name', 'Ada');
  await a.page.keyboard.press('Escape');
  await b.page.goto(link);
  await expect(b.id('live.status')).toHaveAttribute('data-status', 'live');

  // Ben opens Order and edits a template; Ada, who has it too, deletes Order.
  await b.selectEntity('Order');
  await b.fill('entity.template.GSI1SK', 'AT#{createdAt}');
  type Keyed = {
    entities: { name: string; keys: Record<string, string> }[];
    items: Record<string, unknown[]>;
  };
  const order = async (app: KeyplanApp) =>
    ((await app.savedDesign()) as Keyed).entities.find((e) => e.name === 'Order');
  await expect.poll(async () => (await order(a))?.keys.GSI1SK, { timeout: 20_000 }).toBe('AT#{createdAt}');
  await a.id('sidebar.entity.Order').hover();
  await a.id('sidebar.entity.Order.delete').click();

  // Ben is told who deleted what; what he had open closes; Restore puts his Order back for everyone.
  const notice = b.id('toast').filter({ hasText: 'Ada deleted Order while you were editing it' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(b.id('sidebar.entity.Order')).toHaveCount(0);
  await expect(b.id('entity.name')).toHaveCount(0);
  await notice.getByTestId('toast.action').filter({ hasText: 'Restore' }).click();
  await expect(b.id('entity.name')).toHaveValue('Order');
  const orderRows = a.page.locator('[data-testid="grid.row"] td[data-col="$entity"]', { hasText: 'Order' });
  await expect(orderRows).toHaveCount(10, { timeout: 20_000 });
  await expect.poll(async () => (await order(a))?.keys.GSI1SK, { timeout: 20_000 }).toBe('AT#{createdAt}');
  expect(((await a.savedDesign()) as Keyed).items.Order).toHaveLength(10);
  for (const p of [ada, ben]) await p.context.close();
});
