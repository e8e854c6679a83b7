// A module too long to hold in your head is split by what it does (issue #27): no source module over 400
// lines, no React component (.tsx) over 300. This lists every module over its limit, with its line count, so a
// module that grows past it fails here rather than in review. Exempt, since nobody reads them as code to
// change: tests (*.test.ts, *.test.tsx), declaration files (*.d.ts), and the data tests compare with or run on:
// golden files, fixtures and test-support designs (any folder named golden, fixtures or test-support).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
/** The folders whose modules are measured, each tested on its own so a failure says whose it is. */
const AREAS = ['src/core', 'src/store', 'src/ui', 'src/api', 'src/cli', 'server'] as const;
const MODULE_LIMIT = 400;
const COMPONENT_LIMIT = 300;
const EXEMPT_FOLDERS = new Set(['golden', 'fixtures', 'test-support']);

/** The most lines a module at `path` (relative to the repository, `/`-separated) may have; null if exempt. */
function limitFor(path: string): number | null {
  if (!/\.tsx?$/.test(path) || /\.test\.tsx?$/.test(path) || path.endsWith('.d.ts')) return null;
  if (path.split('/').some((folder) => EXEMPT_FOLDERS.has(folder))) return null;
  return path.endsWith('.tsx') ? COMPONENT_LIMIT : MODULE_LIMIT;
}

/** Lines as `wc -l` counts them: a last line without its newline still counts. */
function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules') return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

function oversized(area: string): string[] {
  return filesUnder(join(ROOT, area)).flatMap((file) => {
    const path = relative(ROOT, file).split(sep).join('/');
    const limit = limitFor(path);
    if (limit === null) return [];
    const lines = lineCount(readFileSync(file, 'utf8'));
    return lines > limit ? [`${path}: ${lines} lines (limit ${limit})`] : [];
  });
}

describe('module sizes', () => {
  it('holds modules to 400 lines and components to 300, exempting tests, goldens and fixtures', () => {
    expect(limitFor('src/core/indexes/views.ts')).toBe(400);
    expect(limitFor('src/ui/features/grid/item-grid.tsx')).toBe(300);
    expect(limitFor('server/routes/run.ts')).toBe(400);
    expect(limitFor('src/core/model/validate.test.ts')).toBeNull();
    expect(limitFor('src/ui/features/lessons/markdown.test.tsx')).toBeNull();
    expect(limitFor('src/core/export/golden/designs.ts')).toBeNull();
    expect(limitFor('src/core/analysis/fixtures/designs.ts')).toBeNull();
    expect(limitFor('server/test-support/app.ts')).toBeNull();
    expect(limitFor('src/ui/styles/theme.css')).toBeNull();
    expect([lineCount(''), lineCount('a\n'), lineCount('a\nb'), lineCount('a\nb\n')]).toEqual([0, 1, 2, 2]);
  });

  it.each(AREAS)('%s has no module over its limit', (area) => {
    expect(oversized(area)).toEqual([]);
  });
});
