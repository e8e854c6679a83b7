// The items as the table and each index hold them: grouped by partition key, sorted by sort key,
// projected per index. This is what the evaluator reads and what the UI draws.
import { deriveItems } from '../items/derive.ts';
import { compareKeyValues, decodeBase64, keyString, sortToken } from '../keys/compare.ts';
import { type KeySchema, keySchemas, projectedAttributeNames, tableKeySchema } from '../model/indexes.ts';
import type { DerivedItem, KeyValue, PlainItem } from '../model/item.ts';
import type { Design, JsonValue, KeyAttribute } from '../model/schema.ts';

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

/** Orders entries of one partition: index sort key, then (GSI/LSI ties) the table's partition and sort key. */
export function entryComparator(design: Design, schema: KeySchema): (a: EntryKey, b: EntryKey) => number {
  const { sortKey } = schema;
  const ties = tieBreakKeys(design, schema);
  return (a, b) => {
    if (sortKey) {
      const order = compareKeyValues(a.sk!, b.sk!, sortKey.type);
      if (order !== 0) return order;
    }
    for (const key of ties) {
      const order = compareKeyValues(a.item[key.name] as KeyValue, b.item[key.name] as KeyValue, key.type);
      if (order !== 0) return order;
    }
    return 0;
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
  // Sorting 100k items fast: each sort level's keys become tokens in native JS order once, in one column
  // per level, and partitions sort entry numbers by them. The order is entryComparator's
  // (compareKeyValues), which the evaluator's binary searches rely on.
  const levels = [...(schema.sortKey ? [schema.sortKey] : []), ...tieBreakKeys(design, schema)];
  const columns: SortToken[][] = levels.map(() => []);
  const entries: ViewEntry[] = [];
  const groups = new Map<string, number[]>();
  const excluded: DerivedItem[] = [];
  for (const source of derived) {
    if (overwritten.has(source)) continue;
    const pk = keyValueOf(source.item, schema.partitionKey);
    const sk = schema.sortKey ? keyValueOf(source.item, schema.sortKey) : undefined;
    if (notInTable.has(source) || pk === undefined || (schema.sortKey && sk === undefined)) {
      excluded.push(source);
      continue;
    }
    const entry: ViewEntry = { item: project(source.item, projection), source, pk };
    if (schema.sortKey) entry.sk = sk;
    const n = entries.push(entry) - 1;
    levels.forEach((key, level) => {
      columns[level].push(sortToken(source.item[key.name] as KeyValue, key.type));
    });
    const partitionKey = keyString(pk, schema.partitionKey.type);
    const group = groups.get(partitionKey);
    if (group) group.push(n);
    else groups.set(partitionKey, [n]);
  }
  const byTokens = (a: number, b: number) => {
    for (const column of columns) if (column[a] !== column[b]) return column[a] < column[b] ? -1 : 1;
    return 0;
  };
  const partitions = new Map<string, ViewEntry[]>();
  for (const [key, group] of groups)
    partitions.set(
      key,
      group.sort(byTokens).map((n) => entries[n]),
    );
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

/** GSI and LSI entries with equal sort keys are ordered by the table's key, as DynamoDB Local orders them. */
function tieBreakKeys(design: Design, schema: KeySchema): KeyAttribute[] {
  if (schema.kind === 'table') return [];
  const table = tableKeySchema(design);
  return table.sortKey ? [table.partitionKey, table.sortKey] : [table.partitionKey];
}

function project(item: PlainItem, names: Set<string> | undefined): PlainItem {
  if (!names) return item;
  const out: PlainItem = {};
  for (const name in item) if (names.has(name)) out[name] = item[name];
  return out;
}
