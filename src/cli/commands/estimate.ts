import { type CostModel, costModel } from '../../core/analysis/cost.ts';
import { estimateDesign } from '../../core/analysis/estimate.ts';
import { GB } from '../../core/analysis/storage.ts';
import { compareTablePerEntity } from '../../core/analysis/table-per-entity.ts';
import { buildViewsFor } from '../../core/indexes/views.ts';
import type { Command } from '../command.ts';
import { jsonOption } from '../command.ts';
import { printJson, readDesign } from '../io.ts';

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

export const estimateCommand: Command = {
  name: 'estimate',
  summary: 'capacity units per request and monthly cost (on demand vs provisioned, storage) of every pattern',
  usage: 'estimate FILE [--json]',
  options: jsonOption,
  async run({ positionals, values }, io) {
    const design = await readDesign(positionals[0], io);
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
    if (values.json) printJson(io, { patterns, ...totals });
    else {
      const rows = [['pattern', 'operation', 'RCU', 'WCU', 'req/s', 'on demand/mo', 'a table per entity']];
      for (const p of patterns) {
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
    const failed = estimates.filter((e) => e.error);
    for (const e of failed) io.stderr(`${e.patternId}: no estimate: ${e.error}\n`);
    return failed.length > 0 ? 1 : 0;
  },
};
