// A comment or a doc that names a file of this repository by its path (`server/limits.ts`,
// `src/core/indexes/`) sends the reader there; once the file moves the pointer is wrong and nothing says so.
// This lists every such path that names nothing, so a move that leaves one behind fails here. It reads only
// what is surely a path (it starts at one of the repository's top folders) in whole-line comments of code and
// in Markdown outside fenced blocks; a path is found from the repository's root or from the folder of the file naming it, and may
// name a file by its stem (a design by its name). Exempt: globs and placeholders (`*`, `…`, `<`, `{`, an
// upper-case FOLDER) and bench/RESULTS.md, whose dated runs name the code as
// it was that day.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const AREAS = ['src', 'server', 'scripts', 'bench', 'test', 'e2e', 'docs'];
const TOP = ['src', 'server', 'scripts', 'bench', 'test', 'e2e', 'docs', 'fixtures', 'golden'];
const PATH = new RegExp(`(?<![\\w./@~-])((?:${TOP.join('|')})/[\\w./-]*[\\w/])([*…<{]?)`, 'g');
const EXEMPT = new Set(['bench/RESULTS.md']);
const SKIPPED_FOLDERS = new Set(['node_modules', 'fixtures', 'golden', 'dist']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED_FOLDERS.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * The text of `file` that may name paths: a Markdown page but its fenced blocks (examples of a user's files
 * and terminal output, which name paths of a user's project), a module's whole-line comments.
 */
function commentLines(file: string, text: string): [number, string][] {
  const lines = text.split('\n').map((line, index): [number, string] => [index + 1, line]);
  if (file.endsWith('.md')) {
    let fenced = false;
    return lines.filter(([, line]) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      else return !fenced;
      return false;
    });
  }
  return lines.filter(([, line]) => /^\s*(\/\/|\/\*|\*)/.test(line));
}

/** Whether `path` is a file or folder, or the stem of one (`fixtures/library-designs/padded-orders`). */
function isInRepository(path: string): boolean {
  if (existsSync(path)) return true;
  const folder = dirname(path);
  const stem = `${basename(path)}.`;
  return (
    existsSync(folder) &&
    statSync(folder).isDirectory() &&
    readdirSync(folder).some((name) => name.startsWith(stem))
  );
}

/** `path:line: named` for every path a comment of `area` names that is not in the repository. */
function missingPaths(area: string): string[] {
  return filesUnder(join(ROOT, area)).flatMap((file) => {
    const path = relative(ROOT, file).split(sep).join('/');
    if (!/\.(tsx?|mjs|cjs|md)$/.test(path) || EXEMPT.has(path)) return [];
    return commentLines(path, readFileSync(file, 'utf8')).flatMap(([number, line]) =>
      [...line.matchAll(PATH)].flatMap(([, named, glob]) => {
        const target = named.replace(/\.+$/, '');
        if (glob) return [];
        if (/\/[A-Z]{2,}(\/|$)/.test(target)) return [];
        const found = [join(ROOT, target), join(dirname(file), target)].some(isInRepository);
        return found ? [] : [`${path}:${number}: ${target}`];
      }),
    );
  });
}

describe('paths named in comments and docs', () => {
  for (const area of AREAS)
    it(`names only files that exist in ${area}/`, () => {
      expect(missingPaths(area)).toEqual([]);
    });

  it('finds a missing path, and passes one that exists', () => {
    const line = '// see server/limits.ts and server/quotas.ts, and src/core/**/views.ts';
    const named = [...line.matchAll(PATH)].map(([, path, glob]) => [path, glob]);
    expect(named).toEqual([
      ['server/limits.ts', ''],
      ['server/quotas.ts', ''],
      ['src/core/', '*'],
    ]);
    expect(existsSync(join(ROOT, 'server/limits.ts'))).toBe(true);
    expect(existsSync(join(ROOT, 'server/quotas.ts'))).toBe(false);
  });
});
