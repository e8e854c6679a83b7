// The program of the sandboxed child (./load-module.ts bundles it and runs it under Node's permission model):
// it reads the request from fd 3, stubs out the network and signals, loads the module's code (a CommonJS
// module's exports read as an ES module's would be: ./module-exports.ts), hands its
// exports to the format's importer (which calls the module's key functions: that too must happen here, never
// in the parent), or, when it exports no entity but functions, what those build (./factory-exports.ts), and
// writes the answer as JSON to fd 4. A package the module imports that is not installed is a stub module in
// the bundle, which finds the stub value (./permissive-stub.ts) where this program puts it. The module's code runs beside this program, so the
// parent believes nothing of the answer that it has not validated again.
import { readFileSync, writeSync } from 'node:fs';
import { importDesign } from '../../core/io/index.ts';
import { stringifyExactJson } from '../../core/values/exact-json.ts';
import { importThroughFactories } from './factory-exports.ts';
import { commonJsExports } from './module-exports.ts';
import { blockNetworkAndSignals } from './network-stubs.ts';
import { PERMISSIVE_STUB_GLOBAL, permissiveStub } from './permissive-stub.ts';
import { ANSWER_FD, REQUEST_FD, type SandboxAnswer, type SandboxRequest } from './protocol.ts';
import { TOOLBOX_V0_GLOBAL, toolboxV0Module } from './toolbox-v0-shim.ts';

/** What a refusal of the permission model (or of ./network-stubs.ts) was about, in the user's words. */
const ATTEMPTS: Record<string, string> = {
  FileSystemRead: 'read a file outside its package and its node_modules',
  FileSystemWrite: 'write a file',
  ChildProcess: 'start a process',
  WorkerThreads: 'start a worker thread',
  Network: 'use the network',
  Signal: 'signal another process',
  Inspector: 'open the inspector',
  WASI: 'run WebAssembly with system access',
};

/**
 * A package the module imports could not load one of its own dependencies (the module's own imports were
 * resolved when it was bundled): that package's installation is incomplete.
 */
function missingDependency(message: string, requireStack: unknown): string | undefined {
  const missing = /^Cannot find (?:module|package) '([^']+)'(?: imported from (\S+))?/.exec(message);
  if (!missing) return undefined;
  const requirer = Array.isArray(requireStack) ? String(requireStack[0]) : missing[2];
  if (!requirer) return undefined;
  const at = requirer.lastIndexOf('/node_modules/');
  const project = at < 0 ? requirer : requirer.slice(0, at);
  return `${requirer} imports '${missing[1]}', which is not installed where it is looked for: run npm install in ${project}`;
}

function loadFailure(error: unknown): string {
  const { code, permission, resource, message, requireStack } = (error ?? {}) as Record<string, unknown>;
  if (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') {
    const missing = missingDependency(String(message), requireStack);
    if (missing) return missing;
  }
  if (code === 'ERR_ACCESS_DENIED') {
    const attempt = ATTEMPTS[String(permission)] ?? `use ${String(permission ?? message)}`;
    const where = typeof resource === 'string' && resource !== '' ? ` (${resource})` : '';
    return `the module tried to ${attempt}${where}, which the sandbox that loads it does not allow`;
  }
  return `the module could not be loaded: ${error instanceof Error ? message : String(error)}`;
}

function answer(value: SandboxAnswer): void {
  const bytes = Buffer.from(stringifyExactJson(value));
  for (let at = 0; at < bytes.length; ) at += writeSync(ANSWER_FD, bytes, at);
}

// Taken before the module runs, which could replace them.
const exit = process.exit.bind(process);
const request = JSON.parse(readFileSync(REQUEST_FD, 'utf8')) as SandboxRequest;
blockNetworkAndSignals();
Object.defineProperty(globalThis, PERMISSIVE_STUB_GLOBAL, { value: permissiveStub });
Object.defineProperty(globalThis, TOOLBOX_V0_GLOBAL, { value: toolboxV0Module() });
let exports: Record<string, unknown> | undefined;
try {
  const namespace = await import(
    `data:text/javascript;base64,${Buffer.from(request.code).toString('base64')}`
  );
  exports = request.commonJs ? commonJsExports(namespace.default) : namespace;
} catch (error) {
  answer({ loaded: false, message: loadFailure(error) });
}
if (exports) {
  try {
    const direct = importDesign(request.format, { kind: 'module', exports }, request.options);
    answer({
      loaded: true,
      result: await importThroughFactories(direct, exports, request.format, request.options),
    });
  } catch (error) {
    answer({ loaded: false, message: loadFailure(error) });
  }
}
// A timer or a socket the module left open must not keep the child alive until the time limit.
exit(0);
