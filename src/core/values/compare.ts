// Key ordering as DynamoDB applies it: S by UTF-8 bytes, N by exact decimal value, B by unsigned bytes.
// JS string comparison orders UTF-16 code units, which puts U+E000–U+FFFF after astral characters;
// UTF-8 byte order equals code point order, so the comparison below fixes that one case up.

import { canonicalNumber, type Decimal, parseDecimal } from './decimal.ts';
import { isExactNumber, type NumberValue, numberFromText } from './exact-json.ts';
import type { KeyValue } from './item.ts';
import type { KeyType } from './json-value.ts';

/** Orders two key values of the same key type; negative, zero or positive like a sort comparator. */
export function compareKeyValues(a: KeyValue, b: KeyValue, type: KeyType): number {
  if (type === 'N') return compareNumbers(a, b);
  if (type === 'B') return compareBytes(decodeBase64(String(a)), decodeBase64(String(b)));
  return compareUtf8(String(a), String(b));
}

/** Strings in UTF-8 byte order (= code point order). */
export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return utf8Rank(x) - utf8Rank(y);
  }
  return a.length - b.length;
}

// At the first differing code unit, surrogates (astral code points, 4 UTF-8 bytes) must rank above
// U+E000–U+FFFF (3 UTF-8 bytes) although their code units are lower.
function utf8Rank(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  if (unit >= 0xd800) return unit + 0x2000;
  return unit;
}

/**
 * A value whose native JS order (`<` on strings, on numbers) is the key order, to sort many keys fast:
 * S with the code units above U+D7FF remapped (see utf8Rank), B as one char per byte, N as the number.
 * An N value a double cannot hold (an ExactNumber, a numeric string) gets its nearest double: rounding
 * keeps the order (a < b gives token(a) <= token(b)) but may tie distinct values, so sort with
 * compareByToken, which settles equal tokens exactly.
 */
export function sortToken(value: KeyValue, type: KeyType): string | number {
  if (type === 'N') return typeof value === 'number' ? value : Number(String(value));
  if (type === 'B') return String.fromCharCode(...decodeBase64(String(value)));
  const text = String(value);
  return ABOVE_D7FF.test(text)
    ? text.replace(ABOVE_D7FF_ALL, (ch) => String.fromCharCode(utf8Rank(ch.charCodeAt(0))))
    : text;
}

/**
 * Orders key values `a` and `b` of one key type by their sort tokens `x` and `y`: exact, and as fast as the
 * tokens when they differ. Equal tokens of distinct values happen only for N values past a double.
 */
export function compareByToken(
  x: string | number,
  y: string | number,
  a: KeyValue,
  b: KeyValue,
  type: KeyType,
): number {
  if (x !== y) return x < y ? -1 : 1;
  return type === 'N' && (typeof a !== 'number' || typeof b !== 'number') ? compareNumbers(a, b) : 0;
}

const ABOVE_D7FF = /[\uD800-\uFFFF]/;
const ABOVE_D7FF_ALL = /[\uD800-\uFFFF]/g;

/** True when the value is a JSON number or a numeric string DynamoDB would accept as N. */
export function isNumeric(value: unknown): value is KeyValue {
  if (typeof value === 'number') return Number.isFinite(value);
  if (isExactNumber(value)) return true;
  return typeof value === 'string' && parseDecimal(value) !== undefined;
}

// Decimal parsing lives in decimal.ts (exact-json.ts needs it too); callers have long found it here.
export { canonicalNumber, type Decimal, parseDecimal } from './decimal.ts';

const ZERO: Decimal = { sign: 0, digits: '', exponent: 0 };

function compareNumbers(a: KeyValue, b: KeyValue): number {
  // Plain JS numbers compare exactly as they are; strings may carry 38 digits, beyond a double.
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  const x = parseDecimal(a) ?? ZERO;
  const y = parseDecimal(b) ?? ZERO;
  if (x.sign !== y.sign) return x.sign - y.sign;
  if (x.sign === 0) return 0;
  let magnitude = x.exponent - y.exponent;
  if (magnitude === 0) magnitude = x.digits < y.digits ? -1 : x.digits > y.digits ? 1 : 0;
  return magnitude * x.sign;
}

/**
 * The number numeric text stands for (any form DynamoDB accepts: `1.50`, `1e3`, ` 7`), exactly: a JS number
 * when a double holds it, else an ExactNumber with DynamoDB's digits (canonicalNumber). Undefined when the
 * text is no number.
 */
export function numberFromKeyText(text: string): NumberValue | undefined {
  const double = Number(text);
  if (Number.isFinite(double) && String(double) === text) return double;
  const trimmed = text.trim();
  if (parseDecimal(trimmed) === undefined) return undefined;
  return numberFromText(canonicalNumber(trimmed));
}

/** A number's text in DynamoDB's normal form (canonicalNumber), fast for the usual JS numbers. */
export function numberKeyText(value: NumberValue): string {
  if (typeof value === 'number') {
    const text = String(value);
    return text.includes('e') ? canonicalNumber(value) : text;
  }
  return canonicalNumber(value);
}

/**
 * DynamoDB's text of a number it stores, as it answers it (canonicalNumber: `1e+22` →
 * `10000000000000000000000`, `1.50` → `1.5`); text DynamoDB would refuse stays as given.
 */
export function dynamoNumberText(text: string): string {
  return parseDecimal(text) !== undefined && numberLimitProblem(text) === undefined
    ? canonicalNumber(text)
    : text;
}

/** A canonical string for a key value, for use as a Map key: equal keys give equal strings. */
export function keyString(value: KeyValue, type: KeyType): string {
  return type === 'N' ? canonicalNumber(value) : String(value);
}

/**
 * Why DynamoDB refuses this number, if it does, as a sentence about "this one": more than 38 significant
 * digits, or a magnitude above 9.9999999999999999999999999999999999999E+125 or (not zero) below 1E-130.
 * Undefined for a number DynamoDB stores, and for text that is no number at all (see parseDecimal).
 */
export function numberLimitProblem(value: KeyValue): string | undefined {
  const decimal = parseDecimal(value);
  if (!decimal || decimal.sign === 0) return undefined;
  if (decimal.digits.length > 38)
    return `a number has at most 38 significant digits, this one has ${decimal.digits.length}`;
  // The value is 0.d1d2… × 10^exponent.
  if (decimal.exponent > 126)
    return 'a number is at most 9.9999999999999999999999999999999999999E+125 in magnitude, this one is larger';
  if (decimal.exponent < -129)
    return 'a number other than 0 is at least 1E-130 in magnitude, this one is smaller';
  return undefined;
}

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    if (a[i] !== b[i]) return a[i] - b[i];
  }
  return a.length - b.length;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const SEXTETS = new Map([...BASE64].map((ch, i) => [ch, i]));

/** Decodes base64 (padding optional; characters outside the alphabet are skipped) without Buffer or atob. */
export function decodeBase64(text: string): Uint8Array {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of text) {
    const sextet = SEXTETS.get(ch);
    if (sextet === undefined) continue;
    buffer = ((buffer << 6) | sextet) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}
