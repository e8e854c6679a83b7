// Validation of a design document: the zod schema for shape, then the reference checks a schema cannot
// express. Every problem names its JSON path (`entities[2].keys.GSI1PK: unknown attribute {statuz}`).
import type { z } from 'zod';
import { loneSurrogateIn, readPatternProblems } from '../evaluate/refusals.ts';
import { parseTemplate, placeholders, singlePlaceholder, TemplateSyntaxError } from '../keys/template.ts';
import { designErrorMap, formatPath } from '../model/design-errors.ts';
import { designItemCount, designLimitProblem, itemLimitMessage } from '../model/design-limits.ts';
import {
  isMultiAttribute,
  type KeySchema,
  keyAttributeTypes,
  keySchemas,
  primaryKeyNames,
  TABLE_INDEX,
} from '../model/indexes.ts';
import { checkGsiKeys, checkKeyCondition } from '../model/key-conditions.ts';
import {
  formatBytes,
  KEY_LIMIT_BYTES,
  type KeyRole,
  keyLimitText,
  keyRoles,
  minimumKeyBytes,
  renderedKeyBytes,
} from '../model/key-limits.ts';
import {
  type AccessPattern,
  type Design,
  designSchema,
  type Entity,
  type JsonValue,
  type KeyAttribute,
  type KeyType,
} from '../model/schema.ts';
import { numericAttributes } from '../requests/resolve.ts';
import { canonicalNumber, decodeBase64 } from '../values/compare.ts';
import { type ExactNumber, isExactNumber, parseExactJson, stringifyExactJson } from '../values/exact-json.ts';
import { NestingTooDeepError } from '../values/json-depth.ts';
import { isBase64 } from '../values/marshall.ts';
import { messageOf } from '../values/text/message.ts';
import { checkSamplesOnce, samplesCache } from './validate-cache.ts';
import { checkCopies } from './validate-copies.ts';
import { checkNumberLimits } from './validate-numbers.ts';
import type { ValidationProblem, ValidationResult } from './validation-types.ts';

// The zod messages and paths of the design schema's issues are the model's (model/design-errors.ts).
export { designErrorMap, formatPath, sameEntityName } from '../model/design-errors.ts';

// The result types have a module of their own so the checks this one runs can name them without a circle.
export type { ValidationProblem, ValidationResult } from './validation-types.ts';

export function formatProblems(problems: ValidationProblem[]): string {
  return problems.map((p) => `${p.path}: ${p.message}`).join('\n');
}

function zodProblems(error: z.ZodError): ValidationProblem[] {
  return error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
}

/** Parses and fully checks an unknown value (already JSON-parsed) as a design document. */
export function validateDesign(input: unknown): ValidationResult {
  // Counted first: a design past a limit is refused before a single part of it is checked.
  const tooLarge = designLimitProblem(input);
  if (tooLarge) return { ok: false, problems: [{ path: tooLarge.path, message: tooLarge.message }] };
  const parsed = parseWithPlainItems(input) ?? designSchema.safeParse(input, { error: designErrorMap });
  if (!parsed.success) return { ok: false, problems: zodProblems(parsed.error) };
  const problems = referenceProblems(parsed.data);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, design: parsed.data, problems: [] };
}

/**
 * The design parsed with its samples checked by a plain walk instead of zod, which takes a third of a second
 * on 100,000 samples: when every sample is an object of JSON values (what the schema asks of them), the
 * rest is parsed by zod and the samples are kept as they are. Undefined when a sample is not, or anything
 * else fails: the full zod parse then gives its problems, with every path, exactly as before.
 */
function parseWithPlainItems(input: unknown): { success: true; data: Design } | undefined {
  if (!isPlainObject(input) || !isPlainObject(input.items)) return undefined;
  const items = input.items as Record<string, unknown>;
  for (const name in items) {
    const samples = items[name];
    if (!Array.isArray(samples) || !samples.every((sample) => isPlainObject(sample) && isJsonRecord(sample)))
      return undefined;
  }
  const parsed = designSchema.safeParse({ ...input, items: {} }, { error: designErrorMap });
  if (!parsed.success) return undefined;
  // Own enumerable keys, as zod's record gives them.
  parsed.data.items = { ...(items as Design['items']) };
  return { success: true, data: parsed.data };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function isJsonRecord(record: Record<string, unknown>): boolean {
  for (const name in record) if (!isJsonValue(record[name])) return false;
  return true;
}

// What schema.ts's jsonValue accepts.
function isJsonValue(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      if (value === null || isExactNumber(value)) return true;
      if (Array.isArray(value)) return value.every(isJsonValue);
      return isPlainObject(value) && isJsonRecord(value);
    default:
      return false;
  }
}

/** Parses JSON text and validates it; a syntax error names the line and column. */
export function validateDesignText(text: string): ValidationResult {
  let value: unknown;
  try {
    value = parseExactJson(text);
  } catch (error) {
    return { ok: false, problems: [{ path: '(document)', message: jsonSyntaxMessage(text, error) }] };
  }
  return validateDesign(value);
}

export function jsonSyntaxMessage(text: string, error: unknown): string {
  // Valid JSON, refused for its depth: the message names the limit, not a syntax error.
  if (error instanceof NestingTooDeepError) return error.message;
  const message = messageOf(error);
  const position = /position (\d+)/.exec(message);
  if (!position) return `invalid JSON: ${message}`;
  const offset = Number(position[1]);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `invalid JSON at line ${line}, column ${column}: ${message.replace(/ in JSON at position \d+.*$/, '')}`;
}

function duplicates<T>(list: T[], key: (value: T) => string): Map<number, string> {
  const seen = new Set<string>();
  const dups = new Map<number, string>();
  list.forEach((value, i) => {
    const k = key(value);
    if (seen.has(k)) dups.set(i, k);
    seen.add(k);
  });
  return dups;
}

function checkTable(design: Design, add: (path: string, message: string) => void) {
  const { table } = design;
  const indexNames = [...table.globalSecondaryIndexes, ...table.localSecondaryIndexes];
  for (const [i, name] of duplicates(indexNames, (x) => x.name)) {
    const isGsi = i < table.globalSecondaryIndexes.length;
    const path = isGsi
      ? `table.globalSecondaryIndexes[${i}]`
      : `table.localSecondaryIndexes[${i - table.globalSecondaryIndexes.length}]`;
    add(`${path}.name`, `duplicate index name "${name}"`);
  }
  if (table.localSecondaryIndexes.length > 0 && !table.sortKey) {
    add('table.localSecondaryIndexes', 'a local secondary index needs a table with a sort key');
  }
  // One attribute name must have one type wherever it is used as a key.
  const seen = new Map<string, string>();
  const visit = (path: string, key: { name: string; type: string } | undefined) => {
    if (!key) return;
    const type = seen.get(key.name);
    if (type && type !== key.type)
      add(`${path}.type`, `"${key.name}" is used as a key of type ${type} elsewhere`);
    seen.set(key.name, key.type);
  };
  visit('table.partitionKey', table.partitionKey);
  visit('table.sortKey', table.sortKey);
  table.globalSecondaryIndexes.forEach((gsi, i) => {
    visit(`table.globalSecondaryIndexes[${i}].partitionKey`, gsi.partitionKey);
    visit(`table.globalSecondaryIndexes[${i}].sortKey`, gsi.sortKey);
    gsi.partitionKeys?.forEach((key, j) =>
      visit(`table.globalSecondaryIndexes[${i}].partitionKeys[${j}]`, key),
    );
    gsi.sortKeys?.forEach((key, j) => visit(`table.globalSecondaryIndexes[${i}].sortKeys[${j}]`, key));
    checkGsiKeys(gsi, `table.globalSecondaryIndexes[${i}]`, add);
    if (gsi.projection.type === 'INCLUDE' && !gsi.projection.attributes?.length) {
      add(
        `table.globalSecondaryIndexes[${i}].projection.attributes`,
        'an INCLUDE projection needs at least one attribute',
      );
    }
  });
  table.localSecondaryIndexes.forEach((lsi, i) => {
    visit(`table.localSecondaryIndexes[${i}].sortKey`, lsi.sortKey);
    if (lsi.projection.type === 'INCLUDE' && !lsi.projection.attributes?.length) {
      add(
        `table.localSecondaryIndexes[${i}].projection.attributes`,
        'an INCLUDE projection needs at least one attribute',
      );
    }
  });
  if (seen.has(table.typeAttribute))
    add('table.typeAttribute', `"${table.typeAttribute}" is a key attribute`);
}

/**
 * What the reference checks look up, built once per design so that no check searches a list in a loop:
 * every check stays linear in the design's entities, patterns, attributes and samples.
 */
interface DesignRefs {
  design: Design;
  keyTypes: Map<string, KeyType>;
  roles: Map<string, KeyRole>;
  /** Entities by name; the first of a repeated name (reported apart). */
  entities: Map<string, Entity>;
  /** Attribute names of each entity, by entity name. */
  attributeNames: Map<string, Set<string>>;
  numeric: Set<string>;
  /** The table (TABLE_INDEX) and each index, by name; the first of a repeated name. */
  schemas: Map<string, KeySchema>;
}

function designRefs(design: Design): DesignRefs {
  const entities = new Map<string, Entity>();
  for (const entity of design.entities) if (!entities.has(entity.name)) entities.set(entity.name, entity);
  const schemas = new Map<string, KeySchema>();
  for (const schema of keySchemas(design)) if (!schemas.has(schema.name)) schemas.set(schema.name, schema);
  return {
    design,
    keyTypes: keyAttributeTypes(design),
    roles: keyRoles(design),
    entities,
    attributeNames: new Map(
      [...entities].map(([name, e]) => [name, new Set(e.attributes.map((a) => a.name))]),
    ),
    numeric: numericAttributes(design),
    schemas,
  };
}

function checkEntity(
  refs: DesignRefs,
  entity: Entity,
  path: string,
  add: (path: string, message: string) => void,
) {
  const { design, keyTypes, roles } = refs;
  const attributes = new Map(entity.attributes.map((a) => [a.name, a]));
  const used = keyTemplatePlaceholders(entity);
  for (const [i, name] of duplicates(entity.attributes, (a) => a.name))
    add(`${path}.attributes[${i}].name`, `duplicate attribute "${name}"`);
  entity.attributes.forEach((attribute, i) => {
    const keyType = keyTypes.get(attribute.name);
    if (keyType && attribute.keyOnly)
      add(
        `${path}.attributes[${i}].keyOnly`,
        `"${attribute.name}" is a key attribute itself (a natural key), so it is stored: it cannot be key-only`,
      );
    else if (keyType) checkNaturalKey(design, entity, i, keyType, path, add);
    else if (attribute.keyOnly && !used.has(attribute.name))
      add(
        `${path}.attributes[${i}].keyOnly`,
        `"${attribute.name}" is key-only (stored in keys only), yet no key template of ${entity.name} uses {${attribute.name}}: its value would be stored nowhere`,
      );
    if (attribute.name === design.table.typeAttribute) {
      add(
        `${path}.attributes[${i}].name`,
        `"${attribute.name}" is the type attribute; Keyplan sets it to the entity name`,
      );
    }
  });
  for (const name of primaryKeyNames(design)) {
    if (!(name in entity.keys) && !attributes.has(name))
      add(`${path}.keys`, `missing a template for the table key ${name}`);
  }
  for (const [keyName, template] of Object.entries(entity.keys)) {
    const keyPath = `${path}.keys.${keyName}`;
    const keyType = keyTypes.get(keyName);
    if (!keyType) {
      add(keyPath, `"${keyName}" is not a key attribute of the table or of any index`);
      continue;
    }
    if (attributes.has(keyName)) continue; // a natural key: checkNaturalKey said all there is
    try {
      parseTemplate(template);
    } catch (error) {
      if (error instanceof TemplateSyntaxError) add(keyPath, error.message);
      continue;
    }
    if (template === '') add(keyPath, 'a key template must not be empty');
    for (const name of placeholders(template)) {
      if (!attributes.has(name)) add(keyPath, `unknown attribute {${name}}`);
    }
    const tooLong = templateTooLong(template, roles.get(keyName) ?? 'partition');
    if (tooLong) add(keyPath, tooLong);
    if (keyType !== 'S') {
      const only = singlePlaceholder(template);
      const attribute = only ? attributes.get(only) : undefined;
      const literalNumber =
        keyType === 'N' && placeholders(template).length === 0 && Number.isFinite(Number(template));
      if (!literalNumber && (!attribute || attribute.type !== keyType)) {
        add(
          keyPath,
          `${keyName} is of type ${keyType}: its template must be one {placeholder} of an attribute of type ${keyType}`,
        );
      }
    }
  }
}

/** The attributes the entity's key templates use. */
function keyTemplatePlaceholders(entity: Entity): Set<string> {
  const used = new Set<string>();
  for (const template of Object.values(entity.keys)) {
    try {
      for (const name of placeholders(template)) used.add(name);
    } catch {
      // a syntax error, reported on the template
    }
  }
  return used;
}

/** Where a key attribute is a key, for messages: `the table's partition key and the sort key of GSI1`. */
function keyPlaces(design: Design, name: string): string {
  const places: string[] = [];
  for (const schema of keySchemas(design)) {
    const owner = schema.kind === 'table' ? "the table's" : `index ${schema.name}'s`;
    if (schema.kind === 'lsi' && schema.partitionKey.name === name) continue; // said for the table
    // An attribute of a multi-attribute key is one of its partition (sort) attributes.
    const multi = (keys: KeyAttribute[]) => (keys.length > 1 ? ' attribute' : '');
    if (schema.partitionKeys.some((key) => key.name === name))
      places.push(`${owner} partition key${multi(schema.partitionKeys)}`);
    if (schema.sortKeys.some((key) => key.name === name))
      places.push(`${owner} sort key${multi(schema.sortKeys)}`);
  }
  return places.join(' and ');
}

/**
 * A natural key: an entity attribute named like a key attribute (of the table or an index). The item holds
 * one value under that name, so the attribute is the key: its type is the key's and its key template is
 * exactly `{name}`, written in `keys` (DynamoDB indexes every item that holds an index's key attribute, so
 * an attribute named like an index key puts the entity in that index; the template says so).
 */
function checkNaturalKey(
  design: Design,
  entity: Entity,
  index: number,
  keyType: string,
  path: string,
  add: (path: string, message: string) => void,
) {
  const attribute = entity.attributes[index];
  const { name } = attribute;
  const where = keyPlaces(design, name);
  if (attribute.type !== keyType) {
    add(
      `${path}.attributes[${index}].type`,
      `"${name}" is ${where}, of type ${keyType}: as an attribute it is a natural key and must be of type ${keyType} too (got ${attribute.type})`,
    );
  }
  const natural = `{${name}}`;
  const template = entity.keys[name];
  if (template === undefined) {
    add(
      `${path}.keys`,
      `missing "${name}": "${natural}": "${name}" is an attribute of ${entity.name} and ${where}, so it is a natural key (every item holding it is in that key's table or index) and its template must be "${natural}"`,
    );
  } else if (template !== natural) {
    add(
      `${path}.keys.${name}`,
      `"${name}" is also an attribute of ${entity.name}: an item holds one value under that name, so the key is the attribute itself and its template must be "${natural}" (got "${template}"); to build a key from it, name the attribute differently`,
    );
  }
}

/** Why a key template cannot render a key DynamoDB takes, whatever the values: its text alone is too long. */
function templateTooLong(template: string, role: KeyRole): string | undefined {
  const least = minimumKeyBytes(template);
  if (least.total <= KEY_LIMIT_BYTES[role]) return undefined;
  const parts = [`${formatBytes(least.literal)} of literal text`];
  const padded = parseTemplate(template).flatMap((part) =>
    part.kind === 'placeholder' && part.width !== undefined ? [part] : [],
  );
  if (padded.length > 0) {
    const widest = padded.reduce((a, b) => ((b.width ?? 0) > (a.width ?? 0) ? b : a));
    parts.push(
      `${formatBytes(least.padding)} of placeholders, ${formatBytes(padded.length)} of them padded like {${widest.name}:${widest.width}}`,
    );
  }
  return `renders at least ${formatBytes(least.total)} bytes, longer than ${keyLimitText(role)}: ${parts.join(' and ')}`;
}

/**
 * Samples whose rendered string keys are longer than DynamoDB takes, counted without rendering them: one
 * problem per entity and key, at the first such sample, with how many others there are.
 */
function checkItemKeys(design: Design, add: (path: string, message: string) => void) {
  const roles = keyRoles(design);
  const keyTypes = keyAttributeTypes(design);
  for (const entity of design.entities) {
    const samples = design.items[entity.name];
    if (!samples?.length) continue;
    // The entity's own keys and its copies' (the same samples render them).
    const templates = new Set(
      [entity.keys, ...(entity.copies ?? []).map((copy) => copy.keys)].flatMap((keys) =>
        Object.entries(keys).map((entry) => JSON.stringify(entry)),
      ),
    );
    // What the check reads besides the samples: the templates and their keys' roles and types.
    const inputs = JSON.stringify(
      [...templates].map((entry) => {
        const [keyName] = JSON.parse(entry) as [string, string];
        return [entry, roles.get(keyName) ?? null, keyTypes.get(keyName) ?? null];
      }),
    );
    checkSamplesOnce(checkedKeys, samples, [entity.name, inputs], add, (add) =>
      checkRenderedKeys(entity, samples, templates, roles, keyTypes, add),
    );
  }
}

const checkedKeys = samplesCache();

function checkRenderedKeys(
  entity: Entity,
  samples: Design['items'][string],
  templates: Set<string>,
  roles: Map<string, KeyRole>,
  keyTypes: Map<string, string>,
  add: (path: string, message: string) => void,
) {
  for (const [keyName, template] of [...templates].map((entry) => JSON.parse(entry) as [string, string])) {
    const role = roles.get(keyName);
    if (!role || keyTypes.get(keyName) !== 'S') continue;
    const limit = KEY_LIMIT_BYTES[role];
    try {
      if (minimumKeyBytes(template).total > limit) continue; // reported on the template
    } catch {
      continue; // a syntax error, reported on the template
    }
    let first: { index: number; bytes: number } | undefined;
    let others = 0;
    samples.forEach((sample, index) => {
      const bytes = renderedKeyBytes(template, sample);
      if (bytes === undefined || bytes <= limit) return;
      if (first) others++;
      else first = { index, bytes };
    });
    if (!first) continue;
    const more = others > 0 ? ` (and ${formatBytes(others)} more of its samples)` : '';
    add(
      `items.${entity.name}[${first.index}]`,
      `${keyName} renders ${formatBytes(first.bytes)} bytes for this sample, longer than ${keyLimitText(role)}${more}`,
    );
  }
}

const isBinary = (v: JsonValue) => typeof v === 'string' && isBase64(v);

const TYPE_CHECKS: Record<string, (value: JsonValue) => boolean> = {
  S: (v) => typeof v === 'string',
  N: (v) => (typeof v === 'number' && Number.isFinite(v)) || isExactNumber(v),
  B: isBinary,
  BOOL: (v) => typeof v === 'boolean',
  NULL: (v) => v === null,
  L: (v) => Array.isArray(v),
  M: (v) => typeof v === 'object' && v !== null && !Array.isArray(v) && !isExactNumber(v),
  SS: (v) => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string'),
  NS: (v) =>
    Array.isArray(v) &&
    v.length > 0 &&
    v.every((x) => (typeof x === 'number' && Number.isFinite(x)) || isExactNumber(x)),
  BS: (v) => Array.isArray(v) && v.length > 0 && v.every(isBinary),
};

const TYPE_NAMES: Record<string, string> = {
  B: 'binary (a base64 string)',
  SS: 'a string set (a non-empty array of strings)',
  NS: 'a number set (a non-empty array of numbers)',
  BS: 'a binary set (a non-empty array of base64 strings)',
};

/** The first member of a set that repeats an earlier one (numbers by value, binary by bytes), with both places. */
function repeatedMember(type: string, members: JsonValue[]): { first: number; again: number } | undefined {
  const key = (member: JsonValue) =>
    type === 'NS'
      ? canonicalNumber(member as number | ExactNumber)
      : type === 'BS'
        ? decodeBase64(String(member)).join()
        : String(member);
  const seen = new Map<string, number>();
  for (let i = 0; i < members.length; i++) {
    const k = key(members[i]);
    const first = seen.get(k);
    if (first !== undefined) return { first, again: i };
    seen.set(k, i);
  }
  return undefined;
}

/**
 * Whether an enum lists the value: a number by its value (`1.0` is `1`, all 38 digits count). Built once
 * per attribute, each value is then looked up, not searched for (an enum may have a thousand values).
 */
function enumTest(values: readonly JsonValue[]): (value: JsonValue) => boolean {
  const listed = new Set<JsonValue>(values);
  const numbers = new Set(
    values.flatMap((v) => (typeof v === 'number' || isExactNumber(v) ? [canonicalNumber(v)] : [])),
  );
  return (value) =>
    typeof value !== 'number' && !isExactNumber(value)
      ? listed.has(value)
      : numbers.has(canonicalNumber(value));
}

function checkItems(design: Design, add: (path: string, message: string) => void) {
  const entities = new Map(design.entities.map((e) => [e.name, e]));
  for (const [entityName, samples] of Object.entries(design.items)) {
    const entity = entities.get(entityName);
    if (!entity) {
      add(`items.${entityName}`, `no entity is named "${entityName}"`);
      continue;
    }
    checkSamplesOnce(checkedItems, samples, [entityName, entity.attributes], add, (add) =>
      checkSamples(entity, samples, add),
    );
  }
}

const checkedItems = samplesCache();

function checkSamples(
  entity: Entity,
  samples: Design['items'][string],
  add: (path: string, message: string) => void,
) {
  const entityName = entity.name;
  const attributes = new Map(entity.attributes.map((a) => [a.name, a]));
  const required = entity.attributes.filter((attribute) => attribute.required);
  const enums = new Map(
    entity.attributes.flatMap((a) => (a.enum ? [[a.name, enumTest(a.enum)] as const] : [])),
  );
  samples.forEach((sample, i) => {
    // Built only for a problem: most samples have none.
    const path = () => `items.${entityName}[${i}]`;
    for (const name in sample) {
      const value = sample[name];
      const attribute = attributes.get(name);
      if (!attribute) {
        add(`${path()}.${name}`, `"${name}" is not an attribute of ${entityName}`);
        continue;
      }
      if (value === null && attribute.type !== 'NULL') continue; // null means "no value", as an absent attribute
      if (!TYPE_CHECKS[attribute.type](value)) {
        const expected = TYPE_NAMES[attribute.type] ?? `a value of type ${attribute.type}`;
        add(`${path()}.${name}`, `expected ${expected}, got ${stringifyExactJson(value)}`);
      } else if (attribute.type === 'SS' || attribute.type === 'NS' || attribute.type === 'BS') {
        const repeated = repeatedMember(attribute.type, value as JsonValue[]);
        if (repeated)
          add(
            `${path()}.${name}[${repeated.again}]`,
            `${stringifyExactJson((value as JsonValue[])[repeated.again])} repeats member [${repeated.first}]: a set holds each member once, and DynamoDB refuses a set with duplicates`,
          );
      } else if (loneSurrogateIn(value)) {
        const lone = loneSurrogateIn(value)!;
        const unit = `\\u${lone.unit.charCodeAt(0).toString(16).toUpperCase()}`;
        add(
          `${path()}.${name}${lone.path}`,
          `text with a lone surrogate (${unit}) is not well-formed UTF-16: DynamoDB stores text as UTF-8, which cannot hold it (DynamoDB Local stores "?" in its place)`,
        );
      } else if (attribute.enum && !enums.get(name)?.(value)) {
        add(
          `${path()}.${name}`,
          `${stringifyExactJson(value)} is not one of ${attribute.enum.map((v) => stringifyExactJson(v)).join(', ')}`,
        );
      }
    }
    for (const attribute of required) {
      const value = sample[attribute.name];
      if (value === undefined || (value === null && attribute.type !== 'NULL')) {
        add(path(), `missing required attribute "${attribute.name}"`);
      }
    }
  });
}

function checkPattern(
  refs: DesignRefs,
  pattern: AccessPattern,
  path: string,
  add: (path: string, message: string) => void,
) {
  const { design } = refs;
  const entities = refs.entities;
  const entityAttributes = (name: string) => refs.attributeNames.get(name) ?? new Set<string>();
  const checkTemplate = (templatePath: string, template: string) => {
    try {
      parseTemplate(template);
    } catch (error) {
      if (error instanceof TemplateSyntaxError) add(templatePath, error.message);
    }
  };
  const checkEntity = (entityPath: string, name: string) => {
    if (!entities.has(name)) add(entityPath, `no entity is named "${name}"`);
  };
  const checkAttributes = (listPath: string, entity: string, names: string[] | undefined) => {
    if (!entities.has(entity)) return;
    const declared = entityAttributes(entity);
    names?.forEach((name, i) => {
      if (!declared.has(name)) add(`${listPath}[${i}]`, `"${name}" is not an attribute of ${entity}`);
    });
  };
  switch (pattern.operation) {
    case 'GetItem':
    case 'Query':
    case 'Scan': {
      const schema = refs.schemas.get(pattern.index ?? TABLE_INDEX);
      if (!schema) add(`${path}.index`, `no index is named "${pattern.index}"`);
      pattern.returns?.forEach((name, i) => checkEntity(`${path}.returns[${i}]`, name));
      // What DynamoDB refuses whatever the arguments, in its words (the evaluator refuses the same).
      if (schema)
        for (const problem of readPatternProblems(design, pattern, schema, refs.numeric))
          add(`${path}.${problem.path}`, problem.message);
      if (pattern.operation === 'Scan') break;
      const { keyCondition } = pattern;
      const multi =
        keyCondition.partitionKeys || keyCondition.sortKeys || (schema && isMultiAttribute(schema));
      if (multi) {
        // A multi-attribute GSI key (or its spelling): every partition attribute, sort attributes left to right.
        if (pattern.operation === 'GetItem')
          add(`${path}.keyCondition`, 'GetItem takes the table key as partition and sort');
        else if (schema) checkKeyCondition(schema, keyCondition, `${path}.keyCondition`, add);
        for (const [name, template] of Object.entries(keyCondition.partitionKeys ?? {}))
          checkTemplate(`${path}.keyCondition.partitionKeys.${name}`, template);
        keyCondition.sortKeys?.forEach((sort, j) => {
          checkTemplate(`${path}.keyCondition.sortKeys[${j}].value`, sort.value);
          if (sort.to !== undefined) checkTemplate(`${path}.keyCondition.sortKeys[${j}].to`, sort.to);
        });
      } else if (keyCondition.partition === undefined) {
        add(`${path}.keyCondition.partition`, 'a key condition needs the partition key value (partition)');
      }
      if (keyCondition.partition !== undefined)
        checkTemplate(`${path}.keyCondition.partition`, keyCondition.partition);
      if (keyCondition.sort) {
        checkTemplate(`${path}.keyCondition.sort.value`, keyCondition.sort.value);
        if (keyCondition.sort.op === 'between' && keyCondition.sort.to === undefined) {
          add(`${path}.keyCondition.sort.to`, 'between needs an upper bound "to"');
        }
        if (keyCondition.sort.to !== undefined)
          checkTemplate(`${path}.keyCondition.sort.to`, keyCondition.sort.to);
        if (schema && !schema.sortKey)
          add(`${path}.keyCondition.sort`, `${pattern.index ?? 'the table'} has no sort key`);
        // DynamoDB takes begins_with on S (a prefix of the text) and B (a prefix of the bytes), not on N.
        if (schema?.sortKey && schema.sortKey.type === 'N' && keyCondition.sort.op === 'begins_with') {
          add(
            `${path}.keyCondition.sort.op`,
            `begins_with needs a string or binary sort key; ${schema.sortKey.name} is of type N`,
          );
        }
      }
      if (pattern.operation === 'GetItem') {
        if (pattern.index) add(`${path}.index`, 'GetItem reads the table only; use a Query to read an index');
        if (design.table.sortKey && keyCondition.sort?.op !== '=') {
          add(
            `${path}.keyCondition.sort`,
            `GetItem needs the full primary key: an "=" on ${design.table.sortKey.name}`,
          );
        }
      }
      break;
    }
    case 'PutItem':
    case 'DeleteItem':
      checkEntity(`${path}.entity`, pattern.entity);
      break;
    case 'UpdateItem':
      checkEntity(`${path}.entity`, pattern.entity);
      checkAttributes(`${path}.set`, pattern.entity, pattern.set);
      checkAttributes(`${path}.remove`, pattern.entity, pattern.remove);
      if (!pattern.set?.length && !pattern.remove?.length)
        add(path, 'an UpdateItem needs attributes to set or remove');
      break;
    case 'TransactWriteItems':
      pattern.actions.forEach((action, i) => {
        checkEntity(`${path}.actions[${i}].entity`, action.entity);
        checkAttributes(`${path}.actions[${i}].set`, action.entity, action.set);
        checkAttributes(`${path}.actions[${i}].remove`, action.entity, action.remove);
      });
      break;
    case 'TransactGetItems':
    case 'BatchGetItem':
      pattern.gets.forEach((get, i) => {
        checkEntity(`${path}.gets[${i}].entity`, get.entity);
        if (get.key) {
          checkTemplate(`${path}.gets[${i}].key.partition`, get.key.partition);
          if (get.key.sort !== undefined) checkTemplate(`${path}.gets[${i}].key.sort`, get.key.sort);
        }
      });
      break;
  }
}

/** Checks that a schema-valid design refers only to things it declares. */
export function referenceProblems(design: Design): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const add = (path: string, message: string) => problems.push({ path, message });
  const tooMany = itemLimitMessage(designItemCount(design));
  if (tooMany) add('items', tooMany);
  checkTable(design, add);
  // sameEntityName: names that differ only in case are the same.
  const firstByName = new Map<string, number>();
  design.entities.forEach((entity, i) => {
    const name = entity.name.toLowerCase();
    const first = firstByName.get(name) ?? i;
    if (first === i) return void firstByName.set(name, i);
    const other = design.entities[first].name;
    add(
      `entities[${i}].name`,
      other === entity.name
        ? `duplicate entity name "${other}"`
        : `entity name "${entity.name}" differs only in case from "${other}" (entities[${first}]): entity names must differ in more than case`,
    );
  });
  const refs = designRefs(design);
  design.entities.forEach((entity, i) => checkEntity(refs, entity, `entities[${i}]`, add));
  design.entities.forEach((entity, i) =>
    checkCopies(design, entity, `entities[${i}]`, add, (form, at, report) =>
      checkEntity(refs, form, at, report),
    ),
  );
  for (const [i, id] of duplicates(design.accessPatterns, (p) => p.id))
    add(`accessPatterns[${i}].id`, `duplicate pattern id "${id}"`);
  design.accessPatterns.forEach((pattern, i) => checkPattern(refs, pattern, `accessPatterns[${i}]`, add));
  checkItems(design, add);
  checkNumberLimits(design, add);
  checkItemKeys(design, add);
  return problems;
}
