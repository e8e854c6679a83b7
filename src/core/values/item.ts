// Items as Keyplan handles them: plain JSON, as @aws-sdk/util-dynamodb's unmarshall gives them
// (numbers as numbers, sets as arrays, binary as base64 strings).

import type { ExactNumber } from './exact-json.ts';
import type { JsonValue } from './json-value.ts';

export type PlainItem = Record<string, JsonValue>;

/**
 * A key attribute's value: S and B (base64) as strings, N as a number, or an ExactNumber when a double
 * cannot hold its digits (a numeric string where a caller gave one, as in a request's key condition).
 */
export type KeyValue = string | number | ExactNumber;

/** An item derived from an entity's sample values, with where it came from. */
export interface DerivedItem {
  entity: string;
  /**
   * Orders the entity's items as its samples are ordered (a larger rank, a later sample), and stays the same
   * while other samples are added or removed, so such an edit leaves every other item (and what is built
   * from it) as it was. Not the sample's position: sampleIndexOf (items/sample-positions.ts) gives that.
   */
  rank: number;
  /** The copy this item is (entity.copies[].name); absent for the entity's own item. */
  copy?: string;
  /** Every key attribute (table and indexes) and the type attribute included. */
  item: PlainItem;
}
