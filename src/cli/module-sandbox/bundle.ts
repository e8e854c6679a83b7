// The code the sandboxed child runs, prepared in the parent without running any of it: esbuild reads and
// transpiles (TypeScript, either module system, the module's own tsconfig `paths`) and bundles.
// - The child's program (./child.ts with the core's importers) is bundled whole, so the child needs no
//   TypeScript loader: tsx cannot run there, as its loader and esbuild's transform need a worker thread and
//   a child process, which the sandbox forbids.
// - The user's module is bundled with its own source files; the packages it imports from node_modules
//   (electrodb, dynamodb-toolbox, @aws-sdk) stay outside the bundle, named by their resolved file URL, for
//   Node to load in the child: the node_modules folders they resolve into are the folders the child may read.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Message, type Plugin } from 'esbuild';

const CHILD_PROGRAM = fileURLToPath(new URL('./child.ts', import.meta.url));
const NODE_MODULES = `${path.sep}node_modules${path.sep}`;
/** Files Node loads as they are; anything else found in node_modules (a package shipped as .ts) is bundled. */
const PLAIN_JAVASCRIPT = /\.(c|m)?js$|\.json$/;

const BUILD_OPTIONS = {
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'silent',
} as const;

export type ModuleBundle = { ok: true; code: string; readRoots: string[] } | { ok: false; message: string };

/** esbuild's first error as `file:line:column: text`. */
function buildError(errors: readonly Message[]): string {
  const first = errors[0];
  if (!first) return 'the module could not be bundled';
  const at = first.location
    ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: `
    : '';
  return `${at}${first.text}`;
}

/**
 * Leaves every import that resolves into node_modules to Node (an `import` by file URL, a `require` by path)
 * and records the node_modules folder it is in (the outermost, which holds a package's own dependencies too).
 */
function packagesLeftToNode(readRoots: Set<string>): Plugin {
  return {
    name: 'keyplan-packages-left-to-node',
    setup(esbuild) {
      esbuild.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'keyplan-resolving') return undefined;
        const resolved = await esbuild.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'keyplan-resolving',
        });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        const at = resolved.path.indexOf(NODE_MODULES);
        if (resolved.external || at < 0 || !PLAIN_JAVASCRIPT.test(resolved.path)) return undefined;
        readRoots.add(resolved.path.slice(0, at + NODE_MODULES.length - 1));
        const byPath = args.kind === 'require-call' || args.kind === 'require-resolve';
        return { path: byPath ? resolved.path : pathToFileURL(resolved.path).href, external: true };
      });
    },
  };
}

/** The child's program, one ES module with nothing left to load. */
export async function bundleChildProgram(): Promise<string> {
  const result = await build({ ...BUILD_OPTIONS, entryPoints: [CHILD_PROGRAM] });
  return result.outputFiles[0].text;
}

/**
 * The module at `file` as one ES module the child imports from a data: URL, and the folders the packages it
 * imports are in. A `require` in its code is Node's, resolved from the module's own place.
 */
export async function bundleModule(file: string): Promise<ModuleBundle> {
  const readRoots = new Set<string>();
  try {
    const result = await build({
      ...BUILD_OPTIONS,
      entryPoints: [file],
      plugins: [packagesLeftToNode(readRoots)],
      banner: {
        js: `import { createRequire as __keyplanCreateRequire } from 'node:module'; globalThis.require ??= __keyplanCreateRequire(${JSON.stringify(pathToFileURL(file).href)});`,
      },
    });
    return { ok: true, code: result.outputFiles[0].text, readRoots: [...readRoots] };
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    return { ok: false, message: errors ? buildError(errors) : (error as Error).message };
  }
}
