// End-to-end tests: the real built app, the real server and an embedded DynamoDB Local, driven in
// Debian's Chromium (Playwright's own browser download cannot work on this machine).
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './scripts/chromium.ts';

const port = Number(process.env.KEYPLAN_E2E_PORT ?? 4180);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  webServer: {
    // start.mjs builds the app when it is missing or stale, then runs `keyplan serve`.
    command: `node scripts/start.mjs --port ${port}`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
