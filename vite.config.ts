import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { ProxyOptions } from 'vite';
import { defineConfig } from 'vitest/config';
import { initialJsSize } from './scripts/initial-js-size.ts';

/**
 * `npm run dev` proxies /api to `keyplan serve`, which answers only its own Host and Origin (DNS rebinding
 * and cross-site requests, server/browser-guard.ts): the proxy sends the server's Host, and vouches for the
 * dev server's own pages by sending the server's origin in place of theirs. Any other Origin goes on as it
 * came, and the server refuses it.
 */
function devApiProxy(target: string): ProxyOptions {
  return {
    target,
    changeOrigin: true,
    configure: (proxy) =>
      proxy.on('proxyReq', (proxied, request) => {
        const origin = request.headers.origin;
        if (origin && URL.canParse(origin) && new URL(origin).host === request.headers.host)
          proxied.setHeader('origin', target);
      }),
  };
}

export default defineConfig({
  plugins: [react(), initialJsSize(250)],
  // The app's zod is configured jitless (src/zod-jitless.ts, for the CSP); the tests keep the server's zod.
  resolve: process.env.VITEST
    ? {}
    : {
        alias: [
          { find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-jitless.ts', import.meta.url)) },
        ],
      },
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
  server: { proxy: { '/api': devApiProxy(`http://127.0.0.1:${process.env.KEYPLAN_API_PORT ?? '8787'}`) } },
  test: {
    // test/integration/: tests of the core's modules (and of the CLI) against the DynamoDB Local of globalSetup.
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'server/**/*.test.ts',
      'test/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    globalSetup: ['server/test-support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
