// docs/cli.md's reference of every command and option, written from the commands' option specs through
// the same help.ts that prints `keyplan help COMMAND`, so the page, the help and the parser agree.
import { commands } from '../../src/cli/commands/index.ts';
import { formUsage, optionHelp, optionUsage } from '../../src/cli/help.ts';
import type { GeneratedBlock } from './blocks.ts';
import { table } from './blocks.ts';

function commandSection(command: (typeof commands)[number]): string {
  const options = Object.entries(command.options);
  return [
    `### \`keyplan ${command.name}\``,
    '',
    `${command.summary.charAt(0).toUpperCase()}${command.summary.slice(1)}.`,
    '',
    '```',
    ...command.synopsis.map((form) => `keyplan ${formUsage(command, form)}`),
    '```',
    ...(options.length
      ? [
          '',
          table(
            ['option', 'does'],
            options.map(([name, option]) => [
              `\`${optionUsage(name, option, true)}\`${option.multiple ? ' (repeatable)' : ''}`,
              optionHelp(option),
            ]),
          ),
        ]
      : []),
    ...(command.notes?.length ? ['', ...command.notes] : []),
  ].join('\n');
}

export const cliBlock: GeneratedBlock = {
  name: 'cli-commands',
  source: "the commands' option specs, src/cli/commands",
  render: () =>
    [
      table(
        ['command', 'does'],
        commands.map((c) => [`[\`keyplan ${c.name}\`](#keyplan-${c.name})`, c.summary]),
      ),
      ...commands.map(commandSection),
    ].join('\n\n'),
};
