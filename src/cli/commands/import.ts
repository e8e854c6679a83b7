import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FORMAT_IDS, getFormat, importDesign } from '../../core/formats/index.ts';
import type { FormatInput } from '../../core/formats/types.ts';
import type { Command } from '../command.ts';
import { CommandError, printJson, readText, UsageError } from '../io.ts';

/** A JavaScript or TypeScript file is loaded as a module (through tsx) and its exports are read. */
const MODULE_FILE = /\.(m|c)?(t|j)s$/;

async function loadModule(path: string): Promise<Record<string, unknown>> {
  try {
    return (await import(pathToFileURL(resolve(path)).href)) as Record<string, unknown>;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_MODULE_NOT_FOUND' && (error as Error).message.includes(resolve(path)))
      throw new CommandError(`${path}: no such file`);
    throw new CommandError(`${path}: the module could not be loaded: ${(error as Error).message}`);
  }
}

export const importCommand: Command = {
  name: 'import',
  summary:
    'a design document from a NoSQL Workbench model, a library schema or module, or an MCP data model (on stdout; warnings on stderr)',
  usage: `import FILE --from ${FORMAT_IDS.join('|')} [--table NAME]`,
  options: { from: { type: 'string' }, table: { type: 'string' } },
  async run({ positionals, values }, io) {
    const [path] = positionals;
    if (!path) throw new UsageError('missing the model file (a path, or - for standard input)');
    const from = values.from as string | undefined;
    if (!from) throw new UsageError(`--from is required (${FORMAT_IDS.join(', ')})`);
    const format = getFormat(from);
    if (!format) throw new UsageError(`--from ${from}: unknown source; expected ${FORMAT_IDS.join(', ')}`);
    const label = path === '-' ? '<stdin>' : path;
    let input: FormatInput;
    if (MODULE_FILE.test(path)) input = { kind: 'module', exports: await loadModule(path) };
    else if (format.reads === 'module')
      throw new UsageError(
        `--from ${from} reads a JavaScript or TypeScript module (${format.extensions.join(', ')}); ${label} is not one`,
      );
    else input = { kind: 'text', text: await readText(path, io) };
    const result = importDesign(format.id, input, { table: values.table as string | undefined });
    if (!result.ok) throw new CommandError(`${label}: ${result.message}`);
    for (const warning of result.warnings) io.stderr(`${label}: warning: ${warning}\n`);
    printJson(io, result.design);
    return 0;
  },
};
