import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { validateDesignText } from '../../core/checks/validate.ts';
import { type DesignDiff, diffDesigns } from '../../core/features/diff/diff.ts';
import { migrationPlan } from '../../core/features/diff/plan.ts';
import { diffJson, diffMarkdown, diffText } from '../../core/features/diff/report.ts';
import type { Design } from '../../core/model/schema.ts';
import type { Command } from '../command.ts';
import {
  type CliIo,
  CommandError,
  designError,
  parsePositiveInt,
  printJson,
  readDesign,
  UsageError,
} from '../io.ts';

/** Exit codes of `keyplan diff` and `keyplan migrate --check`, per verdict (2 stays wrong usage / invalid input). */
export const VERDICT_EXIT = { compatible: 0, backfill: 1, breaking: 3 } as const satisfies Record<
  DesignDiff['verdict'],
  number
>;

/** A design from a file, `-` (stdin), or `git:REV:path` (the file as committed in REV, read with git show). */
export async function readDesignAt(source: string | undefined, io: CliIo): Promise<Design> {
  if (!source) throw new UsageError('name the old and the new design: files, - or git:REV:path');
  const git = /^git:([^:]+):(.+)$/.exec(source);
  if (!git) return readDesign(source, io);
  let text: string;
  try {
    const { stdout } = await promisify(execFile)('git', ['show', `${git[1]}:${git[2]}`], {
      maxBuffer: 512 * 1024 * 1024,
    });
    text = stdout;
  } catch (error) {
    const message = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw new UsageError(`${source}: git show ${git[1]}:${git[2]} failed: ${message}`);
  }
  const result = validateDesignText(text);
  if (!result.ok) throw designError(source, result.problems);
  return result.design;
}

/** Both designs, an unreadable or invalid one being wrong input (exit 2), not a verdict. */
export async function readDesignPair(positionals: string[], io: CliIo): Promise<[Design, Design]> {
  if (positionals.length !== 2)
    throw new UsageError('name the old and the new design: files, - or git:REV:path');
  try {
    return [await readDesignAt(positionals[0], io), await readDesignAt(positionals[1], io)];
  } catch (error) {
    if (error instanceof CommandError) throw new UsageError(error.message);
    throw error;
  }
}

export const diffCommand: Command = {
  name: 'diff',
  summary:
    'what a design change needs on a live table: changes, pattern answers, items to rewrite, a verdict',
  synopsis: ['OLD NEW [--json | --markdown] [--plan] [--items] [--rate]'],
  options: {
    json: { type: 'boolean', help: 'the diff as JSON' },
    markdown: { type: 'boolean', help: 'a Markdown report with the plan, for a pull request comment' },
    plan: { type: 'boolean', help: 'add the migration plan: its steps, with their cost and time' },
    items: { type: 'string', value: 'N', help: "the live table's item count, which the plan scales to" },
    rate: {
      type: 'string',
      value: 'N',
      default: '100',
      help: 'writes a second the backfill makes, in the plan',
    },
  },
  notes: [
    'OLD and NEW are each a file, - (standard input) or git:REV:path.',
    'Exit 0 compatible, 1 backfill, 3 breaking, 2 wrong usage.',
  ],
  async run({ positionals, values }, io) {
    if (values.json && values.markdown) throw new UsageError('give --json or --markdown, not both');
    const items = parsePositiveInt(values.items as string | undefined, '--items');
    const rate = parsePositiveInt(values.rate as string | undefined, '--rate');
    const [old, next] = await readDesignPair(positionals, io);
    const diff = diffDesigns(old, next);
    // The Markdown comment always carries the plan: it is what a reviewer needs to know.
    const plan =
      values.plan || values.markdown || items !== undefined || rate !== undefined
        ? migrationPlan(old, next, diff, { items, rate })
        : undefined;
    if (values.json) printJson(io, diffJson(diff, plan));
    else if (values.markdown) io.stdout(diffMarkdown(diff, plan));
    else io.stdout(diffText(diff, plan));
    return VERDICT_EXIT[diff.verdict];
  },
};
