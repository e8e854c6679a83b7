// The orders DynamoDB Local uses where key order leaves a choice, read from its SQLite schema and
// LocalDBUtils (DynamoDB Local 2026-05-28) and checked against it:
// - a key value's hash is SHA-1("LocalDdb" ‖ bytes), bytes being UTF-8 for S, raw for B and DynamoDB's
//   sortable number encoding for N (encodeBigDecimal);
// - GSI entries with equal index sort keys order by the hash of the table key: SHA-1("LocalDdb" ‖
//   hash(PK) ‖ hash(SK)), or hash(PK) for a table without sort key; LSI ties order by hash(table SK);
// - Scan reads table and LSI partitions in order of hash(PK), GSI partitions in key order.
// Real DynamoDB hashes differently, so none of these orders is promised by AWS; they make the evaluator
// agree with DynamoDB Local item for item.

import { type KeySchema, tableKeySchema } from '../model/indexes.ts';
import type { Design, KeyType } from '../model/schema.ts';
import { decodeBase64, parseDecimal } from '../values/compare.ts';
import type { KeyValue, PlainItem } from '../values/item.ts';

const SALT = [0x4c, 0x6f, 0x63, 0x61, 0x6c, 0x44, 0x64, 0x62]; // "LocalDdb"
const utf8 = new TextEncoder();

/** hash(value) as a string of one char per byte, so that `<` orders it as unsigned bytes. */
export function keyHash(value: KeyValue, type: KeyType): string {
  return toLatin1(saltedSha1(keyBytes(value, type)));
}

/** How ties on the index sort key are broken for a GSI or LSI; undefined for the table, which has none. */
export function tieBreaker(design: Design, schema: KeySchema): ((item: PlainItem) => string) | undefined {
  if (schema.kind === 'table') return undefined;
  const { partitionKey, sortKey } = tableKeySchema(design);
  const cache = new WeakMap<PlainItem, string>();
  const hashOf = (item: PlainItem): Uint8Array => {
    if (schema.kind === 'lsi') return saltedSha1(keyBytes(item[sortKey!.name] as KeyValue, sortKey!.type));
    const pk = saltedSha1(keyBytes(item[partitionKey.name] as KeyValue, partitionKey.type));
    if (!sortKey) return pk;
    const sk = saltedSha1(keyBytes(item[sortKey.name] as KeyValue, sortKey.type));
    const both = new Uint8Array(40);
    both.set(pk);
    both.set(sk, 20);
    return saltedSha1(both);
  };
  return (item) => {
    let token = cache.get(item);
    if (token === undefined) {
      token = toLatin1(hashOf(item));
      cache.set(item, token);
    }
    return token;
  };
}

function keyBytes(value: KeyValue, type: KeyType): Uint8Array {
  if (type === 'S') return utf8.encode(String(value));
  if (type === 'B') return decodeBase64(String(value));
  return encodeNumber(value);
}

/**
 * DynamoDB's byte encoding of a number (as DynamoDB Local's encodeBigDecimal): an exponent byte
 * (192 + exponent / 2), then two decimal digits per byte as value + 1; for a negative number the exponent
 * byte is inverted, each digit byte is 101 - value and, under 20 digit bytes, a closing 102 follows.
 */
export function encodeNumber(value: KeyValue): Uint8Array {
  const decimal = parseDecimal(value);
  if (!decimal || decimal.sign === 0) return Uint8Array.of(0x80);
  const negative = decimal.sign < 0;
  // Digits are paired from an even exponent: an odd one gets a leading zero digit.
  const odd = decimal.exponent % 2 !== 0;
  const digits = (odd ? '0' : '') + decimal.digits;
  const exponent = decimal.exponent + (odd ? 1 : 0);
  const pairs = Math.ceil(digits.length / 2);
  const out: number[] = [(192 + exponent / 2) & 0xff];
  if (negative) out[0] = ~out[0] & 0xff;
  for (let i = 0; i < pairs; i++) {
    const pair = Number(digits[2 * i]) * 10 + Number(digits[2 * i + 1] ?? 0);
    out.push(negative ? 101 - pair : pair + 1);
  }
  if (negative && pairs < 20) out.push(102);
  return Uint8Array.from(out);
}

function toLatin1(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

function saltedSha1(data: Uint8Array): Uint8Array {
  const input = new Uint8Array(SALT.length + data.length);
  input.set(SALT);
  input.set(data, SALT.length);
  return sha1(input);
}

/** SHA-1 (FIPS 180-4), small and synchronous: WebCrypto's digest is async and Node's crypto is not core. */
export function sha1(message: Uint8Array): Uint8Array {
  const bitLength = message.length * 8;
  const padded = new Uint8Array((((message.length + 8) >> 6) + 1) << 6);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const w = new Uint32Array(80);
  for (let block = 0; block < padded.length; block += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(block + t * 4);
    for (let t = 16; t < 80; t++) {
      const x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16];
      w[t] = (x << 1) | (x >>> 31);
    }
    let [a, b, c, d, e] = h;
    for (let t = 0; t < 80; t++) {
      const f = t < 20 ? (b & c) | (~b & d) : t < 40 || t >= 60 ? b ^ c ^ d : (b & c) | (b & d) | (c & d);
      const k = t < 20 ? 0x5a827999 : t < 40 ? 0x6ed9eba1 : t < 60 ? 0x8f1bbcdc : 0xca62c1d6;
      const temp = (((a << 5) | (a >>> 27)) + f + e + k + w[t]) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = temp;
    }
    h[0] = (h[0] + a) | 0;
    h[1] = (h[1] + b) | 0;
    h[2] = (h[2] + c) | 0;
    h[3] = (h[3] + d) | 0;
    h[4] = (h[4] + e) | 0;
  }
  const out = new Uint8Array(20);
  const outView = new DataView(out.buffer);
  h.forEach((word, i) => {
    outView.setUint32(i * 4, word >>> 0);
  });
  return out;
}
