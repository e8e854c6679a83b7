// OneTable's `unique` fields as item copies: for each value of a unique field OneTable writes, in the same
// transaction as the item, an item of its own whose key is that value (schema.ts's uniqueItemKeys), so a
// second item with the same value fails. Keyplan has the same thing: an item copy of keys alone, written
// with the item. A copy is stored for every item of the entity, so only a required field maps.

import type { ItemCopy } from '../../model/schema.ts';
import { uniqueName } from '../nosql-workbench/names.ts';
import {
  keyplanTemplate,
  ONETABLE_UNIQUE_TYPE,
  type OneField,
  type OneSchema,
  shown,
  storedName,
  uniqueItemKeys,
} from './schema.ts';

/** The model's unique fields as copies; each field is a warning saying what it became, or why nothing. */
export function uniqueCopies(
  modelName: string,
  model: Record<string, unknown>,
  schema: OneSchema,
  constants: Map<string, string>,
  warn: (message: string) => void,
): ItemCopy[] {
  const copies: ItemCopy[] = [];
  for (const [name, raw] of Object.entries(model)) {
    const field = raw as OneField;
    if (typeof raw !== 'object' || raw === null || field.unique !== true) continue;
    const copy = uniqueCopy(modelName, name, field, schema, constants);
    const where = `models.${modelName}.${name}.unique`;
    if (typeof copy === 'string') {
      warn(`${where}: ${copy}`);
      continue;
    }
    copy.name = uniqueName(copy.name, (n) => copies.some((c) => c.name === n));
    copies.push(copy);
    const keys = Object.entries(copy.keys).map(([key, template]) => `${key} "${template}"`);
    warn(
      `${where}: true: imported as the item copy ${copy.name}, the item OneTable writes per value (${keys.join(', ')}); its type is "${ONETABLE_UNIQUE_TYPE}", as OneTable writes it`,
    );
  }
  return copies;
}

/** A unique field's item as an item copy holding no attribute; a string says why it cannot be modelled. */
function uniqueCopy(
  modelName: string,
  name: string,
  field: OneField,
  schema: OneSchema,
  constants: Map<string, string>,
): ItemCopy | string {
  const primary = schema.indexes.primary as { hash: string; sort?: string };
  const stored = storedName(name, field);
  if (stored === primary.hash || stored === primary.sort)
    return 'true: the field is the table key itself, which DynamoDB keeps unique; nothing to model';
  if (field.required !== true)
    return `true on an optional field: OneTable writes a unique item only for items that have ${name}, while a Keyplan item copy is stored for every item; not modelled (a required field would be)`;
  let scope: string | undefined;
  if (field.scope !== undefined) {
    const template = typeof field.scope === 'string' ? keyplanTemplate(field.scope, constants) : undefined;
    if (!template?.ok)
      return `true with the scope ${shown(field.scope)}: ${template?.why ?? 'not a value template'}; the unique item is not modelled`;
    scope = template.template;
  }
  const label = name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return {
    name: `Unique_${label || 'value'}`,
    keys: uniqueItemKeys(primary, modelName, stored, name, scope),
    attributes: [],
    typeValue: ONETABLE_UNIQUE_TYPE,
  };
}
