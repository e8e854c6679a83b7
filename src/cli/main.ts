// The keyplan command: parses arguments, dispatches to one command, maps failures to exit codes
// (0 ok, 1 something to fix, 2 wrong usage) with messages on stderr. Everything a command prints goes
// through terminalSafeIo, so no text of a file reaches the terminal as a control sequence.
import { parseArgs } from 'node:util';
import { type Command, type Parsed, parserOptions } from './command.ts';
import { commands } from './commands/index.ts';
import { commandHelp, overviewHelp, usageOf } from './help.ts';
import { type CliIo, CommandError, processIo, UsageError } from './io.ts';
import { describeRefusal, fail, reportCommandError } from './refusal.ts';
import { terminalSafeIo } from './terminal-text.ts';

function runCommand(command: Command, argv: string[], rawIo: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...parserOptions(command.options), help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify a positional.*$/s, ''));
  }
  if (parsed.values.help) {
    rawIo.stdout(`${commandHelp(command)}\n`);
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

const unknownCommand = (name: string) => `unknown command "${name}"; run keyplan --help for the list`;

/** `keyplan help COMMAND`: that command's help on stdout, or exit 2 for a command there is not. */
function helpOf(name: string, io: CliIo): number {
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.stderr(`keyplan help: ${unknownCommand(name)}\n`);
    return 2;
  }
  io.stdout(`${commandHelp(command)}\n`);
  return 0;
}

export async function main(argv: string[], rawIo: CliIo = processIo): Promise<number> {
  const io = terminalSafeIo(rawIo);
  const [name, ...rest] = argv;
  if (name === 'help' && rest.length > 0) return helpOf(rest[0], io);
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(`${overviewHelp(commands)}\n`);
    return name ? 0 : 2;
  }
  const command = commands.find((c) => c.name === name);
  try {
    if (!command) throw new UsageError(unknownCommand(name));
    return await runCommand(command, rest, rawIo);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(
        `keyplan ${command?.name ?? ''}: ${error.message}\n${command ? `Usage: keyplan ${usageOf(command)}\n` : ''}`,
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
