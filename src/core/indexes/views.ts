// The items as the table and each index hold them: grouped by partition key, sorted by sort key,
// projected per index. This is what the evaluator reads and what the UI draws.
import { deriveItems } from '../items/derive.ts';
import { compareKeyValues, decodeBase64, keyString, sortToken } from '../keys/compare.ts';
import { type KeySchema, keySchemas, projectedAttributeNames } from '../model/indexes.ts';
import type { DerivedItem, KeyValue, PlainItem } from '../model/item.ts';
import type { Design, JsonValue, KeyAttribute } from '../model/schema.ts';
import { tieBreaker } from './local-order.ts';

export interface ViewEntry {
  /** The item as the index stores it (projected). */
  item: PlainItem;
  source: DerivedItem;
  pk: KeyValue;
  sk?: KeyValue;
}

export interface IndexView {
  schema: KeySchema;
  /** keyString of the partition key → entries in sort key order. */
  partitions: Map<string, ViewEntry[]>;
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

export function buildViewsFor(design: Design): IndexViews {
  return buildViews(design, deriveItems(design));
}

export function buildViews(design: Design, derived: DerivedItem[]): IndexViews {
  const [tableSchema, ...indexSchemas] = keySchemas(design);
  const none = new Set<DerivedItem>();
  const table = buildView(design, tableSchema, derived, none, none);
  const overwritten = new Set<DerivedItem>();
  for (const entries of table.partitions.values()) dropOverwritten(entries, tableSchema, overwritten);
  table.itemCount -= overwritten.size;
  table.overwritten = derived.filter((d) => overwritten.has(d));
  const views: IndexViews = new Map([[tableSchema.name, table]]);
  // An item whose table key is unusable is not in the table, hence in no index either.
  const notInTable = new Set(table.excluded);
  for (const schema of indexSchemas)
    views.set(schema.name, buildView(design, schema, derived, overwritten, notInTable));
  return views;
}

// A PutItem replaces the item with the same primary key. After the stable sort such items are adjacent, in
// sample order, so all but the last of a run were overwritten.
function dropOverwritten(entries: ViewEntry[], schema: KeySchema, overwritten: Set<DerivedItem>): void {
  const { sortKey } = schema;
  let kept = 0;
  for (let i = 0; i < entries.length; i++) {
    const next = entries[i + 1];
    const replaced =
      next !== undefined && (!sortKey || compareKeyValues(entries[i].sk!, next.sk!, sortKey.type) === 0);
    if (replaced) overwritten.add(entries[i].source);
    else entries[kept++] = entries[i];
  }
  entries.length = kept;
}

/** An item's key value for a key attribute, or undefined when it is missing or of the wrong type. */
export function keyValueOf(item: PlainItem, key: KeyAttribute): KeyValue | undefined {
  return isKeyValue(item[key.name], key.type) ? (item[key.name] as KeyValue) : undefined;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

// DynamoDB rejects empty S and B key values, so they never form a key.
function isKeyValue(value: JsonValue | undefined, type: KeyAttribute['type']): boolean {
  if (type === 'N') return typeof value === 'number' && Number.isFinite(value);
  if (typeof value !== 'string' || value === '') return false;
  return type === 'S' || (BASE64.test(value) && decodeBase64(value).length > 0);
}

/** Orders entries of one partition: index sort key, then (GSI/LSI ties) as DynamoDB Local does (local-order.ts). */
export function entryComparator(design: Design, schema: KeySchema): (a: EntryKey, b: EntryKey) => number {
  const { sortKey } = schema;
  const tie = tieBreaker(design, schema);
  return (a, b) => {
    const order = sortKey ? compareKeyValues(a.sk!, b.sk!, sortKey.type) : 0;
    if (order !== 0 || !tie) return order;
    const x = tie(a.item);
    const y = tie(b.item);
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

function buildView(
  design: Design,
  schema: KeySchema,
  derived: DerivedItem[],
  overwritten: Set<DerivedItem>,
  notInTable: Set<DerivedItem>,
): IndexView {
  const projection = projectedAttributeNames(design, schema);
  const { sortKey } = schema;
  const entries: ViewEntry[] = [];
  // Sorting 100k items fast: sort keys become tokens in native JS order once (sortToken), and partitions
  // sort entry numbers by them. The order is entryComparator's, which the evaluator's binary searches use.
  const tokens: SortToken[] = [];
  const groups = new Map<string, number[]>();
  const excluded: DerivedItem[] = [];
  for (const source of derived) {
    if (overwritten.has(source)) continue;
    const pk = keyValueOf(source.item, schema.partitionKey);
    const sk = sortKey ? keyValueOf(source.item, sortKey) : undefined;
    if (notInTable.has(source) || pk === undefined || (sortKey && sk === undefined)) {
      excluded.push(source);
      continue;
    }
    const entry: ViewEntry = { item: project(source.item, projection), source, pk };
    if (sortKey) {
      entry.sk = sk;
      tokens.push(sortToken(sk!, sortKey.type));
    }
    const n = entries.push(entry) - 1;
    const partitionKey = keyString(pk, schema.partitionKey.type);
    const group = groups.get(partitionKey);
    if (group) group.push(n);
    else groups.set(partitionKey, [n]);
  }
  const bySortKey = (a: number, b: number) => (tokens[a] < tokens[b] ? -1 : tokens[a] > tokens[b] ? 1 : 0);
  const tie = tieBreaker(design, schema);
  const partitions = new Map<string, ViewEntry[]>();
  for (const [key, group] of groups) {
    if (sortKey) group.sort(bySortKey);
    const sorted = group.map((n) => entries[n]);
    // Ties are rare where sort keys are unique, so their (hashing) tie-break runs only where they occur.
    if (tie) {
      for (let start = 0; start < group.length; ) {
        let end = start + 1;
        while (end < group.length && (!sortKey || tokens[group[end]] === tokens[group[start]])) end++;
        if (end - start > 1) sortRun(sorted, start, end, tie);
        start = end;
      }
    }
    partitions.set(key, sorted);
  }
  const pkTokens = new Map<string, SortToken>();
  for (const [key, group] of partitions) pkTokens.set(key, sortToken(group[0].pk, schema.partitionKey.type));
  const partitionOrder = [...partitions.keys()].sort((a, b) => {
    const x = pkTokens.get(a)!;
    const y = pkTokens.get(b)!;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return { schema, partitions, partitionOrder, excluded, overwritten: [], itemCount: entries.length };
}

type SortToken = string | number;

function sortRun(entries: ViewEntry[], start: number, end: number, tie: (item: PlainItem) => string): void {
  const run = entries.slice(start, end).map((entry) => ({ entry, token: tie(entry.item) }));
  run.sort((a, b) => (a.token < b.token ? -1 : a.token > b.token ? 1 : 0));
  run.forEach(({ entry }, i) => {
    entries[start + i] = entry;
  });
}

function project(item: PlainItem, names: Set<string> | undefined): PlainItem {
  if (!names) return item;
  const out: PlainItem = {};
  for (const name in item) if (names.has(name)) out[name] = item[name];
  return out;
}
