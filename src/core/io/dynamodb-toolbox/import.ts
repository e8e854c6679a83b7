// A design from the DynamoDB-Toolbox v2 Table and Entities a module exports, read from the objects
// themselves: the table's keys and indexes, each entity's schema attributes (type, required, enum, savedAs).
// A key attribute is computed (`computeKey`, a `link`, a `transform` such as `prefix`) or is an attribute's own
// value; a computation is called with placeholder values to recover its template, and one that is not a
// template in disguise (it lower-cases, hashes, chooses) is a warning naming the entity and the key.
import type { AttributeType, DesignInput, KeyType } from '../../model/schema.ts';
import { moduleImport } from '../module-code.ts';
import { type KeyFunction, recoverTemplate, renamePlaceholders } from '../recover-template.ts';
import type { FormatImport } from '../types.ts';
import { importDynamoDbToolboxV0, toolboxV0Entities } from './import-v0.ts';

interface ToolboxSchema {
  type: string;
  props: Record<string, unknown> & {
    key?: boolean;
    required?: string;
    savedAs?: string;
    enum?: unknown[];
    hidden?: boolean;
    putLink?: unknown;
    keyLink?: unknown;
    keyDefault?: unknown;
    putDefault?: unknown;
    transform?: { encode?: (value: unknown) => unknown };
  };
  elements?: ToolboxSchema;
}
interface ToolboxKey {
  name: string;
  type: 'string' | 'number' | 'binary';
}
interface ToolboxTable {
  tableName?: string;
  getName?: () => string;
  partitionKey: ToolboxKey;
  sortKey?: ToolboxKey;
  indexes?: Record<string, { type: 'global' | 'local'; partitionKey?: ToolboxKey; sortKey?: ToolboxKey }>;
  entityAttributeSavedAs?: string;
}
/** What Keyplan reads of a DynamoDB-Toolbox Entity instance. */
export interface ToolboxEntityLike {
  type: 'entity';
  entityName: string;
  table: ToolboxTable;
  schema: { attributes: Record<string, ToolboxSchema> };
  entityAttribute?: boolean | { name?: string };
  timestamps?: unknown;
  computeKey?: (input: Record<string, unknown>) => Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isToolboxEntity(value: unknown): value is ToolboxEntityLike {
  return (
    isObject(value) &&
    value.type === 'entity' &&
    typeof value.entityName === 'string' &&
    isObject(value.table) &&
    isObject(value.schema)
  );
}

/** Every distinct entity the exports hold, in the order of an exported object of them when there is one. */
function toolboxEntities(exports: Readonly<Record<string, unknown>>): ToolboxEntityLike[] {
  const found: ToolboxEntityLike[] = [];
  const values = Object.values(exports);
  for (const value of values)
    if (!isToolboxEntity(value) && isObject(value) && value.type !== 'table')
      for (const inner of Object.values(value))
        if (isToolboxEntity(inner) && !found.includes(inner)) found.push(inner);
  for (const value of values) if (isToolboxEntity(value) && !found.includes(value)) found.push(value);
  return found;
}

/** The function an attribute is computed with: `.link()` (a key attribute's is its `keyLink`). */
function linkOf(schema: ToolboxSchema | undefined): KeyFunction | undefined {
  const link = schema?.props.putLink ?? schema?.props.keyLink;
  return typeof link === 'function' ? (link as KeyFunction) : undefined;
}

/** A default that is one text (`.default('META')`, `.default(() => 'META')`), if the attribute has one. */
function constantDefault(schema: ToolboxSchema): string | undefined {
  const value = schema.props.keyDefault ?? schema.props.putDefault;
  try {
    const text = typeof value === 'function' ? (value as () => unknown)() : value;
    // Called twice: a default that changes (a time, an id) is no constant.
    const again = typeof value === 'function' ? (value as () => unknown)() : value;
    return typeof text === 'string' && text === again && !/[{}]/.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

const KEY_TYPES: Record<string, KeyType> = { string: 'S', number: 'N', binary: 'B' };
const ENTITY_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

function attributeType(schema: ToolboxSchema): AttributeType | undefined {
  switch (schema.type) {
    case 'string':
      return 'S';
    case 'number':
      return 'N';
    case 'boolean':
      return 'BOOL';
    case 'binary':
      return 'B';
    case 'null':
      return 'NULL';
    case 'list':
    case 'tuple':
      return 'L';
    case 'map':
    case 'record':
      return 'M';
    case 'set':
      return schema.elements?.type === 'number' ? 'NS' : schema.elements?.type === 'binary' ? 'BS' : 'SS';
    default:
      return undefined;
  }
}

/** The attributes an entity's `timestamps` option adds (`created`, `modified` unless renamed or off). */
function timestampNames(option: unknown): string[] {
  if (option === false || option === undefined) return [];
  if (option === true) return ['created', 'modified'];
  const names: string[] = [];
  for (const stamp of ['created', 'modified']) {
    const value = isObject(option) ? option[stamp] : undefined;
    if (value === false) continue;
    names.push(isObject(value) && typeof value.name === 'string' ? value.name : stamp);
  }
  return names;
}

function tableName(table: ToolboxTable): string | undefined {
  if (table.tableName) return table.tableName;
  try {
    return table.getName?.();
  } catch {
    return undefined;
  }
}

export function importDynamoDbToolbox(exports: Readonly<Record<string, unknown>>): FormatImport {
  // A v0 module's entities, as the sandbox's v0 shim recorded them (./import-v0.ts).
  const v0 = toolboxV0Entities(exports);
  if (v0.length > 0) return importDynamoDbToolboxV0(v0);
  const entities = toolboxEntities(exports);
  if (entities.length === 0)
    return {
      ok: false,
      message: `exports no DynamoDB-Toolbox Entity (its exports: ${Object.keys(exports).join(', ') || 'none'}): export one (an Entity, or an object of them)`,
    };
  const warnings: string[] = [];
  const table = entities[0].table;
  for (const entity of entities)
    if (entity.table !== table)
      warnings.push(
        `entity ${entity.entityName}: of another table (${tableName(entity.table)}); read into ${tableName(table)}`,
      );
  const name = tableName(table);
  if (!name) warnings.push('table: it has no name; named Table');
  const typeAttribute = table.entityAttributeSavedAs ?? '_et';
  const writers = entities.filter((e) => e.entityAttribute !== false);
  if (writers.length > 0 && writers.length < entities.length)
    warnings.push(
      `entities ${entities
        .filter((e) => e.entityAttribute === false)
        .map((e) => e.entityName)
        .join(', ')}: write no entity attribute (${typeAttribute}); Keyplan writes it for every entity`,
    );

  const keyTypes = new Map<string, KeyType>();
  const addKey = (key?: ToolboxKey) => {
    if (key) keyTypes.set(key.name, KEY_TYPES[key.type] ?? 'S');
  };
  addKey(table.partitionKey);
  addKey(table.sortKey);
  for (const index of Object.values(table.indexes ?? {})) {
    addKey(index.partitionKey);
    addKey(index.sortKey);
  }
  const tableKeyNames = [table.partitionKey.name, ...(table.sortKey ? [table.sortKey.name] : [])];

  const designEntities: NonNullable<DesignInput['entities']> = [];
  for (const entity of entities) {
    const where = `entity ${entity.entityName}`;
    let entityName = entity.entityName;
    if (!ENTITY_NAME.test(entityName)) {
      entityName = `E${entityName.replace(/[^A-Za-z0-9_]/g, '_')}`;
      warnings.push(
        `${where}: named ${entityName} in Keyplan (letters, digits and _); DynamoDB-Toolbox writes "${entity.entityName}" as its type`,
      );
    }
    const all = entity.schema.attributes;
    const stamps = timestampNames(entity.timestamps);
    const own = Object.entries(all).filter(([attributeName, schema]) => {
      if (entity.entityAttribute !== false && schema.props.savedAs === typeAttribute) return false;
      return !stamps.includes(attributeName);
    });
    if (stamps.length > 0)
      warnings.push(
        `${where}: DynamoDB-Toolbox writes its timestamps (_ct, _md by default); Keyplan's items do not hold them`,
      );
    const savedAs = (attribute: string) => all[attribute]?.props.savedAs ?? attribute;
    // The Keyplan attribute a placeholder names: the stored field, but for a value saved as a key
    // (`id: string().key().savedAs('pk')`), which Keyplan holds in the key only, under its own name.
    const stored = (attribute: string) =>
      keyTypes.has(savedAs(attribute)) && !linkOf(all[attribute]) ? attribute : savedAs(attribute);
    const inputs = own.filter(([, schema]) => !linkOf(schema)).map(([n]) => n);
    const numeric = new Set(inputs.filter((n) => all[n].type === 'number'));
    const recovered = (at: string, fn: KeyFunction, names: string[], renamed = true): string | undefined => {
      const result = recoverTemplate(fn, names, numeric);
      if (result.ok) return renamed ? renamePlaceholders(result.template, stored) : result.template;
      warnings.push(`${at}: not a key template: ${result.reason}`);
      return undefined;
    };

    const keys: Record<string, string> = {};
    const attributes: NonNullable<DesignInput['entities']>[number]['attributes'] = [];
    for (const [attributeName, schema] of own) {
      const at = `${where}.${attributeName}`;
      const field = savedAs(attributeName);
      const props = schema.props;
      const type = attributeType(schema);
      const link = linkOf(schema);
      if (keyTypes.has(field)) {
        if (link) {
          const template = recovered(at, link, inputs);
          if (template !== undefined) keys[field] = template;
          continue;
        }
        const transform = props.transform;
        if (typeof transform?.encode === 'function') {
          const encode = (values: Record<string, unknown>) => transform.encode?.(values[attributeName]);
          const template = recovered(at, encode, [attributeName], false);
          if (template !== undefined) keys[field] = template;
          // The value is held in the key only, under the attribute's own name.
          if (type) attributes.push({ name: attributeName, type, required: true, keyOnly: true });
          continue;
        }
        if (props.enum?.length === 1 && typeof props.enum[0] === 'string') {
          keys[field] = props.enum[0];
          continue;
        }
        const constant = field === attributeName ? constantDefault(schema) : undefined;
        if (constant !== undefined) {
          // `sk: string().key().default('META')`: the key every item of the entity is written with.
          keys[field] = constant;
          continue;
        }
        if (field !== attributeName && type) {
          // `email: string().key().savedAs('pk')`: the item holds the value under the key's name only.
          keys[field] = `{${attributeName}}`;
          attributes.push({ name: attributeName, type, required: true, keyOnly: true });
          continue;
        }
        keys[field] = `{${field}}`;
      } else if (link)
        warnings.push(
          `${at}: computed by a link function; Keyplan's samples hold its value where they give one`,
        );
      else if (props.transform)
        warnings.push(`${at}: its transform is not read; Keyplan holds the stored value`);
      // What DynamoDB-Toolbox computes or fills in is never an attribute a sample must invent.
      const filled = props.putDefault !== undefined || props.keyDefault !== undefined || link !== undefined;
      if (props.putDefault !== undefined || props.keyDefault !== undefined)
        warnings.push(
          `${at}: DynamoDB-Toolbox writes a default when it is missing; Keyplan's samples hold it only where they give it`,
        );
      if (!type) {
        warnings.push(`${at}: a ${schema.type} attribute has no DynamoDB type of its own; read as a map (M)`);
      }
      const values = props.enum?.filter(
        (v): v is string | number => typeof v === 'string' || typeof v === 'number',
      );
      attributes.push({
        name: field,
        type: type ?? 'M',
        ...(props.required !== 'never' && !filled ? { required: true } : {}),
        ...(values && values.length > 0 && type === 'S' ? { enum: values } : {}),
      });
    }
    if (typeof entity.computeKey === 'function') {
      const computeKey = entity.computeKey;
      const keyInputs = own.filter(([, schema]) => schema.props.key).map(([n]) => n);
      for (const keyName of tableKeyNames)
        if (keys[keyName] === undefined) {
          const template = recovered(
            `${where}.computeKey (${keyName})`,
            (values) => computeKey(values)[keyName],
            keyInputs,
          );
          if (template !== undefined) keys[keyName] = template;
        }
    }
    const missing = tableKeyNames.filter((k) => keys[k] === undefined);
    if (missing.length > 0) {
      warnings.push(`${where}: no template for ${missing.join(', ')}; left out`);
      continue;
    }
    designEntities.push({ name: entityName, attributes, keys });
  }
  if (designEntities.length === 0) return { ok: false, message: 'no entity has templates for the table key' };

  const keyOf = (key: ToolboxKey) => ({ name: key.name, type: KEY_TYPES[key.type] ?? 'S' });
  const indexes = Object.entries(table.indexes ?? {});
  const design: DesignInput = {
    format: 'keyplan/1',
    name: name ?? 'Table',
    table: {
      name: (name ?? 'Table').replace(/[^a-zA-Z0-9_.-]/g, '-'),
      partitionKey: keyOf(table.partitionKey),
      ...(table.sortKey ? { sortKey: keyOf(table.sortKey) } : {}),
      globalSecondaryIndexes: indexes
        .filter(([, index]) => index.type === 'global' && index.partitionKey)
        .map(([indexName, index]) => ({
          name: indexName,
          partitionKey: keyOf(index.partitionKey as ToolboxKey),
          ...(index.sortKey ? { sortKey: keyOf(index.sortKey) } : {}),
        })),
      localSecondaryIndexes: indexes
        .filter(([, index]) => index.type === 'local' && index.sortKey)
        .map(([indexName, index]) => ({ name: indexName, sortKey: keyOf(index.sortKey as ToolboxKey) })),
      typeAttribute,
      ...(writers.length === 0 ? { writeTypeAttribute: false } : {}),
    },
    entities: designEntities,
  };
  return moduleImport(design, warnings);
}
