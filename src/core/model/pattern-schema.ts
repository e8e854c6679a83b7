// An access pattern of a design: the operation it runs (a read, a write, a transaction or batch), its key
// condition, filter and write conditions, and its expected rate. Values in conditions are templates, so a
// pattern's arguments fill them.
import { z } from 'zod';
import { ExactNumber } from '../values/exact-json.ts';
import { attributeName, entityName, patternId, tableOrIndexName } from './schema-names.ts';
import { MAX_KEY_ATTRIBUTES } from './table-schema.ts';

export const READ_OPERATIONS = ['GetItem', 'Query', 'Scan'] as const;
export const WRITE_OPERATIONS = ['PutItem', 'UpdateItem', 'DeleteItem'] as const;
export const OPERATIONS = [
  ...READ_OPERATIONS,
  ...WRITE_OPERATIONS,
  'TransactWriteItems',
  'TransactGetItems',
  'BatchGetItem',
] as const;
export type Operation = (typeof OPERATIONS)[number];
export type ReadOperation = (typeof READ_OPERATIONS)[number];
export type WriteOperation = (typeof WRITE_OPERATIONS)[number];

export const SORT_OPERATORS = ['=', '<', '<=', '>', '>=', 'begins_with', 'between'] as const;
export type SortOperator = (typeof SORT_OPERATORS)[number];

/** Operators of a filter or condition clause; clauses are ANDed. */
export const CONDITION_OPERATORS = [
  '=',
  '<>',
  '<',
  '<=',
  '>',
  '>=',
  'between',
  'begins_with',
  'contains',
  'exists',
  'not_exists',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** A condition on one sort attribute of a multi-attribute key (`keyCondition.sortKeys[]`). */
export const sortKeyConditionSchema = z
  .object({
    attribute: attributeName,
    op: z.enum(SORT_OPERATORS),
    value: z.string(),
    to: z.string().optional(),
  })
  .strict();
export type SortKeyCondition = z.infer<typeof sortKeyConditionSchema>;

/**
 * `partition` (a template) and `sort` for a key of one attribute per role; for a multi-attribute GSI key,
 * `partitionKeys` (attribute → template, every partition attribute) and `sortKeys` (left to right, "=" on
 * all but the last). A single `sort` is the condition on the index's first sort attribute.
 */
export const keyConditionSchema = z
  .object({
    partition: z.string().optional(),
    sort: z
      .object({
        op: z.enum(SORT_OPERATORS),
        value: z.string(),
        to: z.string().optional(),
      })
      .strict()
      .optional(),
    partitionKeys: z.record(attributeName, z.string()).optional(),
    sortKeys: z.array(sortKeyConditionSchema).max(MAX_KEY_ATTRIBUTES).optional(),
  })
  .strict();
export type KeyCondition = z.infer<typeof keyConditionSchema>;

/** One clause of a filter or write condition. `value`/`to` are templates, so `{minTotal}` is an argument. */
export const conditionClauseSchema = z
  .object({
    attribute: attributeName,
    op: z.enum(CONDITION_OPERATORS),
    value: z.union([z.string(), z.number(), z.instanceof(ExactNumber), z.boolean()]).optional(),
    to: z.union([z.string(), z.number(), z.instanceof(ExactNumber)]).optional(),
  })
  .strict();
export type ConditionClause = z.infer<typeof conditionClauseSchema>;

/** `not-exists` guards a create, `exists` guards an update of an existing item; a list of clauses is ANDed. */
export const writeConditionSchema = z.union([
  z.literal('not-exists'),
  z.literal('exists'),
  z.array(conditionClauseSchema).min(1),
]);
export type WriteCondition = z.infer<typeof writeConditionSchema>;

const argumentValue = z.union([
  z.string(),
  z.number(),
  z.instanceof(ExactNumber),
  z.boolean(),
  z.array(z.union([z.string(), z.number(), z.instanceof(ExactNumber)])),
]);
export type ArgumentValue = z.infer<typeof argumentValue>;
export type Arguments = Record<string, ArgumentValue>;

/** Expected load of a pattern, for capacity and cost estimates. */
export const rateSchema = z
  .object({ perSecond: z.number().min(0).optional(), perDay: z.number().min(0).optional() })
  .strict();

const patternBase = {
  id: patternId,
  name: z.string().min(1, 'must not be empty'),
  description: z.string().optional(),
  example: z.record(z.string(), argumentValue).optional(),
  rate: rateSchema.optional(),
};

const readFields = {
  index: tableOrIndexName.optional(),
  scanIndexForward: z.boolean().optional(),
  limit: z.number().int().min(1).optional(),
  consistentRead: z.boolean().optional(),
  filter: z.array(conditionClauseSchema).optional(),
  projection: z.array(attributeName).optional(),
  returns: z.array(entityName).optional(),
};

export const writeActionSchema = z
  .object({
    operation: z.enum(['PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheck']),
    entity: entityName,
    condition: writeConditionSchema.optional(),
    set: z.array(attributeName).optional(),
    remove: z.array(attributeName).optional(),
  })
  .strict();
export type WriteAction = z.infer<typeof writeActionSchema>;

/** A key to fetch in a TransactGetItems/BatchGetItem; the entity's table key templates when omitted. */
export const getActionSchema = z
  .object({
    entity: entityName,
    key: z.object({ partition: z.string(), sort: z.string().optional() }).strict().optional(),
    projection: z.array(attributeName).optional(),
  })
  .strict();
export type GetAction = z.infer<typeof getActionSchema>;

export const accessPatternSchema = z.discriminatedUnion('operation', [
  z
    .object({
      ...patternBase,
      operation: z.literal('GetItem'),
      ...readFields,
      keyCondition: keyConditionSchema,
    })
    .strict(),
  z
    .object({
      ...patternBase,
      operation: z.literal('Query'),
      ...readFields,
      keyCondition: keyConditionSchema,
    })
    .strict(),
  z.object({ ...patternBase, operation: z.literal('Scan'), ...readFields }).strict(),
  z
    .object({
      ...patternBase,
      operation: z.literal('PutItem'),
      entity: entityName,
      condition: writeConditionSchema.optional(),
    })
    .strict(),
  z
    .object({
      ...patternBase,
      operation: z.literal('UpdateItem'),
      entity: entityName,
      condition: writeConditionSchema.optional(),
      set: z.array(attributeName).optional(),
      remove: z.array(attributeName).optional(),
    })
    .strict(),
  z
    .object({
      ...patternBase,
      operation: z.literal('DeleteItem'),
      entity: entityName,
      condition: writeConditionSchema.optional(),
    })
    .strict(),
  z
    .object({
      ...patternBase,
      operation: z.literal('TransactWriteItems'),
      actions: z.array(writeActionSchema).min(1).max(100),
    })
    .strict(),
  z
    .object({
      ...patternBase,
      operation: z.literal('TransactGetItems'),
      gets: z.array(getActionSchema).min(1).max(100),
    })
    .strict(),
  z
    .object({
      ...patternBase,
      operation: z.literal('BatchGetItem'),
      gets: z.array(getActionSchema).min(1),
    })
    .strict(),
]);
export type AccessPattern = z.infer<typeof accessPatternSchema>;
export type ReadPattern = Extract<AccessPattern, { operation: ReadOperation }>;
export type KeyedReadPattern = Extract<AccessPattern, { operation: 'GetItem' | 'Query' }>;
export type WritePattern = Extract<AccessPattern, { operation: WriteOperation }>;
