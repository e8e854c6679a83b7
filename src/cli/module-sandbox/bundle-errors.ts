// What esbuild's refusal to bundle a module means to the person who asked to import it, in their terms:
// a package the module imports that is installed neither in the module's project nor in Keyplan (what to
// install, and where), a file of its own it imports that does not exist, or a syntax error (file:line:col
// and esbuild's message). Files are named as the user would type them: relative to the working directory
// when they are under it, absolute otherwise.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Message } from 'esbuild';

/** esbuild's text for an import it cannot resolve: `Could not resolve "x"`. */
const UNRESOLVED = /^Could not resolve "(.+)"$/;

/** A file's name for a message: relative to the working directory if it is under it, else absolute. */
export function displayPath(file: string, cwd = process.cwd()): string {
  const absolute = path.resolve(cwd, file);
  const relative = path.relative(cwd, absolute);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative;
}

/** The package a bare specifier names: `@scope/name` or `name`, without a subpath. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The folder `npm install` runs in for a file: the nearest one above it holding a package.json. */
export function projectFolder(file: string): string {
  const start = path.dirname(file);
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) return start;
  }
}

/**
 * The message for esbuild's first error while bundling `entry`, to follow the entry's name (the CLI prints
 * `FILE: message`): an import esbuild could not resolve in the entry itself starts `imports 'x'`, one in
 * another of the module's files starts with that file's place.
 */
export function bundleErrorMessage(errors: readonly Message[], entry: string, cwd = process.cwd()): string {
  const first = errors[0];
  if (!first) return 'the module could not be bundled';
  if (!first.location) return first.text;
  const file = path.resolve(cwd, first.location.file);
  const at = `${displayPath(file, cwd)}:${first.location.line}:${first.location.column + 1}`;
  const unresolved = UNRESOLVED.exec(first.text);
  if (!unresolved) return `${at}: ${first.text}`;
  const specifier = unresolved[1];
  const inEntry = file === path.resolve(cwd, entry);
  const [importer, where] = inEntry ? ['imports', ` (${at})`] : [`${at} imports`, ''];
  if (specifier.startsWith('.') || path.isAbsolute(specifier))
    return `${importer} '${specifier}', which does not exist (no such file, with or without the extensions .ts, .tsx, .mts, .cts, .js, .mjs, .cjs, .json)${where}`;
  const name = packageName(specifier);
  const folder = displayPath(projectFolder(file), cwd);
  return `${importer} '${specifier}', which is not installed in ${folder} or Keyplan: npm install ${name} there${where}`;
}
