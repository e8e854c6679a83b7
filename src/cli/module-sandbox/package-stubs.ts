// A package a model module's project imports but that is installed neither beside the module nor in Keyplan
// (`aws-sdk`, `uuid`, `config`, the app's own helpers): a real user has it, a copy of the model folder does
// not. The module usually needs it only to build the client it hands to the library, so the bundle holds a
// stub module in its place (any value read from it is ./permissive-stub.ts's) and the import goes on with a
// warning naming the package, the file and line that imports it, and what to install to get real values.
// The format's own library missing stays an error: without it there is nothing to read.
import { readFileSync } from 'node:fs';
import type { OnLoadResult } from 'esbuild';
import { displayPath, packageName, projectFolder } from './bundle-errors.ts';
import { PERMISSIVE_STUB_GLOBAL } from './permissive-stub.ts';

/** The esbuild namespace of the stub modules. */
export const STUB_NAMESPACE = 'keyplan-package-stub';

/** An npm package name (`name`, `@scope/name`, with a subpath): not a path alias such as `~/index.js`. */
const PACKAGE_SPECIFIER = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/.*)?$/i;

/** Whether an import esbuild could not resolve is one to stub: a package, and not one of the format's libraries. */
export function stubbable(specifier: string, libraries: readonly string[]): boolean {
  return PACKAGE_SPECIFIER.test(specifier) && !libraries.includes(packageName(specifier));
}

/** The line of `importer` that imports `specifier` (the first that names it in quotes), 1-based. */
function importLine(importer: string, specifier: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(importer, 'utf8');
  } catch {
    return undefined;
  }
  const quoted = [`'${specifier}'`, `"${specifier}"`, `\`${specifier}\``];
  const lines = text.split('\n');
  const at = lines.findIndex((line) => quoted.some((q) => line.includes(q)));
  return at < 0 ? undefined : at + 1;
}

/** The warning for a stubbed import, `importer:line imports 'x', which is not installed …`. */
export function stubWarning(specifier: string, importer: string): string {
  const line = importLine(importer, specifier);
  const name = packageName(specifier);
  const folder = displayPath(projectFolder(importer));
  return `${displayPath(importer)}${line ? `:${line}` : ''} imports '${specifier}', which is not installed in ${folder} or Keyplan: it was replaced by a stub, so every value from it is unknown; npm install ${name} in ${folder} to load the real one`;
}

/** A specifier that is only folders up (`..`, `../../`): a project's root, as a library's own examples import it. */
export const ANCESTOR_FOLDER = /^\.\.(\/\.\.)*\/?$/;

/**
 * A specifier that names a repository's source root through its `~` path alias (`~`, `~/index`, `~/index.js`):
 * how a library's own tests import it (DynamoDB-Toolbox's `import { Entity } from '~/index.js'`, `~` being
 * its tsconfig's alias of src/). A deeper `~/x/y` is some project's own file, never read as the library.
 */
export const SOURCE_ROOT_ALIAS = /^~(\/index(\.[cm]?[jt]s)?)?$/;

/** The warning for an import of the source root's alias that was read as the format's library. */
export function aliasWarning(specifier: string, importer: string, library: string): string {
  const line = importLine(importer, specifier);
  return `${displayPath(importer)}${line ? `:${line}` : ''} imports '${specifier}', a path alias of a source root that is not there: read as ${library} (Keyplan's, or the project's own), as ${library}'s own tests import it`;
}

/** The warning for an import of a missing folder above that was read as the format's library. */
export function ancestorWarning(specifier: string, importer: string, library: string): string {
  const line = importLine(importer, specifier);
  return `${displayPath(importer)}${line ? `:${line}` : ''} imports '${specifier}', a folder above it that is not there: read as ${library} (Keyplan's, or the project's own), as ${library}'s own examples import it from the repository's root`;
}

/** The stub module for `specifier`: CommonJS, so that any named import of it reads a property of the stub. */
export function stubModule(specifier: string): OnLoadResult {
  const global = `globalThis[Symbol.for(${JSON.stringify(PERMISSIVE_STUB_GLOBAL.description)})]`;
  return { contents: `module.exports = ${global}(${JSON.stringify(specifier)});`, loader: 'js' };
}
