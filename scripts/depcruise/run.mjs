#!/usr/bin/env node
// `npm run deps`: the dependency rule (.dependency-cruiser.cjs) over every module in src/ and server/.
// The files are named one by one because dependency-cruiser scans a folder only for the extensions its own
// TypeScript reader handles, and that reader needs a TypeScript with a JavaScript API (this repo has 7).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE = /\.(ts|tsx|mjs)$/;

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const files = ['src', 'server'].flatMap(sources);
const result = spawnSync(
  join('node_modules', '.bin', 'depcruise'),
  ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', ...process.argv.slice(2), ...files],
  { stdio: 'inherit' },
);
if (result.error)
  console.error(`npm run deps: could not run dependency-cruiser (${result.error.message}); run npm ci`);
process.exit(result.status ?? 1);
