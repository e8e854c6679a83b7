// The names a design gives things, by DynamoDB's rules and Keyplan's: tables, indexes, attributes, entities and
// patterns. One definition each, shared by the table, entity, pattern and review schemas, so a name that one
// place accepts every other place accepts too.
import { z } from 'zod';

// DynamoDB naming rules: table and index names 3–255 of [a-zA-Z0-9_.-]; attribute names 1–255 bytes.
export const tableOrIndexName = z
  .string()
  .regex(/^[a-zA-Z0-9_.-]+$/, 'may only contain letters, digits, "_", "-" and "."')
  .min(3, 'must be 3 to 255 characters')
  .max(255, 'must be 3 to 255 characters');
export const attributeName = z
  .string()
  .min(1, 'must not be empty')
  .max(255, 'must be at most 255 characters');
export const entityName = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'must start with a letter and contain only letters, digits and "_"');

/** An access pattern's id; a comment on the pattern names it by this. */
export const patternId = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/, 'may only contain letters, digits, "_" and "-"');
