import { writeFile } from 'node:fs/promises';
import { EXPORT_TARGETS, exportDesign, isExportTarget } from '../../core/io/export.ts';
import type { Command } from '../command.ts';
import { CommandError, readDesign, UsageError } from '../io.ts';

export const exportCommand: Command = {
  name: 'export',
  summary:
    'the table definition (CDK, CloudFormation, CreateTable, Terraform), a model or library schema, or code, on stdout (warnings on stderr)',
  synopsis: ['FILE --to [--out]'],
  options: {
    to: { type: 'string', value: 'TARGET', choices: EXPORT_TARGETS, help: 'what to write' },
    out: { type: 'string', value: 'FILE', help: 'write to FILE instead of stdout' },
  },
  notes: ['What a format cannot carry is a warning on stderr; an unknown target exits 2.'],
  async run({ positionals, values }, io) {
    const target = values.to;
    if (typeof target !== 'string')
      throw new UsageError(`--to is required: one of ${EXPORT_TARGETS.join(', ')}`);
    if (!isExportTarget(target))
      throw new UsageError(`unknown target "${target}"; targets: ${EXPORT_TARGETS.join(', ')}`);
    const design = await readDesign(positionals[0], io);
    const file = exportDesign(design, target);
    for (const warning of file.warnings) io.stderr(`warning: ${warning}\n`);
    const out = values.out;
    if (typeof out !== 'string') {
      io.stdout(file.content);
      return 0;
    }
    try {
      await writeFile(out, file.content);
    } catch (error) {
      throw new CommandError(`${out}: ${(error as Error).message}`);
    }
    io.stderr(`wrote ${out}\n`);
    return 0;
  },
};
