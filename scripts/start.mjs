#!/usr/bin/env node
// `npm start`: builds the SPA when the build is missing or older than its sources, then runs
// `keyplan serve` (DynamoDB Local embedded unless DYNAMODB_ENDPOINT is set), passing on any arguments.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const built = 'dist/index.html';
const sources = ['src', 'public', 'index.html', 'vite.config.ts'].filter(existsSync);
if (!existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs) {
  console.error('Building the app…');
  const build = spawnSync(join('node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const child = spawn(process.execPath, ['bin/keyplan.mjs', 'serve', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
