import type { Command } from '../command.ts';
import { jsonOption } from '../command.ts';
import { printJson, readDesign } from '../io.ts';

export const validateCommand: Command = {
  name: 'validate',
  summary: 'check a design: schema and references; errors as path: message',
  synopsis: ['FILE [--json]'],
  options: jsonOption,
  async run({ positionals, values }, io) {
    const design = await readDesign(positionals[0], io);
    if (values.json) printJson(io, { valid: true, problems: [] });
    io.stderr(
      `${positionals[0]}: valid (${design.entities.length} entities, ${design.accessPatterns.length} access patterns, ${design.table.globalSecondaryIndexes.length} GSIs)\n`,
    );
    return 0;
  },
};
