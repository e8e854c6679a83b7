// Access pattern + arguments → the exact input of DynamoDB's API, in the low-level form (AttributeValues:
// @aws-sdk/client-dynamodb, the HTTP API, `keyplan requests --json`) and the DocumentClient form (plain JSON:
// @aws-sdk/lib-dynamodb). Optional fields appear only when they change DynamoDB's behaviour
// (ScanIndexForward only when false, ConsistentRead only when true), keys always in the same order.
import { isMultiAttribute, type KeySchema, keyAttributeTypes, keySchemaFor } from '../model/indexes.ts';
import { isReadPattern } from '../model/read-pattern.ts';
import type { AccessPattern, Design, JsonValue, Operation } from '../model/schema.ts';
import type { PlainItem } from '../values/item.ts';
import { type AttributeMap, marshallItem, marshallValue, unmarshallItem } from '../values/marshall.ts';
import { RequestError } from '../values/request-error.ts';
import { buildBatchGet, buildSingleWrite, buildTransactGet, buildTransactWrite } from './build-write.ts';
import { ExpressionBuilder } from './expression.ts';
import { type DocumentInput, definedFields, type ReadInput, type RequestInput } from './inputs.ts';
import {
  type ArgumentValues,
  patternArguments,
  requireArguments,
  writeActions,
} from './pattern-arguments.ts';
import type { ReadSpec } from './read-spec.ts';
import { resolveTypedRead } from './resolve.ts';
import { coerceArguments } from './typed-arguments.ts';

export interface ReadInputs {
  input: ReadInput;
  documentInput: ReadInput<JsonValue>;
}

export interface BuildOptions {
  /** A page's LastEvaluatedKey, as plain JSON, to continue a Query or Scan from. */
  exclusiveStartKey?: PlainItem;
  /** Overrides the pattern's limit. */
  limit?: number;
  /** Defaults to the design's table name (the server puts tables in a namespace). */
  tableName?: string;
}

export interface BuiltRequest {
  patternId: string;
  operation: Operation;
  input: RequestInput;
  documentInput: DocumentInput;
  /** For GetItem, Query and Scan: the resolved read, which the evaluator answers. */
  read?: ReadSpec;
}

/** `keyplan requests --json`: per pattern id, its request built from the pattern's example, or why not. */
export type PatternRequest = { operation: Operation; input: RequestInput } | { error: string };

/** Fields that hold attribute maps, whose values the DocumentClient takes as plain JSON. */
const ATTRIBUTE_MAP_FIELDS: ReadonlySet<string> = new Set([
  'Key',
  'Item',
  'ExclusiveStartKey',
  'ExpressionAttributeValues',
]);

function documentForm(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(documentForm);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(node)) {
    if (ATTRIBUTE_MAP_FIELDS.has(field)) out[field] = unmarshallItem(value as AttributeMap);
    else if (field === 'Keys') out[field] = (value as AttributeMap[]).map(unmarshallItem);
    // Table names are keys of RequestItems and could be spelled like a field ("Item"): not fields.
    else if (field === 'RequestItems')
      out[field] = Object.fromEntries(
        Object.entries(value).map(([table, entry]) => [table, documentForm(entry)]),
      );
    else out[field] = documentForm(value);
  }
  return out;
}

/** The DocumentClient form of an input: attribute values as plain JSON (sets as arrays, binary as base64). */
export function toDocumentInput(input: RequestInput): DocumentInput {
  return documentForm(input) as DocumentInput;
}

/**
 * The key condition of a multi-attribute key, in key order: `#a = :a AND #b = :b AND #c = :c AND #d > :d`
 * (every partition attribute, then the sort attributes given, a range condition only on the last).
 */
function multiKeyCondition(schema: KeySchema, spec: ReadSpec, builder: ExpressionBuilder): string {
  const partition = spec.partitionKeys ?? (spec.partition === undefined ? [] : [spec.partition]);
  if (partition.length !== schema.partitionKeys.length)
    throw new RequestError(
      `${schema.name} needs a value for each partition attribute (${schema.partitionKeys.map((k) => k.name).join(', ')})`,
    );
  const prefix = spec.sortPrefix ?? [];
  if (prefix.length + (spec.sort ? 1 : 0) > schema.sortKeys.length)
    throw new RequestError(`${schema.name} has ${schema.sortKeys.length} sort attributes`);
  const parts = schema.partitionKeys.map((key, i) =>
    builder.compare(key.name, '=', [marshallValue(partition[i] as JsonValue, key.type)]),
  );
  prefix.forEach((value, i) => {
    const key = schema.sortKeys[i];
    parts.push(builder.compare(key.name, '=', [marshallValue(value as JsonValue, key.type)]));
  });
  if (spec.sort) {
    const key = schema.sortKeys[prefix.length];
    const bounds = spec.sort.to === undefined ? [spec.sort.value] : [spec.sort.value, spec.sort.to];
    parts.push(
      builder.compare(
        key.name,
        spec.sort.op,
        bounds.map((bound) => marshallValue(bound, key.type)),
      ),
    );
  }
  return parts.join(' AND ');
}

/** The input of the GetItem, Query or Scan a ReadSpec describes. */
export function buildReadInput(design: Design, spec: ReadSpec, tableName = design.table.name): ReadInputs {
  const schema = keySchemaFor(design, spec.index);
  if (!schema) throw new RequestError(`no index is named "${spec.index}"`);
  const keyTypes = keyAttributeTypes(design);
  const builder = new ExpressionBuilder();
  const { partitionKey, sortKey } = schema;
  if (spec.operation !== 'Scan' && spec.partition === undefined && spec.partitionKeys === undefined)
    throw new RequestError(`a ${spec.operation} needs a partition key value`);
  let input: ReadInput;
  if (spec.operation === 'GetItem') {
    const key: PlainItem = { [partitionKey.name]: spec.partition as JsonValue };
    if (sortKey) {
      if (spec.sort?.op !== '=')
        throw new RequestError(`a GetItem needs the full primary key: an "=" on ${sortKey.name}`);
      key[sortKey.name] = spec.sort.value;
    }
    const ProjectionExpression = spec.projection?.length ? builder.projection(spec.projection) : undefined;
    input = definedFields({
      TableName: tableName,
      Key: marshallItem(key, keyTypes),
      ProjectionExpression,
      ...builder.attributes(),
      ConsistentRead: spec.consistentRead || undefined,
    });
  } else {
    let KeyConditionExpression: string | undefined;
    if (spec.operation === 'Query' && isMultiAttribute(schema)) {
      KeyConditionExpression = multiKeyCondition(schema, spec, builder);
    } else if (spec.operation === 'Query') {
      const partition = marshallValue(spec.partition as JsonValue, partitionKey.type);
      KeyConditionExpression = builder.compare(partitionKey.name, '=', [partition], 'pk');
      if (spec.sort) {
        if (!sortKey) throw new RequestError(`${spec.index ?? 'the table'} has no sort key`);
        const bounds = spec.sort.to === undefined ? [spec.sort.value] : [spec.sort.value, spec.sort.to];
        const operands = bounds.map((bound) => marshallValue(bound, sortKey.type));
        KeyConditionExpression += ` AND ${builder.compare(sortKey.name, spec.sort.op, operands, 'sk')}`;
      }
    }
    const FilterExpression = spec.filter?.length ? builder.condition(spec.filter) : undefined;
    const ProjectionExpression = spec.projection?.length ? builder.projection(spec.projection) : undefined;
    const fields = {
      TableName: tableName,
      IndexName: spec.index,
      KeyConditionExpression,
      FilterExpression,
      ProjectionExpression,
      ...builder.attributes(),
      ScanIndexForward: spec.scanIndexForward === false ? false : undefined,
      Limit: spec.limit,
      ExclusiveStartKey: spec.exclusiveStartKey && marshallItem(spec.exclusiveStartKey, keyTypes),
      ConsistentRead: spec.consistentRead || undefined,
    };
    input = definedFields(fields) as ReadInput;
  }
  return { input, documentInput: toDocumentInput(input) as ReadInput<JsonValue> };
}

/** The request of any pattern with these arguments (strings from a CLI are typed as the design declares). */
export function buildRequest(
  design: Design,
  pattern: AccessPattern,
  args: ArgumentValues,
  options: BuildOptions = {},
): BuiltRequest {
  const tableName = options.tableName ?? design.table.name;
  const values = coerceArguments(design, args);
  let operation: Operation = pattern.operation;
  let input: RequestInput;
  let read: ReadSpec | undefined;
  if (isReadPattern(pattern)) {
    read = resolveTypedRead(design, pattern, values);
    if (options.limit !== undefined) read.limit = options.limit;
    if (options.exclusiveStartKey) read.exclusiveStartKey = options.exclusiveStartKey;
    input = buildReadInput(design, read, tableName).input;
  } else {
    requireArguments(pattern, patternArguments(design, pattern), values);
    switch (pattern.operation) {
      case 'TransactWriteItems':
        input = buildTransactWrite(design, pattern.actions, values, tableName);
        break;
      case 'TransactGetItems':
        input = buildTransactGet(design, pattern.gets, values, tableName);
        break;
      case 'BatchGetItem':
        input = buildBatchGet(design, pattern.gets, values, tableName);
        break;
      default: {
        // A write of an entity with copies is a transaction of its items (see buildSingleWrite).
        const [action] = writeActions(pattern) ?? [];
        const single = buildSingleWrite(design, pattern.id, action, values, tableName);
        input = single.input;
        if ('operation' in single) operation = single.operation;
      }
    }
  }
  const built: BuiltRequest = {
    patternId: pattern.id,
    operation,
    input,
    documentInput: toDocumentInput(input),
  };
  if (read) built.read = read;
  return built;
}

/**
 * The request a run of a pattern sends: its example arguments, overridden by the run's own. The editor shows
 * this request and the server sends it, so what the designer reads is what DynamoDB gets.
 */
export function patternRequest(
  design: Design,
  pattern: AccessPattern,
  args: ArgumentValues = {},
  options: BuildOptions = {},
): BuiltRequest {
  return buildRequest(design, pattern, { ...(pattern.example ?? {}), ...args }, options);
}

/** Every pattern's request from its `example` arguments; a pattern that cannot be built says why. */
export function buildAllRequests(design: Design): Record<string, PatternRequest> {
  const out: Record<string, PatternRequest> = {};
  for (const pattern of design.accessPatterns) {
    try {
      const { operation, input } = buildRequest(design, pattern, pattern.example ?? {});
      out[pattern.id] = { operation, input };
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      out[pattern.id] = { error: error.message };
    }
  }
  return out;
}
