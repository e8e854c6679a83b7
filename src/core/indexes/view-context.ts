// What a view does with an item besides ordering it: the context it is keyed and projected in, an item's
// key values in it (or none: the item is not in the view), and the item as the view projects it.
import { type KeySchema, projectedAttributeNames } from '../model/indexes.ts';
import type { Design, JsonValue, KeyAttribute } from '../model/schema.ts';
import { decodeBase64 } from '../values/compare.ts';
import { isExactNumber } from '../values/exact-json.ts';
import type { KeyValue, PlainItem } from '../values/item.ts';
import { tieBreaker } from './local-order.ts';
import { keyedSchema, type TupleKeyAttribute, tupleToken } from './tuple-key.ts';

/** How a view keys and projects items: everything an entity's contribution depends on besides its items. */
export interface ViewContext {
  /** The schema entries are keyed by: a multi-attribute role as one tuple attribute (tuple-key.ts). */
  schema: KeySchema;
  /** The index's own schema, as views show it. */
  indexSchema: KeySchema;
  /** The context's content as text (not the index name: two alike indexes share their contributions). */
  key: string;
  projection: Set<string> | undefined;
  /** Orders GSI/LSI entries with equal sort keys (local-order.ts); undefined for the table. */
  tie: ((item: PlainItem) => string) | undefined;
}

/** The context of a view; an index's depends on the table key too (`tableKey`, the table context's key). */
export function viewContext(design: Design, indexSchema: KeySchema, tableKey = ''): ViewContext {
  const projection = projectedAttributeNames(design, indexSchema);
  const schema = keyedSchema(indexSchema);
  const { kind, partitionKey, sortKey } = schema;
  const names = projection ? [...projection].sort() : null;
  const key = JSON.stringify([kind, partitionKey, sortKey ?? null, names, tableKey]);
  return { schema, indexSchema, key, projection, tie: tieBreaker(design, schema) };
}

/** An item's key value for a key attribute, or undefined when it is missing or of the wrong type. */
export function keyValueOf(item: PlainItem, key: TupleKeyAttribute): KeyValue | undefined {
  if (key.parts) {
    // A multi-attribute key: every attribute present and usable, or the item is not in the index.
    const values: KeyValue[] = [];
    for (const part of key.parts) {
      const value = keyValueOf(item, part);
      if (value === undefined) return undefined;
      values.push(value);
    }
    return tupleToken(
      values,
      key.parts.map((part) => part.type),
    );
  }
  return isKeyValue(item[key.name], key.type) ? (item[key.name] as KeyValue) : undefined;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

// DynamoDB rejects empty S and B key values, so they never form a key.
function isKeyValue(value: JsonValue | undefined, type: KeyAttribute['type']): boolean {
  if (type === 'N') return (typeof value === 'number' && Number.isFinite(value)) || isExactNumber(value);
  if (typeof value !== 'string' || value === '') return false;
  return type === 'S' || (BASE64.test(value) && decodeBase64(value).length > 0);
}

/** The item with only the attributes the view projects (the item itself when it projects all). */
export function project(item: PlainItem, names: Set<string> | undefined): PlainItem {
  if (!names) return item;
  const out: PlainItem = {};
  for (const name in item) if (names.has(name)) out[name] = item[name];
  return out;
}
