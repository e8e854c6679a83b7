// The migration plan a diff needs on a live table: the steps DynamoDB requires, in order (a GSI created one
// at a time and waited for until ACTIVE; a dual-write window; the backfill; readers switched; the old index
// or attributes dropped), each with the capacity it consumes and its dollars at on-demand prices, for the
// table's item count, and how long it takes at a given write rate. Units come from the estimate model:
// an item's size by its declared types (stored-items.ts), write units per KB, read units per 4 KB, what an
// index holds of an item (indexEntry); a transaction is charged twice for its table writes.

import { type PriceTable, US_EAST_1_PRICES } from '../../analysis/prices.ts';
import { READ_UNIT_BYTES, writeUnits } from '../../analysis/units.ts';
import { indexEntry, itemSizer } from '../../evaluate/stored-items.ts';
import { deriveItems } from '../../items/derive.ts';
import { type KeySchema, keySchemas } from '../../model/indexes.ts';
import type { Design } from '../../model/schema.ts';
import type { DerivedItem, PlainItem } from '../../values/item.ts';
import type { DesignDiff } from './diff.ts';
import { itemTransformer } from './transform.ts';

export type StepKind =
  | 'recreate'
  | 'create-gsi'
  | 'dual-write'
  | 'backfill'
  | 'switch-readers'
  | 'delete-gsi'
  | 'cleanup';

export interface PlanStep {
  kind: StepKind;
  title: string;
  detail: string;
  /** Items this step writes (or DynamoDB writes for it), at the table's item count. */
  items: number;
  readUnits: number;
  writeUnits: number;
  dollars: number;
  /** At the plan's write rate; undefined where DynamoDB sets the pace (an index build) or nothing is written. */
  seconds?: number;
}

export interface MigrationPlan {
  /** Items the table holds (the plan scales the samples' proportions to it). */
  tableItems: number;
  /** Writes per second the backfill is held to. */
  rate: number;
  steps: PlanStep[];
  total: { readUnits: number; writeUnits: number; dollars: number; seconds: number };
  prices: { region: string; effective: string };
}

export interface PlanOptions {
  /** Items in the table; default the entities' expectedItems, else the sample count. */
  items?: number;
  /** Writes per second for the backfill (default 100). */
  rate?: number;
  prices?: PriceTable;
}

export const DEFAULT_RATE = 100;

function dollars(prices: PriceTable, readUnits: number, writeUnitsCount: number): number {
  return (
    (readUnits * prices.onDemand.perMillionReadUnits +
      writeUnitsCount * prices.onDemand.perMillionWriteUnits) /
    1e6
  );
}

/** Index write units for an item going from before to after: 1 to add or remove an entry, 2 when its key moves. */
function indexWrites(
  design: Design,
  schemas: KeySchema[],
  size: (i: PlainItem) => number,
  before?: PlainItem,
  after?: PlainItem,
) {
  let units = 0;
  for (const schema of schemas) {
    if (schema.kind === 'table') continue;
    const a = indexEntry(design, schema, before);
    const b = indexEntry(design, schema, after);
    if (!a && !b) continue;
    const keys = [...schema.partitionKeys, ...schema.sortKeys].map((k) => k.name);
    const moved = a && b && keys.some((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
    if (a && !b) units += 1;
    else if (b && !a) units += writeUnits(size(b));
    else if (moved) units += 1 + writeUnits(size(b!));
    else if (JSON.stringify(a) !== JSON.stringify(b)) units += writeUnits(Math.max(size(a!), size(b!)));
  }
  return units;
}

/** The plan for moving a table from the old design to the new, from their diff. */
export function migrationPlan(
  old: Design,
  next: Design,
  diff: DesignDiff,
  options: PlanOptions = {},
): MigrationPlan {
  const prices = options.prices ?? US_EAST_1_PRICES;
  const rate = options.rate ?? DEFAULT_RATE;
  const oldItems = deriveItems(old);
  const sampleCount = Math.max(oldItems.length, 1);
  const expected = old.entities.reduce((sum, e) => sum + (e.expectedItems ?? 0), 0);
  const tableItems = options.items ?? (expected > 0 ? expected : oldItems.length);
  // Each sample item stands for this many items of the table.
  const scale = tableItems / sampleCount;
  const oldSize = itemSizer(old);
  const newSize = itemSizer(next);
  const newSchemas = keySchemas(next);
  // While the backfill runs, the table has the new indexes and the old ones not yet deleted.
  const newNames = new Set(newSchemas.map((s) => s.name));
  const during = [...newSchemas, ...keySchemas(old).filter((s) => !newNames.has(s.name))];
  const { transform } = itemTransformer(old, next);

  let scanBytes = 0;
  const backfill = { items: 0, write: 0 };
  const cleanup = { items: 0, write: 0 };
  for (const derived of oldItems as DerivedItem[]) {
    scanBytes += oldSize(derived.item);
    const outcome = transform(derived.item, { entity: derived.entity, copy: derived.copy })!;
    const before = derived.item;
    const after = outcome.after;
    if (outcome.action === 'rewrite') {
      // One TransactWriteItems: Put the new item, Delete the old (each table write charged twice).
      backfill.items++;
      backfill.write +=
        2 * (writeUnits(newSize(after!)) + writeUnits(oldSize(before))) +
        indexWrites(next, during, newSize, undefined, after) +
        indexWrites(old, during, oldSize, before, undefined);
    } else if (outcome.action === 'indexKeys') {
      backfill.items++;
      backfill.write +=
        writeUnits(Math.max(oldSize(before), newSize(after!))) +
        indexWrites(next, during, newSize, before, after);
    } else if (outcome.action === 'attributes' || outcome.action === 'delete') {
      cleanup.items++;
      cleanup.write +=
        writeUnits(oldSize(before)) + indexWrites(old, keySchemas(old), oldSize, before, after);
    }
    for (const created of outcome.creates) {
      backfill.items++;
      backfill.write +=
        2 * writeUnits(newSize(created.item)) + indexWrites(next, during, newSize, undefined, created.item);
    }
  }
  // An eventually consistent Scan: half a read unit per 4 KB read.
  const scanReads = Math.ceil((scanBytes * scale) / READ_UNIT_BYTES) / 2;

  const steps: PlanStep[] = [];
  const step = (s: Omit<PlanStep, 'dollars'>) =>
    steps.push({ ...s, dollars: dollars(prices, s.readUnits, s.writeUnits) });
  const round = (n: number) => Math.round(n * scale);

  if (diff.recreate) {
    const write = oldItems.reduce((sum, d) => sum + writeUnits(newSize(d.item)), 0);
    step({
      kind: 'recreate',
      title: `Create a new table ${next.table.name} and copy every item into it`,
      detail:
        'The table key or its LSIs change, which DynamoDB cannot alter: create the new table, dual-write, copy (Scan the old, Put the new), switch readers, then delete the old table.',
      items: tableItems,
      readUnits: scanReads,
      writeUnits: round(write),
      seconds: tableItems / rate,
    });
  }
  for (const name of diff.gsis.delete.filter((n) => diff.gsis.create.includes(n)))
    step({
      kind: 'delete-gsi',
      title: `Delete GSI ${name} (its key schema or projection changes) and wait until it is gone`,
      detail: 'Readers of this index must be off it first: it answers nothing until it is created again.',
      items: 0,
      readUnits: 0,
      writeUnits: 0,
    });
  for (const name of diff.gsis.create) {
    const schema = newSchemas.find((s) => s.name === name)!;
    // DynamoDB fills the new index from every item that has its keys (after the backfill, the new items).
    let entries = 0;
    let write = 0;
    for (const d of diff.newItems) {
      const entry = indexEntry(next, schema, d.item);
      if (!entry) continue;
      entries++;
      write += writeUnits(newSize(entry));
    }
    step({
      kind: 'create-gsi',
      title: `Create GSI ${name} (UpdateTable, one GSI at a time) and wait until it is ACTIVE`,
      detail:
        'DynamoDB backfills the index itself; the table stays available. Create the next GSI only once this one is ACTIVE.',
      items: round(entries),
      readUnits: 0,
      writeUnits: round(write),
    });
  }
  if (backfill.items > 0 && !diff.recreate) {
    step({
      kind: 'dual-write',
      title: 'Deploy writers that write the new version of every item they touch (dual-write window)',
      detail:
        'From now on every write produces the new keys, so items written during the backfill are already new; old readers keep working on the items not yet rewritten.',
      items: 0,
      readUnits: 0,
      writeUnits: 0,
    });
    step({
      kind: 'backfill',
      title: `Backfill: rewrite ${round(backfill.items).toLocaleString('en-US')} items (keyplan migrate, or the generated program)`,
      detail:
        'A parallel segmented Scan; an item whose primary key changes is moved in one TransactWriteItems (Put the new item if absent, Delete the old one if unchanged); an item whose index keys change is updated with a condition on its old values. Resumable from its checkpoints.',
      items: round(backfill.items),
      readUnits: scanReads,
      writeUnits: round(backfill.write),
      seconds: round(backfill.items) / rate,
    });
  }
  if (backfill.items > 0 || diff.gsis.create.length > 0)
    step({
      kind: 'switch-readers',
      title: 'Switch readers to the new access patterns',
      detail: 'Every item now has its new keys, so the new patterns answer completely.',
      items: 0,
      readUnits: 0,
      writeUnits: 0,
    });
  for (const name of diff.gsis.delete.filter((n) => !diff.gsis.create.includes(n)))
    step({
      kind: 'delete-gsi',
      title: `Delete GSI ${name}`,
      detail: 'Once no reader uses it; deleting an index costs no write units.',
      items: 0,
      readUnits: 0,
      writeUnits: 0,
    });
  if (cleanup.items > 0)
    step({
      kind: 'cleanup',
      title: `Drop what the new design no longer has from ${round(cleanup.items).toLocaleString('en-US')} items`,
      detail:
        'Optional: removed attributes and the items of removed entities or copies cost storage but break nothing.',
      items: round(cleanup.items),
      readUnits: scanReads,
      writeUnits: round(cleanup.write),
      seconds: round(cleanup.items) / rate,
    });
  const total = steps.reduce(
    (sum, s) => ({
      readUnits: sum.readUnits + s.readUnits,
      writeUnits: sum.writeUnits + s.writeUnits,
      dollars: sum.dollars + s.dollars,
      seconds: sum.seconds + (s.seconds ?? 0),
    }),
    { readUnits: 0, writeUnits: 0, dollars: 0, seconds: 0 },
  );
  return { tableItems, rate, steps, total, prices: { region: prices.region, effective: prices.effective } };
}

/** A duration as people read it: 42 s, 3 min 20 s, 2 h 5 min. */
export function formatDuration(seconds: number): string {
  const s = Math.ceil(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const minutes = Math.round((s % 3600) / 60);
  return `${Math.floor(s / 3600)} h${minutes ? ` ${minutes} min` : ''}`;
}

export function formatDollars(amount: number): string {
  return amount < 0.01 ? `$${amount.toFixed(4)}` : `$${amount.toFixed(2)}`;
}
