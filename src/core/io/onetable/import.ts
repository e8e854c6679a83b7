// A OneTable schema as a Keyplan design: `indexes` as the table's key, GSIs and LSIs; one entity per model,
// its key attributes' value templates as key templates (`${_type}` is the model's name), its other fields
// as attributes; `params.typeField` as the type attribute; saved `queries` as access patterns where they
// map. A field mapped to an index key attribute (`primaryHash: { map: 'pk' }`) is that key. What a design
// cannot hold (functions, validation, generated or default values, encryption, renamed or packed attributes,
// timestamps) is a warning naming the model and field. A schema Keyplan exported carries the
// whole design in its `keyplan` field, used while the schema is still what that design exports.

import { formatProblems, validateDesign } from '../../checks/validate.ts';
import type {
  Attribute,
  AttributeType,
  DesignInput,
  Entity,
  KeyType,
  Projection,
} from '../../model/schema.ts';
import { keyplanDesign } from '../keyplan-field.ts';
import { dynamoName, entityNameFrom, uniqueName } from '../nosql-workbench/names.ts';
import type { FormatImport, FormatImportOptions } from '../types.ts';
import { warningList } from '../warnings.ts';
import { oneTableSchema } from './export.ts';
import { patternOf } from './queries.ts';
import {
  KEYPLAN_TYPE,
  keyplanTemplate,
  ONETABLE_TYPE_FIELD,
  type OneField,
  type OneIndex,
  type OneQuery,
  type OneSchema,
  shown,
  storedName,
} from './schema.ts';
import { uniqueCopies } from './unique.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Field properties with no Keyplan meaning that change nothing stored (read-side or tooling only). */
const SILENT = new Set([
  'type',
  'value',
  'required',
  'enum',
  'ttl',
  'hidden',
  'filter',
  'partial',
  'nulls',
  'description',
  'isoDates',
]);

const WHY: Record<string, string> = {
  validate: 'validation is not part of a Keyplan design',
  generate: 'Keyplan does not generate values on write (the samples give them)',
  default: 'Keyplan does not fill in default values (the samples give them)',
  crypt: 'Keyplan does not encrypt values',
  encode: 'an encoded field has no Keyplan form',
  map: 'the field is stored under another attribute name; Keyplan names the attribute after the property',
  schema: 'the nested schema is imported as a map without its fields',
  items: 'the array items schema is not imported',
  reference: 'references are not part of a Keyplan design',
  timestamp: 'Keyplan does not write timestamps',
  uuid: 'Keyplan does not generate values on write',
};

/** Why a mapped field is not stored as Keyplan stores it: renamed (`nm`) or packed in a map (`data.x`). */
function mapWarning(name: string, map: unknown, keyNames: ReadonlySet<string>): string {
  if (typeof map !== 'string' || map === '') return `${shown(map)} is not an attribute name; ignored`;
  const [top, ...rest] = map.split('.');
  if (rest.length === 0 && keyNames.has(top))
    return `"${map}": the field is the index key attribute ${top}; imported as that key`;
  if (rest.length > 0)
    return `"${map}": OneTable packs ${name} into the map attribute ${top} as its member ${rest.join('.')}; Keyplan has no packed attributes, so its items hold ${name} as a top-level attribute where OneTable's hold ${top}.${rest.join('.')}`;
  return `"${map}": OneTable stores ${name} under the attribute name ${top}; Keyplan has no storage names, so its items hold ${name} where OneTable's hold ${top}`;
}

function typeName(type: unknown): string | undefined {
  if (typeof type === 'string') return type.toLowerCase();
  if (typeof type === 'function') return type.name.toLowerCase();
  return undefined;
}

interface Context {
  schema: OneSchema;
  typeField: string;
  isoDates: boolean;
  keyNames: Set<string>;
  warn: (m: string) => void;
}

function readSchema(json: unknown): { ok: true; schema: OneSchema } | { ok: false; message: string } {
  if (!isObject(json)) return { ok: false, message: 'not a OneTable schema: expected a JSON object' };
  const missing = ['version', 'indexes', 'models'].filter((key) => json[key] === undefined);
  if (missing.length > 0)
    return {
      ok: false,
      message: `not a OneTable schema: missing ${missing.join(', ')} (found keys: ${Object.keys(json).join(', ') || 'none'})`,
    };
  if (!isObject(json.indexes) || !isObject(json.indexes.primary))
    return {
      ok: false,
      message: 'indexes.primary: a OneTable schema needs a primary index ({ "hash": "pk", "sort": "sk" })',
    };
  if (typeof json.indexes.primary.hash !== 'string')
    return { ok: false, message: 'indexes.primary.hash: expected the partition key attribute name' };
  if (!isObject(json.models)) return { ok: false, message: 'models: expected an object of models' };
  for (const [name, model] of Object.entries(json.models))
    if (!isObject(model)) return { ok: false, message: `models.${name}: expected an object of fields` };
  return { ok: true, schema: json as unknown as OneSchema };
}

/** Each key attribute's type: the type of the field of that name in any model (a number key is N, else S). */
function keyTypes(schema: OneSchema, keyNames: Set<string>): Map<string, KeyType> {
  const types = new Map<string, KeyType>();
  for (const model of Object.values(schema.models))
    for (const [property, field] of Object.entries(model)) {
      const name = isObject(field) ? storedName(property, field as OneField) : property;
      if (!keyNames.has(name) || types.has(name)) continue;
      const type = typeName(field.type);
      // A binary key is written as its base64 text (see attributeOf): a string key.
      types.set(name, type === 'number' ? 'N' : 'S');
    }
  return types;
}

function projectionOf(project: OneIndex['project'], where: string, warn: (m: string) => void): Projection {
  if (project === undefined || project === 'all') return { type: 'ALL' };
  if (project === 'keys') return { type: 'KEYS_ONLY' };
  if (Array.isArray(project)) return { type: 'INCLUDE', attributes: project };
  warn(`${where}.project: ${shown(project)} is not "all", "keys" or a list; projected as all`);
  return { type: 'ALL' };
}

function tableOf(context: Context, options: FormatImportOptions): DesignInput['table'] {
  const { schema, warn } = context;
  const { primary, ...others } = schema.indexes;
  const types = keyTypes(schema, context.keyNames);
  const key = (name: string) => ({ name, type: types.get(name) ?? 'S' });
  const table: DesignInput['table'] = {
    name: dynamoName(options.table ?? 'AppTable'),
    partitionKey: key(primary.hash as string),
    ...(primary.sort ? { sortKey: key(primary.sort) } : {}),
    globalSecondaryIndexes: [],
    localSecondaryIndexes: [],
    typeAttribute: context.typeField,
  };
  for (const [name, index] of Object.entries(others)) {
    const where = `indexes.${name}`;
    if (!isObject(index)) {
      warn(`${where}: not an index definition; skipped`);
      continue;
    }
    const { hash, sort } = index as { hash?: unknown; sort?: unknown };
    const projection = projectionOf(index.project as OneIndex['project'], where, warn);
    if (index.type === 'local' || hash === undefined) {
      if (typeof sort !== 'string') {
        warn(`${where}: a local index needs a sort attribute; skipped`);
        continue;
      }
      table.localSecondaryIndexes?.push({ name: dynamoName(name), sortKey: key(sort), projection });
    } else if (typeof hash !== 'string' || (sort !== undefined && typeof sort !== 'string'))
      warn(`${where}: hash and sort must name attributes; skipped`);
    else
      table.globalSecondaryIndexes?.push({
        name: dynamoName(name),
        partitionKey: key(hash),
        ...(typeof sort === 'string' ? { sortKey: key(sort) } : {}),
        projection,
      });
  }
  return table;
}

function attributeOf(name: string, field: OneField, where: string, context: Context): Attribute | undefined {
  const type = typeName(field.type);
  let keyplanType: AttributeType | undefined = type ? KEYPLAN_TYPE[type] : undefined;
  const attribute: Partial<Attribute> = { name };
  if (type === 'date') {
    if (context.isoDates) {
      keyplanType = 'S';
      attribute.format = 'date-time';
      context.warn(
        `${where}: a OneTable date is stored as an ISO string with milliseconds (2026-10-08T14:30:00.000Z); imported as a string of format date-time`,
      );
    } else {
      keyplanType = 'N';
      context.warn(
        `${where}: a OneTable date is stored as epoch milliseconds (params.isoDates is false); imported as a number`,
      );
    }
  }
  if (keyplanType === 'B') {
    // Model.transformWriteAttribute: a Buffer, ArrayBuffer or DataView is written as its base64 text.
    keyplanType = 'S';
    context.warn(
      `${where}: OneTable writes a field of type ${type} as base64 text, a DynamoDB string (S); imported as a string holding that text`,
    );
  }
  if (keyplanType === undefined) {
    context.warn(`${where}.type: ${shown(field.type)} is not a OneTable type; imported as a string`);
    keyplanType = 'S';
  }
  if (type === 'set')
    context.warn(`${where}: a OneTable set does not say its element type; imported as a string set`);
  attribute.type = keyplanType;
  if (field.required === true) attribute.required = true;
  if (Array.isArray(field.enum)) {
    const values = field.enum.filter(
      (v): v is string | number => typeof v === 'string' || typeof v === 'number',
    );
    if (values.length > 0) attribute.enum = values;
  }
  if (field.generate === 'ulid' || field.generate === 'uuid') attribute.format = field.generate;
  return attribute as Attribute;
}

function entityOf(modelName: string, model: Record<string, OneField>, context: Context, entityName: string) {
  const { warn, keyNames, typeField } = context;
  const keys: Record<string, string> = {};
  const attributes: Attribute[] = [];
  const constants = new Map([[typeField, modelName]]);
  let ttl: string | undefined;
  for (const [name, raw] of Object.entries(model)) {
    const where = `models.${modelName}.${name}`;
    if (!isObject(raw)) {
      warn(`${where}: ${shown(raw)} is not a field definition; skipped`);
      continue;
    }
    const field = raw as OneField;
    for (const [property, value] of Object.entries(field)) {
      if (SILENT.has(property)) continue;
      if (property === 'map') {
        warn(`${where}.map: ${mapWarning(name, value, keyNames)}`);
        continue;
      }
      // A unique field becomes an item copy (uniqueCopy, after the loop); its scope is part of that copy's key.
      if ((property === 'unique' && value === true) || property === 'scope') continue;
      if (property === 'generate' && (value === 'ulid' || value === 'uuid')) {
        warn(`${where}.generate: ${WHY.generate}; imported as the attribute's format ${value}`);
        continue;
      }
      warn(`${where}.${property}: ${shown(value)}: ${WHY[property] ?? 'not part of a Keyplan design'}`);
    }
    if (name === typeField) continue;
    if (field.value !== undefined && typeof field.value !== 'string') {
      warn(`${where}.value: ${shown(field.value)} computes the value in code; not imported`);
      continue;
    }
    // A field mapped to an index key attribute (`primaryHash: { map: 'pk' }`) is that key.
    const stored = storedName(name, field);
    const key = keyNames.has(stored) && !String(field.map ?? '').includes('.') ? stored : undefined;
    if (key !== undefined) {
      if (typeof field.value === 'string') {
        const template = keyplanTemplate(field.value, constants);
        if (template.ok) keys[key] = template.template;
        else warn(`${where}.value: ${template.why}; the key is left out`);
      } else {
        // A key the application sets itself: a natural key, an attribute of that name.
        keys[key] = `{${name}}`;
        const attribute = attributeOf(name, field, where, context);
        if (attribute) attributes.push(attribute);
      }
      continue;
    }
    if (typeof field.value === 'string') {
      warn(
        `${where}.value: "${field.value}" computes a non-key attribute; Keyplan derives only keys, so it is imported as a plain attribute`,
      );
    }
    const attribute = attributeOf(name, field, where, context);
    if (attribute) attributes.push(attribute);
    if (field.ttl === true) ttl = name;
  }
  const copies = uniqueCopies(modelName, model, context.schema, constants, warn);
  const entity: Entity = { name: entityName, attributes, keys, ...(copies.length > 0 ? { copies } : {}) };
  return { entity, ttl };
}

function fromSchema(schema: OneSchema, options: FormatImportOptions, warn: (m: string) => void): DesignInput {
  const params = isObject(schema.params) ? schema.params : {};
  const typeField = typeof params.typeField === 'string' ? params.typeField : ONETABLE_TYPE_FIELD;
  if (params.timestamps === true || params.timestamps === 'create' || params.timestamps === 'update')
    warn(
      `params.timestamps: OneTable adds ${params.timestamps === true ? 'created and updated' : params.timestamps === 'create' ? 'created' : 'updated'} dates to every item it writes; Keyplan's derived items do not have them`,
    );
  const keyNames = new Set<string>();
  for (const index of Object.values(schema.indexes))
    if (isObject(index))
      for (const key of [index.hash, index.sort]) if (typeof key === 'string') keyNames.add(key);
  keyNames.add(schema.indexes.primary.hash as string);
  const context: Context = { schema, typeField, isoDates: params.isoDates === true, keyNames, warn };
  const table = tableOf(context, options);
  const models = new Map<string, string>();
  const entities: Entity[] = [];
  for (const [modelName, model] of Object.entries(schema.models)) {
    const name = uniqueName(entityNameFrom(modelName), (n) => [...models.values()].includes(n));
    if (name !== modelName)
      warn(
        `models.${modelName}: named ${name} in Keyplan; OneTable writes "${modelName}" as its type, Keyplan "${name}"`,
      );
    const { entity, ttl } = entityOf(modelName, model as Record<string, OneField>, context, name);
    const missing = [table.partitionKey, table.sortKey].find((key) => key && !entity.keys[key.name]);
    if (missing) {
      warn(`models.${modelName}: no value for the table key ${missing.name}; not imported`);
      continue;
    }
    models.set(modelName, name);
    entities.push(entity);
    if (ttl) table.ttlAttribute ??= ttl;
  }
  const design: DesignInput = {
    format: 'keyplan/1',
    name:
      typeof schema.name === 'string' && schema.name.trim() && schema.name !== 'Current'
        ? schema.name
        : 'OneTable schema',
    table,
    entities,
    accessPatterns: [],
  };
  const valid = validateDesign(design);
  if (!valid.ok) return design;
  for (const [id, query] of Object.entries(isObject(schema.queries) ? schema.queries : {})) {
    const where = `queries.${id}`;
    if (!/^[A-Za-z0-9_-]+$/.test(id) || !isObject(query)) {
      warn(`${where}: not a saved query Keyplan reads; skipped`);
      continue;
    }
    const pattern = patternOf(id, query as unknown as OneQuery, { design: valid.design, models });
    if (pattern.ok) design.accessPatterns?.push(pattern.value);
    else warn(`${where}: ${pattern.why}; not imported`);
  }
  return design;
}

export function importOneTable(json: unknown, options: FormatImportOptions = {}): FormatImport {
  const read = readSchema(json);
  if (!read.ok) return read;
  const { warnings, warn } = warningList();
  // The exported field leaves out the items (the schema holds none).
  const trusted = keyplanDesign(
    {
      file: read.schema as unknown as Record<string, unknown>,
      design: (keyplan) => ({ ...(keyplan as object), items: {} }),
      exported: (design) => oneTableSchema(design),
      changed: 'the schema was changed since Keyplan exported it; the design is read from the schema',
    },
    warn,
  );
  if (trusted) return { ok: true, design: trusted, warnings };
  const result = validateDesign(fromSchema(read.schema, options, warn));
  if (!result.ok)
    return {
      ok: false,
      message: `the schema does not give a valid design: ${formatProblems(result.problems)}`,
    };
  return { ok: true, design: result.design, warnings };
}
