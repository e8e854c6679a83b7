// docs/changing-a-live-design.md's picture of Compare with… (`npm run screenshots` calls this): the online store applied to
// DynamoDB Local, then the Order sort key changed; compared with the applied version, the grid shows each
// order's sort key old → new, the toolbar the Backfill verdict, and the dock the reasons and patterns.
import type { Browser, Page } from '@playwright/test';

export async function shootCompare(
  browser: Browser,
  url: string,
  shoot: (page: Page, name: string) => Promise<void>,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme });
  await page.goto(url);
  await page.getByTestId('start.example.online-store').click();
  await page.getByTestId('topbar.dynamodb').filter({ hasText: /up/i }).waitFor({ timeout: 60_000 });
  await page.getByTestId('topbar.apply').click();
  await page.getByTestId('topbar.apply.result').waitFor({ timeout: 60_000 });
  await page.keyboard.press('Escape');
  await page.getByTestId('sidebar.entity.Order').click();
  const sk = page.getByTestId('entity.template.SK');
  await sk.click();
  await sk.press('ControlOrMeta+a');
  await sk.pressSequentially('ORDER#{orderId}');
  await page.getByTestId('compare.toggle').click();
  await page.getByTestId('compare.with.applied').click();
  await page.getByTestId('compare.verdict').and(page.locator('[data-verdict="backfill"]')).waitFor();
  await page.getByTestId('compare.verdict').click();
  await page.getByTestId('compare.reasons').waitFor();
  await page.mouse.move(700, 860);
  await shoot(page, 'compare');
}
