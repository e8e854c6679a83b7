// Workbench table data read into plain values that keep their DynamoDB type, because plain JSON cannot tell
// a string set from a list. Workbench files are DynamoDB JSON (`{ "PK": { "S": "USER#u1" } }`), loosely:
// `{ "N": 201 }`, `{ "BOOL": "true" }`, maps whose members are plain JSON (`{ "M": { "on": true } }`, the
// way Workbench keeps a map typed into its editor), a map wrapped twice (`{ "M": { "M": { "HP": { "N": "50" } } } }`)
// and values written without any type (`"address": { "street": "…" }`). Each is read for what it says:
// plain JSON by its JSON type (string S, number N, boolean BOOL, null NULL, array L, object M), a map
// wrapped twice as the inner map. What a design holds differently (a set or binary inside a map or list,
// which a design's plain values hold as a list or a string; a set member listed twice, kept once) is read
// with a note, and a value that cannot be read at all (`{ "N": "abc" }`, `{ "B": "not base64" }`) is
// dropped with a warning naming its item and attribute, as is a row without its primary key, which
// DynamoDB would not store, and a value nested deeper than DynamoDB's 32 levels.

import { NESTING_LIMIT } from '../../apply/writable.ts';
import type { AttributeType, JsonValue, KeyType } from '../../model/schema.ts';
import { canonicalNumber, numberFromKeyText } from '../../values/compare.ts';
import { isExactNumber, type NumberValue } from '../../values/exact-json.ts';
import { isBase64 } from '../../values/marshall.ts';
import type { WorkbenchRow } from './format.ts';

export interface TypedValue {
  type: AttributeType;
  value: JsonValue;
}

/** One item: attribute name → value, in the file's order, and where the file holds it (for warnings). */
export class TypedRow extends Map<string, TypedValue> {
  constructor(
    /** The item's path in the model, e.g. `table "Shop", TableFacets[1].TableData[0]`. */
    readonly where: string,
  ) {
    super();
  }
}

const TYPES: ReadonlySet<string> = new Set(['S', 'N', 'B', 'BOOL', 'NULL', 'L', 'M', 'SS', 'NS', 'BS']);

/** What reading changed in a value: `at` is the path inside it ("" for the value itself). */
export interface ReadNote {
  at: string;
  note: string;
}

type Read = { ok: true; value: JsonValue } | { ok: false; error: string };

const fail = (error: string): Read => ({ ok: false, error });

function isObject(raw: unknown): raw is Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) && !isExactNumber(raw);
}

/** `{ "S": … }`: an object with one key that is a DynamoDB type. */
function typeEntry(raw: unknown): [string, unknown] | undefined {
  if (!isObject(raw)) return undefined;
  const entries = Object.entries(raw);
  return entries.length === 1 && TYPES.has(entries[0][0]) ? entries[0] : undefined;
}

/** `{ "M": { "HP": { "N": "50" } } }` held as a map's content: every member of the inner map is typed. */
function wrappedMap(content: Record<string, unknown>): Record<string, unknown> | undefined {
  const entry = typeEntry(content);
  if (entry?.[0] !== 'M' || !isObject(entry[1]) || typeEntry(entry[1])) return undefined;
  const members = Object.values(entry[1]);
  return members.length > 0 && members.every((member) => typeEntry(member)) ? entry[1] : undefined;
}

/** A number exactly as the file writes it (`{"N": "…"}` text or a JSON number): every digit is kept. */
function readNumber(raw: unknown): NumberValue | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (isExactNumber(raw)) return raw;
  return typeof raw === 'string' ? numberFromKeyText(raw) : undefined;
}

function readSet(
  raw: unknown,
  member: (x: unknown) => JsonValue | undefined,
  type: string,
  at: string,
  notes: ReadNote[],
): Read {
  if (!Array.isArray(raw) || raw.length === 0) return fail(`${type} needs a non-empty array`);
  const values = raw.map(member);
  if (values.some((v) => v === undefined)) return fail(`${type} holds a member of the wrong type`);
  // A set member is one value however it is written: `1`, `1.0` and `1E0` are one NS member.
  const key = (v: JsonValue | undefined) => (type === 'NS' ? canonicalNumber(v as NumberValue) : v);
  const seen = new Set<unknown>();
  const members = (values as JsonValue[]).filter((v) => !seen.has(key(v)) && seen.add(key(v)));
  if (members.length < values.length)
    notes.push({ at, note: `${type} lists a member more than once; kept once, as a DynamoDB set holds it` });
  return { ok: true, value: members };
}

const readBase64 = (x: unknown) => (typeof x === 'string' && isBase64(x) ? x : undefined);

const child = (at: string, key: string | number) =>
  typeof key === 'number' ? `${at}[${key}]` : at === '' ? key : `${at}.${key}`;

/** A member of a map or list: DynamoDB JSON where it is, else plain JSON. */
function readMember(raw: unknown, at: string, notes: ReadNote[], level: number): Read {
  const entry = typeEntry(raw);
  if (!entry) return readPlain(raw, at, notes, level);
  const [type, value] = entry;
  const read = readValue(type, value, at, notes, level);
  if (!read.ok) return read;
  // A design's sample values are plain JSON: inside a map or list, a set is a list and binary a string.
  if (type === 'SS' || type === 'NS' || type === 'BS')
    notes.push({ at, note: `a ${type} set inside a map or list is held as a list` });
  else if (type === 'B') notes.push({ at, note: 'binary inside a map or list is held as its base64 text' });
  return read;
}

/** JSON written without DynamoDB types, read by its JSON type; its members may be typed again. */
function readPlain(raw: unknown, at: string, notes: ReadNote[], level: number): Read {
  if (raw === null || typeof raw === 'string' || typeof raw === 'boolean') return { ok: true, value: raw };
  if (typeof raw === 'number' || isExactNumber(raw)) return { ok: true, value: raw };
  if (Array.isArray(raw)) return readValue('L', raw, at, notes, level);
  if (isObject(raw)) return readValue('M', raw, at, notes, level);
  return fail(`not a JSON value: ${String(raw)}`);
}

/** `level`: how deep the value nests in its attribute (the attribute's own value is level 1). */
function readValue(type: string, raw: unknown, at: string, notes: ReadNote[], level: number): Read {
  if ((type === 'L' || type === 'M') && level > NESTING_LIMIT)
    return fail(`lists and maps nest over ${NESTING_LIMIT} levels deep (DynamoDB's limit)`);
  switch (type) {
    case 'S':
      return typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean'
        ? { ok: true, value: String(raw) }
        : fail('S needs a string');
    case 'N': {
      const n = readNumber(raw);
      if (n === undefined) return fail(`N needs a number, got ${JSON.stringify(raw)}`);
      return { ok: true, value: n };
    }
    case 'B':
      return readBase64(raw) !== undefined ? { ok: true, value: raw as string } : fail('B needs base64 text');
    case 'BOOL':
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      return raw === 'true' || raw === 'false'
        ? { ok: true, value: raw === 'true' }
        : fail('BOOL needs true or false');
    case 'NULL':
      return { ok: true, value: null };
    case 'L': {
      if (!Array.isArray(raw)) return fail('L needs an array');
      const out: JsonValue[] = [];
      for (const [i, member] of raw.entries()) {
        const read = readMember(member, child(at, i), notes, level + 1);
        if (!read.ok) return read;
        out.push(read.value);
      }
      return { ok: true, value: out };
    }
    case 'M': {
      if (!isObject(raw)) return fail('M needs an object');
      const inner = wrappedMap(raw);
      if (inner)
        notes.push({ at, note: 'a map written inside another map ({"M":{"M":…}}); read as the inner map' });
      const entries: [string, JsonValue][] = [];
      for (const [key, member] of Object.entries(inner ?? raw)) {
        const read = readMember(member, child(at, key), notes, level + 1);
        if (!read.ok) return read;
        entries.push([key, read.value]);
      }
      // fromEntries defines own properties, so even a map key "__proto__" stays a key.
      return { ok: true, value: Object.fromEntries(entries) };
    }
    case 'SS':
      return readSet(raw, (x) => (typeof x === 'string' ? x : undefined), type, at, notes);
    case 'BS':
      return readSet(raw, readBase64, type, at, notes);
    case 'NS':
      return readSet(raw, readNumber, type, at, notes);
    default:
      return fail(`unknown type ${JSON.stringify(type)}`);
  }
}

const PLAIN_TYPES: Record<string, AttributeType> = { string: 'S', number: 'N', boolean: 'BOOL' };

/**
 * One attribute value of a Workbench item with its type, or why it cannot be read. `notes` gets what a
 * design holds differently from the file.
 */
export function readAttributeValue(raw: unknown, notes: ReadNote[] = []): TypedValue | { error: string } {
  const entry = typeEntry(raw);
  if (entry) {
    const read = readValue(entry[0], entry[1], '', notes, 1);
    return read.ok ? { type: entry[0] as AttributeType, value: read.value } : { error: read.error };
  }
  const read = readPlain(raw, '', notes, 1);
  if (!read.ok) return { error: read.error };
  const type =
    raw === null
      ? 'NULL'
      : Array.isArray(raw)
        ? 'L'
        : isExactNumber(raw)
          ? 'N'
          : isObject(raw)
            ? 'M'
            : PLAIN_TYPES[typeof raw];
  return { type, value: read.value };
}

/** A key value of the declared key type; S from a number and N from a numeric string are converted. */
function keyValue(value: TypedValue, type: KeyType): TypedValue | undefined {
  if (value.type === type) return value.value === '' ? undefined : value;
  if (type === 'S' && value.type === 'N') return { type, value: String(value.value) };
  if (type === 'N' && value.type === 'S') {
    const n = readNumber(value.value);
    return n === undefined ? undefined : { type, value: n };
  }
  return undefined;
}

export interface RowContext {
  /** Every key attribute of the table and its indexes, with its type. */
  keyTypes: ReadonlyMap<string, KeyType>;
  /** The table's primary key attribute names: a row without them is dropped. */
  primaryKey: readonly string[];
  warn: (message: string) => void;
}

/** Reads the rows at `where` (a path in the model, for the warnings); rows DynamoDB could not hold are left out. */
export function readRows(rows: readonly WorkbenchRow[], where: string, context: RowContext): TypedRow[] {
  const out: TypedRow[] = [];
  rows.forEach((row, i) => {
    const typed = new TypedRow(`${where}[${i}]`);
    const path = typed.where;
    for (const [name, raw] of Object.entries(row)) {
      const notes: ReadNote[] = [];
      const read = readAttributeValue(raw, notes);
      if ('error' in read) {
        context.warn(`${path}.${name}: ${read.error}; value dropped`);
        continue;
      }
      for (const { at, note } of notes)
        context.warn(`${path}.${name}${at.startsWith('[') || at === '' ? at : `.${at}`}: ${note}`);
      const keyType = context.keyTypes.get(name);
      if (!keyType) {
        if (name === '') context.warn(`${path}: an attribute without a name; value dropped`);
        else typed.set(name, read);
        continue;
      }
      const key = keyValue(read, keyType);
      if (key) {
        if (key.type !== read.type)
          context.warn(`${path}.${name}: ${read.type} value read as ${keyType}, the key's type`);
        typed.set(name, key);
      } else context.warn(`${path}.${name}: not a valid ${keyType} key value; value dropped`);
    }
    const missing = context.primaryKey.filter((name) => !typed.has(name));
    if (missing.length > 0) context.warn(`${path}: no value for ${missing.join(' and ')}; row dropped`);
    else out.push(typed);
  });
  return out;
}

/** The primary key of a row as one string, to find the same item listed twice. */
export function primaryKeyId(row: TypedRow, primaryKey: readonly string[]): string {
  return JSON.stringify(primaryKey.map((name) => row.get(name)?.value ?? null));
}
