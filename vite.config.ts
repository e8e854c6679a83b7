import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { initialJsSize } from './scripts/initial-js-size.ts';

export default defineConfig({
  plugins: [react(), initialJsSize(250)],
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Monaco's own chunks (editor.api about 2.7 MB, its setup 1.2 MB minified) are over Vite's 500 kB
    // default. They are lazy: fetched only when the JSON tab or a code view (a request, a run result, an
    // Export preview) first opens, never for the first screen, whose size initialJsSize above guards
    // (250 KB gzip). Splitting Monaco further would not fetch less. The limit sits just above Monaco, so a
    // chunk that grows past it still warns.
    chunkSizeWarningLimit: 3000,
  },
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.KEYPLAN_API_PORT ?? '8787'}` } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    globalSetup: ['server/test-support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
