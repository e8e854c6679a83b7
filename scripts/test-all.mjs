#!/usr/bin/env node
// `npm test`: every suite in one go (lint, types, the dependency rule, unit + integration, e2e), then one summary line
// `N passed, N failed` counting all of them, which is what CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countPlaywright, countVitest } from './test-summary.mjs';

const bin = (name) => join('node_modules', '.bin', name);
const reports = mkdtempSync(join(tmpdir(), 'keyplan-test-'));
let passed = 0;
let failed = 0;

function run(label, command, args, env = {}) {
  console.log(`\n── ${label} ──`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** A report that is missing or not JSON is no report: the counters then call the suite failed. */
function readReport(path) {
  try {
    return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
  } catch {
    return undefined;
  }
}

function add(count) {
  passed += count.passed;
  failed += count.failed;
}

/**
 * The production build, which must also be quiet: a warning it prints (a chunk over the size limit, an
 * unresolved import) is something a user running `npm start` would have to investigate, so it fails too.
 */
function buildWithoutWarnings() {
  console.log('\n── build (vite) ──');
  const result = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], {
    encoding: 'utf8',
    env: process.env,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  process.stdout.write(output);
  if (result.status !== 0) return false;
  if (/\(!\)|warning/i.test(output)) {
    console.log('The build printed a warning (above): fix its cause or state the limit with a reason.');
    return false;
  }
  return true;
}

function check(label, command, args) {
  if (run(label, command, args)) passed++;
  else failed++;
}

check('lint (biome)', bin('biome'), ['check', '.']);
check('types (tsc)', bin('tsc'), ['-p', 'tsconfig.json']);
check('dependency rule (dependency-cruiser)', 'node', ['scripts/depcruise/run.mjs']);

const vitestJson = join(reports, 'vitest.json');
const vitestOk = run('unit and integration (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
add(countVitest(readReport(vitestJson), vitestOk));

const hasE2e = existsSync('e2e') && readdirSync('e2e').some((f) => f.endsWith('.spec.ts'));
if (hasE2e) {
  if (!buildWithoutWarnings()) failed++;
  else {
    const playwrightJson = join(reports, 'playwright.json');
    const e2eOk = run(
      'end to end (playwright, chromium)',
      bin('playwright'),
      ['test', '--reporter=list,json'],
      {
        PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
      },
    );
    add(countPlaywright(readReport(playwrightJson), e2eOk));
  }
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
