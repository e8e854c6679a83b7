// The shape of one CLI command: its options (node:util parseArgs form) and what it does.
import type { ParseArgsConfig } from 'node:util';
import type { CliIo } from './io.ts';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

export interface Parsed {
  positionals: string[];
  values: Record<string, string | boolean | string[] | undefined>;
}

export interface Command {
  name: string;
  summary: string;
  usage: string;
  options: OptionSpec;
  /** Returns the exit code: 0 done, 1 a finding or failure the user must fix. */
  run: (parsed: Parsed, io: CliIo) => Promise<number>;
}

export const jsonOption = { json: { type: 'boolean' } } as const satisfies OptionSpec;
