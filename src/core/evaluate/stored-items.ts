// The items an estimate reasons about: the one stored under a primary key, what an index holds of an item,
// and their sizes with the declared types (binary and sets are sized as such, not as JSON strings).
import { type IndexViews, keyValueOf, type ViewEntry } from '../indexes/views.ts';
import { type KeySchema, projectedAttributeNames, TABLE_INDEX } from '../model/indexes.ts';
import { type AttributeTypes, attributeTypesByEntity, itemSize } from '../model/item-size.ts';
import type { AttributeType, Design } from '../model/schema.ts';
import { declaredTypes } from '../requests/typed-arguments.ts';
import { compareKeyValues, keyString } from '../values/compare.ts';
import type { PlainItem } from '../values/item.ts';

const sizers = new WeakMap<Design, (item: PlainItem) => number>();

/**
 * The size of an item by its entity's declared types, the entity read from the type attribute; an item
 * without one (a KEYS_ONLY index entry) is sized with every entity's declarations.
 */
export function itemSizer(design: Design): (item: PlainItem) => number {
  let sizer = sizers.get(design);
  if (!sizer) {
    const byEntity = attributeTypesByEntity(design);
    const all: AttributeTypes = declaredTypes(design) as Map<string, AttributeType>;
    const typeAttribute = design.table.typeAttribute;
    sizer = (item) => itemSize(item, byEntity.get(item[typeAttribute] as string) ?? all);
    sizers.set(design, sizer);
  }
  return sizer;
}

/** The item the table holds under this primary key (given as plain JSON), if any. */
export function storedItem(views: IndexViews, key: PlainItem): PlainItem | undefined {
  return storedEntry(views, key)?.item;
}

/** The table's entry under this primary key (given as plain JSON, any other attributes ignored), if any. */
export function storedEntry(views: IndexViews, key: PlainItem): ViewEntry | undefined {
  const table = views.get(TABLE_INDEX)!;
  const { partitionKey, sortKey } = table.schema;
  const pk = keyValueOf(key, partitionKey);
  if (pk === undefined) return undefined;
  const entries = table.partitions.get(keyString(pk, partitionKey.type)) ?? [];
  if (!sortKey) return entries[0];
  const sk = keyValueOf(key, sortKey);
  if (sk === undefined) return undefined;
  return entries.find((entry) => compareKeyValues(entry.sk!, sk, sortKey.type) === 0);
}

/** What an index holds of an item: its projection, or undefined when the item is not in the index (sparse). */
export function indexEntry(
  design: Design,
  schema: KeySchema,
  item: PlainItem | undefined,
): PlainItem | undefined {
  if (!item) return undefined;
  // Every key attribute of the index, those of a multi-attribute key included.
  if ([...schema.partitionKeys, ...schema.sortKeys].some((key) => keyValueOf(item, key) === undefined))
    return undefined;
  const names = projectedAttributeNames(design, schema);
  if (!names) return item;
  const entry: PlainItem = {};
  for (const name in item) if (names.has(name)) entry[name] = item[name];
  return entry;
}
