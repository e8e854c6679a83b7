import { seedDesign } from '../../core/generate/generate.ts';
import type { Command } from '../command.ts';
import { parsePositiveInt, printJson, readDesign, UsageError } from '../io.ts';

export const seedCommand: Command = {
  name: 'seed',
  summary: 'the design with N generated sample items per entity',
  usage: 'seed FILE --count N [--seed S]',
  options: { count: { type: 'string' }, seed: { type: 'string' } },
  async run({ positionals, values }, io) {
    const design = await readDesign(positionals[0], io);
    const count = parsePositiveInt(values.count as string | undefined, '--count');
    if (count === undefined) throw new UsageError('--count N is required');
    const seed = values.seed === undefined ? 1 : Number(values.seed);
    if (!Number.isInteger(seed)) throw new UsageError(`--seed ${values.seed}: expected a whole number`);
    printJson(io, seedDesign(design, { count, seed }));
    return 0;
  },
};
