// Multi-attribute GSI keys: a role (partition or sort) of several attributes has a tuple for its value.
// Views and the evaluator hold the tuple as one string token whose order is the tuple's order, as
// DynamoDB (Local, checked) sorts it: by the first attribute, then the next, each in its key type's order
// (S by UTF-8 bytes, N by value, B by bytes). The token is each value's order-preserving bytes (UTF-8,
// DynamoDB's number encoding, raw bytes) with 0x00 escaped as 0x00 0x01 and 0x00 0x00 after each, one char
// per byte: code-unit order on it is the tuple order, so it is keyed and sorted as an S key would be.

import type { KeySchema } from '../model/indexes.ts';
import type { KeyAttribute, KeyType } from '../model/schema.ts';
import { decodeBase64 } from '../values/compare.ts';
import type { KeyValue } from '../values/item.ts';
import { encodeNumber } from './local-order.ts';

const utf8 = new TextEncoder();

/** A key attribute that stands for several: its value is the tuple token of theirs (type S). */
export interface TupleKeyAttribute extends KeyAttribute {
  parts?: KeyAttribute[];
}

/** The order-preserving token of a tuple of key values. */
export function tupleToken(values: readonly KeyValue[], types: readonly KeyType[]): string {
  let out = '';
  values.forEach((value, i) => {
    const type = types[i];
    const bytes =
      type === 'S'
        ? utf8.encode(String(value))
        : type === 'B'
          ? decodeBase64(String(value))
          : encodeNumber(value);
    for (const byte of bytes) out += byte === 0 ? '\u0000\u0001' : String.fromCharCode(byte);
    out += '\u0000\u0000';
  });
  return out;
}

function tupleAttribute(keys: KeyAttribute[]): TupleKeyAttribute {
  return { name: keys.map((key) => key.name).join(' + '), type: 'S', parts: keys };
}

/**
 * The schema views key by: a role of several attributes becomes one tuple attribute (type S, see
 * TupleKeyAttribute); a schema with single keys is returned as it is.
 */
export function keyedSchema(schema: KeySchema): KeySchema {
  const multiPartition = schema.partitionKeys.length > 1;
  const multiSort = schema.sortKeys.length > 1;
  if (!multiPartition && !multiSort) return schema;
  const keyed = { ...schema };
  if (multiPartition) keyed.partitionKey = tupleAttribute(schema.partitionKeys);
  if (multiSort) keyed.sortKey = tupleAttribute(schema.sortKeys);
  return keyed;
}

/** The partition key value a view files an entry or a read under: the tuple token when it has several. */
export function partitionKeyValue(schema: KeySchema, values: readonly KeyValue[]): KeyValue {
  return schema.partitionKeys.length > 1
    ? tupleToken(
        values,
        schema.partitionKeys.map((key) => key.type),
      )
    : values[0];
}
