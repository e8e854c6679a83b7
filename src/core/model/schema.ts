// The design document (format keyplan/1): the zod schema of the whole document and its types, composed
// of the table, entity, pattern and review schemas beside it. The model layer's entry point: code that reads a
// design takes its types from here; the sub-schemas and their value lists are imported from their modules.
// The meaning of every field is the contract of docs/design-format.md; add fields, never change meanings.
import { z } from 'zod';
import { type JsonValue, jsonValue } from '../values/json-value.ts';
import { entitySchema } from './entity-schema.ts';
import { accessPatternSchema } from './pattern-schema.ts';
import { commentList, lintConfigSchema } from './review-schema.ts';
import { tableSchema } from './table-schema.ts';

// The value types live below the keys (values/json-value.ts); the design names them here too.
export {
  ATTRIBUTE_TYPES,
  type AttributeType,
  type JsonValue,
  jsonValue,
  KEY_TYPES,
  type KeyType,
} from '../values/json-value.ts';
export type { Attribute, AttributeFormat, Entity, ItemCopy } from './entity-schema.ts';
export type {
  AccessPattern,
  Arguments,
  ArgumentValue,
  ConditionClause,
  ConditionOperator,
  GetAction,
  KeyCondition,
  KeyedReadPattern,
  Operation,
  ReadOperation,
  ReadPattern,
  SortKeyCondition,
  SortOperator,
  WriteAction,
  WriteCondition,
  WriteOperation,
  WritePattern,
} from './pattern-schema.ts';
export type {
  Comment,
  CommentTarget,
  CommentTargetKind,
  LintConfig,
  RuleLevel,
  Suppression,
} from './review-schema.ts';
export type {
  Billing,
  GlobalSecondaryIndex,
  KeyAttribute,
  LocalSecondaryIndex,
  Projection,
  Table,
} from './table-schema.ts';

export const DESIGN_FORMAT = 'keyplan/1';

export type SampleValues = Record<string, JsonValue>;

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
    /** Review comments (see review-schema.ts); never read by derivation, lint or export. */
    comments: commentList.optional(),
  })
  .strict();
export type Design = z.infer<typeof designSchema>;
export type DesignInput = z.input<typeof designSchema>;
