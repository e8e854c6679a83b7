// The inputs of DynamoDB's API as this module builds them. `V` is the form of an attribute value:
// AttributeValue for the low-level client (@aws-sdk/client-dynamodb, the HTTP API), plain JSON for the
// DocumentClient (@aws-sdk/lib-dynamodb). Field names and meanings are DynamoDB's own.
import type { JsonValue } from '../model/schema.ts';
import type { AttributeValue } from '../values/marshall.ts';

type Values<V> = Record<string, V>;

interface Names {
  ExpressionAttributeNames?: Record<string, string>;
}
interface Expressions<V> extends Names {
  ExpressionAttributeValues?: Values<V>;
}

export interface GetItemInput<V = AttributeValue> extends Names {
  TableName: string;
  Key: Values<V>;
  ProjectionExpression?: string;
  ConsistentRead?: boolean;
}

export interface QueryInput<V = AttributeValue> extends Expressions<V> {
  TableName: string;
  IndexName?: string;
  KeyConditionExpression: string;
  FilterExpression?: string;
  ProjectionExpression?: string;
  ScanIndexForward?: boolean;
  Limit?: number;
  ExclusiveStartKey?: Values<V>;
  ConsistentRead?: boolean;
}

export interface ScanInput<V = AttributeValue> extends Expressions<V> {
  TableName: string;
  IndexName?: string;
  FilterExpression?: string;
  ProjectionExpression?: string;
  Limit?: number;
  ExclusiveStartKey?: Values<V>;
  ConsistentRead?: boolean;
}

export interface PutItemInput<V = AttributeValue> extends Expressions<V> {
  TableName: string;
  Item: Values<V>;
  ConditionExpression?: string;
}

export interface UpdateItemInput<V = AttributeValue> extends Expressions<V> {
  TableName: string;
  Key: Values<V>;
  UpdateExpression: string;
  ConditionExpression?: string;
}

export interface DeleteItemInput<V = AttributeValue> extends Expressions<V> {
  TableName: string;
  Key: Values<V>;
  ConditionExpression?: string;
}

export interface ConditionCheckInput<V = AttributeValue> extends Expressions<V> {
  TableName: string;
  Key: Values<V>;
  ConditionExpression: string;
}

export type TransactWriteItem<V = AttributeValue> =
  | { Put: PutItemInput<V> }
  | { Update: UpdateItemInput<V> }
  | { Delete: DeleteItemInput<V> }
  | { ConditionCheck: ConditionCheckInput<V> };

export interface TransactWriteItemsInput<V = AttributeValue> {
  TransactItems: TransactWriteItem<V>[];
}

export interface TransactGetItemsInput<V = AttributeValue> {
  TransactItems: { Get: Omit<GetItemInput<V>, 'ConsistentRead'> }[];
}

export interface BatchGetItemInput<V = AttributeValue> {
  RequestItems: Record<string, { Keys: Values<V>[]; ProjectionExpression?: string } & Names>;
}

export type ReadInput<V = AttributeValue> = GetItemInput<V> | QueryInput<V> | ScanInput<V>;
export type WriteInput<V = AttributeValue> = PutItemInput<V> | UpdateItemInput<V> | DeleteItemInput<V>;
export type RequestInput<V = AttributeValue> =
  | ReadInput<V>
  | WriteInput<V>
  | TransactWriteItemsInput<V>
  | TransactGetItemsInput<V>
  | BatchGetItemInput<V>;
export type DocumentInput = RequestInput<JsonValue>;

/**
 * The object without its undefined fields, keys in the order written: DynamoDB rejects some empty fields,
 * and a fixed order keeps printed requests and golden files stable.
 */
export function definedFields<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}
