// What every command shares: where text goes, how a design is read, and the two kinds of failure.
import { readFile } from 'node:fs/promises';
import { formatProblems, type ValidationProblem, validateDesignText } from '../core/checks/validate.ts';
import type { Design } from '../core/model/schema.ts';
import { parseExactJson, stringifyExactJson } from '../core/values/exact-json.ts';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readStdin: () => Promise<string>;
  /** Whether stderr is a terminal (progress bars only then). */
  isTTY: boolean;
}

/** Wrong usage: exit code 2. */
export class UsageError extends Error {}

/** A problem the user must fix in the design or the environment: exit code 1. */
export class CommandError extends Error {}

export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
  isTTY: Boolean(process.stderr.isTTY),
};

export async function readText(path: string, io: CliIo): Promise<string> {
  if (path === '-') return io.readStdin();
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CommandError(
      code === 'ENOENT' ? `${path}: no such file` : `${path}: ${(error as Error).message}`,
    );
  }
}

/** Reads and validates a design; every problem is reported as `file: path: message`. */
export async function readDesign(path: string | undefined, io: CliIo): Promise<Design> {
  if (!path) throw new UsageError('missing the design file (a path, or - for standard input)');
  const result = validateDesignText(await readText(path, io));
  if (!result.ok) throw designError(path, result.problems);
  return result.design;
}

/** A design's problems, one `file: path: message` line each. */
export function designError(path: string, problems: ValidationProblem[]): CommandError {
  const label = path === '-' ? '<stdin>' : path;
  return new CommandError(
    formatProblems(problems)
      .split('\n')
      .map((line) => `${label}: ${line}`)
      .join('\n'),
  );
}

/** A number a double cannot hold (an ExactNumber) is written with all its digits, so that it round-trips. */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout(`${stringifyExactJson(value, 2)}\n`);
}

/** `--arg k=v` pairs; values stay strings here and are typed against the design later. */
export function parseArgPairs(pairs: string[] | undefined): Record<string, string> {
  const args: Record<string, string> = {};
  for (const pair of pairs ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--arg ${pair}: expected name=value`);
    args[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return args;
}

export function parsePositiveInt(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`${option} ${value}: expected a whole number of at least 1`);
  return n;
}

export function parseJsonOption(value: string | undefined, option: string): unknown {
  if (value === undefined) return undefined;
  try {
    return parseExactJson(value);
  } catch {
    throw new UsageError(`${option}: not valid JSON`);
  }
}
