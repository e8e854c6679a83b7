// DynamoDB-Toolbox before v1 (0.3–0.9) declared keys as attribute flags: `new Entity({ name, attributes: {
// pk: { partitionKey: true }, … }, table })` on a `new Table({ name, partitionKey, DocumentClient })`. The
// library Keyplan loads is v2, whose Entity refuses those, so a module that targets v0 (by its package.json's
// range or by those flags) is bundled with a shim for `dynamodb-toolbox` (./toolbox-v0-shim.ts) that records
// what the module builds, which ../../core/io/dynamodb-toolbox/import-v0.ts reads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { displayPath } from './bundle-errors.ts';
import { TOOLBOX_V0_GLOBAL } from './toolbox-v0-shim.ts';

/** A v0 key flag in an attribute map: `partitionKey: true`. */
const V0_KEY_FLAG = /\bpartitionKey\s*:\s*true\b/;

/** The first place among `sources` (the module's own files) that declares a key the v0 way. */
function v0KeyFlag(sources: readonly string[]): string | undefined {
  for (const file of sources) {
    let lines: string[];
    try {
      lines = readFileSync(file, 'utf8').split('\n');
    } catch {
      continue;
    }
    const at = lines.findIndex((line) => V0_KEY_FLAG.test(line));
    if (at >= 0) return `${displayPath(file)}:${at + 1}`;
  }
  return undefined;
}

/** The esbuild namespace of the v0 shim module (./toolbox-v0-shim.ts), the bundle's `dynamodb-toolbox`. */
export const TOOLBOX_V0_NAMESPACE = 'keyplan-toolbox-v0';

/** The shim module's text: CommonJS, so that any named import of it reads a property of the shim. */
export function toolboxV0ModuleSource(): string {
  return `module.exports = globalThis[Symbol.for(${JSON.stringify(TOOLBOX_V0_GLOBAL.description)})];`;
}

/** The major version a dependency range starts at (`^0.9.2` → 0), if it names one. */
function rangeMajor(range: unknown): number | undefined {
  const match = typeof range === 'string' ? /^\D*(\d+)/.exec(range) : null;
  return match ? Number(match[1]) : undefined;
}

/** The nearest package.json above `file` that declares dynamodb-toolbox: its range, if any. */
function declaredRange(file: string): string | undefined {
  for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as Record<
        string,
        Record<string, string> | undefined
      >;
      for (const field of ['dependencies', 'peerDependencies', 'devDependencies'])
        if (manifest[field]?.['dynamodb-toolbox']) return manifest[field]['dynamodb-toolbox'];
    } catch {
      // No package.json here (or not JSON): look further up.
    }
    if (path.dirname(folder) === folder) return undefined;
  }
}

/**
 * Whether a module made of `sources` targets DynamoDB-Toolbox v0: a package.json of its files asks for
 * 0.x, or a file declares a key the v0 way (`partitionKey: true`; v1 and v2 declare keys in a schema, so
 * the flag is v0's alone).
 */
export function targetsToolboxV0(sources: readonly string[]): boolean {
  if (sources.some((file) => rangeMajor(declaredRange(file)) === 0)) return true;
  return v0KeyFlag(sources) !== undefined;
}
