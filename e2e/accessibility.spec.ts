// Every screen of a design session passes axe-core (WCAG 2.2 A/AA rules and best practices) with no
// critical or serious violation, in the light and the dark theme (issue #15). All screens are checked
// before the test fails, so one run lists every violation: rule id, impact, the elements and the fix.

import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures/app.ts';
import { audit } from './fixtures/axe.ts';

const workbenchModel = fileURLToPath(
  new URL('../fixtures/workbench-models/product-catalog.json', import.meta.url),
);

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test(`every screen passes axe with no critical or serious violation (${theme})`, async ({
      app,
      page,
    }) => {
      test.setTimeout(240_000);
      const found: string[] = [];
      const check = async (screen: string, overlay?: string) =>
        found.push(...(await audit(app.page, screen, overlay)));

      await app.open();
      // The app follows the OS theme (colorScheme) when its preference is "system".
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(theme);
      await check('start screen');

      await app.openExample('ecommerce');
      await check('designer, table view');
      await app.id('grid.tab.GSI1').click();
      await expect(app.id('grid.tab.GSI1')).toHaveAttribute('aria-selected', 'true');
      await check('designer, GSI view');

      await app.selectEntity('Order');
      await check('entity inspector');
      await app.selectPattern('user-orders');
      await check('pattern inspector');

      await app.openDock('problems');
      await check('dock, Problems');
      await app.openDock('cost');
      await check('dock, Cost');

      await app.applyDesign();
      await page.keyboard.press('Escape');
      await app.selectPattern('user-orders');
      await app.id('pattern.run').click();
      await expect(app.id('run.status')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
      await app.openDock('result');
      await check('dock, Result after a Run');

      // The e-commerce example has no LSI: add one to the table, and look at the table editor and its view.
      await app.id('sidebar.table').click();
      await expect(app.id('table.editor')).toBeVisible();
      await check('table inspector');
      await app.id('table.addLsi').click();
      await expect(app.id('sidebar.index.LSI1')).toBeVisible();
      await app.id('grid.tab.LSI1').click();
      await expect(app.id('grid.tab.LSI1')).toHaveAttribute('aria-selected', 'true');
      await check('designer, LSI view');

      await app.openExport();
      await check('export dialog');
      await page.keyboard.press('Escape');
      await expect(app.id('export.modal')).toHaveCount(0);

      await app.id('topbar.tab.json').click();
      await expect(app.id('json.editor').locator('.monaco-editor')).toBeVisible({ timeout: 30_000 });
      await check('JSON tab');
      await app.id('topbar.tab.designer').click();

      // Import: the File menu that offers it, then the imported NoSQL Workbench model.
      await app.id('topbar.menu.file').click();
      await expect(app.id('topbar.menu.file.importWorkbench')).toBeVisible();
      await check('File menu (import)', '[role="menu"]');
      const chooser = page.waitForEvent('filechooser');
      await app.id('topbar.menu.file.importWorkbench').click();
      await (await chooser).setFiles(workbenchModel);
      await expect(app.rows().first()).toBeVisible();
      await check('imported NoSQL Workbench model');

      // Lessons: their cards on the start screen, then the lesson panel with a hint and the solution's confirmation.
      await app.id('topbar.menu.file').click();
      await app.id('topbar.menu.file.close').click();
      await expect(app.id('start.lesson.access-patterns-first')).toBeVisible();
      await check('start screen, lessons');
      await app.id('start.lesson.access-patterns-first').click();
      await expect(app.id('lesson.checks')).toBeVisible();
      await app.id('lesson.hint').click();
      await app.id('lesson.solution').click();
      await expect(app.id('lesson.solution.confirm')).toBeVisible();
      await check('lesson panel');

      expect(found, `axe found critical or serious violations:\n${found.join('\n')}`).toEqual([]);
    });
  });
}
