// `keyplan import FILE --from FORMAT`: a design from another tool's file. A JSON format reads the file as
// text, whatever its name; a library module (ElectroDB, DynamoDB-Toolbox, a OneTable schema module) can only be
// read by running it, so it is loaded only when the user passes --trust-code, and then in a sandbox
// (../module-sandbox/load-module.ts).
import { access } from 'node:fs/promises';
import { FORMAT_IDS, getFormat, importDesign } from '../../core/io/index.ts';
import type { DesignFormat, FormatImport } from '../../core/io/types.ts';
import type { Command } from '../command.ts';
import { CommandError, printJson, readText, UsageError } from '../io.ts';
import { importModuleInSandbox, SANDBOX_LIMITS } from '../module-sandbox/load-module.ts';

/** A JavaScript or TypeScript file: a format that reads modules loads it (running it); no other format does. */
const MODULE_FILE = /\.(m|c)?(t|j)sx?$/;

/**
 * Why a module is not loaded without --trust-code: what loading it does, what the sandbox holds back and
 * what it cannot, and the command that loads it.
 */
function trustRefusal(label: string, from: string): string {
  const { loadMs, heapMb } = SANDBOX_LIMITS;
  return [
    `${label} is code: --from ${from} reads a module by loading it, and loading it runs the file's top-level code.`,
    `Keyplan loads it only with --trust-code, and then in a sandbox: a separate Node process that cannot write files, start processes or worker threads, or read any file but the node_modules folders its packages come from; it gets no environment variables (no AWS credentials) and is stopped after ${loadMs / 1000} s or ${heapMb} MB.`,
    'The sandbox cannot stop network access (Node 20 does not restrict it; Keyplan only stubs Node’s network functions), reading anything in those node_modules folders, or using CPU and memory up to those limits.',
    `If you trust the file: keyplan import ${label} --from ${from} --trust-code`,
  ].join('\n');
}

/** The module's design, loaded in the sandbox once the user trusts it. */
async function importModule(
  path: string,
  format: DesignFormat,
  table: string | undefined,
  trusted: boolean,
): Promise<FormatImport> {
  if (path === '-' || !MODULE_FILE.test(path))
    throw new UsageError(
      `--from ${format.id} reads a JavaScript or TypeScript module (${format.extensions.join(', ')}); ${path === '-' ? '<stdin>' : path} is not one`,
    );
  if (!trusted) throw new UsageError(trustRefusal(path, format.id));
  await access(path).catch(() => {
    throw new CommandError(`${path}: no such file`);
  });
  return importModuleInSandbox(path, format.id, { table });
}

export const importCommand: Command = {
  name: 'import',
  summary:
    'a design document from a NoSQL Workbench model, a library schema or module (loaded only with --trust-code, in a sandbox), or an MCP data model (on stdout; warnings on stderr)',
  synopsis: ['FILE --from [--table] [--trust-code]'],
  options: {
    from: { type: 'string', value: 'FORMAT', choices: FORMAT_IDS, help: 'the format of FILE' },
    table: {
      type: 'string',
      value: 'NAME',
      help: 'the table to import from a model of several (default: the first)',
    },
    'trust-code': {
      type: 'boolean',
      help: 'read a module format (a .ts/.js file) by running it, in a sandbox (docs/security.md)',
    },
  },
  notes: [
    'A JSON format reads any file as text and never runs it; a module is run only with --trust-code (exit 2 without it).',
    "A module may be .ts/.mts/.cts/.js/.mjs/.cjs, CommonJS or ES modules; its packages resolve from its own folder first, then from Keyplan's node_modules (docs/cli.md, Importing a module).",
    'Warnings on stderr; exit 1 with the reason for a broken or foreign file.',
  ],
  async run({ positionals, values }, io) {
    const [path] = positionals;
    if (!path) throw new UsageError('missing the model file (a path, or - for standard input)');
    const from = values.from as string | undefined;
    if (!from) throw new UsageError(`--from is required (${FORMAT_IDS.join(', ')})`);
    const format = getFormat(from);
    if (!format) throw new UsageError(`--from ${from}: unknown source; expected ${FORMAT_IDS.join(', ')}`);
    const label = path === '-' ? '<stdin>' : path;
    const table = values.table as string | undefined;
    // The format decides first: only a format that reads code ever loads a file, and a text format reads
    // any file (a .js one too) as text.
    const readsModule =
      format.reads === 'module' ||
      (format.reads === 'text or module' && path !== '-' && MODULE_FILE.test(path));
    let result: FormatImport;
    if (readsModule) result = await importModule(path, format, table, values['trust-code'] === true);
    else {
      result = importDesign(format.id, { kind: 'text', text: await readText(path, io) }, { table });
      if (!result.ok && MODULE_FILE.test(path))
        result.message += ` (--from ${format.id} reads the file as text and never runs it)`;
    }
    if (!result.ok) throw new CommandError(`${label}: ${result.message}`);
    for (const warning of result.warnings) io.stderr(`${label}: warning: ${warning}\n`);
    printJson(io, result.design);
    return 0;
  },
};
