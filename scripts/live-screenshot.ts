// docs/live.png: two people in a live session (docs/live-sessions.md). Run on a built app:
// `npm run build && npx tsx scripts/live-screenshot.ts` (starts its own `keyplan serve` on port 41388).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './chromium.ts';

const port = 41388;
const base = `http://127.0.0.1:${port}`;
const bin = fileURLToPath(new URL('../bin/keyplan.mjs', import.meta.url));
const server = spawn(process.execPath, [bin, 'serve', '--port', String(port)], { stdio: 'ignore' });
try {
  for (let i = 0; i < 600; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  const viewport = { width: 1440, height: 860 };
  const ana = await (await browser.newContext({ viewport })).newPage();
  const ben = await (await browser.newContext({ viewport })).newPage();
  await ana.goto(base);
  await ana.getByTestId('start.example.online-store').click();
  await ana.getByTestId('topbar.menu.file').click();
  await ana.getByTestId('topbar.menu.file.live').click();
  await ana.getByTestId('live.name').fill('Ana Lima');
  const link = await ana.getByTestId('live.link').inputValue();
  await ana.keyboard.press('Escape');
  await ben.goto(link);
  await ben.getByTestId('grid').waitFor();
  await ben.evaluate(() => localStorage.setItem('keyplan:live-name', 'Ben Okafor'));
  await ben.getByTestId('live.status').click();
  await ben.getByTestId('live.name').fill('Ben Okafor');
  await ben.keyboard.press('Escape');
  await ben.getByTestId('sidebar.entity.Order').click();
  await ben.getByTestId('sidebar.pattern.get-customer').click();
  await ben.getByTestId('sidebar.entity.Order').click();
  await ana.getByTestId('sidebar.entity.Customer').click();
  await ana.getByTestId('live.dots.entity.Order').waitFor();
  await ana.waitForTimeout(500);
  await ana.screenshot({ path: fileURLToPath(new URL('../docs/live.png', import.meta.url)) });
  await browser.close();
} finally {
  server.kill('SIGTERM');
}
