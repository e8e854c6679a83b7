// Pages as DynamoDB cuts them. Limit caps the items EVALUATED (ScannedCount), before the filter; the page
// also ends once the evaluated items reach 1 MB. DynamoDB does not look ahead: a page that ends because of
// Limit or 1 MB carries a LastEvaluatedKey even when nothing follows (a Query whose Limit equals the number
// of matching items returns one, and the next page comes back empty without one). A page that runs out of
// items has none.
import { type IndexView, keyValueOf, type ViewEntry } from '../indexes/views.ts';
import { type KeySchema, tableKeySchema } from '../model/indexes.ts';
import type { KeyValue, PlainItem } from '../model/item.ts';
import type { Design, KeyAttribute } from '../model/schema.ts';
import type { ReadResult } from '../requests/read-spec.ts';
import { EvaluationError } from './evaluation-error.ts';

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
  for (const entry of entries) {
    scannedCount++;
    bytes += reader.size(entry);
    if (reader.keep(entry)) items.push(reader.output(entry));
    if (scannedCount === reader.limit || bytes >= PAGE_BYTES) {
      return { items, count: items.length, scannedCount, lastEvaluatedKey: reader.lastKey(entry) };
    }
  }
  return { items, count: items.length, scannedCount };
}

/** The key attributes of a page key: the table's primary key, then the index's keys when they differ. */
export function pageKeyAttributes(design: Design, schema: KeySchema): KeyAttribute[] {
  const table = tableKeySchema(design);
  const all = [table.partitionKey, table.sortKey, schema.partitionKey, schema.sortKey];
  const out: KeyAttribute[] = [];
  for (const key of all) if (key && !out.some((k) => k.name === key.name)) out.push(key);
  return out;
}

export function lastEvaluatedKey(keys: readonly KeyAttribute[], entry: ViewEntry): PlainItem {
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
  const { partitionKey, sortKey } = view.schema;
  return {
    pk: exclusiveStartKey[partitionKey.name] as KeyValue,
    sk: sortKey ? (exclusiveStartKey[sortKey.name] as KeyValue) : undefined,
    item: exclusiveStartKey,
  };
}
