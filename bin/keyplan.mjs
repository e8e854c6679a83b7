#!/usr/bin/env node
// Runs the TypeScript CLI through tsx so `npx keyplan` works right after `npm install`, with no build step.
import { register } from 'tsx/esm/api';

// The SDK version is pinned and known to work on Node 20; its notice about future versions is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
