// The zod fields a lesson file repeats: ids, texts, a pattern's id and arguments, an item match, and the
// fields every check has. The lesson's schema (lesson-schema.ts) and each check kind's (checks/<kind>.ts)
// are built from them, so a field means the same, and is refused with the same message, everywhere.
import { z } from 'zod';
import { jsonValue } from '../../model/schema.ts';

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const kebabId = z
  .string()
  .regex(KEBAB, 'must be kebab-case: lower-case letters and digits joined by "-"');
export const text = z.string().trim().min(1, 'must not be empty');
export const patternId = z.string().min(1, 'must name an access pattern');
/** A pattern's arguments, over its example's. */
export const args = z.record(z.string(), jsonValue);
/** An ItemMatch (check-result.ts): attribute → the exact value. */
export const itemMatch = z.record(z.string(), jsonValue);
export const nonNegative = z.number().min(0, 'must be at least 0');

/** The fields of every check (CheckFields), spread first into each kind's object. */
export const checkFields = {
  id: kebabId,
  title: text,
  explain: z.string().optional(),
};
