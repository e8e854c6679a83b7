// The OneTable schema as JSON holds it (https://doc.onetable.io/api/table/schemas/), what of it Keyplan maps
// both ways, and the one translation of key templates: OneTable's `${name}` and `${name:width:pad}` are
// Keyplan's `{name}` and `{name:width}` (Keyplan pads with zeros only).
import type { AttributeType, KeyType } from '../../model/schema.ts';

export const ONETABLE_FORMAT = 'onetable:1.1.0';
export const ONETABLE_VERSION = '0.0.1';
/** OneTable's default type field (`params.typeField`). */
export const ONETABLE_TYPE_FIELD = '_type';

export type OneProjection = 'all' | 'keys' | string[];

export interface OneIndex {
  hash?: string;
  sort?: string;
  type?: 'local';
  project?: OneProjection;
  description?: string;
}

export interface OneField {
  type: string;
  value?: string;
  required?: boolean;
  enum?: unknown[];
  ttl?: boolean;
  [other: string]: unknown;
}

export type OneSortCondition = string | Record<string, string | string[]>;

/** A saved query: Keyplan's reading of the schema's open `queries` map (see docs/design-format.md). */
export interface OneQuery {
  name?: string;
  description?: string;
  operation: 'get' | 'find' | 'scan' | 'create' | 'update' | 'remove';
  model?: string;
  models?: string[];
  index?: string;
  properties?: Record<string, OneSortCondition>;
  set?: string[];
  params?: {
    reverse?: boolean;
    limit?: number;
    consistent?: boolean;
    where?: string;
    exists?: boolean | null;
    remove?: string[];
    fields?: string[];
  };
  example?: Record<string, unknown>;
}

export interface OneSchema {
  format?: string;
  version: string;
  name?: string;
  indexes: Record<string, OneIndex>;
  models: Record<string, Record<string, OneField>>;
  params?: {
    typeField?: string;
    isoDates?: boolean;
    timestamps?: boolean | 'create' | 'update';
    createdField?: string;
    updatedField?: string;
    separator?: string;
    [other: string]: unknown;
  };
  queries?: Record<string, OneQuery>;
  /** Keyplan's design without its items, for what OneTable has no place for (see export.ts). */
  keyplan?: unknown;
}

/** The type OneTable writes on the item it keeps per unique value (Model.js: `_Unique`). */
export const ONETABLE_UNIQUE_TYPE = '_Unique';

/** Keyplan attribute type → OneTable field type. */
export const ONE_TYPE: Record<AttributeType, string> = {
  S: 'string',
  N: 'number',
  B: 'binary',
  BOOL: 'boolean',
  NULL: 'string',
  L: 'array',
  M: 'object',
  SS: 'set',
  NS: 'set',
  BS: 'set',
};

export const KEY_ONE_TYPE: Record<KeyType, string> = { S: 'string', N: 'number', B: 'binary' };

/** OneTable field type (lower-cased; a constructor's name in a module) → Keyplan type; `date` is decided apart. */
export const KEYPLAN_TYPE: Record<string, AttributeType> = {
  string: 'S',
  number: 'N',
  boolean: 'BOOL',
  binary: 'B',
  buffer: 'B',
  arraybuffer: 'B',
  array: 'L',
  object: 'M',
  set: 'SS',
};

/** `ORDER#{createdAt}#{n:6}` → `ORDER#${createdAt}#${n:6:0}`. */
export function oneTemplate(template: string): string {
  return template.replace(/\{([^}:]+)(?::(\d+))?\}/g, (_, name: string, width?: string) =>
    width ? `\${${name}:${width}:0}` : `\${${name}}`,
  );
}

export type KeyplanTemplate = { ok: true; template: string } | { ok: false; why: string };

/**
 * A OneTable value template as a Keyplan key template. `constants` replaces placeholders that are not
 * attributes of the item (the type field: the model's name). A pad character other than 0 has no
 * Keyplan form.
 */
export function keyplanTemplate(value: string, constants: ReadonlyMap<string, string>): KeyplanTemplate {
  let why: string | undefined;
  const template = value.replace(/\$\{([^}]*)\}/g, (match, inner: string) => {
    const [name, width, pad] = inner.split(':');
    const constant = constants.get(name);
    if (constant !== undefined) return constant;
    if (width === undefined) return `{${name}}`;
    if (!/^\d{1,2}$/.test(width)) why ??= `${match}: the width must be a number of 1–2 digits`;
    else if (pad !== undefined && pad !== '0')
      why ??= `${match} pads with "${pad}"; a Keyplan key template pads numbers with 0 only`;
    return `{${name}:${width}}`;
  });
  return why ? { ok: false, why } : { ok: true, template };
}

/**
 * The keys of the item OneTable writes, in the same transaction, for each value of a `unique` field
 * (Model.create and update in dynamodb-onetable 2.7): partition key `_unique#<scope>#<model>#<stored
 * attribute>#<value>` (the scope only when the field has one), sort key `_unique#`; the item holds nothing
 * else but its type ("_Unique"). As Keyplan key templates, `scope` one already (`{accountId}`).
 */
export function uniqueItemKeys(
  primary: { hash: string; sort?: string },
  model: string,
  stored: string,
  property: string,
  scope?: string,
): Record<string, string> {
  // Literal text of a Keyplan template cannot hold braces; OneTable names rarely do.
  const literal = (text: string) => text.replace(/[{}]/g, '');
  const keys: Record<string, string> = {
    [primary.hash]: `_unique#${scope === undefined ? '' : `${scope}#`}${literal(model)}#${literal(stored)}#{${property}}`,
  };
  if (primary.sort) keys[primary.sort] = '_unique#';
  return keys;
}

/** The top-level attribute OneTable stores a field under: its `map` (`nm`, or `data` of `data.x`), else its name. */
export function storedName(name: string, field: OneField): string {
  return typeof field.map === 'string' && field.map !== '' ? field.map.split('.')[0] : name;
}

/** What the schema's text says a field is, or why it cannot be read. */
export function shown(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  if (value instanceof RegExp) return `the regular expression ${String(value)}`;
  return JSON.stringify(value);
}
