// `keyplan --help`, `keyplan help COMMAND` and `keyplan COMMAND --help`, written from the commands'
// option specs (command.ts), the same specs the parser reads; docs/cli.md is written from here too
// (`npm run docs`), so the usage the help prints, the options the parser takes and the docs agree.
import type { Command, OptionDoc } from './command.ts';
import { DEFAULT_TIMEOUT_SECONDS } from './dynamo-options.ts';

/**
 * `--to cdk|cdk-table|…`, `--limit N`, `--timeout S (10)`, `--json`: an option as usage shows it. `named`
 * prefers the value's name to its choices (`--to TARGET`), for lists where the choices follow.
 */
export function optionUsage(name: string, option: OptionDoc, named = false): string {
  if (option.type === 'boolean') return `--${name}`;
  const choices = option.choices?.join('|');
  const value = (named ? (option.value ?? choices) : (choices ?? option.value)) ?? 'VALUE';
  return `--${name} ${value}${option.default === undefined ? '' : ` (${option.default})`}`;
}

/** One form of a command with each `--option` given its value: `query FILE PATTERN [--limit N]`. */
export function formUsage(command: Command, form: string): string {
  const rendered = form.replace(/--([a-z][a-z-]*)/g, (_whole, name: string) => {
    const option = command.options[name];
    if (!option) throw new Error(`keyplan ${command.name}: its synopsis names --${name}, which it has not`);
    return optionUsage(name, option);
  });
  return `${command.name}${rendered ? ` ${rendered}` : ''}`;
}

/** The usage line after `keyplan `: every form, joined with ` | `. */
export function usageOf(command: Command): string {
  return command.synopsis.map((form) => formUsage(command, form)).join(' | ');
}

/** The options a command's synopsis names: a test holds every option to one form at least. */
export function optionsInSynopsis(command: Command): Set<string> {
  return new Set(
    command.synopsis.flatMap((form) => [...form.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1])),
  );
}

/** `keyplan --help`: every command's usage and summary. */
export function overviewHelp(commands: readonly Command[]): string {
  const usages = commands.map(usageOf);
  const width = Math.max(...usages.map((usage) => usage.length));
  return [
    'keyplan: design DynamoDB single-table schemas around access patterns',
    '',
    'Usage:',
    ...commands.map((c, i) => `  keyplan ${usages[i].padEnd(width)}  ${c.summary}`),
    '',
    'FILE is a design document (format keyplan/1) or - for standard input.',
    '--json prints machine-readable output on stdout; messages go to stderr.',
    `apply and run give up when DynamoDB does not answer a request within --timeout seconds (default ${DEFAULT_TIMEOUT_SECONDS}).`,
    'keyplan help COMMAND (or keyplan COMMAND --help) says what each option of a command does.',
  ].join('\n');
}

/** What an option does, with its choices when usage names the value instead of listing them. */
export function optionHelp(option: OptionDoc): string {
  return option.choices && option.value ? `${option.help}: ${option.choices.join(', ')}` : option.help;
}

/** `keyplan help COMMAND`: its usage, summary, every option with what it does, and its notes. */
export function commandHelp(command: Command): string {
  const rows = Object.entries(command.options).map(([name, option]) => [
    optionUsage(name, option, true),
    optionHelp(option),
  ]);
  const width = Math.max(0, ...rows.map(([usage]) => usage.length));
  return [
    `Usage: keyplan ${usageOf(command)}`,
    command.summary,
    ...(rows.length
      ? ['', 'Options:', ...rows.map(([usage, help]) => `  ${usage.padEnd(width)}  ${help}`)]
      : []),
    ...(command.notes?.length ? ['', ...command.notes] : []),
  ].join('\n');
}
