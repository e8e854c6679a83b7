import { SingleBar } from 'cli-progress';
import { plural } from '../../core/values/text/plural.ts';
import type { Command } from '../command.ts';
import { dynamoOptions, withDynamo } from '../dynamo-options.ts';
import { printJson, readDesign, UsageError } from '../io.ts';

export const applyCommand: Command = {
  name: 'apply',
  summary: 'create or update the table from the design and write its items over it',
  synopsis: ['FILE [--endpoint | --aws] [--replace] [--recreate] [--no-items] [--timeout] [--json]'],
  options: {
    ...dynamoOptions,
    replace: { type: 'boolean', help: "delete the table's items that are not in the design" },
    recreate: {
      type: 'boolean',
      help: 'recreate a table whose key schema (or LSIs) changed, deleting its items',
    },
    'no-items': { type: 'boolean', help: 'create or update the table only, writing no items' },
    json: { type: 'boolean', help: 'the outcome as JSON' },
  },
  notes: [
    'Creates or updates the table (keys, GSIs, LSIs, TTL, billing) and writes the items, with a progress bar.',
    'Every item is checked against what DynamoDB refuses before anything changes (exit 1, naming each).',
  ],
  async run({ positionals, values }, io) {
    const design = await readDesign(positionals[0], io);
    if (values.replace && values['no-items'])
      throw new UsageError('--replace deletes the items not in the design, which --no-items does not write');
    const bar =
      io.isTTY && !values.json
        ? new SingleBar({ format: 'Loading items [{bar}] {value}/{total}', hideCursor: true })
        : undefined;
    return withDynamo('apply', values, io, async (client) => {
      const { applyForSession } = await import('../../../server/service.ts');
      const { stepText } = await import('../../../server/apply-plan.ts');
      const { KeySchemaChangedError } = await import('../../../server/dynamodb/apply.ts');
      const { ApiFailure } = await import('../../../server/errors.ts');
      let result: Awaited<ReturnType<typeof applyForSession>>;
      try {
        result = await applyForSession(client, '', design, {
          recreate: Boolean(values.recreate),
          replace: Boolean(values.replace),
          loadItems: !values['no-items'],
          onProgress: ({ written, total }) => {
            if (!bar) return;
            if (written === 0) bar.start(total, 0);
            else bar.update(written);
          },
          // Named before it is taken: with --aws the table may be a real one.
          onStep: (step) => {
            bar?.stop();
            io.stderr(`keyplan apply: ${stepText(step)}\n`);
          },
        });
      } catch (error) {
        if (!(error instanceof KeySchemaChangedError) || error.items === undefined) throw error;
        const step = {
          kind: 'recreate' as const,
          tableName: error.tableName,
          items: error.items,
          reasons: error.differences,
        };
        throw new ApiFailure(
          409,
          'RecreateRequired',
          `${stepText(step)}; nothing was changed: pass --recreate to do it`,
        );
      }
      bar?.stop();
      if (values.json) printJson(io, result);
      const { written, deleted, notInDesign } = result.items;
      io.stderr(
        `${result.tableName}: ${result.action}${result.changes.length ? ` (${result.changes.join('; ')})` : ''}; ` +
          `${written} items written${deleted ? `, ${deleted} not in the design deleted` : ''} in ${result.ms} ms\n`,
      );
      if (notInDesign > 0)
        io.stderr(
          `${result.tableName} still holds ${plural(notInDesign, 'item')} not in the design; --replace deletes them\n`,
        );
      return 0;
    }).finally(() => bar?.stop());
  },
};
