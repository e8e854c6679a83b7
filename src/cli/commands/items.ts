import { deriveItems } from '../../core/items/derive.ts';
import { stringifyExactJson } from '../../core/values/exact-json.ts';
import type { Command } from '../command.ts';
import { jsonOption } from '../command.ts';
import { printJson, readDesign } from '../io.ts';

export const itemsCommand: Command = {
  name: 'items',
  summary: 'the items as DynamoDB stores them, with every key attribute',
  synopsis: ['FILE [--json]'],
  options: jsonOption,
  notes: ['The items are derived from the sample values, with every key attribute and the type attribute.'],
  async run({ positionals, values }, io) {
    const design = await readDesign(positionals[0], io);
    const items = deriveItems(design).map((d) => d.item);
    if (values.json) printJson(io, items);
    else io.stdout(`${items.map((item) => stringifyExactJson(item)).join('\n')}\n`);
    return 0;
  },
};
