// Monthly cost from each pattern's request rate (perSecond, or perDay spread evenly) and its estimated
// units per request: on demand (request units) and provisioned (capacity sized from the average rate per
// table and GSI), plus storage. A plain object the UI renders, and recomputes when a rate or a price changes.
import type { IndexViews } from '../indexes/views.ts';
import { buildViewsFor } from '../indexes/views.ts';
import { keySchemas } from '../model/indexes.ts';
import type { Design } from '../model/schema.ts';
import { estimateDesign } from './estimate.ts';
import type { PatternEstimate } from './estimate-types.ts';
import { type PriceTable, US_EAST_1_PRICES } from './prices.ts';
import { requestsPerSecond } from './rates.ts';
import { estimateStorage, type StorageEstimate } from './storage.ts';

export interface PatternCost {
  patternId: string;
  /** From the pattern's rate; undefined when it has none (it then costs 0 here). */
  requestsPerSecond?: number;
  requestsPerMonth: number;
  readUnitsPerMonth: number;
  writeUnitsPerMonth: number;
  /** On-demand dollars a month for this pattern's reads and writes. */
  onDemand: number;
}

/** Provisioned capacity one table or GSI needs for the average load, and what it costs a month. */
export interface ProvisionedTarget {
  target: string;
  readUnits: number;
  writeUnits: number;
  monthly: number;
}

export interface CostModel {
  prices: PriceTable;
  patterns: PatternCost[];
  provisioned: ProvisionedTarget[];
  storage: StorageEstimate;
  /** Dollars a month: throughput on demand, throughput provisioned, storage (either mode pays it). */
  totals: { onDemand: number; provisioned: number; storage: number };
  assumptions: string[];
  /** What the model lacks: patterns without a rate or estimate, entities without an item count or samples. */
  missing: { rates: string[]; estimates: string[]; itemCounts: string[]; samples: string[] };
}

export interface CostOptions {
  prices?: PriceTable;
  /** The design's estimates, when the caller already has them (estimateDesign). */
  estimates?: PatternEstimate[];
  views?: IndexViews;
}

function assumptions(prices: PriceTable): string[] {
  return [
    `Prices: ${prices.region}, ${prices.tableClass} table class, in effect since ${prices.effective} (checked ${prices.checked}): on demand $${prices.onDemand.perMillionReadUnits} per million read and $${prices.onDemand.perMillionWriteUnits} per million write request units; provisioned $${prices.provisioned.perReadUnitHour} per RCU-hour and $${prices.provisioned.perWriteUnitHour} per WCU-hour; storage $${prices.storage.perGbMonth} per GB-month.`,
    `A month is ${prices.hoursPerMonth} hours; a rate per day is spread evenly over the day.`,
    "Provisioned capacity is sized from the average rates, rounded up per table and GSI (at least 1 RCU and 1 WCU each; LSIs use the table's): it ignores peaks, which need headroom or auto scaling.",
    "Units per request are estimated on the design's sample items with each pattern's example arguments: real items and result sizes may differ.",
    `Storage counts ${prices.storage.overheadBytes} bytes of overhead per item and per index entry; 1 GB is 2^30 bytes. Free tiers are not deducted.`,
  ];
}

export function costModel(design: Design, options: CostOptions = {}): CostModel {
  const prices = options.prices ?? US_EAST_1_PRICES;
  const views = options.views ?? buildViewsFor(design);
  const estimates = options.estimates ?? estimateDesign(design, views);
  const secondsPerMonth = prices.hoursPerMonth * 3600;
  const lsis = new Set(design.table.localSecondaryIndexes.map((l) => l.name));
  const targets = new Map(
    keySchemas(design)
      .filter((s) => s.kind !== 'lsi')
      .map((s) => [s.kind === 'table' ? 'table' : s.name, { read: 0, write: 0 }]),
  );
  const missing: CostModel['missing'] = { rates: [], estimates: [], itemCounts: [], samples: [] };
  const patterns = design.accessPatterns.map((pattern, i): PatternCost => {
    const estimate = estimates[i];
    const rate = requestsPerSecond(pattern);
    if (rate === undefined) missing.rates.push(pattern.id);
    if (estimate.error) missing.estimates.push(pattern.id);
    const perSecond = rate ?? 0;
    const requestsPerMonth = perSecond * secondsPerMonth * estimate.requests;
    const reads = estimate.rcu ?? 0;
    const writes = estimate.wcu ?? 0;
    for (const { target, units } of estimate.perIndex) {
      // An LSI shares its table's capacity.
      const load = targets.get(lsis.has(target) ? 'table' : target);
      if (!load) continue;
      if (estimate.kind === 'read') load.read += units * perSecond * estimate.requests;
      else load.write += units * perSecond * estimate.requests;
    }
    const readUnitsPerMonth = reads * requestsPerMonth;
    const writeUnitsPerMonth = writes * requestsPerMonth;
    return {
      patternId: pattern.id,
      requestsPerSecond: rate,
      requestsPerMonth,
      readUnitsPerMonth,
      writeUnitsPerMonth,
      onDemand:
        (readUnitsPerMonth * prices.onDemand.perMillionReadUnits +
          writeUnitsPerMonth * prices.onDemand.perMillionWriteUnits) /
        1e6,
    };
  });
  const provisioned = [...targets].map(([target, load]): ProvisionedTarget => {
    const readUnits = Math.max(1, Math.ceil(load.read - 1e-9));
    const writeUnits = Math.max(1, Math.ceil(load.write - 1e-9));
    const hourly =
      readUnits * prices.provisioned.perReadUnitHour + writeUnits * prices.provisioned.perWriteUnitHour;
    return { target, readUnits, writeUnits, monthly: hourly * prices.hoursPerMonth };
  });
  const storage = estimateStorage(design, views, prices);
  for (const e of storage.entities) {
    if (e.items === undefined) missing.itemCounts.push(e.entity);
    if (e.averageItemBytes === undefined) missing.samples.push(e.entity);
  }
  return {
    prices,
    patterns,
    provisioned,
    storage,
    totals: {
      onDemand: patterns.reduce((sum, p) => sum + p.onDemand, 0),
      provisioned: provisioned.reduce((sum, p) => sum + p.monthly, 0),
      storage: storage.monthly,
    },
    assumptions: assumptions(prices),
    missing,
  };
}
