// Golden files: each export target's output for each test design, compared exactly with
// golden/export/<design>/<target>.<ext>. `UPDATE_GOLDEN=1 npx vitest run src/core/io` rewrites them; review
// the diff before committing.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPORT_DESIGNS } from '../test-support/golden-designs.ts';
import { EXPORT_TARGETS, exportDesign } from './export.ts';

// Expected outputs live outside src/core: they are generated files (CDK apps import aws-cdk-lib).
const GOLDEN = new URL('../../../golden/export/', import.meta.url);
// The code generators have golden files of their own (golden/codegen, codegen.test.ts).
const CODEGEN_TARGETS: readonly string[] = ['python', 'typescript'];
const update = process.env.UPDATE_GOLDEN === '1';

// The NoSQL Workbench model carries its creation date: a fixed clock keeps its golden file stable.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-15T12:00:00Z'));
});
afterAll(() => vi.useRealTimers());

describe.each(EXPORT_DESIGNS)('exports of $name', ({ name, design }) => {
  it.each(EXPORT_TARGETS.filter((t) => !CODEGEN_TARGETS.includes(t)))(
    '%s matches its golden file',
    (target) => {
      const file = exportDesign(design, target);
      const golden = new URL(`${name}/${target}.${file.filename.split('.').pop()}`, GOLDEN);
      if (update) {
        mkdirSync(new URL(`${name}/`, GOLDEN), { recursive: true });
        writeFileSync(golden, file.content);
      }
      expect(existsSync(golden), `${golden.pathname} is missing: run with UPDATE_GOLDEN=1`).toBe(true);
      expect(file.content).toBe(readFileSync(golden, 'utf8'));
    },
  );
});
