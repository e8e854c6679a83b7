// A design from a DynamoDB-Toolbox v0 module (0.3–0.9), read from the configs its `new Table(…)` and
// `new Entity(…)` were given (the CLI's sandbox loads such a module with a shim that records them:
// src/cli/module-sandbox/toolbox-v0-shim.ts). v0's semantics, as its 0.9 README documents them and as
// the corpus's inputs use them (assumptions, not checked against a v0 install):
// - Table: `name`, `partitionKey`/`sortKey` (attribute names), `indexes: { name: { partitionKey?, sortKey? } }`
//   (no partition key: a local index), `entityField` (the type attribute, `_et`; false: none), `attributes`
//   (types of the key attributes, string by default).
// - Entity attribute: a type (`'string'`), a composite `['sk', 0, type?]` (part 0 of `sk`, parts joined by
//   the key's `delimiter`, `#` by default), or `{ type, partitionKey, sortKey (true, or an index name),
//   map (the field it is stored in), alias (another name it is read by), prefix, suffix, default (a value or a
//   function of the item), required (true or 'always'), hidden, onUpdate }`. An attribute flagged as the
//   table's key but named otherwise (`id: { partitionKey: true }`) is stored under the key's name.
// - `timestamps` (true by default): `created`/`modified` stored as `_ct`/`_md`.

import { placeholders } from '../../keys/template.ts';
import type { AttributeType, DesignInput, KeyType } from '../../model/schema.ts';
import { moduleImport } from '../module-code.ts';
import { type KeyFunction, recoverTemplate } from '../recover-template.ts';
import type { FormatImport } from '../types.ts';

type Config = Record<string, unknown>;
interface V0Record {
  kind: 'table' | 'entity';
  config: Config;
}

const isObject = (value: unknown): value is Config => typeof value === 'object' && value !== null;

function v0Record(value: unknown): V0Record | undefined {
  if (!isObject(value)) return undefined;
  const record = value.keyplanToolboxV0;
  return isObject(record) && isObject(record.config) ? (record as unknown as V0Record) : undefined;
}

/** Every v0 entity the exports hold (or an exported object's fields hold), each once, in their order. */
export function toolboxV0Entities(exports: Readonly<Record<string, unknown>>): V0Record[] {
  const found: V0Record[] = [];
  const add = (value: unknown) => {
    const record = v0Record(value);
    if (record?.kind === 'entity' && !found.includes(record)) found.push(record);
  };
  for (const value of Object.values(exports)) {
    add(value);
    if (isObject(value) && !v0Record(value)) for (const inner of Object.values(value)) add(inner);
  }
  return found;
}

const TYPES: Record<string, AttributeType> = {
  string: 'S',
  number: 'N',
  boolean: 'BOOL',
  list: 'L',
  map: 'M',
  binary: 'B',
};
const ENTITY_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Text a key template holds literally: `{` and `}` would read as placeholders. */
const PLAIN_TEXT = /^[^{}]*$/;

function attributeType(definition: Config): AttributeType {
  const type = String(definition.type ?? 'string');
  if (type === 'set')
    return definition.setType === 'number' ? 'NS' : definition.setType === 'binary' ? 'BS' : 'SS';
  return TYPES[type] ?? 'S';
}

/** An attribute definition in its object form: a type name or a composite array as the object v0 reads. */
function definitionOf(value: unknown): Config {
  if (typeof value === 'string') return { type: value };
  if (Array.isArray(value)) {
    const [key, position, more] = value;
    const extra = typeof more === 'string' ? { type: more } : isObject(more) ? more : {};
    return { ...extra, composite: { key: String(key), position: Number(position) } };
  }
  return isObject(value) ? value : {};
}

interface TableInfo {
  name?: string;
  partitionKey: string;
  sortKey?: string;
  indexes: [string, { partitionKey?: string; sortKey?: string }][];
  typeAttribute: string | false;
  keyTypes: Map<string, KeyType>;
}

function tableInfo(table: unknown, attributes: Record<string, Config>): TableInfo | undefined {
  const config = v0Record(table)?.config;
  const flagged = (flag: 'partitionKey' | 'sortKey') => {
    const entry = Object.entries(attributes).find(([, d]) => d[flag] === true);
    return entry ? String(entry[1].map ?? entry[0]) : undefined;
  };
  const partitionKey =
    typeof config?.partitionKey === 'string' ? config.partitionKey : flagged('partitionKey');
  if (!partitionKey) return undefined;
  const sortKey = config
    ? typeof config.sortKey === 'string'
      ? config.sortKey
      : undefined
    : flagged('sortKey');
  const keyTypes = new Map<string, KeyType>();
  const declared = isObject(config?.attributes) ? config.attributes : {};
  const indexes = Object.entries(isObject(config?.indexes) ? config.indexes : {}).map(
    ([name, index]) =>
      [name, isObject(index) ? index : {}] as [string, { partitionKey?: string; sortKey?: string }],
  );
  for (const key of [partitionKey, sortKey, ...indexes.flatMap(([, i]) => [i.partitionKey, i.sortKey])])
    if (typeof key === 'string') {
      const type = String(isObject(declared[key]) ? declared[key].type : (declared[key] ?? 'string'));
      keyTypes.set(key, type === 'number' ? 'N' : type === 'binary' ? 'B' : 'S');
    }
  const name =
    config && typeof config.name === 'string' ? config.name : typeof table === 'string' ? table : undefined;
  const entityField = config?.entityField;
  return {
    name,
    partitionKey,
    sortKey,
    indexes,
    typeAttribute: entityField === false ? false : typeof entityField === 'string' ? entityField : '_et',
    keyTypes,
  };
}

/** The field an attribute is stored in: its `map`, the key its flag names, or its own name. */
function fieldOf(name: string, definition: Config, table: TableInfo): string {
  if (typeof definition.map === 'string') return definition.map;
  const key = (flag: unknown, role: 'partitionKey' | 'sortKey') => {
    if (flag === true) return role === 'partitionKey' ? table.partitionKey : table.sortKey;
    const index = table.indexes.find(([indexName]) => indexName === flag)?.[1];
    return index?.[role];
  };
  return key(definition.partitionKey, 'partitionKey') ?? key(definition.sortKey, 'sortKey') ?? name;
}

export function importDynamoDbToolboxV0(records: readonly V0Record[]): FormatImport {
  const warnings: string[] = [];
  const first = records[0].config;
  const firstAttributes = Object.fromEntries(
    Object.entries(isObject(first.attributes) ? first.attributes : {}).map(([n, d]) => [n, definitionOf(d)]),
  );
  const table = tableInfo(first.table, firstAttributes);
  if (!table) return { ok: false, message: 'the DynamoDB-Toolbox v0 entities declare no partition key' };
  if (!table.name && v0Record(first.table))
    warnings.push('table: its name is not in the module (it comes from the environment); named Table');
  if (typeof first.table !== 'object')
    warnings.push(
      `table: the entities are built without a Table; its keys are those entity ${String(first.name)} flags`,
    );
  const typeAttribute = table.typeAttribute === false ? '_et' : table.typeAttribute;

  const entities: NonNullable<DesignInput['entities']> = [];
  for (const { config } of records) {
    const where = `entity ${String(config.name)}`;
    if (config.table !== first.table)
      warnings.push(`${where}: of another table; read into ${table.name ?? 'Table'}`);
    let entityName = String(config.name ?? 'Entity');
    if (!ENTITY_NAME.test(entityName)) {
      entityName = `E${entityName.replace(/[^A-Za-z0-9_]/g, '_')}`;
      warnings.push(`${where}: named ${entityName} in Keyplan (letters, digits and _)`);
    }
    const definitions = Object.entries(isObject(config.attributes) ? config.attributes : {}).map(
      ([name, value]) => [name, definitionOf(value)] as const,
    );
    const stamps =
      config.timestamps === false
        ? []
        : [
            [String(config.createdAlias ?? 'created'), String(config.created ?? '_ct')],
            [String(config.modifiedAlias ?? 'modified'), String(config.modified ?? '_md')],
          ];
    if (stamps.length > 0)
      warnings.push(
        `${where}: DynamoDB-Toolbox writes its timestamps (${stamps.map(([, f]) => f).join(', ')}); Keyplan's items hold them only where a key is made of them`,
      );
    // What a default function is given: every attribute by the name the item is written with (its alias if
    // it has one), a timestamp as its text (dynamodb-toolbox 0.3.5 and 0.9.5, checked: a default that calls
    // `data.modified()` throws there, and v0 then writes the function's source text as the value).
    const inputNames = definitions.map(([name, d]) => (typeof d.alias === 'string' ? d.alias : name));
    const stampNames = stamps.map(([alias]) => alias);
    const numeric = new Set(definitions.filter(([, d]) => attributeType(d) === 'N').map(([n]) => n));
    // The Keyplan attribute an input name is: a key's own value under its name (key-only), any other
    // attribute under the field it is stored in, a timestamp under its stored name.
    const keyplanName = (input: string) => {
      const stamp = stamps.find(([alias]) => alias === input);
      if (stamp) return stamp[1];
      const found = definitions.find(([n, d]) => (typeof d.alias === 'string' ? d.alias : n) === input);
      if (!found) return input;
      const field = fieldOf(found[0], found[1], table);
      return table.keyTypes.has(field) && !found[1].composite ? input : field;
    };

    const keys: Record<string, string> = {};
    const attributes: NonNullable<DesignInput['entities']>[number]['attributes'] = [];
    const declare = (attribute: (typeof attributes)[number]) => {
      if (!attributes.some((a) => a.name === attribute.name)) attributes.push(attribute);
    };
    const composites = new Map<string, [number, string][]>();
    for (const [name, definition] of definitions) {
      const at = `${where}.${name}`;
      const field = fieldOf(name, definition, table);
      const type = attributeType(definition);
      const composite = definition.composite as { key: string; position: number } | undefined;
      if (composite)
        composites.set(composite.key, [...(composites.get(composite.key) ?? []), [composite.position, name]]);
      const prefix = typeof definition.prefix === 'string' ? definition.prefix : '';
      const suffix = typeof definition.suffix === 'string' ? definition.suffix : '';
      const fallback = definition.default;
      if (table.keyTypes.has(field) && !composite) {
        if (
          typeof fallback === 'string' &&
          PLAIN_TEXT.test(`${prefix}${fallback}${suffix}`) &&
          definition.alias === undefined &&
          field === name
        ) {
          keys[field] = `${prefix}${fallback}${suffix}`;
          continue;
        }
        if (typeof fallback === 'function') {
          const result = recoverTemplate(fallback as KeyFunction, [...inputNames, ...stampNames], numeric);
          if (!result.ok) {
            warnings.push(`${at}: its default is not a key template: ${result.reason}`);
            continue;
          }
          const template = result.template.replace(
            /\{([^}:]+)(:\d+)?\}/g,
            (_, n: string, w = '') => `{${keyplanName(n)}${w}}`,
          );
          for (const [, stored] of stamps)
            if (template.includes(`{${stored}`)) declare({ name: stored, type: 'S', required: true });
          keys[field] = `${prefix}${template}${suffix}`;
          continue;
        }
        // The caller's value, under the attribute's name (or alias), stored in the key only.
        const own = typeof definition.alias === 'string' ? definition.alias : name;
        keys[field] = `${prefix}{${own}}${suffix}`;
        if (own === field) declare({ name: field, type, required: true });
        else
          declare({
            name: own,
            type: table.keyTypes.get(field) === 'N' && !prefix && !suffix ? 'N' : type,
            required: true,
            keyOnly: true,
          });
        continue;
      }
      if (typeof fallback === 'function') {
        warnings.push(
          `${at}: computed by a default function that is not a key; Keyplan's items leave it out`,
        );
        continue;
      }
      if (fallback !== undefined)
        warnings.push(
          `${at}: DynamoDB-Toolbox writes a default (${JSON.stringify(fallback)}) when it is missing; Keyplan's samples hold their own`,
        );
      if (definition.onUpdate) warnings.push(`${at}: DynamoDB-Toolbox recomputes it on every update`);
      declare({
        name: field,
        type,
        ...(definition.required === true || definition.required === 'always' ? { required: true } : {}),
      });
    }
    for (const [field, parts] of composites) {
      const definition =
        definitions.find(([n, d]) => !d.composite && fieldOf(n, d, table) === field)?.[1] ?? {};
      const delimiter = typeof definition.delimiter === 'string' ? definition.delimiter : '#';
      keys[field] = parts
        .sort((a, b) => a[0] - b[0])
        .map(([, n]) => `{${n}}`)
        .join(delimiter);
    }
    const tableKeys = [table.partitionKey, ...(table.sortKey ? [table.sortKey] : [])];
    const missing = tableKeys.filter((k) => keys[k] === undefined);
    if (missing.length > 0) {
      warnings.push(`${where}: no template for ${missing.join(', ')}; left out`);
      continue;
    }
    // A value a table key is made of must be in every item: v0 cannot write one without it.
    const keyValues = new Set(tableKeys.flatMap((k) => placeholders(keys[k])));
    for (const attribute of attributes) if (keyValues.has(attribute.name)) attribute.required = true;
    entities.push({
      name: entityName,
      attributes,
      keys,
    });
  }
  if (entities.length === 0)
    return { ok: false, message: 'no DynamoDB-Toolbox v0 entity has templates for the table key' };
  const keyOf = (name: string) => ({ name, type: table.keyTypes.get(name) ?? 'S' });
  const design: DesignInput = {
    format: 'keyplan/1',
    name: table.name ?? 'Table',
    table: {
      name: (table.name ?? 'Table').replace(/[^a-zA-Z0-9_.-]/g, '-'),
      partitionKey: keyOf(table.partitionKey),
      ...(table.sortKey ? { sortKey: keyOf(table.sortKey) } : {}),
      globalSecondaryIndexes: table.indexes
        .filter(([, index]) => index.partitionKey)
        .map(([name, index]) => ({
          name,
          partitionKey: keyOf(index.partitionKey as string),
          ...(index.sortKey ? { sortKey: keyOf(index.sortKey) } : {}),
        })),
      localSecondaryIndexes: table.indexes
        .filter(([, index]) => !index.partitionKey && index.sortKey)
        .map(([name, index]) => ({ name, sortKey: keyOf(index.sortKey as string) })),
      typeAttribute,
      ...(table.typeAttribute === false ? { writeTypeAttribute: false } : {}),
    },
    entities,
  };
  return moduleImport(design, warnings);
}
