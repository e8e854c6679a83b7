import { stringifyExactJson } from '../../core/values/exact-json.ts';
import type { PlainItem } from '../../core/values/item.ts';
import type { Command } from '../command.ts';
import { dynamoOptions, withDynamo } from '../dynamo-options.ts';
import { parseJsonOption, parsePositiveInt, printJson, readDesign } from '../io.ts';
import { argumentsFor, findPattern } from '../pattern-args.ts';

export const runCommand: Command = {
  name: 'run',
  summary: 'execute an access pattern for real, with consumed capacity',
  synopsis: ['FILE PATTERN [--endpoint | --aws] [--arg]… [--limit] [--start-key] [--timeout] [--json]'],
  options: {
    ...dynamoOptions,
    arg: {
      type: 'string',
      value: 'k=v',
      multiple: true,
      help: 'an argument of the pattern, over its example value (repeatable)',
    },
    limit: { type: 'string', value: 'N', help: "the request's Limit" },
    'start-key': { type: 'string', value: 'JSON', help: 'go on from a lastEvaluatedKey' },
    json: {
      type: 'boolean',
      help: 'the answer as { items, count, scannedCount, consumedCapacity, lastEvaluatedKey, latencyMs }',
    },
  },
  async run({ positionals, values }, io) {
    const design = await readDesign(positionals[0], io);
    const pattern = findPattern(design, positionals[1]);
    const args = argumentsFor(design, pattern, values.arg as string[] | undefined);
    const limit = parsePositiveInt(values.limit as string | undefined, '--limit');
    const exclusiveStartKey = parseJsonOption(values['start-key'] as string | undefined, '--start-key') as
      | PlainItem
      | undefined;
    return withDynamo('run', values, io, async (client) => {
      const { runPatternForSession } = await import('../../../server/service.ts');
      const result = await runPatternForSession(client, '', design, {
        patternId: pattern.id,
        args,
        limit,
        exclusiveStartKey,
      });
      const { items, count, scannedCount, consumedCapacity, lastEvaluatedKey, latencyMs } = result;
      if (values.json)
        printJson(io, { items, count, scannedCount, consumedCapacity, lastEvaluatedKey, latencyMs });
      else {
        for (const item of items) io.stdout(`${stringifyExactJson(item)}\n`);
        const next = lastEvaluatedKey ? ` · next page from ${stringifyExactJson(lastEvaluatedKey)}` : '';
        io.stderr(
          `Count ${count} · ScannedCount ${scannedCount} · ${consumedCapacity.total} capacity units · ${latencyMs} ms${next}\n`,
        );
      }
      return 0;
    });
  },
};
