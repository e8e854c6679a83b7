// Item size in bytes by DynamoDB's published rules ("DynamoDB item sizes and formats",
// https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html):
// each attribute costs the UTF-8 bytes of its name plus its value, where
// - a string is its UTF-8 bytes; a binary value its raw (base64-decoded) bytes;
// - a number is "approximately" 1 byte per two significant digits (leading and trailing zeros trimmed)
//   + 1 byte. Exactly, as DynamoDB Local 3.3 charges it (measured byte by byte at the 1 KB write-unit
//   boundary): the digits are stored in base-100 pairs aligned on the decimal point, so 1.5 is the pairs
//   01|50 (3 bytes, where the approximation says 2), and a negative number takes 1 byte more;
// - null and Boolean are 1 byte;
// - a List or Map is 3 bytes + its elements, and each element costs 1 more byte (a Map element also
//   its name's UTF-8 bytes).
// The page does not price sets separately; a set is taken as the sum of its elements, with no overhead.
// Plain JSON cannot tell B from S or a set from a List, so callers pass the declared types when known.

import { decodeBase64, parseDecimal } from '../values/compare.ts';
import { isExactNumber } from '../values/exact-json.ts';
import type { PlainItem } from '../values/item.ts';
import { keyAttributeTypes } from './indexes.ts';
import type { AttributeType, Design, JsonValue } from './schema.ts';

/** The largest item DynamoDB stores (an Apply refuses a bigger one; the item-size rule warns of it). */
export const ITEM_LIMIT_BYTES = 400 * 1024;

export type AttributeTypes = ReadonlyMap<string, AttributeType>;

/** The size of an item in bytes; `types` gives declared attribute types (B, sets) by attribute name. */
export function itemSize(item: PlainItem, types?: AttributeTypes): number {
  let size = 0;
  for (const name in item) size += utf8Length(name) + valueSize(item[name], types?.get(name));
  return size;
}

/** The size of one attribute value, without its name. */
export function valueSize(value: JsonValue, type?: AttributeType): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'number') return numberSize(value);
  if (isExactNumber(value)) return numberSize(value.value);
  if (typeof value === 'string') {
    if (type === 'B') return decodeBase64(value).length;
    if (type === 'N') return numberSize(value);
    return utf8Length(value);
  }
  if (Array.isArray(value)) {
    const element = type === 'SS' ? 'S' : type === 'NS' ? 'N' : type === 'BS' ? 'B' : undefined;
    if (element) return value.reduce<number>((sum, v) => sum + valueSize(v, element), 0);
    return value.reduce<number>((sum, v) => sum + 1 + valueSize(v), 3);
  }
  let size = 3;
  for (const name in value) size += 1 + utf8Length(name) + valueSize(value[name]);
  return size;
}

function numberSize(value: number | string): number {
  const decimal = parseDecimal(value);
  if (!decimal || decimal.sign === 0) return 1;
  // The value is 0.d1d2…dn × 10^exponent: d1 sits at the place 10^(exponent-1), dn at 10^(exponent-n).
  const { digits, exponent, sign } = decimal;
  const pairs = Math.floor((exponent - 1) / 2) - Math.floor((exponent - digits.length) / 2) + 1;
  return pairs + 1 + (sign < 0 ? 1 : 0);
}

/** UTF-8 length of a JS string without encoding it; a lone surrogate counts as U+FFFD (3 bytes). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit < 0xdc00 && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next < 0xe000) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Declared attribute types per entity name, key attributes (S/N/B) included: what itemSize needs. */
export function attributeTypesByEntity(design: Design): Map<string, AttributeTypes> {
  const keyTypes = keyAttributeTypes(design);
  const out = new Map<string, AttributeTypes>();
  for (const entity of design.entities) {
    const types = new Map<string, AttributeType>(entity.attributes.map((a) => [a.name, a.type]));
    for (const [name, type] of keyTypes) types.set(name, type);
    out.set(entity.name, types);
  }
  return out;
}

/**
 * An attribute value in DynamoDB's JSON form (binary as base64 text) or the SDK's (binary as bytes): what a
 * write request carries, sized by the same rules without a declared type (the tags say B, N and sets).
 */
export type WireValue = object;

const binarySize = (value: unknown) =>
  typeof value === 'string' ? decodeBase64(value).length : value instanceof Uint8Array ? value.length : 0;

/** The size of one attribute value in DynamoDB's JSON or the SDK's form, without its name. */
export function wireValueSize(wire: WireValue): number {
  const value = wire as Record<string, unknown>;
  if ('S' in value) return utf8Length(String(value.S));
  if ('N' in value) return numberSize(String(value.N));
  if ('B' in value) return binarySize(value.B);
  if ('SS' in value) return (value.SS as string[]).reduce((sum, v) => sum + utf8Length(v), 0);
  if ('NS' in value) return (value.NS as string[]).reduce((sum, v) => sum + numberSize(v), 0);
  if ('BS' in value) return (value.BS as unknown[]).reduce<number>((sum, v) => sum + binarySize(v), 0);
  if ('L' in value) return (value.L as WireValue[]).reduce<number>((sum, v) => sum + 1 + wireValueSize(v), 3);
  if ('M' in value) {
    const map = value.M as Record<string, WireValue>;
    return wireItemSize(map) + 3 + Object.keys(map).length;
  }
  return 1; // NULL, BOOL
}

/** The size of an item in DynamoDB's JSON or the SDK's form (a request's Item), by the rules above. */
export function wireItemSize(item: Record<string, WireValue>): number {
  let size = 0;
  for (const name in item) size += utf8Length(name) + wireValueSize(item[name]);
  return size;
}
