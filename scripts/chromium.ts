// How Keyplan launches Debian's Chromium (Playwright's own browser download cannot work here): shared by the
// e2e tests, the UI benchmark and the screenshots. The background-networking flags keep it off the network.
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
