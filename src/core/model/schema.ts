// The design document (format keyplan/1): types and their zod schemas side by side.
// The meaning of every field is the contract of docs/design-format.md; add fields, never change meanings.
import { z } from 'zod';
import { ExactNumber } from '../values/exact-json.ts';
import { ATTRIBUTE_TYPES, type JsonValue, jsonValue, KEY_TYPES } from '../values/json-value.ts';

// The value types live below the keys (values/json-value.ts); the design names them here too.
export {
  ATTRIBUTE_TYPES,
  type AttributeType,
  type JsonValue,
  jsonValue,
  KEY_TYPES,
  type KeyType,
} from '../values/json-value.ts';

export const DESIGN_FORMAT = 'keyplan/1';

/** Formats shape generated sample values and tell the linter how a string sorts. */
export const ATTRIBUTE_FORMATS = [
  'date-time',
  'date',
  'epoch-seconds',
  'email',
  'uuid',
  'ulid',
  'url',
  'phone',
  'person-name',
  'company',
  'word',
  'sentence',
  'country',
  'city',
] as const;
export type AttributeFormat = (typeof ATTRIBUTE_FORMATS)[number];

/** Slots of the designer's entity colour palette (an entity's `color`). */
export const ENTITY_COLOR_SLOTS = 12;

export const PROJECTION_TYPES = ['ALL', 'KEYS_ONLY', 'INCLUDE'] as const;
export const BILLING_MODES = ['PAY_PER_REQUEST', 'PROVISIONED'] as const;

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

// DynamoDB naming rules: table and index names 3–255 of [a-zA-Z0-9_.-]; attribute names 1–255 bytes.
const tableOrIndexName = z
  .string()
  .regex(/^[a-zA-Z0-9_.-]+$/, 'may only contain letters, digits, "_", "-" and "."')
  .min(3, 'must be 3 to 255 characters')
  .max(255, 'must be 3 to 255 characters');
const attributeName = z.string().min(1, 'must not be empty').max(255, 'must be at most 255 characters');
const entityName = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'must start with a letter and contain only letters, digits and "_"');

export const keyAttributeSchema = z.object({ name: attributeName, type: z.enum(KEY_TYPES) }).strict();
export type KeyAttribute = z.infer<typeof keyAttributeSchema>;

export const projectionSchema = z
  .object({
    type: z.enum(PROJECTION_TYPES),
    attributes: z.array(attributeName).optional(),
  })
  .strict();
export type Projection = z.infer<typeof projectionSchema>;

const capacity = z.number().int().min(1);
export const billingSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('PAY_PER_REQUEST') }).strict(),
  z.object({ mode: z.literal('PROVISIONED'), read: capacity, write: capacity }).strict(),
]);
export type Billing = z.infer<typeof billingSchema>;

/** DynamoDB's limit on the attributes of one GSI key: up to 4 partition and 4 sort attributes. */
export const MAX_KEY_ATTRIBUTES = 4;

const keyAttributeList = (role: 'partition' | 'sort') =>
  z
    .array(keyAttributeSchema)
    .max(MAX_KEY_ATTRIBUTES, `a GSI key has at most ${MAX_KEY_ATTRIBUTES} ${role} attributes (DynamoDB)`);

/**
 * A GSI key is one attribute per role (`partitionKey`, `sortKey`) or a multi-attribute key (`partitionKeys`
 * 1–4, `sortKeys` 0–4, in order: DynamoDB's KeySchema repeats HASH and RANGE). Either spelling per role, not
 * both; model/indexes.ts gives every index its attributes as lists, a single key being a list of one.
 */
export const gsiSchema = z
  .object({
    name: tableOrIndexName,
    partitionKey: keyAttributeSchema.optional(),
    partitionKeys: keyAttributeList('partition')
      .min(1, 'a GSI key needs at least one partition attribute')
      .optional(),
    sortKey: keyAttributeSchema.optional(),
    sortKeys: keyAttributeList('sort').optional(),
    projection: projectionSchema.default({ type: 'ALL' }),
    /** Provisioned capacity of this index; used only when the table is PROVISIONED. */
    read: capacity.optional(),
    write: capacity.optional(),
  })
  .strict()
  .superRefine((gsi, context) => {
    if (gsi.partitionKey && gsi.partitionKeys)
      context.addIssue({
        code: 'custom',
        path: ['partitionKeys'],
        message: 'give either partitionKey or partitionKeys, not both',
      });
    else if (!gsi.partitionKey && !gsi.partitionKeys)
      context.addIssue({
        code: 'custom',
        path: ['partitionKey'],
        message: 'a GSI needs a partitionKey (or partitionKeys)',
      });
    if (gsi.sortKey && gsi.sortKeys)
      context.addIssue({
        code: 'custom',
        path: ['sortKeys'],
        message: 'give either sortKey or sortKeys, not both',
      });
  });
export type GlobalSecondaryIndex = z.infer<typeof gsiSchema>;

export const lsiSchema = z
  .object({
    name: tableOrIndexName,
    sortKey: keyAttributeSchema,
    projection: projectionSchema.default({ type: 'ALL' }),
  })
  .strict();
export type LocalSecondaryIndex = z.infer<typeof lsiSchema>;

export const STREAM_VIEW_TYPES = ['KEYS_ONLY', 'NEW_IMAGE', 'OLD_IMAGE', 'NEW_AND_OLD_IMAGES'] as const;

export const tableSchema = z
  .object({
    name: tableOrIndexName,
    partitionKey: keyAttributeSchema,
    sortKey: keyAttributeSchema.optional(),
    billing: billingSchema.default({ mode: 'PAY_PER_REQUEST' }),
    globalSecondaryIndexes: z.array(gsiSchema).default([]),
    localSecondaryIndexes: z.array(lsiSchema).default([]),
    ttlAttribute: attributeName.optional(),
    typeAttribute: attributeName.default('entityType'),
    /**
     * false: items are stored without the type attribute (an imported model's items, kept exactly as the
     * model has them); Keyplan still knows each item's entity from its design. Default true.
     */
    writeTypeAttribute: z.boolean().optional(),
    stream: z.enum(STREAM_VIEW_TYPES).optional(),
    pointInTimeRecovery: z.boolean().optional(),
  })
  .strict();
export type Table = z.infer<typeof tableSchema>;

export const attributeSchema = z
  .object({
    name: attributeName,
    type: z.enum(ATTRIBUTE_TYPES),
    required: z.boolean().optional(),
    format: z.enum(ATTRIBUTE_FORMATS).optional(),
    enum: z
      .array(z.union([z.string(), z.number(), z.instanceof(ExactNumber)]))
      .min(1)
      .optional(),
    description: z.string().optional(),
    /**
     * The value lives in the entity's keys only (`USER#{userId}`): it renders them and is not stored as an
     * attribute of its own, as an imported model's items hold it. Default false.
     */
    keyOnly: z.boolean().optional(),
  })
  .strict();
export type Attribute = z.infer<typeof attributeSchema>;

/**
 * A copy: the entity stored once more under keys of its own (an Order under its customer and under its own
 * id; a "by email" item holding only its key). Built from the same sample values as the entity's own item.
 */
export const itemCopySchema = z
  .object({
    name: entityName,
    description: z.string().optional(),
    /** Key attribute name → template, as the entity's `keys`; placeholders name any of the entity's attributes. */
    keys: z.record(attributeName, z.string()),
    /** The entity's attributes this copy holds; all of them when absent, none (only keys) when empty. */
    attributes: z.array(attributeName).optional(),
  })
  .strict();
export type ItemCopy = z.infer<typeof itemCopySchema>;

export const entitySchema = z
  .object({
    name: entityName,
    description: z.string().optional(),
    attributes: z.array(attributeSchema).default([]),
    /** Key attribute name (table or index) → key template such as `ORDER#{createdAt}#{orderId}`. */
    keys: z.record(attributeName, z.string()),
    /** More items per sample: the entity stored again under other keys (see itemCopySchema). */
    copies: z.array(itemCopySchema).optional(),
    /** How many items of this entity the table is expected to hold, for storage cost estimates. */
    expectedItems: z.number().int().min(0).optional(),
    /**
     * Display only: the entity's slot (0–11) in the designer's colour palette, given when it is added and kept
     * through renames, reorders and deletions of others (see entity-colors.ts). Nothing else reads it.
     */
    color: z
      .number()
      .int()
      .min(0)
      .max(ENTITY_COLOR_SLOTS - 1)
      .optional(),
  })
  .strict();
export type Entity = z.infer<typeof entitySchema>;

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
  id: z.string().regex(/^[A-Za-z0-9_-]+$/, 'may only contain letters, digits, "_" and "-"'),
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

export type SampleValues = Record<string, JsonValue>;

/** What the design says of a lint rule: off, or the severity of its findings. */
export const RULE_LEVELS = ['off', 'info', 'warning', 'error'] as const;
export type RuleLevel = (typeof RULE_LEVELS)[number];

/** One finding the design's authors judged not to apply: the rule, the finding's target, and why. */
export const suppressionSchema = z
  .object({
    rule: z.string().min(1, 'must not be empty'),
    target: z.string(),
    reason: z
      .string({
        error: (issue) =>
          issue.input === undefined ? 'missing: say why the finding does not apply' : undefined,
      })
      .trim()
      .min(1, 'must say why the finding does not apply'),
  })
  .strict();
export type Suppression = z.infer<typeof suppressionSchema>;

/** Lint configuration (rule ids are checked against the linter's rules by validateDesign). */
export const lintConfigSchema = z
  .object({
    rules: z.record(z.string(), z.enum(RULE_LEVELS)).optional(),
    suppress: z.array(suppressionSchema).optional(),
  })
  .strict();
export type LintConfig = z.infer<typeof lintConfigSchema>;

/** What a review comment is about: an entity, one of its key templates, or an access pattern. */
export const COMMENT_TARGET_KINDS = ['entity', 'key-template', 'pattern'] as const;
export type CommentTargetKind = (typeof COMMENT_TARGET_KINDS)[number];

export const commentTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('entity'), entity: entityName }).strict(),
  /** `key` is the key attribute (table or index) whose template in the entity's `keys` is meant. */
  z.object({ kind: z.literal('key-template'), entity: entityName, key: attributeName }).strict(),
  z.object({ kind: z.literal('pattern'), pattern: patternBase.id }).strict(),
]);
export type CommentTarget = z.infer<typeof commentTargetSchema>;

/**
 * A reviewer's comment. Comments travel with the design (a review can happen in a pull request) and never
 * change what is derived, linted or exported from it; a target the design no longer has keeps its comment.
 */
export const commentSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]+$/, 'may only contain letters, digits, "_" and "-"'),
    target: commentTargetSchema,
    author: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
    text: z.string().trim().min(1, 'must not be empty').max(10_000, 'must be at most 10,000 characters'),
    createdAt: z.iso.datetime({ offset: true, message: 'must be a date-time such as 2026-12-01T10:30:00Z' }),
    resolved: z.boolean().optional(),
  })
  .strict();
export type Comment = z.infer<typeof commentSchema>;

const commentList = z.array(commentSchema).superRefine((comments, context) => {
  const seen = new Set<string>();
  comments.forEach((comment, i) => {
    if (seen.has(comment.id))
      context.addIssue({
        code: 'custom',
        path: [i, 'id'],
        message: `another comment has the id "${comment.id}"`,
      });
    seen.add(comment.id);
  });
});

export const designSchema = z
  .object({
    format: z.literal(DESIGN_FORMAT),
    name: z.string().min(1, 'must not be empty'),
    description: z.string().optional(),
    table: tableSchema,
    entities: z.array(entitySchema).default([]),
    accessPatterns: z.array(accessPatternSchema).default([]),
    /** Sample values per entity name; full items (keys, type attribute) are derived, never stored. */
    items: z.record(z.string(), z.array(z.record(z.string(), jsonValue))).default({}),
    /** Per-rule severity and suppressed findings (see lint.ts). */
    lint: lintConfigSchema.optional(),
    /** Review comments (see commentSchema); never read by derivation, lint or export. */
    comments: commentList.optional(),
  })
  .strict();
export type Design = z.infer<typeof designSchema>;
export type DesignInput = z.input<typeof designSchema>;
