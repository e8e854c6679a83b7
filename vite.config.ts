import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { initialJsSize } from './scripts/initial-js-size.ts';

export default defineConfig({
  plugins: [react(), initialJsSize(250)],
  build: { outDir: 'dist', sourcemap: false },
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.KEYPLAN_API_PORT ?? '8787'}` } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    globalSetup: ['server/test-support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
