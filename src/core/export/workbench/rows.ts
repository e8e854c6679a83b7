// Workbench table data (DynamoDB JSON: `{ "PK": { "S": "USER#u1" } }`) read into plain values that keep
// their DynamoDB type, because plain JSON cannot tell a string set from a list. Real files are loose
// (`{ "N": 201 }`, `{ "BOOL": "true" }`), so reading is lenient; a value that is not DynamoDB JSON at all is
// dropped with a warning, and so is a row without its primary key, which DynamoDB would not store.
import type { AttributeType, JsonValue, KeyType } from '../../model/schema.ts';
import type { WorkbenchRow } from './format.ts';

export interface TypedValue {
  type: AttributeType;
  value: JsonValue;
}
/** One item: attribute name → value, in the file's order. */
export type TypedRow = Map<string, TypedValue>;

type Read = { ok: true; value: JsonValue } | { ok: false; error: string };

const fail = (error: string): Read => ({ ok: false, error });

function readNumber(raw: unknown): number | undefined {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

function readSet(raw: unknown, member: (x: unknown) => JsonValue | undefined, type: string): Read {
  if (!Array.isArray(raw) || raw.length === 0) return fail(`${type} needs a non-empty array`);
  const values = raw.map(member);
  if (values.some((v) => v === undefined)) return fail(`${type} holds a member of the wrong type`);
  return { ok: true, value: values as JsonValue[] };
}

function readPlain(raw: unknown): Read {
  const typed = readAttributeValue(raw);
  return 'error' in typed ? fail(typed.error) : { ok: true, value: typed.value };
}

function readValue(type: string, raw: unknown): Read {
  switch (type) {
    case 'S':
      return typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean'
        ? { ok: true, value: String(raw) }
        : fail('S needs a string');
    case 'N': {
      const n = readNumber(raw);
      return n === undefined ? fail(`N needs a number, got ${JSON.stringify(raw)}`) : { ok: true, value: n };
    }
    case 'B':
      return typeof raw === 'string' ? { ok: true, value: raw } : fail('B needs a base64 string');
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
      for (const member of raw) {
        const read = readPlain(member);
        if (!read.ok) return read;
        out.push(read.value);
      }
      return { ok: true, value: out };
    }
    case 'M': {
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail('M needs an object');
      const entries: [string, JsonValue][] = [];
      for (const [key, member] of Object.entries(raw)) {
        const read = readPlain(member);
        if (!read.ok) return read;
        entries.push([key, read.value]);
      }
      // fromEntries defines own properties, so even a map key "__proto__" stays a key.
      return { ok: true, value: Object.fromEntries(entries) };
    }
    case 'SS':
    case 'BS':
      return readSet(raw, (x) => (typeof x === 'string' ? x : undefined), type);
    case 'NS':
      return readSet(raw, readNumber, type);
    default:
      return fail(`unknown type ${JSON.stringify(type)}`);
  }
}

/** One DynamoDB JSON value (`{ "S": "x" }`) with its type, or why it is not one. */
export function readAttributeValue(raw: unknown): TypedValue | { error: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { error: `expected a DynamoDB value such as {"S": "…"}, got ${JSON.stringify(raw)}` };
  const entries = Object.entries(raw);
  if (entries.length !== 1)
    return { error: `expected one type key (S, N, B, BOOL, NULL, L, M, SS, NS, BS), got ${entries.length}` };
  const [type, value] = entries[0];
  const read = readValue(type, value);
  return read.ok ? { type: type as AttributeType, value: read.value } : { error: read.error };
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

/** Reads the rows at `where` (a JSON path, for the warnings); rows DynamoDB could not hold are left out. */
export function readRows(rows: readonly WorkbenchRow[], where: string, context: RowContext): TypedRow[] {
  const out: TypedRow[] = [];
  rows.forEach((row, i) => {
    const path = `${where}[${i}]`;
    const typed: TypedRow = new Map();
    for (const [name, raw] of Object.entries(row)) {
      const read = readAttributeValue(raw);
      if ('error' in read) {
        context.warn(`${path}.${name}: ${read.error}; value dropped`);
        continue;
      }
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
