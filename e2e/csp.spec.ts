// The app under its Content-Security-Policy in a real browser: the first screen, Apply and Run (fetches to
// its own API), the JSON tab (Monaco and its workers) and the Export preview all work, and the browser
// reports no violation of the policy.
import { expect, test } from './fixtures/app.ts';

test('the app works under its Content-Security-Policy with no violation', async ({ app, page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const consoleViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
  });

  const first = await page.goto('/');
  const headers = first!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');

  await app.openExample('online-store');
  await app.applyDesign();
  await app.selectPattern('customer-orders');
  await app.id('pattern.run').click();
  await expect(app.id('run.status')).toContainText('Count 2', { timeout: 30_000 });

  await app.id('topbar.tab.json').click();
  await expect(app.id('json.editor').locator('.monaco-editor .view-lines')).toContainText('"format"', {
    timeout: 30_000,
  });
  await expect.poll(() => workers.length, { timeout: 30_000 }).toBeGreaterThan(0);
  await app.id('topbar.tab.designer').click();

  await app.openExport();
  await app.chooseExport('terraform');
  await expect(app.id('export.preview').locator('.monaco-editor .view-lines')).toContainText('resource', {
    timeout: 30_000,
  });

  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect(violations).toEqual([]);
  expect(consoleViolations).toEqual([]);
});
