#!/usr/bin/env node
// Runs the TypeScript CLI through tsx so `npx keyplan` works right after `npm install`, with no build step.
import { register } from 'tsx/esm/api';

// The SDK version is pinned and known to work on Node 20; its notice about future versions is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
register();
// A reader that stops early (`keyplan items FILE | head`) closes the pipe: the output simply ends there, as
// with any Unix tool, instead of an unhandled EPIPE stack trace.
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
