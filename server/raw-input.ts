// A raw request's input, checked against the shape DynamoDB's API gives each allowlisted operation before
// anything is sent: known fields only, each of its type, and every AttributeValue well formed (exactly one
// of S, N, B, SS, NS, BS, M, L, NULL, BOOL with a value of the right type; B and BS in base64; N a number;
// at most 32 levels of nesting, DynamoDB's limit). Without this the SDK sends a wrong type as something
// else ({"S": 5} as "", {"BOOL": "yes"} as true) or DynamoDB Local fails inside (a 500 for {"B": "%%%"}).
// Limit is left to service.ts, which checks and caps it like a pattern's page.
import { type RefinementCtx, type ZodType, z } from 'zod';
import { isExactNumber } from '../src/core/values/exact-json.ts';
import { isBase64 } from '../src/core/values/marshall.ts';
import type { AllowedOperation } from './dynamodb/execute.ts';
import { ApiFailure } from './errors.ts';

/** DynamoDB's limit on nested attribute levels (a top-level attribute is level 1). */
export const MAX_ATTRIBUTE_DEPTH = 32;
/** DynamoDB's limits on one expression and one PartiQL statement, in characters. */
const MAX_EXPRESSION = 4096;
const MAX_STATEMENT = 8192;

const TYPES = ['S', 'N', 'B', 'SS', 'NS', 'BS', 'M', 'L', 'NULL', 'BOOL'];
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

type Path = (string | number)[];
interface Problem {
  path: Path;
  message: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isExactNumber(value);
}

/** A short description of a wrong value, never the whole of a large one. */
function shown(value: unknown): string {
  if (typeof value === 'string')
    return value.length > 40 ? `${JSON.stringify(value.slice(0, 40))}…` : JSON.stringify(value);
  if (isExactNumber(value)) return value.value;
  if (Array.isArray(value)) return 'an array';
  if (isRecord(value)) return 'an object';
  return String(value);
}

const memberChecks: Record<string, [test: (v: unknown) => boolean, expected: string]> = {
  S: [(v) => typeof v === 'string', 'a string'],
  N: [(v) => typeof v === 'string' && NUMBER.test(v), 'a number in a string, like "42" or "-1.5e3"'],
  B: [(v) => typeof v === 'string' && isBase64(v), 'a base64 string'],
};

/** The first problem of one AttributeValue at nesting level `level`, with its path inside the value. */
function attributeValueProblem(value: unknown, level: number): Problem | undefined {
  if (!isRecord(value))
    return { path: [], message: `expected an AttributeValue such as {"S": "text"}, got ${shown(value)}` };
  const keys = Object.keys(value);
  if (keys.length !== 1 || !TYPES.includes(keys[0])) {
    const got = keys.length === 0 ? 'none' : keys.map((k) => JSON.stringify(k)).join(', ');
    return { path: [], message: `an AttributeValue has exactly one of ${TYPES.join(', ')}; got ${got}` };
  }
  const type = keys[0];
  const inner = value[type];
  const problem = (message: string, path: Path = []): Problem => ({ path: [type, ...path], message });
  switch (type) {
    case 'S':
    case 'N':
    case 'B': {
      const [test, expected] = memberChecks[type];
      return test(inner) ? undefined : problem(`${type} takes ${expected}, got ${shown(inner)}`);
    }
    case 'SS':
    case 'NS':
    case 'BS': {
      const [test, expected] = memberChecks[type[0]];
      if (!Array.isArray(inner) || inner.length === 0)
        return problem(`${type} takes a non-empty array, got ${shown(inner)}`);
      const bad = inner.findIndex((member) => !test(member));
      return bad < 0 ? undefined : problem(`each member is ${expected}, got ${shown(inner[bad])}`, [bad]);
    }
    case 'BOOL':
      return typeof inner === 'boolean'
        ? undefined
        : problem(`BOOL takes true or false, got ${shown(inner)}`);
    case 'NULL':
      return inner === true ? undefined : problem(`NULL takes true, got ${shown(inner)}`);
    default: {
      // M and L
      const entries =
        type === 'M' ? (isRecord(inner) ? Object.entries(inner) : undefined) : arrayEntries(inner);
      if (!entries)
        return problem(`${type} takes ${type === 'M' ? 'an object' : 'an array'}, got ${shown(inner)}`);
      if (entries.length > 0 && level >= MAX_ATTRIBUTE_DEPTH)
        return problem(`attributes nest at most ${MAX_ATTRIBUTE_DEPTH} levels deep (DynamoDB's limit)`);
      for (const [key, member] of entries) {
        const found = attributeValueProblem(member, level + 1);
        if (found) return problem(found.message, [key, ...found.path]);
      }
      return undefined;
    }
  }
}

function arrayEntries(value: unknown): [number, unknown][] | undefined {
  return Array.isArray(value) ? value.map((member, i) => [i, member]) : undefined;
}

/** The first problem of an attribute map (an item, a key, ExpressionAttributeValues). */
function attributeMapProblem(value: unknown): Problem | undefined {
  if (!isRecord(value))
    return {
      path: [],
      message: `expected an object of attribute name → AttributeValue, got ${shown(value)}`,
    };
  for (const [name, member] of Object.entries(value)) {
    const found = attributeValueProblem(member, 1);
    if (found) return { path: [name, ...found.path], message: found.message };
  }
  return undefined;
}

function checked(find: (value: unknown) => Problem | undefined) {
  return (value: unknown, ctx: RefinementCtx) => {
    const problem = value === undefined ? { path: [], message: 'required' } : find(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
  };
}

const attributeValue = z.unknown().superRefine(checked((v) => attributeValueProblem(v, 1)));
const attributeMap = z.unknown().superRefine(checked(attributeMapProblem));

const tableName = z
  .string()
  .regex(/^[a-zA-Z0-9_.-]{3,255}$/, 'a table name is 3–255 characters of a-z A-Z 0-9 _ - .');
const indexName = z
  .string()
  .regex(/^[a-zA-Z0-9_.-]{3,255}$/, 'an index name is 3–255 characters of a-z A-Z 0-9 _ - .');
const expression = z.string().min(1).max(MAX_EXPRESSION);
const names = z.record(z.string(), z.string().min(1).max(65535));
const values = z.record(z.string(), attributeValue);
const attributesToGet = z.array(z.string().min(1)).min(1).max(1000);
const comparison = z.enum([
  'EQ',
  'NE',
  'IN',
  'LE',
  'LT',
  'GE',
  'GT',
  'BETWEEN',
  'NOT_NULL',
  'NULL',
  'CONTAINS',
  'NOT_CONTAINS',
  'BEGINS_WITH',
]);
const valueList = z.array(attributeValue).max(100);
const conditions = z.record(
  z.string(),
  z.strictObject({ AttributeValueList: valueList.optional(), ComparisonOperator: comparison }),
);

/** Fields several operations share, all optional. */
const shared = {
  ReturnConsumedCapacity: z.enum(['INDEXES', 'TOTAL', 'NONE']).optional(),
  ReturnItemCollectionMetrics: z.enum(['SIZE', 'NONE']).optional(),
  ReturnValues: z.enum(['NONE', 'ALL_OLD', 'UPDATED_OLD', 'ALL_NEW', 'UPDATED_NEW']).optional(),
  ReturnValuesOnConditionCheckFailure: z.enum(['ALL_OLD', 'NONE']).optional(),
  ExpressionAttributeNames: names.optional(),
  ExpressionAttributeValues: values.optional(),
  ConditionExpression: expression.optional(),
  ProjectionExpression: expression.optional(),
  FilterExpression: expression.optional(),
  ConsistentRead: z.boolean().optional(),
  AttributesToGet: attributesToGet.optional(),
  ConditionalOperator: z.enum(['AND', 'OR']).optional(),
  Expected: z
    .record(
      z.string(),
      z.strictObject({
        Value: attributeValue.optional(),
        Exists: z.boolean().optional(),
        ComparisonOperator: comparison.optional(),
        AttributeValueList: valueList.optional(),
      }),
    )
    .optional(),
  /** Checked and capped by service.ts (InvalidLimit). */
  Limit: z.unknown().optional(),
};
const { ReturnConsumedCapacity, ReturnItemCollectionMetrics, ReturnValues, ExpressionAttributeNames } =
  shared;
const { ExpressionAttributeValues, ConditionExpression, ProjectionExpression, FilterExpression } = shared;
const { ConsistentRead, AttributesToGet, ConditionalOperator, Expected, Limit } = shared;
const { ReturnValuesOnConditionCheckFailure } = shared;
const writeConditions = {
  Expected,
  ConditionalOperator,
  ConditionExpression,
  ExpressionAttributeNames,
  ExpressionAttributeValues,
  ReturnValues,
  ReturnConsumedCapacity,
  ReturnItemCollectionMetrics,
  ReturnValuesOnConditionCheckFailure,
};
const transactConditions = {
  ConditionExpression,
  ExpressionAttributeNames,
  ExpressionAttributeValues,
  ReturnValuesOnConditionCheckFailure,
};
const reads = {
  TableName: tableName,
  IndexName: indexName.optional(),
  Select: z.enum(['ALL_ATTRIBUTES', 'ALL_PROJECTED_ATTRIBUTES', 'COUNT', 'SPECIFIC_ATTRIBUTES']).optional(),
  AttributesToGet,
  Limit,
  ConsistentRead,
  ConditionalOperator,
  ExclusiveStartKey: attributeMap.optional(),
  ReturnConsumedCapacity,
  ProjectionExpression,
  FilterExpression,
  ExpressionAttributeNames,
  ExpressionAttributeValues,
};

/** An object with exactly one of the given fields set (a TransactItems entry, a BatchWriteItem request). */
function oneOf<T extends z.ZodRawShape>(shape: T) {
  const fields = Object.keys(shape);
  return z.strictObject(shape).superRefine((value, ctx) => {
    const set = fields.filter((f) => (value as Record<string, unknown>)[f] !== undefined);
    if (set.length !== 1)
      ctx.addIssue({ code: 'custom', message: `expected exactly one of ${fields.join(', ')}` });
  });
}

/** A RequestItems object: one entry per table, at most `max` requests in all. */
function requestItems(entry: ZodType, count: (value: unknown) => number, max: number) {
  return z
    .record(tableName, entry)
    .refine((items) => Object.keys(items).length > 0, 'name at least one table')
    .refine(
      (items) => Object.values(items).reduce((n: number, v) => n + count(v), 0) <= max,
      `at most ${max} requests in all (DynamoDB's limit)`,
    );
}

const SCHEMAS: Record<AllowedOperation, ZodType> = {
  GetItem: z.strictObject({
    TableName: tableName,
    Key: attributeMap,
    AttributesToGet,
    ConsistentRead,
    ReturnConsumedCapacity,
    ProjectionExpression,
    ExpressionAttributeNames,
  }),
  PutItem: z.strictObject({ TableName: tableName, Item: attributeMap, ...writeConditions }),
  DeleteItem: z.strictObject({ TableName: tableName, Key: attributeMap, ...writeConditions }),
  UpdateItem: z.strictObject({
    TableName: tableName,
    Key: attributeMap,
    AttributeUpdates: z
      .record(
        z.string(),
        z.strictObject({
          Value: attributeValue.optional(),
          Action: z.enum(['ADD', 'PUT', 'DELETE']).optional(),
        }),
      )
      .optional(),
    UpdateExpression: expression.optional(),
    ...writeConditions,
  }),
  Query: z.strictObject({
    ...reads,
    KeyConditions: conditions.optional(),
    QueryFilter: conditions.optional(),
    ScanIndexForward: z.boolean().optional(),
    KeyConditionExpression: expression.optional(),
  }),
  Scan: z.strictObject({
    ...reads,
    ScanFilter: conditions.optional(),
    TotalSegments: z.number().int().min(1).max(1_000_000).optional(),
    Segment: z.number().int().min(0).max(999_999).optional(),
  }),
  BatchGetItem: z.strictObject({
    RequestItems: requestItems(
      z.strictObject({
        Keys: z.array(attributeMap).min(1).max(100),
        AttributesToGet,
        ConsistentRead,
        ProjectionExpression,
        ExpressionAttributeNames,
      }),
      (v) => (v as { Keys: unknown[] }).Keys.length,
      100,
    ),
    ReturnConsumedCapacity,
  }),
  BatchWriteItem: z.strictObject({
    RequestItems: requestItems(
      z
        .array(
          oneOf({
            PutRequest: z.strictObject({ Item: attributeMap }).optional(),
            DeleteRequest: z.strictObject({ Key: attributeMap }).optional(),
          }),
        )
        .min(1)
        .max(25),
      (v) => (v as unknown[]).length,
      25,
    ),
    ReturnConsumedCapacity,
    ReturnItemCollectionMetrics,
  }),
  TransactGetItems: z.strictObject({
    TransactItems: z
      .array(
        z.strictObject({
          Get: z.strictObject({
            TableName: tableName,
            Key: attributeMap,
            ProjectionExpression,
            ExpressionAttributeNames,
          }),
        }),
      )
      .min(1)
      .max(100),
    ReturnConsumedCapacity,
  }),
  TransactWriteItems: z.strictObject({
    TransactItems: z
      .array(
        oneOf({
          ConditionCheck: z
            .strictObject({
              TableName: tableName,
              Key: attributeMap,
              ...transactConditions,
              ConditionExpression: expression,
            })
            .optional(),
          Put: z.strictObject({ TableName: tableName, Item: attributeMap, ...transactConditions }).optional(),
          Delete: z
            .strictObject({ TableName: tableName, Key: attributeMap, ...transactConditions })
            .optional(),
          Update: z
            .strictObject({
              TableName: tableName,
              Key: attributeMap,
              UpdateExpression: expression,
              ...transactConditions,
            })
            .optional(),
        }),
      )
      .min(1)
      .max(100),
    ReturnConsumedCapacity,
    ReturnItemCollectionMetrics,
    ClientRequestToken: z.string().min(1).max(36).optional(),
  }),
  ExecuteStatement: z.strictObject({
    Statement: z.string().min(1).max(MAX_STATEMENT),
    Parameters: z.array(attributeValue).min(1).max(1000).optional(),
    ConsistentRead,
    NextToken: z.string().min(1).max(32768).optional(),
    ReturnConsumedCapacity,
    ReturnValuesOnConditionCheckFailure,
    Limit,
  }),
};

/** What is wrong with a raw input for `operation`, one `input.path: message` line per problem. */
export function rawInputProblems(operation: AllowedOperation, input: unknown): string[] {
  const parsed = SCHEMAS[operation].safeParse(input);
  if (parsed.success) return [];
  return parsed.error.issues.map(
    (issue) => `${['input', ...issue.path.map(String)].join('.')}: ${issue.message}`,
  );
}

/** Refuses a raw input DynamoDB's API would not accept in that shape, before it is sent. */
export function checkRawInput(operation: AllowedOperation, input: unknown): void {
  const problems = rawInputProblems(operation, input);
  if (problems.length > 0)
    throw new ApiFailure(400, 'InvalidInput', `${operation}: ${problems.slice(0, 5).join('; ')}`, problems);
}
