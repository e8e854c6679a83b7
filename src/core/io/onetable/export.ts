// A design as a OneTable schema: the table's key and indexes as `indexes`, one model per entity whose key
// attributes carry value templates (so OneTable writes exactly Keyplan's keys), `params.typeField` as the
// type attribute, and the access patterns as saved `queries`. OneTable has no place for descriptions,
// formats, the table's name and settings or transactions, so the design without its items also goes into
// a `keyplan` field OneTable does not read; Keyplan's importer takes it back while the schema still says
// what it said (see import.ts). What OneTable will do differently from the design is a warning.
import { gsiKeyAttributes, isNaturalKey, keyAttributeTypes } from '../../model/indexes.ts';
import type { Design, Entity, Projection } from '../../model/schema.ts';
import { warningList } from '../warnings.ts';
import { queryOf } from './queries.ts';
import {
  KEY_ONE_TYPE,
  ONE_TYPE,
  ONETABLE_FORMAT,
  ONETABLE_UNIQUE_TYPE,
  ONETABLE_VERSION,
  type OneField,
  type OneIndex,
  type OneProjection,
  type OneQuery,
  type OneSchema,
  oneTemplate,
  uniqueItemKeys,
} from './schema.ts';

function projectionOf(projection: Projection): OneProjection {
  if (projection.type === 'ALL') return 'all';
  if (projection.type === 'KEYS_ONLY') return 'keys';
  return projection.attributes ?? [];
}

function indexesOf(design: Design, warn: (m: string) => void): Record<string, OneIndex> {
  const { table } = design;
  const indexes: Record<string, OneIndex> = {
    primary: { hash: table.partitionKey.name, ...(table.sortKey ? { sort: table.sortKey.name } : {}) },
  };
  for (const gsi of table.globalSecondaryIndexes) {
    const { partitionKeys, sortKeys } = gsiKeyAttributes(gsi);
    if (partitionKeys.length > 1 || sortKeys.length > 1) {
      warn(
        `table.globalSecondaryIndexes "${gsi.name}": a multi-attribute key has no OneTable form; not exported`,
      );
      continue;
    }
    indexes[gsi.name] = {
      hash: partitionKeys[0].name,
      ...(sortKeys[0] ? { sort: sortKeys[0].name } : {}),
      project: projectionOf(gsi.projection),
    };
  }
  for (const lsi of table.localSecondaryIndexes)
    indexes[lsi.name] = { type: 'local', sort: lsi.sortKey.name, project: projectionOf(lsi.projection) };
  return indexes;
}

function modelOf(design: Design, entity: Entity, warn: (m: string) => void): Record<string, OneField> {
  const keyTypes = keyAttributeTypes(design);
  const fields: Record<string, OneField> = {};
  for (const [key, template] of Object.entries(entity.keys)) {
    const type = KEY_ONE_TYPE[keyTypes.get(key) ?? 'S'];
    if (isNaturalKey(entity, key)) continue;
    fields[key] = { type, value: oneTemplate(template) };
  }
  for (const attribute of entity.attributes) {
    const field: OneField = { type: ONE_TYPE[attribute.type] };
    if (keyTypes.has(attribute.name)) field.type = KEY_ONE_TYPE[keyTypes.get(attribute.name) ?? 'S'];
    if (attribute.required) field.required = true;
    if (attribute.enum) field.enum = attribute.enum;
    if (attribute.name === design.table.ttlAttribute) field.ttl = true;
    fields[attribute.name] = field;
    const where = `${entity.name}.${attribute.name}`;
    if (attribute.type === 'NULL') warn(`${where}: OneTable has no NULL type; exported as a string`);
    if (attribute.type === 'SS' || attribute.type === 'NS' || attribute.type === 'BS')
      warn(`${where}: OneTable's "set" type does not say the set's element type (${attribute.type})`);
    if (attribute.keyOnly)
      warn(`${where} is key-only: OneTable stores every property it is given, so its items hold it as well`);
  }
  const primary = {
    hash: design.table.partitionKey.name,
    ...(design.table.sortKey ? { sort: design.table.sortKey.name } : {}),
  };
  for (const copy of entity.copies ?? []) {
    // A copy of keys alone, keyed as OneTable keys a unique field's item: that field is `unique`.
    const unique =
      copy.attributes?.length === 0 &&
      entity.attributes.find((attribute) => {
        const keys = Object.entries(uniqueItemKeys(primary, entity.name, attribute.name, attribute.name));
        return (
          keys.length === Object.keys(copy.keys).length &&
          keys.every(([key, template]) => copy.keys[key] === template)
        );
      });
    if (unique) {
      fields[unique.name].unique = true;
      if (copy.typeValue !== ONETABLE_UNIQUE_TYPE)
        warn(
          `${entity.name}.copies "${copy.name}": OneTable types its unique items "${ONETABLE_UNIQUE_TYPE}", not "${copy.typeValue ?? entity.name}"`,
        );
    } else
      warn(
        `${entity.name}.copies "${copy.name}": OneTable writes one item per create; the copy is not written`,
      );
  }
  return fields;
}

/** The schema (with the `keyplan` field) and what OneTable will not do as the design says. */
export function exportOneTable(design: Design): { schema: OneSchema; warnings: string[] } {
  const { warnings, warn } = warningList();
  const schema = oneTableSchema(design, warn);
  const { items: _items, ...withoutItems } = design;
  return { schema: { ...schema, keyplan: withoutItems }, warnings };
}

/** The OneTable part alone: what the importer compares with a file to trust its `keyplan` field. */
export function oneTableSchema(design: Design, warn: (m: string) => void = () => {}): OneSchema {
  if (design.table.writeTypeAttribute === false)
    warn(
      `table.writeTypeAttribute is false, but OneTable always writes the type field "${design.table.typeAttribute}"`,
    );
  const models: OneSchema['models'] = {};
  for (const entity of design.entities) models[entity.name] = modelOf(design, entity, warn);
  const queries: Record<string, OneQuery> = {};
  for (const pattern of design.accessPatterns) {
    const query = queryOf(design, pattern);
    if (query.ok) queries[pattern.id] = query.value;
    else warn(`accessPatterns "${pattern.id}": ${query.why}; kept only in the keyplan field`);
  }
  return {
    format: ONETABLE_FORMAT,
    version: ONETABLE_VERSION,
    name: design.name,
    indexes: indexesOf(design, warn),
    models,
    params: { typeField: design.table.typeAttribute, isoDates: true, timestamps: false },
    queries,
  };
}
