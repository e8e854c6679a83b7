// The items as the table and each index hold them: grouped by partition key, sorted by sort key,
// projected per index. This is what the evaluator reads and what the UI draws.

import { Derivations } from '../items/derivations.ts';
import { deriveItemsByEntity } from '../items/derive.ts';
import { type KeySchema, keySchemaFor, keySchemas, TABLE_INDEX, tableKeySchema } from '../model/indexes.ts';
import type { Design } from '../model/schema.ts';
import { compareKeyValues } from '../values/compare.ts';
import type { DerivedItem } from '../values/item.ts';
import { type Contribution, NONE } from './contribution.ts';
import { contributionOf } from './contributions.ts';
import type { IndexView, IndexViews } from './index-view.ts';
import { tieBreaker } from './local-order.ts';
import { mergeContributions } from './merge-contributions.ts';
import { keyedSchema } from './tuple-key.ts';
import { type ViewContext, viewContext } from './view-context.ts';
import type { EntryKey } from './view-types.ts';

export type { IndexView, IndexViews } from './index-view.ts';
export { keyValueOf } from './view-context.ts';
// The shapes of a view have modules of their own (view-types.ts, index-view.ts) so the parts that build a
// view and the partition map name them without importing this module.
export type { EntryKey, ViewEntry } from './view-types.ts';

/**
 * Every view of a design; `derivations`, the lineage's (derivations.ts), lets an edit re-derive and re-merge
 * only what changed. Without one, a throwaway one: nothing of this call is kept for the next.
 */
export function buildViewsFor(design: Design, derivations = new Derivations()): IndexViews {
  return buildViewsByEntity(design, deriveItemsByEntity(design, derivations), derivations);
}

/** The views of these items (entity by entity, as deriveItems gives them). */
export function buildViews(
  design: Design,
  derived: DerivedItem[],
  derivations = new Derivations(),
): IndexViews {
  return buildViewsByEntity(design, runsByEntity(derived), derivations);
}

/**
 * One view: the table's, or an index's (which needs the table's to know what is stored). The grid shows one
 * view at a time, so an edit re-keys that one at once and the others when something asks for them.
 */
export function buildViewFor(
  design: Design,
  name: string,
  derivations = new Derivations(),
): IndexView | undefined {
  const groups = deriveItemsByEntity(design, derivations);
  const table = tableViewOf(design, groups, derivations);
  if (name === TABLE_INDEX) return table.view;
  const schema = keySchemaFor(design, name);
  return schema && indexViewOf(design, groups, table, schema, derivations);
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
 * shares with others (contributions.ts, merge-contributions.ts).
 */
function buildViewsByEntity(design: Design, groups: DerivedItem[][], derivations: Derivations): IndexViews {
  const table = tableViewOf(design, groups, derivations);
  const views: IndexViews = new Map([[TABLE_INDEX, table.view]]);
  for (const schema of keySchemas(design).slice(1))
    views.set(schema.name, indexViewOf(design, groups, table, schema, derivations));
  return views;
}

interface TableView {
  view: IndexView;
  context: ViewContext;
  parts: Contribution[];
}

function tableViewOf(design: Design, groups: DerivedItem[][], derivations: Derivations): TableView {
  const context = viewContext(design, tableKeySchema(design));
  const parts = groups.map((items) => contributionOf(items, context, NONE));
  return { view: mergeContributions(context, parts, derivations), context, parts };
}

function indexViewOf(
  design: Design,
  groups: DerivedItem[][],
  table: TableView,
  schema: KeySchema,
  derivations: Derivations,
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
  return mergeContributions(context, parts, derivations);
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
