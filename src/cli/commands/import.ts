import { importWorkbenchText } from '../../core/export/workbench/import.ts';
import type { Command } from '../command.ts';
import { CommandError, printJson, readText, UsageError } from '../io.ts';

const SOURCES = ['nosql-workbench'] as const;

export const importCommand: Command = {
  name: 'import',
  summary: 'a design document from a NoSQL Workbench model (on stdout; warnings on stderr)',
  usage: 'import FILE --from nosql-workbench [--table NAME]',
  options: { from: { type: 'string' }, table: { type: 'string' } },
  async run({ positionals, values }, io) {
    const [path] = positionals;
    if (!path) throw new UsageError('missing the model file (a path, or - for standard input)');
    const from = values.from as string | undefined;
    if (!from) throw new UsageError(`--from is required (${SOURCES.join(', ')})`);
    if (!(SOURCES as readonly string[]).includes(from))
      throw new UsageError(`--from ${from}: unknown source; expected ${SOURCES.join(', ')}`);
    const label = path === '-' ? '<stdin>' : path;
    const result = importWorkbenchText(await readText(path, io), {
      table: values.table as string | undefined,
    });
    if (!result.ok) throw new CommandError(`${label}: ${result.message}`);
    for (const warning of result.warnings) io.stderr(`${label}: warning: ${warning}\n`);
    printJson(io, result.design);
    return 0;
  },
};
