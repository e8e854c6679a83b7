// A read resolved from an access pattern and its arguments: concrete key values, no templates left.
// The request builder turns it into DynamoDB's input; the evaluator answers it over the index views.
// Both read the same spec, which is what makes them comparable item for item.

import type { AttributeType, ConditionOperator, JsonValue, SortOperator } from '../model/schema.ts';
import type { KeyValue, PlainItem } from '../values/item.ts';

export interface ResolvedClause {
  attribute: string;
  op: ConditionOperator;
  value?: JsonValue;
  to?: JsonValue;
  /**
   * The DynamoDB type the operands are sent as, where their JSON type cannot say it: B for a binary
   * attribute (base64 text), a set type for an array compared with a set, B for contains() on a binary set.
   */
  type?: AttributeType;
}

export interface ReadSpec {
  operation: 'GetItem' | 'Query' | 'Scan';
  /** Undefined reads the table. */
  index?: string;
  /** GetItem and Query: the partition key value. */
  partition?: KeyValue;
  /** Query of an index whose partition key has several attributes: one value each, in key order (no `partition`). */
  partitionKeys?: KeyValue[];
  /**
   * GetItem: op "=" with the sort key value. Query: the sort key condition; on a multi-attribute sort key, the
   * condition on the sort attribute after those `sortPrefix` gives.
   */
  sort?: { op: SortOperator; value: KeyValue; to?: KeyValue };
  /** Query of a multi-attribute sort key: the values of its first sort attributes, each with "=", left to right. */
  sortPrefix?: KeyValue[];
  /** Default true. */
  scanIndexForward?: boolean;
  limit?: number;
  exclusiveStartKey?: PlainItem;
  consistentRead?: boolean;
  filter?: ResolvedClause[];
  projection?: string[];
}

/** The answer to a read, in DynamoDB's terms, with items as plain JSON. */
export interface ReadResult {
  items: PlainItem[];
  count: number;
  scannedCount: number;
  lastEvaluatedKey?: PlainItem;
}
