// Plain JSON values ↔ DynamoDB AttributeValues, without the SDK so that the core stays pure. Plain
// marshalling agrees with @aws-sdk/util-dynamodb's `marshall` (tested); when the design declares an
// attribute's type, marshalling follows it instead, because JSON alone cannot say "string set" or "binary".
// AttributeValues here are DynamoDB's JSON wire form: binary (B, BS) as base64 strings, which is what the
// HTTP API and `keyplan requests --json` carry; an SDK caller turns them into bytes.

import { isExactNumber, numberFromText, stringifyExactJson } from './exact-json.ts';
import type { PlainItem } from './item.ts';
import type { AttributeType, JsonValue } from './json-value.ts';
import { RequestError } from './request-error.ts';

export type AttributeValue =
  | { S: string }
  | { N: string }
  | { B: string }
  | { BOOL: boolean }
  | { NULL: true }
  | { L: AttributeValue[] }
  | { M: AttributeMap }
  | { SS: string[] }
  | { NS: string[] }
  | { BS: string[] };
export type AttributeMap = Record<string, AttributeValue>;

/** Declared types by attribute name; attributes not in it are marshalled from their JSON type. */
export type AttributeTypes = ReadonlyMap<string, AttributeType>;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Whether text is standard, padded base64: the form binary values (B, BS) take in JSON. */
export function isBase64(text: string): boolean {
  return BASE64.test(text);
}

function shown(value: JsonValue): string {
  return stringifyExactJson(value);
}

function stringText(value: JsonValue): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  throw new RequestError(`expected a string, got ${shown(value)}`);
}

function numberText(value: JsonValue, type: string): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (isExactNumber(value)) return value.value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return value.trim();
  throw new RequestError(`expected a number for type ${type}, got ${shown(value)}`);
}

function base64Text(value: JsonValue, type: string): string {
  if (typeof value === 'string' && isBase64(value)) return value;
  throw new RequestError(`expected a base64 string for type ${type}, got ${shown(value)}`);
}

function setMembers(value: JsonValue, type: string): JsonValue[] {
  // DynamoDB rejects empty sets and sets with duplicates; JSON arrays may be either.
  if (!Array.isArray(value) || value.length === 0)
    throw new RequestError(`expected a non-empty array for type ${type}, got ${shown(value)}`);
  return [...new Set(value)];
}

/** One value as an AttributeValue: typed when `type` is given, else by its JSON type. */
export function marshallValue(value: JsonValue, type?: AttributeType): AttributeValue {
  switch (type) {
    case undefined:
      return marshallPlain(value);
    case 'S':
      return { S: stringText(value) };
    case 'N':
      return { N: numberText(value, type) };
    case 'B':
      return { B: base64Text(value, type) };
    case 'BOOL':
      if (typeof value !== 'boolean') throw new RequestError(`expected a boolean, got ${shown(value)}`);
      return { BOOL: value };
    case 'NULL':
      return { NULL: true };
    case 'SS':
      return { SS: setMembers(value, type).map(stringText) };
    case 'NS':
      return { NS: setMembers(value, type).map((member) => numberText(member, type)) };
    case 'BS':
      return { BS: setMembers(value, type).map((member) => base64Text(member, type)) };
    case 'L':
    case 'M': {
      const plain = marshallPlain(value);
      if (!(type in plain)) throw new RequestError(`expected a value of type ${type}, got ${shown(value)}`);
      return plain;
    }
  }
}

/** The type a value without a declared type is marshalled as: its JSON type (an exact number is N). */
export function plainType(value: JsonValue): AttributeType {
  if (value === null) return 'NULL';
  if (Array.isArray(value)) return 'L';
  if (typeof value === 'number' || isExactNumber(value)) return 'N';
  if (typeof value === 'string') return 'S';
  if (typeof value === 'boolean') return 'BOOL';
  return 'M';
}

function marshallPlain(value: JsonValue): AttributeValue {
  if (value === null) return { NULL: true };
  if (Array.isArray(value)) return { L: value.map(marshallPlain) };
  if (isExactNumber(value)) return { N: value.value };
  switch (typeof value) {
    case 'string':
      return { S: value };
    case 'number':
      return { N: numberText(value, 'N') };
    case 'boolean':
      return { BOOL: value };
    default:
      return { M: marshallItem(value) };
  }
}

/** An item (or key) as an AttributeValue map, typed by `types` where it names the attribute. */
export function marshallItem(item: PlainItem, types?: AttributeTypes): AttributeMap {
  // fromEntries defines own properties, so even an attribute named "__proto__" stays an attribute.
  return Object.fromEntries(
    Object.entries(item).map(([name, value]) => [name, marshallValue(value, types?.get(name))]),
  );
}

/**
 * Back to plain JSON as the DESIGN's CLI contract has it: numbers as numbers (an ExactNumber with DynamoDB's
 * digits when a double cannot hold them), sets as arrays, binary as base64.
 */
export function unmarshallValue(value: AttributeValue): JsonValue {
  if ('S' in value) return value.S;
  if ('N' in value) return numberFromText(value.N);
  if ('B' in value) return value.B;
  if ('BOOL' in value) return value.BOOL;
  if ('NULL' in value) return null;
  if ('L' in value) return value.L.map(unmarshallValue);
  if ('M' in value) return unmarshallItem(value.M);
  if ('SS' in value) return [...value.SS];
  if ('NS' in value) return value.NS.map(numberFromText);
  return [...value.BS];
}

export function unmarshallItem(map: AttributeMap): PlainItem {
  return Object.fromEntries(Object.entries(map).map(([name, value]) => [name, unmarshallValue(value)]));
}
