// DynamoDB Local keeps its tables in memory: when it restarts, health reports a new instance and when the
// data was lost (server/server.test.ts kills Java for real and checks that report). The designer then says
// the table it applied is gone, and offers to apply it again.
import { expect, test } from './fixtures/app.ts';

test('after DynamoDB Local lost its tables, a notice under Apply offers to apply again', async ({
  app,
  page,
}) => {
  await app.openExample('online-store');
  await app.applyDesign();
  await page.keyboard.press('Escape');
  const notice = app.id('topbar.apply.lost');
  await expect(notice).toHaveCount(0);

  // Health as the server reports it after an in-memory restart: another instance, and when the data went.
  const lostAt = '2026-03-04T05:06:07.000Z';
  await page.route('**/api/health', async (route) => {
    const response = await route.fetch();
    const health = await response.json();
    health.dynamodb = { ...health.dynamodb, instance: 'restarted', dataLostAt: lostAt };
    await route.fulfill({ response, json: health });
  });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  const time = await page.evaluate((at) => new Date(at).toLocaleTimeString(), lostAt);
  await expect(app.id('topbar.apply.lost.message')).toHaveText(
    new RegExp(
      `^DynamoDB Local restarted at ${time} and, .* lost every table since your last Apply: kp-[0-9a-f]{12}-AppTable is gone with its items\\.$`,
    ),
  );
  await expect(app.id('topbar.apply.stale')).toBeVisible();

  await app.id('topbar.apply.again').click();
  await expect(app.id('topbar.apply.result')).toContainText('Table');
  await expect(notice).toHaveCount(0);
  await expect(app.id('topbar.apply.stale')).toHaveCount(0);
});
