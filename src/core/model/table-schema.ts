// The table of a design: its key, billing, stream and TTL settings, and its secondary indexes (GSIs with
// single or multi-attribute keys, LSIs), as DynamoDB's CreateTable takes them.
import { z } from 'zod';
import { KEY_TYPES } from '../values/json-value.ts';
import { attributeName, tableOrIndexName } from './schema-names.ts';

export const PROJECTION_TYPES = ['ALL', 'KEYS_ONLY', 'INCLUDE'] as const;
export const BILLING_MODES = ['PAY_PER_REQUEST', 'PROVISIONED'] as const;

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
