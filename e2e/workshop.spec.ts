// A workshop from both sides: the presenter starts `keyplan serve --workshop` (its own server process for
// this spec, on a free port), opens the room view from the printed presenter URL; two attendees join with
// the printed code (a third without it gets the join page and nothing of the API); the presenter pushes a
// lesson, the attendees complete step 1 at different times and the room view shows each change live;
// a pushed design reaches both; neither can see the other's design or tables.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { parseLessonText } from '../src/core/features/lessons/parse.ts';
import { stringifyExactJson } from '../src/core/values/exact-json.ts';
import { audit } from './fixtures/axe.ts';

interface Workshop {
  process: ChildProcess;
  url: string;
  code: string;
  presenterUrl: string;
}

/** Starts `keyplan serve --workshop --port 0` and reads the URL, code and presenter URL it prints. */
async function startWorkshop(): Promise<Workshop> {
  const child = spawn(process.execPath, ['bin/keyplan.mjs', 'serve', '--workshop', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DYNAMODB_ENDPOINT: '' },
  });
  let out = '';
  child.stdout?.on('data', (chunk) => {
    out += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    out += String(chunk);
  });
  const deadline = Date.now() + 120_000;
  while (!/presenter#key=\S+/.test(out)) {
    if (child.exitCode !== null) throw new Error(`keyplan serve --workshop exited:\n${out}`);
    if (Date.now() > deadline) throw new Error(`keyplan serve --workshop printed no presenter URL:\n${out}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const url = /Keyplan is running at (http:\/\/\S+)/.exec(out)?.[1];
  const code = /Code:\s+((?:[A-Z0-9] ?)+)/.exec(out)?.[1].replace(/\s/g, '');
  const presenterUrl = /(http:\/\/\S+\/presenter#key=\S+)/.exec(out)?.[1];
  if (!url || !code || !presenterUrl) throw new Error(`unexpected banner:\n${out}`);
  return { process: child, url, code, presenterUrl };
}

const lessonFile = 'src/core/features/lessons/builtin/access-patterns-first.lesson.yaml';
const parsed = parseLessonText(readFileSync(lessonFile, 'utf8'), lessonFile);
if (!parsed.ok) throw new Error(`${lessonFile} does not parse`);
const lesson = parsed.lesson;

let workshop: Workshop;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  workshop = await startWorkshop();
});
test.afterAll(() => {
  workshop?.process.kill('SIGTERM');
});

async function attendeeContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: workshop.url, viewport: { width: 1440, height: 900 } });
}

/** The room view's row of one attendee. */
const rowOf = (room: Page, name: string) => room.locator(`[data-testid="room.row"][data-attendee="${name}"]`);

/**
 * Completes step 1 of "Access patterns first" the way an attendee does: Order's keys put into the customer's
 * partition, sorted by time, and the pattern read newest first; the lesson panel says every check passes.
 */
async function completeStep1(page: Page, total: number): Promise<void> {
  const retype = async (testId: string, text: string) => {
    const field = page.getByTestId(testId);
    await field.click();
    await field.press('ControlOrMeta+a');
    await field.pressSequentially(text);
  };
  await page.getByTestId('sidebar.entity.Order').click();
  await retype('entity.template.PK', 'CUSTOMER#{customerId}');
  await retype('entity.template.SK', 'ORDER#{createdAt}#{orderId}');
  await page.getByTestId('sidebar.pattern.customer-orders').click();
  await page.getByTestId('pattern.descending').click();
  await page.getByTestId('right.tab.lesson').click();
  await expect(page.getByTestId('lesson.checks.count')).toHaveText(`${total} of ${total} pass`, {
    timeout: 30_000,
  });
}

test('a presenter runs a workshop: join with the code, push a lesson, progress live, push a design, isolation', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { code } = workshop;

  // The presenter's room view, from the printed presenter URL: the code big, a QR code, live.
  const room = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await room.goto(workshop.presenterUrl);
  await expect(room.getByTestId('room.code')).toHaveAttribute('data-code', code);
  await expect(room.getByRole('img', { name: /QR code of the join URL/ })).toBeVisible();
  await expect(room.getByTestId('room.stream')).toHaveAttribute('data-state', 'live');

  // Without the code: the join page, and nothing of the API (401), a wrong code refused (403).
  const outsider = await attendeeContext(browser);
  const c = await outsider.newPage();
  await c.goto('/');
  await expect(c.getByTestId('workshop.join')).toBeVisible();
  await expect(c.getByTestId('start.blank')).toHaveCount(0);
  expect((await outsider.request.get('/api/health')).status()).toBe(401);
  const wrong = code === 'ACDEFG' ? 'ACDEFH' : 'ACDEFG';
  await c.getByTestId('workshop.join.code').fill(wrong);
  await c.getByTestId('workshop.join.name').fill('Mallory');
  const refused = c.waitForResponse((r) => r.url().endsWith('/api/workshop/join'));
  await c.getByTestId('workshop.join.submit').click();
  expect((await refused).status()).toBe(403);
  await expect(c.getByTestId('workshop.join.error')).toContainText(/code/i);
  await expect(c.getByTestId('workshop.join')).toBeVisible();
  const design = stringifyExactJson({ design: lesson.steps[0].solution, patternId: 'get-customer' });
  const run = await outsider.request.post('/api/run', {
    data: design,
    headers: { 'content-type': 'application/json' },
  });
  expect(run.status()).toBe(401);

  // Ada types the code on the join page; Bo opens the join URL with the code (what the QR code holds).
  const adaContext = await attendeeContext(browser);
  const ada = await adaContext.newPage();
  await ada.goto('/');
  await ada.getByTestId('workshop.join.code').fill(code.toLowerCase());
  await ada.getByTestId('workshop.join.name').fill('Ada');
  await ada.getByTestId('workshop.join.submit').click();
  await expect(ada.getByTestId('start.blank')).toBeVisible();
  const boContext = await attendeeContext(browser);
  const bo = await boContext.newPage();
  await bo.goto(`/join#code=${code}`);
  await expect(bo.getByTestId('workshop.join.code')).toHaveValue(code);
  await bo.getByTestId('workshop.join.name').fill('Bo');
  await bo.getByTestId('workshop.join.name').press('Enter');
  await expect(bo.getByTestId('start.blank')).toBeVisible();
  await expect(rowOf(room, 'Ada')).toBeVisible();
  await expect(rowOf(room, 'Bo')).toBeVisible();
  await expect(room.getByTestId('room.row')).toHaveCount(2);
  // The outsider is not in the room.
  await expect(rowOf(room, 'Mallory')).toHaveCount(0);

  // The presenter pushes the lesson: it opens in both lesson panels, and both rows show step 1 failing.
  await room.getByTestId('room.lesson').selectOption(lesson.id);
  await room.getByTestId('room.pushLesson').click();
  await room.getByTestId('room.confirm.ok').click();
  for (const page of [ada, bo]) {
    await expect(page.getByTestId('lesson.title')).toContainText(lesson.title, { timeout: 30_000 });
    await expect(page.getByTestId('lesson.checks')).toBeVisible();
    await expect(page.getByTestId('workshop.status')).toHaveAttribute('data-state', 'live');
  }
  const total = lesson.steps[0].checks.length;
  for (const name of ['Ada', 'Bo']) {
    await expect(rowOf(room, name)).toContainText(lesson.title);
    await expect(rowOf(room, name)).toContainText('Step 1');
    await expect(rowOf(room, name).getByTestId('room.row.checks')).toHaveText(new RegExp(`^\\d+/${total}$`));
    await expect(rowOf(room, name)).not.toHaveAttribute('data-done', 'true');
  }

  // Ada completes step 1 first: her row turns done, Bo's does not.
  await completeStep1(ada, total);
  await expect(rowOf(room, 'Ada')).toHaveAttribute('data-done', 'true', { timeout: 15_000 });
  await expect(rowOf(room, 'Ada').getByTestId('room.row.checks')).toHaveText(`${total}/${total}`);
  await expect(rowOf(room, 'Bo')).not.toHaveAttribute('data-done', 'true');
  await expect(rowOf(room, 'Bo').getByTestId('room.row.checks')).not.toHaveText(`${total}/${total}`);

  // The presenter opens Ada's design, read-only: the grid without an editor.
  await rowOf(room, 'Ada').getByTestId('room.row.name').click();
  await expect(room.getByTestId('room.detail')).toBeVisible();
  await expect(room.getByTestId('room.detail').getByTestId('grid.row').first()).toBeVisible();
  await expect(room.getByTestId('room.detail').locator('input, textarea')).toHaveCount(0);

  // Then Bo: his row turns done too.
  await completeStep1(bo, total);
  await expect(rowOf(room, 'Bo')).toHaveAttribute('data-done', 'true', { timeout: 15_000 });
  await expect(rowOf(room, 'Bo').getByTestId('room.row.checks')).toHaveText(`${total}/${total}`);

  // A pushed design reaches both, with Undo.
  await room.getByTestId('room.designChoice').selectOption('ecommerce');
  await room.getByTestId('room.pushDesign').click();
  await room.getByTestId('room.confirm.ok').click();
  for (const page of [ada, bo]) {
    await expect(page.getByTestId('topbar.name')).toContainText('E-commerce', { timeout: 15_000 });
    await expect(
      page.getByTestId('toast').filter({ hasText: 'E-commerce' }).getByRole('button', { name: 'Undo' }),
    ).toBeVisible();
  }

  // Isolation: Ada applies the pushed design; Bo's run of the same design finds no table, and Bo cannot
  // read Ada's design (the presenter's routes need the key; his own state is his own).
  await ada.getByTestId('topbar.apply').click();
  await expect(ada.getByTestId('topbar.apply.result')).toBeVisible({ timeout: 60_000 });
  const pushed = (await (await boContext.request.get('/api/workshop/me')).json()) as {
    attendee: { name: string };
    room: { design: { design: { accessPatterns: { id: string }[] } } };
  };
  expect(pushed.attendee.name).toBe('Bo');
  const ecommerce = pushed.room.design.design;
  const body = {
    data: stringifyExactJson({ design: ecommerce, patternId: ecommerce.accessPatterns[0].id }),
    headers: { 'content-type': 'application/json' },
  };
  const adaRun = await adaContext.request.post('/api/run', body);
  expect(adaRun.status()).toBe(200);
  const boRun = await boContext.request.post('/api/run', body);
  expect(boRun.status()).toBeGreaterThanOrEqual(400);
  expect(((await boRun.json()) as { error: { code: string } }).error.code).toBe('TableNotFound');
  const adaId = (
    (await (await adaContext.request.get('/api/workshop/me')).json()) as { attendee: { id: string } }
  ).attendee.id;
  expect((await boContext.request.get(`/api/workshop/presenter/attendees/${adaId}`)).status()).toBe(401);

  // The presenter reveals the next hint of step 1 to the room: it shows in both lesson panels.
  await room.getByTestId('room.revealHint').click();
  for (const page of [ada, bo]) await expect(page.getByTestId('lesson.hint.1')).toBeVisible();

  // Resetting Bo puts his step's start design back, with Undo.
  await rowOf(room, 'Bo').getByTestId('room.row.name').click();
  await room.getByTestId('room.reset').click();
  await room.getByTestId('room.confirm.ok').click();
  const startName = (lesson.steps[0].start as { name: string }).name;
  await expect(bo.getByTestId('topbar.name')).toContainText(startName);
  await expect(
    bo.getByTestId('toast').filter({ hasText: 'reset' }).getByRole('button', { name: 'Undo' }),
  ).toBeVisible();

  // A reload puts Ada back where she was (the pushed design, the revealed hint), and applies no push twice.
  await ada.reload();
  await expect(ada.getByTestId('workshop.status')).toHaveAttribute('data-state', 'live');
  await expect(ada.getByTestId('topbar.name')).toContainText('E-commerce');
  await expect(ada.getByTestId('lesson.hint.1')).toBeVisible();
  await expect(ada.getByTestId('toast').filter({ hasText: 'presenter' })).toHaveCount(0);

  await Promise.all([outsider.close(), adaContext.close(), boContext.close(), room.close()]);
});

test('#26 class 6: the room view drops the key from its address bar, and the presenter removes an attendee and closes joins', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const room = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await room.goto(workshop.presenterUrl);
  await expect(room.getByTestId('room.stream')).toHaveAttribute('data-state', 'live');
  // The projected address bar shows no key; a reload of the tab still opens the room.
  expect(room.url()).not.toContain('key');
  expect(new URL(room.url()).hash).toBe('');
  await room.reload();
  await expect(room.getByTestId('room.stream')).toHaveAttribute('data-state', 'live');
  expect(room.url()).not.toContain('key');

  const leeContext = await attendeeContext(browser);
  const lee = await leeContext.newPage();
  await lee.goto(`/join#code=${workshop.code}`);
  await lee.getByTestId('workshop.join.name').fill('Lee');
  await lee.getByTestId('workshop.join.submit').click();
  await expect(lee.getByTestId('workshop.join')).toHaveCount(0);
  await rowOf(room, 'Lee').getByTestId('room.row.name').click();
  await room.getByTestId('room.remove').click();
  await expect(room.getByTestId('room.confirm')).toContainText('cannot join again');
  await room.getByTestId('room.confirm.ok').click();
  await expect(rowOf(room, 'Lee')).toHaveCount(0);
  await expect(lee.getByTestId('workshop.removed')).toBeVisible();
  expect((await leeContext.request.get('/api/workshop/me')).status()).toBe(401);

  // Joins closed: a newcomer is refused, and the room says so; opened again, they join.
  await room.getByTestId('room.lock').click();
  await expect(room.getByTestId('room.locked')).toBeVisible();
  const late = await attendeeContext(browser);
  const joinLate = () =>
    late.request.post('/api/workshop/join', {
      data: { code: workshop.code, name: 'Late' },
      headers: { 'content-type': 'application/json' },
    });
  const refused = await joinLate();
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe('JoinsLocked');
  await room.getByTestId('room.lock').click();
  await expect(room.getByTestId('room.locked')).toHaveCount(0);
  expect((await joinLate()).status()).toBe(200);
  await late.close();
  await leeContext.close();
  await room.close();
});

test('the join page and the room view pass axe in both themes, the room view works from the keyboard, and ending the workshop closes joining', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Someone in the room with a design, so the table has a row and the design pane something to show.
  const attendee = await attendeeContext(browser);
  const json = { 'content-type': 'application/json' };
  expect(
    (
      await attendee.request.post('/api/workshop/join', {
        data: { code: workshop.code, name: 'Kim' },
        headers: json,
      })
    ).ok(),
  ).toBe(true);
  const report = await attendee.request.post('/api/workshop/report', {
    data: stringifyExactJson({ design: lesson.steps[0].solution }),
    headers: json,
  });
  expect(report.ok()).toBe(true);
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({
      baseURL: workshop.url,
      colorScheme,
      viewport: { width: 1440, height: 900 },
    });
    const join = await context.newPage();
    await join.goto('/');
    await expect(join.getByTestId('workshop.join')).toBeVisible();
    found.push(...(await audit(join, `join page (${colorScheme})`)));
    const room = await context.newPage();
    await room.goto(workshop.presenterUrl);
    await expect(rowOf(room, 'Kim')).toBeVisible();
    // Keyboard: Tab reaches the attendee's name, Enter opens their design.
    const name = rowOf(room, 'Kim').getByTestId('room.row.name');
    for (let i = 0; i < 40 && !(await name.evaluate((el) => el === document.activeElement)); i++)
      await room.keyboard.press('Tab');
    await expect(name).toBeFocused();
    await room.keyboard.press('Enter');
    await expect(room.getByTestId('room.detail').getByTestId('grid.row').first()).toBeVisible();
    found.push(...(await audit(room, `room view (${colorScheme})`)));
    if (colorScheme === 'dark') {
      // Last of all: the presenter ends the workshop; the room view says so, and nobody can join any more.
      await room.getByTestId('room.end').click();
      await room.getByTestId('room.confirm.ok').click();
      await expect(room.getByTestId('room.stream')).toHaveAttribute('data-state', 'ended');
      await join.reload();
      await expect(join.getByTestId('workshop.ended')).toBeVisible();
    }
    await context.close();
  }
  await attendee.close();
  expect(found, found.join('\n')).toEqual([]);
});
