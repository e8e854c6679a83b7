import { type CostModel, costModel } from '../../core/analysis/cost.ts';
import { estimateDesign } from '../../core/analysis/estimate.ts';
import { GB } from '../../core/analysis/storage.ts';
import { compareTablePerEntity } from '../../core/analysis/table-per-entity.ts';
import { type ValidationResult, validateDesign, validateDesignText } from '../../core/checks/validate.ts';
import { buildViewsFor } from '../../core/indexes/views.ts';
import type { Design } from '../../core/model/schema.ts';
import { parseExactJson } from '../../core/values/exact-json.ts';
import type { Command } from '../command.ts';
import { jsonOption } from '../command.ts';
import { type CliIo, designError, printJson, readDesign, readText } from '../io.ts';

const dollars = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const units = (n: number | undefined) => (n === undefined ? '-' : String(n));

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => cell.padEnd(widths[c]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function footer(cost: CostModel): string {
  const provisioned = cost.provisioned
    .map((p) => `${p.target} ${p.readUnits} RCU / ${p.writeUnits} WCU ${dollars(p.monthly)}`)
    .join('; ');
  const items = cost.storage.entities.reduce((sum, e) => sum + (e.items ?? 0), 0);
  const { onDemand, provisioned: sized, storage } = cost.totals;
  return [
    `Provisioned, sized from average rates (peaks ignored): ${provisioned}.`,
    `Storage: ${items.toLocaleString('en-US')} expected items, ${(cost.storage.bytes / GB).toFixed(2)} GB: ${dollars(storage)} a month.`,
    `Per month: on demand ${dollars(onDemand + storage)}, provisioned ${dollars(sized + storage)} (storage included).`,
    `Prices: ${cost.prices.region}, in effect since ${cost.prices.effective}.`,
    ...(cost.missing.rates.length > 0 ? [`No rate (costed at 0): ${cost.missing.rates.join(', ')}.`] : []),
    ...(cost.missing.itemCounts.length > 0
      ? [`No expectedItems (no storage): ${cost.missing.itemCounts.join(', ')}.`]
      : []),
  ].join('\n');
}

/** An access pattern `validate` refuses: not estimated, reported with why. */
interface InvalidPattern {
  /** Where it stood in the design's accessPatterns. */
  index: number;
  patternId: string;
  operation?: string;
  error: string;
}

const patternProblem = /^accessPatterns\[(\d+)\]/;

/**
 * Reads the design for estimating: a pattern that `validate` refuses is set aside with its problems, so the
 * other patterns are still estimated; any other problem fails the design, as readDesign does.
 */
async function readEstimable(
  path: string | undefined,
  io: CliIo,
): Promise<{ design: Design; invalid: InvalidPattern[] }> {
  if (!path) return { design: await readDesign(path, io), invalid: [] };
  const text = await readText(path, io);
  const first = validateDesignText(text);
  if (first.ok) return { design: first.design, invalid: [] };
  // Only problems inside patterns are set aside (a JSON syntax error is the document's).
  if (first.problems.some((p) => !patternProblem.test(p.path))) throw designError(path, first.problems);
  const document = parseExactJson(text) as { accessPatterns: unknown[] };
  const patterns = document.accessPatterns;
  // Indexes into `patterns` of the patterns kept so far, and the problems of those set aside.
  let kept = patterns.map((_, i) => i);
  const problems = new Map<number, string[]>();
  let result: ValidationResult = first;
  while (!result.ok) {
    const owners = result.problems.map((p) => patternProblem.exec(p.path));
    if (owners.some((owner) => !owner)) throw designError(path, first.problems);
    result.problems.forEach(({ path: at, message }, i) => {
      const index = kept[Number(owners[i]![1])];
      const where = at.replace(patternProblem, `accessPatterns[${index}]`);
      problems.set(index, [...(problems.get(index) ?? []), `${where}: ${message}`]);
    });
    kept = kept.filter((index) => !problems.has(index));
    result = validateDesign({ ...document, accessPatterns: kept.map((i) => patterns[i]) });
  }
  const invalid = [...problems].map(([index, lines]): InvalidPattern => {
    const { id, operation } = (patterns[index] ?? {}) as { id?: unknown; operation?: unknown };
    return {
      index,
      patternId: typeof id === 'string' ? id : `accessPatterns[${index}]`,
      operation: typeof operation === 'string' ? operation : undefined,
      error: `invalid pattern: ${lines.join('; ')}`,
    };
  });
  return { design: result.design, invalid: invalid.sort((a, b) => a.index - b.index) };
}

export const estimateCommand: Command = {
  name: 'estimate',
  summary: 'capacity units per request and monthly cost (on demand vs provisioned, storage) of every pattern',
  synopsis: ['FILE [--json]'],
  options: jsonOption,
  notes: [
    'Per pattern: RCU/WCU of one request (per table and index, explained), monthly cost on demand and provisioned, storage, and the same reads with one table per entity.',
    'An invalid pattern is reported as such (with why) and the others are still estimated.',
  ],
  async run({ positionals, values }, io) {
    const { design, invalid } = await readEstimable(positionals[0], io);
    const views = buildViewsFor(design);
    const estimates = estimateDesign(design, views);
    const cost = costModel(design, { estimates, views });
    const perEntity = compareTablePerEntity(design, estimates, views);
    const { patterns: patternCosts, ...totals } = cost;
    const patterns = estimates.map((estimate, i) => ({
      ...estimate,
      cost: patternCosts[i],
      tablePerEntity: perEntity[i],
    }));
    // The invalid patterns in their places, in design order.
    const all: ((typeof patterns)[number] | InvalidPattern)[] = [...patterns];
    for (const { index, ...rest } of invalid) all.splice(index, 0, { index, ...rest });
    if (values.json)
      printJson(io, {
        patterns: all.map((p) =>
          'index' in p
            ? { patternId: p.patternId, operation: p.operation, invalid: true, error: p.error }
            : p,
        ),
        ...totals,
      });
    else {
      const rows = [['pattern', 'operation', 'RCU', 'WCU', 'req/s', 'on demand/mo', 'a table per entity']];
      for (const p of all) {
        if ('index' in p) {
          rows.push([p.patternId, p.operation ?? '-', '-', '-', '-', '-', p.error]);
          continue;
        }
        const alt = p.tablePerEntity.tablePerEntity;
        rows.push([
          p.patternId,
          p.operation,
          units(p.rcu),
          units(p.wcu),
          p.cost.requestsPerSecond === undefined ? '-' : String(Number(p.cost.requestsPerSecond.toFixed(3))),
          dollars(p.cost.onDemand),
          p.error ? p.error : `${alt.requests} req, ${alt.units} ${p.kind === 'read' ? 'RCU' : 'WCU'}`,
        ]);
      }
      io.stdout(`${table(rows)}\n\n${footer(cost)}\n`);
    }
    const failed = all.filter((e) => e.error);
    for (const e of failed) io.stderr(`${e.patternId}: no estimate: ${e.error}\n`);
    return failed.length > 0 ? 1 : 0;
  },
};
