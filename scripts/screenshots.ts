// `npm run screenshots`: the README's and docs/ pages' pictures of the main screens at 1440×900, taken from the built app with
// the real server and DynamoDB Local in Debian's Chromium. Rewrites docs/*.png.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { startServer } from '../server/server.ts';
import { CHROMIUM_LAUNCH_OPTIONS } from './chromium.ts';
import { shootCompare } from './screenshots-compare.ts';
import { shootShare } from './screenshots-share.ts';
import { shootWorkshop } from './screenshots-workshop.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const vite = spawnSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (vite.status !== 0) throw new Error('the app did not build');

mkdirSync('docs', { recursive: true });
const server = await startServer({ port: 0, log: () => {} });
const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(600);
  await page.screenshot({ path: `docs/${name}.png` });
  console.log(`docs/${name}.png`);
}

try {
  const light = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
  await light.goto(server.url);
  await shoot(light, 'start');
  await light.getByTestId('start.example.online-store').click();
  await light.getByTestId('topbar.dynamodb').filter({ hasText: /up/i }).waitFor({ timeout: 60_000 });
  await light.getByTestId('topbar.apply').click();
  await light.getByTestId('topbar.apply.result').waitFor({ timeout: 60_000 });
  await light.keyboard.press('Escape');
  if (await light.getByTestId('topbar.apply.result').isVisible()) {
    await light.getByTestId('topbar.apply.result').getByRole('button').first().click();
  }
  await light.getByTestId('sidebar.pattern.customer-orders').click();
  await light.getByTestId('pattern.run').click();
  await light.getByTestId('run.check').waitFor({ timeout: 60_000 });
  await shoot(light, 'designer-run');
  await light.getByTestId('sidebar.pattern.orders-by-status').click();
  await shoot(light, 'gsi-view');
  await light.getByTestId('sidebar.entity.Order').click();
  await shoot(light, 'entity-editor');
  await light.getByTestId('dock.tab.cost').click();
  await shoot(light, 'cost');
  await light.getByTestId('topbar.export').click();
  await light.getByTestId('export.preview').waitFor({ timeout: 60_000 });
  // CloudFormation shows the options row: resource and syntax.
  await light.getByTestId('export.target.cloudformation').click();
  await light.getByTestId('export.option.syntax.YAML').click();
  await light.getByTestId('export.preview').waitFor({ timeout: 60_000 });
  await shoot(light, 'export');

  // The lesson panel: a built-in lesson's first step, one check fixed, a hint shown.
  const lesson = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
  await lesson.goto(server.url);
  await lesson.getByTestId('start.lesson.access-patterns-first').click();
  await lesson.getByTestId('lesson.checks').waitFor({ timeout: 60_000 });
  await lesson.getByTestId('sidebar.entity.Order').click();
  const sk = lesson.getByTestId('entity.template.SK');
  await sk.click();
  await sk.press('ControlOrMeta+a');
  await sk.pressSequentially('ORDER#{createdAt}#{orderId}');
  await lesson.getByTestId('right.tab.lesson').click();
  await lesson.getByTestId('lesson.check.sort-by-time').and(lesson.locator('[data-status="pass"]')).waitFor();
  await lesson.getByTestId('lesson.hint').click();
  // The checklist in view (the step's instructions are above it).
  await lesson.mouse.move(600, 700);
  await lesson.locator('.lesson-body').evaluate((body: HTMLElement) => {
    const checks = body.querySelector<HTMLElement>('#lesson-checks');
    if (checks) body.scrollTo({ top: checks.offsetTop - body.offsetTop - 120 });
  });
  await shoot(lesson, 'lesson-panel');

  const dark = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'dark' });
  await dark.goto(server.url);
  await dark.getByTestId('start.example.ecommerce').click();
  await dark.getByTestId('sidebar.pattern.orders-by-status').click();
  await dark.getByTestId('dock.tab.problems').click();
  await shoot(dark, 'designer-dark');
  await dark.getByTestId('topbar.tab.json').click();
  await dark.getByTestId('json.editor').locator('.monaco-editor').waitFor({ timeout: 60_000 });
  await shoot(dark, 'json-editor');

  // Workshop mode: the join page and the presenter's room view (a workshop server of their own).
  await shootWorkshop(browser, shoot);
  await shootShare(browser, server.url, shoot);
  await shootCompare(browser, server.url, shoot);
} finally {
  await browser.close();
  await server.close();
}
