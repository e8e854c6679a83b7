// JSON that keeps every number DynamoDB can store. DynamoDB numbers have up to 38 significant digits; a
// JavaScript double holds 15–17, so `JSON.parse` silently rounds `12345678901234567890123`. Keyplan keeps
// a number as a plain JS number when the double holds its exact decimal value, and as an ExactNumber
// (lossless-json's LosslessNumber: the digits as text) when it does not. Everything that reads or
// writes design or item JSON goes through parseExactJson / stringifyExactJson.
import { isLosslessNumber, LosslessNumber, parse, stringify } from 'lossless-json';
// A cycle (compare.ts reads ExactNumbers); only functions cross it, called after both modules loaded.
import { canonicalNumber, parseDecimal } from './decimal.ts';
import { jsonNestsDeeperThan, NestingTooDeepError } from './json-depth.ts';

export const ExactNumber = LosslessNumber;
export type ExactNumber = LosslessNumber;

/** A number Keyplan holds: a JS number when exact, else its decimal text. */
export type NumberValue = number | ExactNumber;

export function isExactNumber(value: unknown): value is ExactNumber {
  return isLosslessNumber(value);
}

/**
 * The value for a number's decimal text: a JS number when the double holds exactly this decimal value
 * (`0.1`, `1.50`, `12` — trailing zeros are not precision), else an ExactNumber with the text in DynamoDB's
 * normal form (canonicalNumber: plain digits, no exponent, no trailing zeros), so that one value has one
 * text wherever it comes from: `9.9999999999999999999999999999999999999E+125` in a design and the 126
 * digits DynamoDB answers for it. A number DynamoDB could not store (magnitude past 1E±130) keeps its text:
 * validation names it, and its plain form could be any length.
 */
export function numberFromText(text: string): NumberValue {
  const double = Number(text);
  if (Number.isFinite(double) && String(double) === text) return double;
  const decimal = parseDecimal(text);
  // Not a number at all: LosslessNumber refuses it (Invalid number).
  if (!decimal) return new LosslessNumber(text);
  const held = Number.isFinite(double) ? parseDecimal(double) : undefined;
  if (
    held &&
    held.sign === decimal.sign &&
    held.digits === decimal.digits &&
    held.exponent === decimal.exponent
  )
    return double;
  return new LosslessNumber(
    Math.abs(decimal.exponent) <= PLAIN_EXPONENT_LIMIT ? canonicalNumber(text) : text,
  );
}

/** Every number DynamoDB stores is within 10^±130, so its plain form is at most about 170 characters. */
const PLAIN_EXPONENT_LIMIT = 131;

/** A number's decimal text as DynamoDB receives it (`N`). */
export function numberText(value: NumberValue): string {
  return typeof value === 'number' ? String(value) : value.value;
}

// A number literal whose digits a double may not hold has at least 16 digits (dots between them), or an
// exponent of three digits (out of a double's range, or DynamoDB's). Text without one parses exactly
// with JSON.parse, which is several times faster on the multi-megabyte designs the grid opens. String
// literals are skipped (an id "u-he682" or a 16-digit phone number in a string is no number): the text is
// valid JSON (JSON.parse read it), so outside strings a digit or an "e" belongs to a number literal. A
// scan, not a regular expression: one over a string of a million escapes overflows the regex stack.
function mayBeInexact(text: string): boolean {
  let run = 0; // length of the current run of digits and dots that began with a digit
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Past the closing quote: the first one not escaped (preceded by an even number of backslashes).
      let end = text.indexOf('"', i + 1);
      for (;;) {
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      i = end;
      run = 0;
    } else if (c >= 0x30 && c <= 0x39) {
      if (++run >= 16) return true;
    } else if (c === 0x2e) {
      if (run > 0 && ++run >= 16) return true;
    } else {
      run = 0;
      if (c === 0x65 || c === 0x45) {
        let j = i + 1;
        if (text.charCodeAt(j) === 0x2b || text.charCodeAt(j) === 0x2d) j++;
        let digits = 0;
        while (digits < 3 && text.charCodeAt(j + digits) >= 0x30 && text.charCodeAt(j + digits) <= 0x39)
          digits++;
        if (digits === 3) return true;
      }
    }
  }
  return false;
}

/**
 * JSON.parse that keeps every number exactly (see numberFromText); throws JSON.parse's SyntaxError, or a
 * NestingTooDeepError (a SyntaxError too) before any parse when the text nests past MAX_JSON_DEPTH: the
 * exact parser, the schema checks and the importers recurse, and a file of nested `[` must not crash them.
 */
export function parseExactJson(text: string): unknown {
  if (jsonNestsDeeperThan(text)) throw new NestingTooDeepError();
  return exactJsonOf(text, JSON.parse(text));
}

/**
 * The exact value of JSON text that another parser (the server's, which refuses `__proto__`) has already
 * read as `plain`: `plain` itself unless a number in the text needs its digits kept.
 */
export function exactJsonOf(text: string, plain: unknown): unknown {
  return mayBeInexact(text) ? parse(text, null, numberFromText) : plain;
}

/** JSON.stringify that writes an ExactNumber's digits as a JSON number literal, so they round-trip. */
export function stringifyExactJson(value: unknown, space?: number | string): string {
  // JSON.stringify writes a 100,000-item design several times faster than lossless-json; it is used unless
  // a number needs its digits written (an ExactNumber, a bigint), which lossless-json then writes.
  try {
    return JSON.stringify(value, exactNumbersAbsent, space) ?? 'null';
  } catch (error) {
    if (error !== EXACT_NUMBER_FOUND) throw error;
    return stringify(value, null, space) ?? 'null';
  }
}

const EXACT_NUMBER_FOUND = Symbol('an ExactNumber');

function exactNumbersAbsent(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint' || (typeof value === 'object' && isLosslessNumber(value)))
    throw EXACT_NUMBER_FOUND;
  return value;
}
