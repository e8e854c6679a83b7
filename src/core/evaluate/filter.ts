// Filter clauses (ANDed) with DynamoDB's type rules: a comparison between values of different types is
// false, a missing attribute compares false except for `<>` (true) and not_exists, S orders by UTF-8 bytes
// and N numerically. A value's DynamoDB type is its JSON type; a string is B when the entity declares it so.

import type { AttributeTypes } from '../model/item-size.ts';
import type { AttributeType, JsonValue } from '../model/schema.ts';
import type { ResolvedClause } from '../requests/read-spec.ts';
import { compareBytes, compareKeyValues, compareUtf8, decodeBase64 } from '../values/compare.ts';
import { isExactNumber, type NumberValue } from '../values/exact-json.ts';
import type { PlainItem } from '../values/item.ts';
import { EvaluationError } from './evaluation-error.ts';
import { beginsWith } from './key-condition.ts';

export function matchesFilter(
  item: PlainItem,
  clauses: readonly ResolvedClause[] | undefined,
  types?: AttributeTypes,
): boolean {
  if (!clauses) return true;
  return clauses.every((clause) =>
    matchesClause(item[clause.attribute], clause, types?.get(clause.attribute)),
  );
}

function matchesClause(actual: JsonValue | undefined, clause: ResolvedClause, type?: AttributeType): boolean {
  const { op, value } = clause;
  if (op === 'exists') return actual !== undefined;
  if (op === 'not_exists') return actual === undefined;
  if (op === '<>') return actual === undefined || value === undefined || !equalValues(actual, value, type);
  if (actual === undefined || value === undefined) return false;
  switch (op) {
    case '=':
      return equalValues(actual, value, type);
    case 'begins_with':
      if (typeof actual !== 'string' || typeof value !== 'string') return false;
      return beginsWith(actual, value, type === 'B' ? 'B' : 'S');
    case 'contains':
      return contains(actual, value, type);
    case 'between': {
      const to = clause.to;
      if (to === undefined) return false;
      const bounds = compareScalars(value, to, type);
      if (bounds !== undefined && bounds > 0) {
        throw new EvaluationError(
          'Invalid FilterExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound',
        );
      }
      const low = compareScalars(actual, value, type);
      const high = compareScalars(actual, to, type);
      return low !== undefined && high !== undefined && low >= 0 && high <= 0;
    }
  }
  const order = compareScalars(actual, value, type);
  if (order === undefined) return false;
  if (op === '<') return order < 0;
  if (op === '<=') return order <= 0;
  if (op === '>') return order > 0;
  return order >= 0;
}

/** Orders two S, N or B values; undefined when their types differ or do not order. */
function compareScalars(a: JsonValue, b: JsonValue, type?: AttributeType): number | undefined {
  if (isNumberValue(a) && isNumberValue(b)) return compareKeyValues(keyNumber(a), keyNumber(b), 'N');
  if (typeof a !== 'string' || typeof b !== 'string') return undefined;
  return type === 'B' ? compareBytes(decodeBase64(a), decodeBase64(b)) : compareUtf8(a, b);
}

function equalValues(a: JsonValue, b: JsonValue, type?: AttributeType): boolean {
  if (isNumberValue(a) && isNumberValue(b)) return compareKeyValues(keyNumber(a), keyNumber(b), 'N') === 0;
  if (isExactNumber(a) || isExactNumber(b)) return false;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    // Sets are unordered; lists compare element by element.
    if (type === 'SS' || type === 'NS' || type === 'BS')
      return a.every((x) => b.some((y) => equalValues(x, y)));
    return a.every((x, i) => equalValues(x, b[i]));
  }
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && equalValues(a[k], b[k]));
}

/** contains(): a substring of an S (or bytes of a B), or an element of a set or list. */
function contains(actual: JsonValue, value: JsonValue, type?: AttributeType): boolean {
  if (Array.isArray(actual)) return actual.some((element) => equalValues(element, value));
  if (typeof actual !== 'string' || typeof value !== 'string') return false;
  return type === 'B' ? bytesIndexOf(actual, value) >= 0 : actual.includes(value);
}

function bytesIndexOf(haystack: string, needle: string): number {
  const bytes = decodeBase64(haystack);
  const part = decodeBase64(needle);
  for (let i = 0; i + part.length <= bytes.length; i++) {
    if (compareBytes(bytes.subarray(i, i + part.length), part) === 0) return i;
  }
  return -1;
}

function isNumberValue(value: JsonValue): value is NumberValue {
  return typeof value === 'number' || isExactNumber(value);
}

function keyNumber(value: NumberValue): number | string {
  return typeof value === 'number' ? value : value.value;
}
