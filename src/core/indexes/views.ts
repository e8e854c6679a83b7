// The items as the table and each index hold them: grouped by partition key, sorted by sort key,
// projected per index. This is what the evaluator reads and what the UI draws.

import type { Derivations } from '../items/derivations.ts';
import { deriveItemsByEntity } from '../items/derive.ts';
import { type KeySchema, keySchemaFor, keySchemas, TABLE_INDEX, tableKeySchema } from '../model/indexes.ts';
import type { Design } from '../model/schema.ts';
import { compareKeyValues } from '../values/compare.ts';
import type { DerivedItem, KeyValue, PlainItem } from '../values/item.ts';
import { tieBreaker } from './local-order.ts';
import type { PartitionMap } from './partition-map.ts';
import { keyedSchema } from './tuple-key.ts';
import {
  type Contribution,
  contributionOf,
  mergeContributions,
  NONE,
  type ViewContext,
  viewContext,
} from './view-parts.ts';

export { keyValueOf } from './view-parts.ts';

export interface ViewEntry {
  /** The item as the index stores it (projected). */
  item: PlainItem;
  source: DerivedItem;
  pk: KeyValue;
  sk?: KeyValue;
}

export interface IndexView {
  schema: KeySchema;
  /** keyString of the partition key → entries in sort key order (shared between views: partition-map.ts). */
  partitions: PartitionMap;
  /** Partition keys in ascending key order: for display only, as DynamoDB orders partitions by hash. */
  partitionOrder: string[];
  /** Items not in this view: sparse (no such key attribute), a key of the wrong type, or not in the table. */
  excluded: DerivedItem[];
  /** Table view only: items replaced by a later item with the same primary key, as a PutItem would. */
  overwritten: DerivedItem[];
  itemCount: number;
}

/** One view per key schema name: TABLE_INDEX for the table, else the index name. */
export type IndexViews = Map<string, IndexView>;

/** What orders entries within a partition; an ExclusiveStartKey has the same shape. */
export type EntryKey = Pick<ViewEntry, 'item' | 'sk'>;

/** Every view of a design; `derivations`, the lineage's (derivations.ts), lets an edit re-derive only what changed. */
export function buildViewsFor(design: Design, derivations?: Derivations): IndexViews {
  return buildViewsByEntity(design, deriveItemsByEntity(design, derivations));
}

/** The views of these items (entity by entity, as deriveItems gives them). */
export function buildViews(design: Design, derived: DerivedItem[]): IndexViews {
  return buildViewsByEntity(design, runsByEntity(derived));
}

/**
 * One view: the table's, or an index's (which needs the table's to know what is stored). The grid shows one
 * view at a time, so an edit re-keys that one at once and the others when something asks for them.
 */
export function buildViewFor(design: Design, name: string, derivations?: Derivations): IndexView | undefined {
  const groups = deriveItemsByEntity(design, derivations);
  const table = tableViewOf(design, groups);
  if (name === TABLE_INDEX) return table.view;
  const schema = keySchemaFor(design, name);
  return schema && indexViewOf(design, groups, table, schema);
}

// Consecutive items of one entity (and one copy of it) form one group, so that the groups keep the items' order.
function runsByEntity(derived: DerivedItem[]): DerivedItem[][] {
  const runs: DerivedItem[][] = [];
  for (const source of derived) {
    const run = runs[runs.length - 1];
    if (run && run[0].entity === source.entity && run[0].copy === source.copy) run.push(source);
    else runs.push([source]);
  }
  return runs;
}

/**
 * The views built entity by entity, then merged. An edit changes one entity's items (derive.ts keeps the
 * others' arrays), so each view re-sorts only that entity's entries and re-merges only the partitions it
 * shares with others (view-parts.ts).
 */
function buildViewsByEntity(design: Design, groups: DerivedItem[][]): IndexViews {
  const table = tableViewOf(design, groups);
  const views: IndexViews = new Map([[TABLE_INDEX, table.view]]);
  for (const schema of keySchemas(design).slice(1))
    views.set(schema.name, indexViewOf(design, groups, table, schema));
  return views;
}

interface TableView {
  view: IndexView;
  context: ViewContext;
  parts: Contribution[];
}

function tableViewOf(design: Design, groups: DerivedItem[][]): TableView {
  const context = viewContext(design, tableKeySchema(design));
  const parts = groups.map((items) => contributionOf(items, context, NONE));
  return { view: mergeContributions(context, parts), context, parts };
}

function indexViewOf(
  design: Design,
  groups: DerivedItem[][],
  table: TableView,
  schema: KeySchema,
): IndexView {
  const context = viewContext(design, schema, table.context.key);
  const overwritten = new Set(table.view.overwritten);
  // An item whose table key is unusable is not in the table, hence in no index either; nor is an item
  // another one overwrote.
  const parts = groups.map((items, i) =>
    contributionOf(items, context, {
      notInTable: table.parts[i].excluded,
      overwritten:
        overwritten.size > 0 ? items.filter((source) => overwritten.has(source)) : NONE.overwritten,
    }),
  );
  return mergeContributions(context, parts);
}

/** Orders entries of one partition: index sort key, then (GSI/LSI ties) as DynamoDB Local does (local-order.ts). */
export function entryComparator(design: Design, schema: KeySchema): (a: EntryKey, b: EntryKey) => number {
  const { sortKey } = keyedSchema(schema);
  const tie = tieBreaker(design, schema);
  return (a, b) => {
    const order = sortKey ? compareKeyValues(a.sk!, b.sk!, sortKey.type) : 0;
    if (order !== 0 || !tie) return order;
    const x = tie(a.item);
    const y = tie(b.item);
    return x < y ? -1 : x > y ? 1 : 0;
  };
}
