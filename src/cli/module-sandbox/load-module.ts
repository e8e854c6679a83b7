// `keyplan import --trust-code` reads an ElectroDB, DynamoDB-Toolbox or OneTable module by running it, and a
// module's top-level code can do anything its user can. So it runs in a child process under Node's
// permission model (flags below), with an empty environment (no AWS credentials, no NODE_OPTIONS), a time
// limit and memory limits (LIMITS), and only the format's answer comes back, as JSON this side validates.
// What the sandbox cannot stop is said in docs/security.md (Importing a module).
import { spawn } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { LIMITS } from '../../../server/limits.ts';
import { formatProblems, validateDesign } from '../../core/checks/validate.ts';
import type { FormatId } from '../../core/io/catalogue.ts';
import type { FormatImport, FormatImportOptions } from '../../core/io/types.ts';
import type { Design } from '../../core/model/schema.ts';
import { parseExactJson } from '../../core/values/exact-json.ts';
import { bundleChildProgram, bundleModule, type ModuleBundle } from './bundle.ts';
import { ANSWER_FD, REQUEST_FD, type SandboxAnswer, type SandboxRequest } from './protocol.ts';
import { targetsToolboxV0 } from './toolbox-v0.ts';

export interface SandboxLimits {
  loadMs: number;
  heapMb: number;
  memoryBytes: number;
  answerBytes: number;
}

export const SANDBOX_LIMITS: SandboxLimits = {
  loadMs: LIMITS.moduleLoadMs,
  heapMb: LIMITS.moduleHeapMb,
  memoryBytes: LIMITS.moduleMemoryBytes,
  answerBytes: LIMITS.moduleAnswerBytes,
};

/** The last bytes of the child's stderr kept, enough for Node's fatal-error line. */
const STDERR_TAIL_BYTES = 16 * 1024;
/** Each module format's own packages: a module's import of one of them that is not installed is never stubbed. */
const FORMAT_LIBRARIES: Partial<Record<FormatId, readonly string[]>> = {
  electrodb: ['electrodb'],
  'dynamodb-toolbox': ['dynamodb-toolbox'],
  onetable: ['dynamodb-onetable'],
};
const MEMORY_POLL_MS = 100;

/**
 * The child's Node flags. With `--experimental-permission` everything not granted is refused: no
 * `--allow-fs-write` (no file is written, created, renamed or chmod-ed), no `--allow-child-process`, no
 * `--allow-worker`, no `--allow-addons`, no `--allow-wasi`; the inspector and `process.binding` are refused
 * too. Reads are granted only in the node_modules folders the module's packages resolve into: its own
 * source files are bundled in, so the child reads nothing of the folder the module sits in, nor the home
 * folder. `--no-experimental-fetch` removes the global fetch; the rest of the network is stubbed in the
 * child (./network-stubs.ts), as Node 20's permission model does not restrict it.
 */
export function sandboxFlags(readRoots: readonly string[], heapMb: number): string[] {
  return [
    '--experimental-permission',
    ...readRoots.map((root) => `--allow-fs-read=${root}${path.sep}`),
    `--max-old-space-size=${heapMb}`,
    '--no-experimental-fetch',
    '--disable-warning=ExperimentalWarning',
    '--input-type=module',
    '-',
  ];
}

/** Control characters but the line feed: a module's text must not reach the terminal as escape sequences. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters replaced
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Text the module's process wrote, printable: each control character (but a line feed) as a \\u escape. */
function printable(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Resident bytes of a process, on Linux (elsewhere undefined: only the heap limit holds). */
function residentBytes(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The answer validated: a design that passes Keyplan's own schema and warnings that are text, or why not. */
function checkedAnswer(text: string): FormatImport {
  let answer: SandboxAnswer;
  try {
    answer = parseExactJson(text) as SandboxAnswer;
  } catch {
    return { ok: false, message: 'the sandbox that loads the module answered something that is not JSON' };
  }
  if (!answer || typeof answer !== 'object')
    return { ok: false, message: 'the sandbox that loads the module gave no answer' };
  if (!answer.loaded) return { ok: false, message: printable(String(answer.message)) };
  const result = answer.result as Partial<FormatImport> & {
    design?: unknown;
    warnings?: unknown;
    message?: unknown;
  };
  if (!result?.ok) return { ok: false, message: printable(String(result?.message)) };
  const checked = validateDesign(result.design);
  if (!checked.ok)
    return {
      ok: false,
      message: `the module's entities do not make a valid design:\n${formatProblems(checked.problems)}`,
    };
  const warnings = Array.isArray(result.warnings) ? result.warnings.map((w) => printable(String(w))) : [];
  return { ok: true, design: checked.design as Design, warnings };
}

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}

/**
 * Loads the module at `file` in the sandbox and imports its exports with `format`: the design and its
 * warnings, or why not (a message naming the limit the module crossed, or what it tried that the sandbox
 * refused). Never throws for anything the module does.
 */
export async function importModuleInSandbox(
  file: string,
  format: FormatId,
  options: FormatImportOptions,
  limits: SandboxLimits = SANDBOX_LIMITS,
): Promise<FormatImport> {
  const absolute = path.resolve(file);
  const libraries = FORMAT_LIBRARIES[format] ?? [];
  const [program, first] = await Promise.all([bundleChildProgram(), bundleModule(absolute, libraries)]);
  if (!first.ok) return { ok: false, message: first.message };
  // A DynamoDB-Toolbox v0 module is bundled again with the recording v0 shim as its dynamodb-toolbox: the
  // installed v2 refuses v0 constructors, and which files are the module's is known only once bundled.
  const v0 = format === 'dynamodb-toolbox' && targetsToolboxV0(first.sources);
  const bundle = v0 ? await bundleModule(absolute, libraries, true) : first;
  if (!bundle.ok) return { ok: false, message: bundle.message };
  const imported = await runInSandbox(absolute, program, bundle, format, options, limits);
  return withStubWarnings(imported, bundle.warnings);
}

/** The stubbed packages said in the result: as warnings beside a design, as the likely cause of a failure. */
function withStubWarnings(imported: FormatImport, stubWarnings: readonly string[]): FormatImport {
  if (stubWarnings.length === 0) return imported;
  if (imported.ok) return { ...imported, warnings: [...stubWarnings, ...imported.warnings] };
  return { ok: false, message: `${imported.message}\n${stubWarnings.map((w) => `  (${w})`).join('\n')}` };
}

async function runInSandbox(
  absolute: string,
  program: string,
  bundle: Extract<ModuleBundle, { ok: true }>,
  format: FormatId,
  options: FormatImportOptions,
  limits: SandboxLimits,
): Promise<FormatImport> {
  const readRoots = bundle.readRoots.map((root) => realpathSync(root));
  const child = spawn(process.execPath, sandboxFlags(readRoots, limits.heapMb), {
    cwd: path.dirname(absolute),
    env: {},
    stdio: ['pipe', 'ignore', 'pipe', 'pipe', 'pipe'],
  });
  const request: SandboxRequest = { code: bundle.code, commonJs: bundle.commonJs, format, options };
  const [stdin, stderr] = [child.stdin as Writable, child.stderr as Readable];
  const requestPipe = child.stdio[REQUEST_FD] as Writable;
  const answerPipe = child.stdio[ANSWER_FD] as Readable;
  let stopped: string | undefined;
  const stop = (why: string) => {
    stopped ??= why;
    child.kill('SIGKILL');
  };
  const timer = setTimeout(
    () =>
      stop(
        `loading the module took longer than ${seconds(limits.loadMs)}, the sandbox's time limit (LIMITS.moduleLoadMs); it was stopped`,
      ),
    limits.loadMs,
  );
  const memoryLimit = `the module used more than ${limits.heapMb} MB of memory, the sandbox's limit (LIMITS.moduleHeapMb); it was stopped`;
  const poll = setInterval(() => {
    const resident = child.pid === undefined ? undefined : residentBytes(child.pid);
    if (resident !== undefined && resident > limits.memoryBytes)
      stop(
        `the module used more than ${limits.memoryBytes / 1024 / 1024} MB of memory, the sandbox's limit (LIMITS.moduleMemoryBytes); it was stopped`,
      );
  }, MEMORY_POLL_MS);
  let stderrTail = '';
  stderr.setEncoding('utf8');
  stderr.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_BYTES);
  });
  const answer: Buffer[] = [];
  let answerBytes = 0;
  answerPipe.on('data', (chunk: Buffer) => {
    answerBytes += chunk.length;
    if (answerBytes > limits.answerBytes)
      stop(`the module's answer is larger than ${limits.answerBytes} bytes (LIMITS.moduleAnswerBytes)`);
    else answer.push(chunk);
  });
  // A child that dies early closes its pipes: a write error then is that death, reported below.
  for (const pipe of [stdin, requestPipe]) pipe.on('error', () => {});
  stdin.end(program);
  requestPipe.end(JSON.stringify(request));
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('error', () => resolve({ code: null, signal: null }));
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  clearTimeout(timer);
  clearInterval(poll);
  if (stopped) return { ok: false, message: stopped };
  if (/heap limit|heap out of memory|Allocation failed/i.test(stderrTail))
    return { ok: false, message: memoryLimit };
  if (answer.length === 0) {
    const last = stderrTail.trim().split('\n').filter(Boolean).at(-1) ?? '';
    return {
      ok: false,
      message: `the sandbox that loads the module ended without an answer (${exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`})${last ? `: ${printable(last)}` : ''}`,
    };
  }
  return checkedAnswer(Buffer.concat(answer).toString('utf8'));
}
