// Pages as DynamoDB cuts them. Limit caps the items EVALUATED (ScannedCount), before the filter; the page
// also ends once the evaluated items reach 1 MB (the item that reaches it is included). At Limit DynamoDB
// does not look ahead: that page carries a LastEvaluatedKey even when nothing follows (a Query whose Limit
// equals the number of matching items returns one; the next page comes back empty without one). At 1 MB it
// does: a page that reaches 1 MB with its last item has none. Both checked against DynamoDB Local.

import { keyedSchema, type TupleKeyAttribute } from '../indexes/tuple-key.ts';
import { type IndexView, keyValueOf, type ViewEntry } from '../indexes/views.ts';
import { type KeySchema, tableKeySchema } from '../model/indexes.ts';
import { type AttributeTypes, attributeTypesByEntity, itemSize } from '../model/item-size.ts';
import type { Design, KeyAttribute } from '../model/schema.ts';
import type { ReadResult, ReadSpec } from '../requests/read-spec.ts';
import type { KeyValue, PlainItem } from '../values/item.ts';
import { EvaluationError } from './evaluation-error.ts';
import { matchesFilter } from './filter.ts';

export const PAGE_BYTES = 1_048_576;

export interface PageReader {
  limit?: number;
  /** Whether the entry passes the filter. */
  keep(entry: ViewEntry): boolean;
  /** The item as returned (projected). */
  output(entry: ViewEntry): PlainItem;
  /** The size of the entry's item as the index stores it, counted towards 1 MB. */
  size(entry: ViewEntry): number;
  lastKey(entry: ViewEntry): PlainItem;
}

/** Reads entries in order until they run out, Limit is reached or 1 MB has been evaluated. */
export function readPage(entries: Iterable<ViewEntry>, reader: PageReader): ReadResult {
  const items: PlainItem[] = [];
  let scannedCount = 0;
  let bytes = 0;
  const iterator = entries[Symbol.iterator]();
  for (let next = iterator.next(); !next.done; ) {
    const entry = next.value;
    scannedCount++;
    bytes += reader.size(entry);
    if (reader.keep(entry)) items.push(reader.output(entry));
    const atLimit = scannedCount === reader.limit;
    if (!atLimit) next = iterator.next();
    if (atLimit || (bytes >= PAGE_BYTES && !next.done)) {
      return { items, count: items.length, scannedCount, lastEvaluatedKey: reader.lastKey(entry) };
    }
  }
  return { items, count: items.length, scannedCount };
}

/** The key attributes of a page key: the table's primary key, then the index's keys when they differ. */
export function pageKeyAttributes(design: Design, schema: KeySchema): KeyAttribute[] {
  const table = tableKeySchema(design);
  const all = [table.partitionKey, table.sortKey, ...schema.partitionKeys, ...schema.sortKeys];
  const out: KeyAttribute[] = [];
  for (const key of all) if (key && !out.some((k) => k.name === key.name)) out.push(key);
  return out;
}

function lastEvaluatedKey(keys: readonly KeyAttribute[], entry: ViewEntry): PlainItem {
  const out: PlainItem = {};
  for (const key of keys) out[key.name] = entry.item[key.name];
  return out;
}

/** A validated ExclusiveStartKey: exactly the page key attributes, each of its key type. */
export function startKey(
  keys: readonly KeyAttribute[],
  view: IndexView,
  exclusiveStartKey: PlainItem,
): { pk: KeyValue; sk?: KeyValue; item: PlainItem } {
  const valid =
    Object.keys(exclusiveStartKey).length === keys.length &&
    keys.every((key) => keyValueOf(exclusiveStartKey, key) !== undefined);
  if (!valid) {
    throw new EvaluationError(
      'The provided starting key is invalid: The provided key element does not match the schema',
    );
  }
  const { partitionKey, sortKey } = keyedSchema(view.schema);
  // A multi-attribute key's values are the tuple tokens the view files entries under (tuple-key.ts).
  const value = (key: KeyAttribute) =>
    (key as TupleKeyAttribute).parts
      ? keyValueOf(exclusiveStartKey, key)
      : (exclusiveStartKey[key.name] as KeyValue);
  return {
    pk: value(partitionKey) as KeyValue,
    sk: sortKey ? value(sortKey) : undefined,
    item: exclusiveStartKey,
  };
}

/**
 * `local`: count towards 1 MB as DynamoDB Local does where it departs from AWS's documentation: a Query
 * counts only the items its filter keeps (AWS: 1 MB is read, then filtered), and a read of an index counts
 * each table item's full size (AWS: the index entries as projected).
 */
export function pageReader(design: Design, view: IndexView, spec: ReadSpec, local = false): PageReader {
  const types = typesOf(design);
  const keys = pageKeyAttributes(design, view.schema);
  // An LSI fetches the attributes it does not project from the table for a projection; a GSI has only
  // what it projects. A Query's filter names only what the index holds (refusals.ts); a Scan's filter is
  // evaluated on the table's item, as DynamoDB Local does (AWS documents nothing either way).
  const lsi = view.schema.kind === 'lsi';
  return {
    limit: spec.limit,
    keep: (e) => matchesFilter(e.source.item, spec.filter, types.get(e.source.entity)),
    output: (e) => outputItem(e, spec.projection, lsi),
    size: (e) => {
      const entityTypes = types.get(e.source.entity);
      if (!local) return itemSize(e.item, entityTypes);
      const dropped = spec.operation === 'Query' && !matchesFilter(e.source.item, spec.filter, entityTypes);
      return dropped ? 0 : itemSize(e.source.item, entityTypes);
    },
    lastKey: (e) => lastEvaluatedKey(keys, e),
  };
}

/** The returned item: a copy, so callers cannot alter the views; only the named attributes when projected. */
export function outputItem(
  entry: ViewEntry,
  projection: string[] | undefined,
  fromTable: boolean,
): PlainItem {
  if (!projection) return { ...entry.item };
  const source = fromTable ? entry.source.item : entry.item;
  const out: PlainItem = {};
  for (const name of projection) if (Object.hasOwn(source, name)) out[name] = source[name];
  return out;
}

const typeCache = new WeakMap<Design, Map<string, AttributeTypes>>();

function typesOf(design: Design): Map<string, AttributeTypes> {
  let types = typeCache.get(design);
  if (!types) {
    types = attributeTypesByEntity(design);
    typeCache.set(design, types);
  }
  return types;
}
