// One description for the table and each of its indexes, so that the code that re-keys, queries and
// exports items treats "the table" as just another key schema.
import type { Design, Entity, KeyAttribute, KeyType, Projection } from './schema.ts';

export const TABLE_INDEX = '$table';

export interface KeySchema {
  /** TABLE_INDEX for the base table, else the index name. */
  name: string;
  kind: 'table' | 'gsi' | 'lsi';
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  projection: Projection;
}

export function tableKeySchema(design: Design): KeySchema {
  const { table } = design;
  return {
    name: TABLE_INDEX,
    kind: 'table',
    partitionKey: table.partitionKey,
    sortKey: table.sortKey,
    projection: { type: 'ALL' },
  };
}

/** The table first, then GSIs, then LSIs, in the design's order. */
export function keySchemas(design: Design): KeySchema[] {
  const { table } = design;
  return [
    tableKeySchema(design),
    ...table.globalSecondaryIndexes.map(
      (gsi): KeySchema => ({
        name: gsi.name,
        kind: 'gsi',
        partitionKey: gsi.partitionKey,
        sortKey: gsi.sortKey,
        projection: gsi.projection,
      }),
    ),
    ...table.localSecondaryIndexes.map(
      (lsi): KeySchema => ({
        name: lsi.name,
        kind: 'lsi',
        partitionKey: table.partitionKey,
        sortKey: lsi.sortKey,
        projection: lsi.projection,
      }),
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
    for (const key of [schema.partitionKey, schema.sortKey]) {
      if (key && !types.has(key.name)) types.set(key.name, key.type);
    }
  }
  return types;
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
  names.add(schema.partitionKey.name);
  if (schema.sortKey) names.add(schema.sortKey.name);
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
