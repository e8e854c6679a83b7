// The values a design's items hold, as JSON holds them, with their DynamoDB types: the bottom layer's
// vocabulary, so key templates, comparison and marshalling can name them without the design schema.
import { z } from 'zod';
import { ExactNumber } from './exact-json.ts';

export const KEY_TYPES = ['S', 'N', 'B'] as const;
export type KeyType = (typeof KEY_TYPES)[number];

export const ATTRIBUTE_TYPES = ['S', 'N', 'B', 'BOOL', 'NULL', 'L', 'M', 'SS', 'NS', 'BS'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/**
 * An attribute value as JSON holds it: sets as arrays, binary as base64 strings, numbers as JS numbers or,
 * when a double cannot hold their digits, as ExactNumber (see exact-json.ts).
 */
export type JsonValue =
  | string
  | number
  | ExactNumber
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };
export const jsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.instanceof(ExactNumber),
    z.boolean(),
    z.null(),
    z.array(jsonValue),
    z.record(z.string(), jsonValue),
  ]),
);
