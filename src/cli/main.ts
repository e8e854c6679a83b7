// The keyplan command: parses arguments, dispatches to one command, maps failures to exit codes
// (0 ok, 1 something to fix, 2 wrong usage) with messages on stderr. Everything a command prints goes
// through terminalSafeIo, so no text of a file reaches the terminal as a control sequence.
import { parseArgs } from 'node:util';
import type { Command, Parsed } from './command.ts';
import { commands } from './commands/index.ts';
import { DEFAULT_TIMEOUT_SECONDS } from './dynamo-options.ts';
import { type CliIo, CommandError, processIo, UsageError } from './io.ts';
import { describeRefusal, fail, reportCommandError } from './refusal.ts';
import { terminalSafeIo } from './terminal-text.ts';

function help(): string {
  const width = Math.max(...commands.map((c) => c.usage.length));
  return [
    'keyplan: design DynamoDB single-table schemas around access patterns',
    '',
    'Usage:',
    ...commands.map((c) => `  keyplan ${c.usage.padEnd(width)}  ${c.summary}`),
    '',
    'FILE is a design document (format keyplan/1) or - for standard input.',
    '--json prints machine-readable output on stdout; messages go to stderr.',
    `apply and run give up when DynamoDB does not answer a request within --timeout seconds (default ${DEFAULT_TIMEOUT_SECONDS}).`,
  ].join('\n');
}

function runCommand(command: Command, argv: string[], rawIo: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify a positional.*$/s, ''));
  }
  if (parsed.values.help) {
    rawIo.stdout(`Usage: keyplan ${command.usage}\n${command.summary}\n`);
    return Promise.resolve(0);
  }
  const values = parsed.values as Parsed['values'];
  const io = terminalSafeIo(rawIo);
  // A request refused as DynamoDB would refuse it is the user's to fix: one line, never a stack trace.
  return command.run({ positionals: parsed.positionals, values }, io).catch(async (error: unknown) => {
    if (error instanceof CommandError) reportCommandError(error, values, io);
    if (error instanceof UsageError || error instanceof CommandError) throw error;
    const failure = await describeRefusal(error);
    if (!failure) throw error;
    return fail(command.name, values, io, failure);
  });
}

export async function main(argv: string[], rawIo: CliIo = processIo): Promise<number> {
  const io = terminalSafeIo(rawIo);
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(`${help()}\n`);
    return name ? 0 : 2;
  }
  const command = commands.find((c) => c.name === name);
  try {
    if (!command) throw new UsageError(`unknown command "${name}"; run keyplan --help for the list`);
    return await runCommand(command, rest, rawIo);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(
        `keyplan ${command?.name ?? ''}: ${error.message}\n${command ? `Usage: keyplan ${command.usage}\n` : ''}`,
      );
      return 2;
    }
    if (error instanceof CommandError) {
      io.stderr(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
