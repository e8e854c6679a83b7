// docs/lessons-and-workshops.md's pictures of workshop mode (`npm run screenshots` calls this): the join page an attendee sees,
// and the presenter's room view with a few attendees at different points of a pushed lesson and one
// attendee's design open read-only. A real `keyplan serve --workshop` server; the attendees join and report
// through the real API (what their browsers send), so the room view shows what a room would.
import { readFileSync } from 'node:fs';
import { type Browser, request } from '@playwright/test';
import { startServer } from '../server/server.ts';
import { parseLessonText } from '../src/core/features/lessons/parse.ts';
import { stringifyExactJson } from '../src/core/values/exact-json.ts';

const LESSON_FILE = 'src/core/features/lessons/builtin/access-patterns-first.lesson.yaml';

/** Who is in the pictured room, and how far each got in step 1 (of the lesson's first step's checks). */
const ROOM = [
  { name: 'Ana Torres', passed: 5, done: true, solution: true },
  { name: 'Bo Lindqvist', passed: 3, done: false, solution: false },
  { name: 'Chidi Okeke', passed: 5, done: true, solution: true },
  { name: 'Dana Kim', passed: 1, done: false, solution: false },
  { name: 'Emil Sørensen', passed: 4, done: false, solution: false },
];

export async function shootWorkshop(
  browser: Browser,
  shoot: (page: import('@playwright/test').Page, name: string) => Promise<void>,
): Promise<void> {
  const parsed = parseLessonText(readFileSync(LESSON_FILE, 'utf8'), LESSON_FILE);
  if (!parsed.ok) throw new Error(`${LESSON_FILE} does not parse`);
  const lesson = parsed.lesson;
  const step = lesson.steps[0];
  const start = step.start === 'previous' ? step.solution : step.start;
  const server = await startServer({ port: 0, workshop: true, log: () => {} });
  const urls = server.workshop;
  if (!urls) throw new Error('the server did not start a workshop');
  try {
    const join = await browser.newPage({ viewport: { width: 960, height: 600 }, colorScheme: 'light' });
    await join.goto(`${server.url}/join`);
    await join.getByTestId('workshop.join.code').fill(urls.code);
    await join.getByTestId('workshop.join.name').fill('Ana Torres');
    await shoot(join, 'join');
    await join.close();

    const room = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
    await room.goto(urls.presenterUrl);
    await room.getByTestId('room.stream').and(room.locator('[data-state="live"]')).waitFor();
    const presenter = await request.newContext({
      baseURL: server.url,
      extraHTTPHeaders: { authorization: `Bearer ${urls.presenterUrl.split('#key=')[1]}` },
    });
    const json = { 'content-type': 'application/json' };
    await presenter.post('/api/workshop/presenter/push-lesson', {
      data: { lessonId: lesson.id },
      headers: json,
    });
    for (const attendee of ROOM) {
      const context = await request.newContext({ baseURL: server.url });
      const joined = await context.post('/api/workshop/join', {
        data: { code: urls.code, name: attendee.name },
        headers: json,
      });
      if (!joined.ok()) throw new Error(`join: ${await joined.text()}`);
      const checks = step.checks.map((check, i) => ({
        checkId: check.id,
        status: i < attendee.passed ? 'pass' : 'fail',
      }));
      const report = {
        progress: {
          lessonId: lesson.id,
          stepId: step.id,
          stepIndex: 0,
          passed: attendee.passed,
          total: step.checks.length,
          done: attendee.done,
          checks,
        },
        design: attendee.solution ? step.solution : start,
      };
      const sent = await context.post('/api/workshop/report', {
        data: stringifyExactJson(report),
        headers: json,
      });
      if (!sent.ok()) throw new Error(`report: ${await sent.text()}`);
    }
    await room
      .getByTestId('room.row')
      .nth(ROOM.length - 1)
      .waitFor();
    await room
      .locator('[data-testid="room.row"][data-attendee="Ana Torres"]')
      .getByTestId('room.row.name')
      .click();
    await room.getByTestId('room.detail').getByTestId('grid.row').first().waitFor();
    await room.mouse.move(150, 700);
    await shoot(room, 'room-view');
    await room.close();
    await presenter.dispose();
  } finally {
    await server.close();
  }
}
