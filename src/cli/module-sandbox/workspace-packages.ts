// A monorepo's packages import each other by name (`@webiny/db-dynamodb/toolbox`), which the workspace's
// package manager links into node_modules; a model folder copied out of the repository (or checked out
// without an install) has no such link, but has the package's sources beside it, in `packages/<folder>/`.
// The import is that package's source file, the file `<subpath>` (or `index`) of its src folder, as the
// repository's own TypeScript build compiles it (a workspace package's `main` names its build output,
// which is not there).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { packageName } from './bundle-errors.ts';

/** The folder of the workspace package named `name` under `root/packages/`, if there is one. */
function packageFolder(root: string, name: string): string | undefined {
  const packages = path.join(root, 'packages');
  if (!existsSync(packages)) return undefined;
  for (const entry of readdirSync(packages, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const manifest = path.join(packages, entry.name, 'package.json');
    try {
      if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === name)
        return path.join(packages, entry.name);
    } catch {
      // No package.json there, or not JSON: not a workspace package.
    }
  }
  return undefined;
}

/** The extensions a package's source file is looked for with, in the order a TypeScript build prefers them. */
const SOURCE_FILES = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '/index.ts', '/index.js'];

/**
 * The source file that `specifier`, imported by
 * `importer`, names in a workspace package of a repository above the importer; undefined when none does.
 */
export function workspacePackage(specifier: string, importer: string): string | undefined {
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) return undefined;
  const name = packageName(specifier);
  const subpath = specifier.slice(name.length).replace(/^\//, '') || 'index';
  for (let folder = path.dirname(importer); ; folder = path.dirname(folder)) {
    const found = packageFolder(folder, name);
    if (found) {
      const base = path.join(found, 'src', subpath);
      return SOURCE_FILES.map((ending) => base + ending).find((file) => existsSync(file));
    }
    if (path.dirname(folder) === folder) return undefined;
  }
}
