import { SingleBar } from 'cli-progress';
import type { Command } from '../command.ts';
import { dynamoOptions, withDynamo } from '../dynamo-options.ts';
import { printJson, readDesign } from '../io.ts';

export const applyCommand: Command = {
  name: 'apply',
  summary: 'create or update the table from the design and load its items',
  usage: 'apply FILE --endpoint URL [--recreate] [--no-items] [--timeout S (10)] [--json]',
  options: {
    ...dynamoOptions,
    recreate: { type: 'boolean' },
    'no-items': { type: 'boolean' },
    json: { type: 'boolean' },
  },
  async run({ positionals, values }, io) {
    const design = await readDesign(positionals[0], io);
    const bar =
      io.isTTY && !values.json
        ? new SingleBar({ format: 'Loading items [{bar}] {value}/{total}', hideCursor: true })
        : undefined;
    return withDynamo('apply', values, io, async (client) => {
      const { applyForSession } = await import('../../../server/service.ts');
      const result = await applyForSession(client, '', design, {
        recreate: Boolean(values.recreate),
        loadItems: !values['no-items'],
        onProgress: ({ written, total }) => {
          if (!bar) return;
          if (written === 0) bar.start(total, 0);
          else bar.update(written);
        },
      });
      bar?.stop();
      if (values.json) printJson(io, result);
      io.stderr(
        `${result.tableName}: ${result.action}${result.changes.length ? ` (${result.changes.join('; ')})` : ''}; ` +
          `${result.items.written} items written, ${result.items.deleted} removed in ${result.ms} ms\n`,
      );
      return 0;
    }).finally(() => bar?.stop());
  },
};
