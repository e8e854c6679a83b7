// The closing line of `npm test` must count a suite that never ran. Real runs of Vitest and
// Playwright over a throwaway project with one passing test, one failing test and one test file
// that cannot be imported give the reports the counters read.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countPlaywright, countVitest } from './test-summary.mjs';

const repo = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'keyplan-summary-'));
symlinkSync(join(repo, 'node_modules'), join(work, 'node_modules'));
writeFileSync(join(work, 'package.json'), '{"type":"module"}');
afterAll(() => rmSync(work, { recursive: true, force: true }));

function project(name: string, files: Record<string, string>): string {
  const dir = join(work, name);
  mkdirSync(dir);
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

function runner(name: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(join(repo, 'node_modules', '.bin', name), args, {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, ...env, CI: '' },
  });
  return result.status === 0;
}

describe('npm test summary', () => {
  it('counts a Vitest file that fails to import as a failure', () => {
    const dir = project('unit', {
      'ok.test.ts': "import { expect, test } from 'vitest';\ntest('one', () => expect(1).toBe(1));\n",
      'wrong.test.ts': "import { expect, test } from 'vitest';\ntest('two', () => expect(1).toBe(2));\n",
      'broken.test.ts': "import { test } from 'vitest';\nimport './missing.ts';\ntest('never', () => {});\n",
    });
    const out = join(work, 'vitest.json');
    const ok = runner('vitest', ['run', '--root', dir, '--reporter=json', `--outputFile.json=${out}`]);
    expect(ok).toBe(false);
    expect(countVitest(JSON.parse(readFileSync(out, 'utf8')), ok)).toEqual({ passed: 1, failed: 2 });
  });

  it('counts a Playwright spec that crashes while loading as a failure', () => {
    const dir = project('e2e', {
      'ok.spec.ts':
        "import { expect, test } from '@playwright/test';\ntest('one', () => expect(1).toBe(1));\n",
      'broken.spec.ts':
        "import { test } from '@playwright/test';\nimport './missing.ts';\ntest('never', () => {});\n",
    });
    const out = join(work, 'playwright.json');
    const ok = runner('playwright', ['test', '--reporter=json', dir], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
    expect(ok).toBe(false);
    // Playwright runs nothing when a spec cannot load: the one load error is the failure counted.
    expect(countPlaywright(JSON.parse(readFileSync(out, 'utf8')), ok)).toEqual({ passed: 0, failed: 1 });
  });

  it('calls a runner that exited non-zero with no report, or no failure in it, failed', () => {
    expect(countVitest(undefined, false)).toEqual({ passed: 0, failed: 1 });
    expect(countPlaywright(undefined, false)).toEqual({ passed: 0, failed: 1 });
    const clean = { numPassedTests: 3, numFailedTests: 0, testResults: [] };
    expect(countVitest(clean, true)).toEqual({ passed: 3, failed: 0 });
    expect(countVitest(clean, false)).toEqual({ passed: 3, failed: 1 });
  });
});
