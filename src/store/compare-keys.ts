// The key changes compare mode shows in the grid's key cells (old → new), as plain data that crosses from
// the compare worker: per stored item of the other version, the key attributes whose value changes.

import type { JsonValue } from '../core/model/schema.ts';
import { isExactNumber, numberText } from '../core/values/exact-json.ts';

/** A key attribute's value before and after, as the grid shows it ('' where the item has none). */
export interface KeyChange {
  before: string;
  after: string;
}

/**
 * The key attributes that change, per stored item of the other version: keyed `Entity:position` or
 * `Entity.copy:position` (the position of its sample in design.items[entity]).
 */
export type KeyChanges = Record<string, Record<string, KeyChange>>;

/** A key value as the grid's key cells show it. */
export function keyText(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || isExactNumber(value)) return numberText(value);
  return String(value);
}

/** The id of a stored item in KeyChanges. */
export function keyChangeId(entity: string, copy: string | undefined, position: number): string {
  return `${copy === undefined ? entity : `${entity}.${copy}`}:${position}`;
}
