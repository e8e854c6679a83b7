import { writeFile } from 'node:fs/promises';
import { SingleBar } from 'cli-progress';
import { backfillPython } from '../../core/features/diff/backfill-python.ts';
import { BackfillSpecError } from '../../core/features/diff/backfill-spec.ts';
import { backfillTypeScript } from '../../core/features/diff/backfill-typescript.ts';
import { diffDesigns, recreateReasons } from '../../core/features/diff/diff.ts';
import type { Command } from '../command.ts';
import { dynamoOptions, withDynamo } from '../dynamo-options.ts';
import { CommandError, parsePositiveInt, printJson, UsageError } from '../io.ts';
import { readDesignPair } from './diff.ts';

export const migrateCommand: Command = {
  name: 'migrate',
  summary:
    "rewrite a live table's items from the old design to the new (the backfill of keyplan diff --plan)",
  synopsis: [
    'OLD NEW [--endpoint | --aws] [--segments] [--rate] [--checkpoint] [--dry-run] [--timeout] [--json]',
    'OLD NEW --emit [--out]',
  ],
  options: {
    ...dynamoOptions,
    segments: { type: 'string', value: 'N', default: '4', help: 'parallel Scan segments' },
    rate: { type: 'string', value: 'N', help: 'at most N writes a second' },
    checkpoint: {
      type: 'string',
      value: 'FILE',
      help: 'keep progress in FILE, one position per Scan segment, and resume from it',
    },
    'dry-run': { type: 'boolean', help: 'count the items to rewrite, changing nothing' },
    emit: {
      type: 'string',
      choices: ['typescript', 'python'],
      help: 'write the same backfill as a program to run yourself (AWS SDK v3 or boto3)',
    },
    out: { type: 'string', value: 'FILE', help: 'where --emit writes (default stdout)' },
    json: { type: 'boolean', help: 'the outcome as JSON' },
  },
  notes: [
    'Creates the new GSIs (one at a time, until ACTIVE), then rewrites each affected item: safe against concurrent writers, rate-limited, resumable from a checkpoint per Scan segment, with a progress bar.',
  ],
  async run({ positionals, values }, io) {
    const segments = parsePositiveInt(values.segments as string | undefined, '--segments');
    if (segments !== undefined && segments > 1_000_000) throw new UsageError('--segments: at most 1,000,000');
    const rate = parsePositiveInt(values.rate as string | undefined, '--rate');
    const [old, next] = await readDesignPair(positionals, io);
    const diff = diffDesigns(old, next);
    if (diff.recreate)
      throw new CommandError(
        `keyplan migrate: the table must be recreated (${recreateReasons(diff).join('; ')}); a backfill cannot do that`,
      );
    const emit = values.emit as string | undefined;
    if (emit !== undefined) {
      if (emit !== 'typescript' && emit !== 'python')
        throw new UsageError(`--emit ${emit}: expected typescript or python`);
      let program: string;
      try {
        program = emit === 'typescript' ? backfillTypeScript(old, next) : backfillPython(old, next);
      } catch (error) {
        if (error instanceof BackfillSpecError) throw new CommandError(`keyplan migrate: ${error.message}`);
        throw error;
      }
      if (values.out) {
        await writeFile(values.out as string, program);
        io.stderr(`wrote ${values.out}\n`);
      } else io.stdout(program);
      return 0;
    }
    const dryRun = Boolean(values['dry-run']);
    return withDynamo('migrate', values, io, async (client) => {
      const { DescribeTableCommand } = await import('@aws-sdk/client-dynamodb');
      const { runBackfill } = await import('../../../server/dynamodb/backfill.ts');
      const { createMissingGsis } = await import('../../../server/dynamodb/backfill-gsis.ts');
      const tableName = next.table.name;
      if (!dryRun)
        await createMissingGsis(client, next, diff.gsis.create, (name) =>
          io.stderr(`keyplan migrate: creating GSI ${name} on ${tableName}; waiting until it is ACTIVE\n`),
        );
      const table = await client.send(new DescribeTableCommand({ TableName: tableName }));
      const total = table.Table?.ItemCount ?? 0;
      const bar =
        io.isTTY && !values.json
          ? new SingleBar({
              format: 'Backfill [{bar}] {value}/{total} items · {moved} moved · {updated} updated',
              hideCursor: true,
            })
          : undefined;
      bar?.start(total, 0, { moved: 0, updated: 0 });
      const started = performance.now();
      try {
        const counts = await runBackfill(client, old, next, {
          tableName,
          segments,
          rate,
          checkpoint: values.checkpoint as string | undefined,
          dryRun,
          onProgress: (c) =>
            bar?.update(Math.min(c.scanned, Math.max(total, c.scanned)), {
              moved: c.moved,
              updated: c.updated,
            }),
        });
        bar?.stop();
        const ms = Math.round(performance.now() - started);
        if (values.json) printJson(io, { tableName, dryRun, ...counts, ms });
        io.stderr(
          `${tableName}: ${dryRun ? 'would move' : 'moved'} ${counts.moved} items to new keys, ${dryRun ? 'would update' : 'updated'} ${counts.updated}, ${dryRun ? 'would create' : 'created'} ${counts.created} copies; ${counts.unchanged} already new or unchanged, ${counts.unknown} of no entity; ${counts.conflicts} concurrent changes read again; ${counts.scanned} scanned in ${ms} ms\n`,
        );
        return 0;
      } finally {
        bar?.stop();
      }
    });
  },
};
