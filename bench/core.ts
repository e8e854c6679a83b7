// The core's hot paths at 1k, 10k and 100k items: deriving items and building the index views (what the
// app redoes on every edit), one Query page on the table and on a GSI, and a paged walk of a partition.
// A Query page must cost O(log n + page): its time at 100k items should stay within 2x of 10k. An edit
// re-derives and re-keys only what it changed: one sample's value, a sample added or removed, each timed
// as the app pays it (the edit, then every view of the edited design) and set against deriving and keying
// everything from scratch (target: 20x faster at 100k).
import { evaluateRead } from '../src/core/evaluate/evaluate.ts';
import { buildViews, buildViewsFor, type IndexViews } from '../src/core/indexes/views.ts';
import { Derivations } from '../src/core/items/derivations.ts';
import { deriveItems } from '../src/core/items/derive.ts';
import { setEntityKey } from '../src/core/model/ops/entities.ts';
import { addSample, removeSample, updateSample } from '../src/core/model/ops/samples.ts';
import { type Design, designSchema } from '../src/core/model/schema.ts';
import type { ReadSpec } from '../src/core/requests/read-spec.ts';
import type { PlainItem } from '../src/core/values/item.ts';
import { formatMs, measure, printTable, type Timing } from './measure.ts';

const SIZES = [1_000, 10_000, 100_000];
const STATUSES = ['PLACED', 'SHIPPED', 'DELIVERED'];
const START = Date.UTC(2026, 0, 1);
const YEAR_MS = 365 * 24 * 3600 * 1000;

/** A small seeded PRNG (mulberry32), so every run benchmarks the same items. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` orders over count / 20 customers: PK CUSTOMER#id, SK ORDER#createdAt#orderId, GSI1 by status. */
export function benchDesign(count: number): Design {
  const design = designSchema.parse({
    format: 'keyplan/1',
    name: `bench ${count}`,
    table: {
      name: 'BenchTable',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      globalSecondaryIndexes: [
        { name: 'GSI1', partitionKey: { name: 'GSI1PK', type: 'S' }, sortKey: { name: 'GSI1SK', type: 'S' } },
      ],
    },
    entities: [
      {
        name: 'Order',
        attributes: [
          { name: 'customerId', type: 'S', required: true },
          { name: 'orderId', type: 'S', required: true },
          { name: 'createdAt', type: 'S', format: 'date-time', required: true },
          { name: 'status', type: 'S' },
          { name: 'total', type: 'N' },
        ],
        keys: {
          PK: 'CUSTOMER#{customerId}',
          SK: 'ORDER#{createdAt}#{orderId}',
          GSI1PK: 'STATUS#{status}',
          GSI1SK: '{createdAt}',
        },
      },
    ],
  });
  const random = seeded(count);
  const customers = Math.max(1, Math.round(count / 20));
  // Assigned after parsing: validating 100k samples with zod is not what is being measured.
  design.items.Order = Array.from({ length: count }, (_, i) => ({
    customerId: `c${String(Math.floor(random() * customers)).padStart(6, '0')}`,
    orderId: `o${String(i).padStart(7, '0')}`,
    createdAt: new Date(START + Math.floor(random() * YEAR_MS)).toISOString(),
    status: STATUSES[Math.floor(random() * STATUSES.length)],
    total: Math.round(random() * 100_000) / 100,
  }));
  return design;
}

const tablePage: ReadSpec = {
  operation: 'Query',
  partition: 'CUSTOMER#c000000',
  sort: { op: 'begins_with', value: 'ORDER#2026-' },
  limit: 50,
};
const gsiPage: ReadSpec = {
  operation: 'Query',
  index: 'GSI1',
  partition: 'STATUS#PLACED',
  sort: { op: 'begins_with', value: '2026-' },
  limit: 50,
};

/** Every page of a read, following LastEvaluatedKey. */
function walk(design: Design, views: IndexViews, spec: ReadSpec): { items: number; pages: number } {
  let items = 0;
  let pages = 0;
  let exclusiveStartKey: PlainItem | undefined;
  do {
    const page = evaluateRead(design, views, { ...spec, exclusiveStartKey });
    items += page.scannedCount;
    pages++;
    exclusiveStartKey = page.lastEvaluatedKey;
  } while (exclusiveStartKey);
  return { items, pages };
}

/**
 * Edits as the designer makes them, each on the design the previous one left, timed with every view of the
 * result (derive.ts, contributions.ts and merge-contributions.ts patch what the edit changed).
 */
function editRows(design: Design, count: number): Row[] {
  let current = design;
  // The designer's lineage, as the app keeps it (store/derived.ts).
  const derivations = new Derivations();
  buildViewsFor(current, derivations);
  let n = 0;
  const timed = (name: string, edit: (d: Design) => Design, note: string): Row => {
    const timing = measure(
      () => {
        n++;
        current = edit(current);
        buildViewsFor(current, derivations);
      },
      { runs: 21, warmup: 5 },
    );
    return { name, items: count, timing, note };
  };
  const at = (d: Design) => (n * 7919) % d.items.Order.length;
  return [
    timed(
      'edit: one sample value (incremental)',
      (d) => updateSample(d, 'Order', at(d), 'total', n),
      'total, a non-key attribute',
    ),
    timed(
      'edit: one sample key value (incremental)',
      (d) => updateSample(d, 'Order', at(d), 'status', STATUSES[n % STATUSES.length]),
      'status: moves its GSI1 partition',
    ),
    timed(
      'edit: add a sample (incremental)',
      (d) => addSample(d, 'Order', { ...d.items.Order[at(d)], orderId: `new${n}` }),
      'appended',
    ),
    timed(
      'edit: remove a sample (incremental)',
      (d) => removeSample(d, 'Order', at(d)),
      'later samples move up',
    ),
    timed(
      'edit: key template (one key re-rendered)',
      (d) => setEntityKey(d, 'Order', 'GSI1SK', n % 2 === 0 ? '{createdAt}#A' : '{createdAt}#B'),
      'GSI1SK: every item',
    ),
  ];
}

interface Row {
  name: string;
  items: number;
  timing: Timing;
  note?: string;
}

export function runCoreBench(): void {
  const rows: Row[] = [];
  const queryMedians = new Map<string, number>();
  for (const count of SIZES) {
    const design = benchDesign(count);
    const derived = deriveItems(design);
    const views = buildViews(design, derived);
    // Derived items are memoized per (immutable) entity and its samples, and a template edit re-renders
    // only that template: fresh entity and sample arrays measure a real re-derive of every item.
    const fresh = () => ({
      ...design,
      entities: design.entities.map((e) => ({ ...e })),
      items: { Order: [...design.items.Order] },
    });
    rows.push({ name: 'derive items', items: count, timing: measure(() => deriveItems(fresh())) });
    rows.push({
      name: 'build index views',
      items: count,
      timing: measure(() => buildViews(design, derived)),
    });
    rows.push({
      name: 'derive + views',
      items: count,
      timing: measure(() => buildViews(design, deriveItems(fresh()))),
    });
    rows.push(...editRows(design, count));
    for (const [name, spec] of [
      ['Query page, table', tablePage],
      ['Query page, GSI1', gsiPage],
    ] as const) {
      const returned = evaluateRead(design, views, spec).count;
      const timing = measure(() => evaluateRead(design, views, spec), { runs: 2000, warmup: 200 });
      queryMedians.set(`${name}@${count}`, timing.median);
      rows.push({ name, items: count, timing, note: `${returned} items` });
    }
    const walkSpec: ReadSpec = { operation: 'Query', index: 'GSI1', partition: 'STATUS#SHIPPED', limit: 50 };
    const walked = walk(design, views, walkSpec);
    rows.push({
      name: 'paged walk, GSI1 partition',
      items: count,
      timing: measure(() => walk(design, views, walkSpec), { runs: 7, warmup: 2 }),
      note: `${walked.items} items in ${walked.pages} pages of 50`,
    });
  }
  printTable([
    ['benchmark', 'items', 'median', 'p99', 'runs', ''],
    ...rows.map((r) => [
      r.name,
      r.items.toLocaleString('en'),
      formatMs(r.timing.median),
      formatMs(r.timing.p99),
      String(r.timing.runs),
      r.note ?? '',
    ]),
  ]);
  console.log();
  const median = (name: string, count: number) =>
    rows.find((r) => r.name === name && r.items === count)!.timing.median;
  const scratch = median('derive + views', 100_000);
  for (const name of [
    'edit: one sample value (incremental)',
    'edit: one sample key value (incremental)',
    'edit: add a sample (incremental)',
    'edit: remove a sample (incremental)',
  ]) {
    const ratio = scratch / median(name, 100_000);
    console.log(
      `${name} at 100k: ${formatMs(median(name, 100_000))} vs ${formatMs(scratch)} from scratch = ${ratio.toFixed(0)}x faster  ${ratio >= 20 ? 'PASS' : 'FAIL'} (≥ 20x)`,
    );
  }
  for (const name of ['Query page, table', 'Query page, GSI1']) {
    const ratio = queryMedians.get(`${name}@100000`)! / queryMedians.get(`${name}@10000`)!;
    console.log(`${name}: 100k / 10k = ${ratio.toFixed(2)}x  ${ratio < 2 ? 'PASS' : 'FAIL'} (< 2x)`);
  }
}
