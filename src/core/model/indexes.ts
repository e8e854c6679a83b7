// One description for the table and each of its indexes, so that the code that re-keys, queries and
// exports items treats "the table" as just another key schema.
import type { Design, Entity, GlobalSecondaryIndex, KeyAttribute, KeyType, Projection } from './schema.ts';

export const TABLE_INDEX = '$table';

export interface KeySchema {
  /** TABLE_INDEX for the base table, else the index name. */
  name: string;
  kind: 'table' | 'gsi' | 'lsi';
  /** The first partition attribute (the only one but for a multi-attribute GSI key). */
  partitionKey: KeyAttribute;
  /** The first sort attribute (the only one but for a multi-attribute GSI key). */
  sortKey?: KeyAttribute;
  /** Every partition attribute in key order: a single key is a list of one. */
  partitionKeys: KeyAttribute[];
  /** Every sort attribute in key order; empty without a sort key. */
  sortKeys: KeyAttribute[];
  projection: Projection;
}

/** Whether a role of the key (partition or sort) has several attributes: its value is then a tuple. */
export function isMultiAttribute(schema: KeySchema): boolean {
  return schema.partitionKeys.length > 1 || schema.sortKeys.length > 1;
}

/** A GSI's key attributes as lists, whichever spelling (`partitionKey` or `partitionKeys`) it uses. */
export function gsiKeyAttributes(gsi: GlobalSecondaryIndex): {
  partitionKeys: KeyAttribute[];
  sortKeys: KeyAttribute[];
} {
  const partitionKeys = gsi.partitionKeys ?? (gsi.partitionKey ? [gsi.partitionKey] : []);
  const sortKeys = gsi.sortKeys ?? (gsi.sortKey ? [gsi.sortKey] : []);
  return { partitionKeys, sortKeys };
}

function schemaOf(
  name: string,
  kind: KeySchema['kind'],
  partitionKeys: KeyAttribute[],
  sortKeys: KeyAttribute[],
  projection: Projection,
): KeySchema {
  const schema: KeySchema = {
    name,
    kind,
    partitionKey: partitionKeys[0],
    partitionKeys,
    sortKeys,
    projection,
  };
  if (sortKeys.length > 0) schema.sortKey = sortKeys[0];
  return schema;
}

export function tableKeySchema(design: Design): KeySchema {
  const { table } = design;
  return schemaOf(TABLE_INDEX, 'table', [table.partitionKey], table.sortKey ? [table.sortKey] : [], {
    type: 'ALL',
  });
}

/** The table first, then GSIs, then LSIs, in the design's order. */
export function keySchemas(design: Design): KeySchema[] {
  const { table } = design;
  return [
    tableKeySchema(design),
    ...table.globalSecondaryIndexes.map((gsi) => {
      const { partitionKeys, sortKeys } = gsiKeyAttributes(gsi);
      return schemaOf(gsi.name, 'gsi', partitionKeys, sortKeys, gsi.projection);
    }),
    ...table.localSecondaryIndexes.map((lsi) =>
      schemaOf(lsi.name, 'lsi', [table.partitionKey], [lsi.sortKey], lsi.projection),
    ),
  ];
}

/** The key schema for an index name (undefined or TABLE_INDEX for the table). */
export function keySchemaFor(design: Design, index: string | undefined): KeySchema | undefined {
  const name = index ?? TABLE_INDEX;
  return keySchemas(design).find((schema) => schema.name === name);
}

/** Every attribute used in a key of the table or an index, with its type (first declaration wins). */
export function keyAttributeTypes(design: Design): Map<string, KeyType> {
  const types = new Map<string, KeyType>();
  for (const schema of keySchemas(design)) {
    for (const key of [...schema.partitionKeys, ...schema.sortKeys]) {
      if (!types.has(key.name)) types.set(key.name, key.type);
    }
  }
  return types;
}

/**
 * An entity's key templates in the order of the key schemas (table, GSIs, LSIs; partition before sort), and
 * any other key after them as given: a module importer reads them in the module's attribute order, which an
 * export rewrites, so without one order import → export → import would move the keys around.
 */
export function inKeySchemaOrder(
  design: Design,
  keys: Readonly<Record<string, string>>,
): Record<string, string> {
  const names = [
    ...new Set(keySchemas(design).flatMap((s) => [...s.partitionKeys, ...s.sortKeys].map((k) => k.name))),
  ];
  const ordered: Record<string, string> = {};
  for (const name of names) if (keys[name] !== undefined) ordered[name] = keys[name];
  for (const [name, template] of Object.entries(keys)) if (!(name in ordered)) ordered[name] = template;
  return ordered;
}

/** The table's primary key attribute names (partition key, then sort key when there is one). */
export function primaryKeyNames(design: Design): string[] {
  const { partitionKey, sortKey } = design.table;
  return sortKey ? [partitionKey.name, sortKey.name] : [partitionKey.name];
}

/**
 * Attribute names an index holds for an item: its own keys and the table's, plus the projected ones
 * (undefined means every attribute).
 */
export function projectedAttributeNames(design: Design, schema: KeySchema): Set<string> | undefined {
  if (schema.projection.type === 'ALL') return undefined;
  const names = new Set(primaryKeyNames(design));
  for (const key of [...schema.partitionKeys, ...schema.sortKeys]) names.add(key.name);
  if (schema.projection.type === 'INCLUDE')
    for (const name of schema.projection.attributes ?? []) names.add(name);
  return names;
}

/**
 * Whether the entity's key `keyName` is a natural key: an attribute of the entity itself, its template
 * `{keyName}`. The item holds that value once, as the attribute; nothing renders it besides.
 */
export function isNaturalKey(entity: Entity, keyName: string): boolean {
  return entity.keys[keyName] === `{${keyName}}` && entity.attributes.some((a) => a.name === keyName);
}
