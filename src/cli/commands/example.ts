import { EXAMPLES, getExample } from '../../core/features/examples/index.ts';
import type { Command } from '../command.ts';
import { CommandError, printJson, UsageError } from '../io.ts';

export const exampleCommand: Command = {
  name: 'example',
  summary: 'list the built-in designs, or print one',
  synopsis: ['--list [--json]', 'NAME'],
  options: {
    list: { type: 'boolean', help: 'list the built-in designs instead of printing one' },
    json: { type: 'boolean', help: 'the list as JSON' },
  },
  notes: [`NAME is one of ${EXAMPLES.map((example) => example.name).join(', ')}.`],
  async run({ positionals, values }, io) {
    if (values.list) {
      if (values.json)
        printJson(
          io,
          EXAMPLES.map(({ name, title, description }) => ({ name, title, description })),
        );
      else io.stdout(`${EXAMPLES.map((e) => `${e.name.padEnd(14)} ${e.title}`).join('\n')}\n`);
      return 0;
    }
    const [name] = positionals;
    if (!name) throw new UsageError('name an example, or use --list');
    const example = getExample(name);
    if (!example)
      throw new CommandError(
        `no example is named "${name}"; available: ${EXAMPLES.map((e) => e.name).join(', ')}`,
      );
    printJson(io, example.design);
    return 0;
  },
};
