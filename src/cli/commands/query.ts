import { evaluateRead } from '../../core/evaluate/evaluate.ts';
import { buildViewsFor } from '../../core/indexes/views.ts';
import { isReadPattern } from '../../core/model/read-pattern.ts';
import { resolvePattern } from '../../core/requests/resolve.ts';
import { stringifyExactJson } from '../../core/values/exact-json.ts';
import type { PlainItem } from '../../core/values/item.ts';
import type { Command } from '../command.ts';
import { CommandError, parseJsonOption, parsePositiveInt, printJson, readDesign } from '../io.ts';
import { argumentsFor, findPattern } from '../pattern-args.ts';

export const queryCommand: Command = {
  name: 'query',
  summary: 'answer a read pattern in memory, as DynamoDB would',
  synopsis: ['FILE PATTERN [--arg]… [--limit] [--start-key] [--json]'],
  options: {
    arg: {
      type: 'string',
      value: 'k=v',
      multiple: true,
      help: 'an argument of the pattern, over its example value (repeatable)',
    },
    limit: { type: 'string', value: 'N', help: "the request's Limit" },
    'start-key': { type: 'string', value: 'JSON', help: 'go on from a lastEvaluatedKey' },
    json: { type: 'boolean', help: 'the answer as { items, count, scannedCount, lastEvaluatedKey }' },
  },
  async run({ positionals, values }, io) {
    const design = await readDesign(positionals[0], io);
    const pattern = findPattern(design, positionals[1]);
    if (!isReadPattern(pattern)) {
      throw new CommandError(
        `${pattern.id} is a ${pattern.operation}: only reads are answered in memory; use keyplan run`,
      );
    }
    const args = argumentsFor(design, pattern, values.arg as string[] | undefined);
    const spec = resolvePattern(design, pattern, args);
    const limit = parsePositiveInt(values.limit as string | undefined, '--limit');
    if (limit !== undefined) spec.limit = limit;
    const startKey = parseJsonOption(values['start-key'] as string | undefined, '--start-key');
    if (startKey !== undefined) spec.exclusiveStartKey = startKey as PlainItem;
    const result = evaluateRead(design, buildViewsFor(design), spec);
    if (values.json) printJson(io, result);
    else {
      for (const item of result.items) io.stdout(`${stringifyExactJson(item)}\n`);
      io.stderr(
        `Count ${result.count} · ScannedCount ${result.scannedCount}${result.lastEvaluatedKey ? ` · next page from ${stringifyExactJson(result.lastEvaluatedKey)}` : ''}\n`,
      );
    }
    return 0;
  },
};
