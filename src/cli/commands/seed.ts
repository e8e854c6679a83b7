import { generateSamples } from '../../core/items/generate/generate.ts';
import { describeGenerateResult } from '../../core/items/generate/report.ts';
import { itemLimitMessage } from '../../core/model/design-limits.ts';
import { plural } from '../../core/values/text/plural.ts';
import type { Command } from '../command.ts';
import { parsePositiveInt, printJson, readDesign, UsageError } from '../io.ts';

/** `2026-06-01` or `2026-06-01T12:00:00Z`: a date the generated dates lie before. */
function parseRefDate(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(value) ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime()))
    throw new UsageError(`--ref-date ${value}: expected an ISO date such as 2026-06-01`);
  return date;
}

export const seedCommand: Command = {
  name: 'seed',
  summary: 'the design with N generated sample items per entity (a warning for each entity that got fewer)',
  synopsis: ['FILE --count [--seed] [--ref-date]'],
  options: {
    count: { type: 'string', value: 'N', help: 'sample items to generate per entity' },
    seed: { type: 'string', value: 'S', help: "the generator's seed: one seed gives the same items" },
    'ref-date': {
      type: 'string',
      value: 'DATE',
      help: 'dates lie in the two years before DATE (default: today), TTLs after it',
    },
  },
  async run({ positionals, values }, io) {
    const path = positionals[0];
    const design = await readDesign(path, io);
    const count = parsePositiveInt(values.count as string | undefined, '--count');
    if (count === undefined) throw new UsageError('--count N is required');
    const entities = design.entities.length;
    const tooMany = itemLimitMessage(
      count * entities,
      `--count ${count} for ${plural(entities, 'entity', 'entities')} would give the design`,
    );
    if (tooMany) throw new UsageError(tooMany);
    const seed = values.seed === undefined ? 1 : Number(values.seed);
    if (!Number.isInteger(seed)) throw new UsageError(`--seed ${values.seed}: expected a whole number`);
    const refDate = parseRefDate(values['ref-date'] as string | undefined);
    const { items, results } = generateSamples(design, { count, seed, refDate });
    const label = path === '-' ? '<stdin>' : path;
    for (const result of results) {
      if (result.reason) io.stderr(`${label}: warning: ${describeGenerateResult(result)}\n`);
    }
    printJson(io, { ...design, items });
    return 0;
  },
};
