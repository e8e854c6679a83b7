// An entity of a design: its attributes (type, format, allowed values), its key templates for the table and
// indexes, and its copies (the entity stored again under keys of its own).
import { z } from 'zod';
import { ExactNumber } from '../values/exact-json.ts';
import { ATTRIBUTE_TYPES } from '../values/json-value.ts';
import { attributeName, entityName } from './schema-names.ts';

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
    /**
     * The value of the table's type attribute on this copy's items; the entity's name when absent. A library
     * may mark its copies apart (OneTable writes its unique items as `_Unique`).
     */
    typeValue: z.string().min(1).optional(),
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
