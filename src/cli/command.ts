// The shape of one CLI command: its options, each with what `--help`, `keyplan help COMMAND` and
// docs/cli.md say of it, and what it does. The parser, the help and the docs all read these specs, so a
// usage line cannot be a copy that drifts from the options the parser takes (help.ts renders them).
import type { ParseArgsConfig } from 'node:util';
import type { CliIo } from './io.ts';

type ParserOptions = NonNullable<ParseArgsConfig['options']>;

export interface OptionDoc {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
  /** The value as usage shows it (`N`, `URL`, `k=v`); `choices`, when given, are shown instead. */
  value?: string;
  /** The values it takes, shown as `a|b|c`. */
  choices?: readonly string[];
  /**
   * The default, shown in usage as `(10)`. Never given to the parser: the command applies it, so a value
   * that is absent stays absent for the commands that tell "not given" from "given as the default".
   */
  default?: string;
  /** What it does, in one line (`keyplan help COMMAND`, docs/cli.md). */
  help: string;
}

export type OptionSpec = Record<string, OptionDoc>;

export interface Parsed {
  positionals: string[];
  values: Record<string, string | boolean | string[] | undefined>;
}

export interface Command {
  name: string;
  summary: string;
  /**
   * Each form of the command after its name, naming options only (`FILE --to [--out]`): help.ts gives
   * each `--option` its value from `options`. A test checks that every option is in a form and every
   * option of a form is in `options`.
   */
  synopsis: string[];
  options: OptionSpec;
  /** What the help and the docs add below the options: exit codes, where inputs may come from. */
  notes?: string[];
  /** Returns the exit code: 0 done, 1 a finding or failure the user must fix. */
  run: (parsed: Parsed, io: CliIo) => Promise<number>;
}

export const jsonOption = {
  json: { type: 'boolean', help: 'machine-readable output on stdout' },
} as const satisfies OptionSpec;

/** The options as node:util's parseArgs takes them: type, multiple and short, nothing the help adds. */
export function parserOptions(options: OptionSpec): ParserOptions {
  return Object.fromEntries(
    Object.entries(options).map(([name, { type, multiple, short }]) => [
      name,
      { type, ...(multiple ? { multiple } : {}), ...(short ? { short } : {}) },
    ]),
  );
}
