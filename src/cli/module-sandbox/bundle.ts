// The code the sandboxed child runs, prepared in the parent without running any of it: esbuild reads and
// transpiles (TypeScript, either module system, the module's own tsconfig `paths`) and bundles.
// - The child's program (./child.ts with the core's importers) is bundled whole, so the child needs no
//   TypeScript loader: tsx cannot run there, as its loader and esbuild's transform need a worker thread and
//   a child process, which the sandbox forbids.
// - The user's module is bundled with its own source files (.ts/.mts/.cts/.js/.mjs/.cjs, whatever its
//   package.json's "type": esbuild reads each by its syntax); the packages it imports from node_modules
//   (electrodb, dynamodb-toolbox, @aws-sdk) stay outside the bundle, named by their resolved file URL, for
//   Node to load in the child: the node_modules folders they resolve into are the folders the child may read.
//   A package resolves as Node would from the module's own folder first, then from Keyplan's node_modules,
//   so a model file copied into a folder of its own (no npm install there) loads with Keyplan's libraries.
//   A package found in neither (the app's `aws-sdk`, `uuid`, `config`) is a stub module in the bundle, with a
//   warning (./package-stubs.ts); the format's own library found in neither stays an error. An import of a
//   folder above that is not there (`../../../`, how a library's own examples import it) is the library.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Message, type Plugin } from 'esbuild';
import { bundleErrorMessage, packageName } from './bundle-errors.ts';
import {
  ANCESTOR_FOLDER,
  aliasWarning,
  ancestorWarning,
  SOURCE_ROOT_ALIAS,
  STUB_NAMESPACE,
  stubbable,
  stubModule,
  stubWarning,
} from './package-stubs.ts';
import { TOOLBOX_V0_NAMESPACE, toolboxV0ModuleSource } from './toolbox-v0.ts';
import { workspacePackage } from './workspace-packages.ts';

const CHILD_PROGRAM = fileURLToPath(new URL('./child.ts', import.meta.url));
/** Keyplan's own node_modules: where a package the module's folder does not hold is looked for. */
const KEYPLAN_NODE_MODULES = fileURLToPath(new URL('../../../node_modules', import.meta.url));
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

export type ModuleBundle =
  | {
      ok: true;
      code: string;
      readRoots: string[];
      /** The module is CommonJS (`require`, `module.exports`): its exports are the default of the bundle. */
      commonJs: boolean;
      /** One per package that is not installed and was bundled as a stub (./package-stubs.ts). */
      warnings: string[];
      /** The module's own files in the bundle, absolute (not its packages, nor the stubs). */
      sources: string[];
    }
  | { ok: false; message: string };

/**
 * Leaves every import that resolves into node_modules to Node (an `import` by file URL, a `require` by path)
 * and records the node_modules folder it is in (the outermost, which holds a package's own dependencies too).
 * A package that resolves nowhere and is not one of `libraries` becomes a stub module, warned of once.
 */
function packagesLeftToNode(
  readRoots: Set<string>,
  libraries: readonly string[],
  warnings: Map<string, string>,
  toolboxV0: boolean,
): Plugin {
  return {
    name: 'keyplan-packages-left-to-node',
    setup(esbuild) {
      esbuild.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'keyplan-resolving') return undefined;
        if (toolboxV0 && packageName(args.path) === 'dynamodb-toolbox')
          return { path: args.path, namespace: TOOLBOX_V0_NAMESPACE };
        const resolve = (specifier: string) =>
          esbuild.resolve(specifier, {
            kind: args.kind,
            importer: args.importer,
            resolveDir: args.resolveDir,
            pluginData: 'keyplan-resolving',
          });
        let resolved = await resolve(args.path);
        // ElectroDB's own examples import it as the repository's root (`../../../`), DynamoDB-Toolbox's own
        // tests as its source root's alias (`~/index.js`): a copy has neither.
        const ancestor = ANCESTOR_FOLDER.test(args.path);
        if (
          resolved.errors.length > 0 &&
          libraries.length > 0 &&
          (ancestor || SOURCE_ROOT_ALIAS.test(args.path))
        ) {
          const library = await resolve(libraries[0]);
          if (library.errors.length === 0) {
            resolved = library;
            const warn = ancestor ? ancestorWarning : aliasWarning;
            warnings.set(args.path, warn(args.path, args.importer, libraries[0]));
          }
        }
        // A monorepo's own package (`@webiny/db-dynamodb/toolbox`) with no node_modules: its sources.
        if (resolved.errors.length > 0 && args.importer) {
          const source = workspacePackage(args.path, args.importer);
          if (source) return { path: source };
        }
        if (resolved.errors.length > 0) {
          if (!stubbable(args.path, libraries)) return { errors: resolved.errors };
          if (!warnings.has(args.path)) warnings.set(args.path, stubWarning(args.path, args.importer));
          return { path: args.path, namespace: STUB_NAMESPACE };
        }
        const at = resolved.path.indexOf(NODE_MODULES);
        if (resolved.external || at < 0 || !PLAIN_JAVASCRIPT.test(resolved.path)) return undefined;
        readRoots.add(resolved.path.slice(0, at + NODE_MODULES.length - 1));
        const byPath = args.kind === 'require-call' || args.kind === 'require-resolve';
        return { path: byPath ? resolved.path : pathToFileURL(resolved.path).href, external: true };
      });
      esbuild.onLoad({ filter: /.*/, namespace: STUB_NAMESPACE }, (args) => stubModule(args.path));
      esbuild.onLoad({ filter: /.*/, namespace: TOOLBOX_V0_NAMESPACE }, () => ({
        contents: toolboxV0ModuleSource(),
        loader: 'js',
      }));
    },
  };
}

let childProgram: Promise<string> | undefined;

/**
 * The child's program, one ES module with nothing left to load. It is Keyplan's own code, the same for
 * every module: bundled once per process (a process that imports many modules, as the tests do, bundles
 * it once), and again after a failure.
 */
export function bundleChildProgram(): Promise<string> {
  childProgram ??= build({ ...BUILD_OPTIONS, entryPoints: [CHILD_PROGRAM] }).then(
    (result) => result.outputFiles[0].text,
    (error) => {
      childProgram = undefined;
      throw error;
    },
  );
  return childProgram;
}

/**
 * The module at `file` as one ES module the child imports from a data: URL, and the folders the packages it
 * imports are in. A `require` in its code is Node's, resolved from the module's own place. `libraries` are
 * the packages of the format (`electrodb`): those are never stubbed. `toolboxV0`: the module's
 * `dynamodb-toolbox` is the recording shim of ./toolbox-v0-shim.ts, not the installed v2.
 */
export async function bundleModule(
  file: string,
  libraries: readonly string[],
  toolboxV0 = false,
): Promise<ModuleBundle> {
  const readRoots = new Set<string>();
  const warnings = new Map<string, string>();
  try {
    const result = await build({
      ...BUILD_OPTIONS,
      entryPoints: [file],
      plugins: [packagesLeftToNode(readRoots, libraries, warnings, toolboxV0)],
      nodePaths: [KEYPLAN_NODE_MODULES],
      metafile: true,
      banner: {
        js: `import { createRequire as __keyplanCreateRequire } from 'node:module'; globalThis.require ??= __keyplanCreateRequire(${JSON.stringify(pathToFileURL(file).href)});`,
      },
    });
    const entryPoint = Object.values(result.metafile.outputs)[0]?.entryPoint;
    const entry = entryPoint === undefined ? undefined : result.metafile.inputs[entryPoint];
    return {
      ok: true,
      code: result.outputFiles[0].text,
      readRoots: [...readRoots],
      commonJs: entry?.format === 'cjs',
      // Each names its file and line first: sorted by those, the order does not depend on esbuild's.
      warnings: [...warnings.values()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
      sources: Object.keys(result.metafile.inputs)
        .filter(
          (input) => !input.startsWith(`${STUB_NAMESPACE}:`) && !input.startsWith(`${TOOLBOX_V0_NAMESPACE}:`),
        )
        .map((input) => path.resolve(input)),
    };
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    return { ok: false, message: errors ? bundleErrorMessage(errors, file) : (error as Error).message };
  }
}
