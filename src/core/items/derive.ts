// Full items from an entity's sample values: every key attribute its templates render (table and
// indexes) plus the type attribute. Index keys whose placeholders lack a value are left out: sparse.
import { renderKeyValue, TemplateSyntaxError } from '../keys/template.ts';
import { keyAttributeTypes } from '../model/indexes.ts';
import type { DerivedItem, KeyValue, PlainItem } from '../model/item.ts';
import type { Design, Entity, JsonValue } from '../model/schema.ts';

/** The key attributes an entity's templates produce for these values (absent when a placeholder is missing). */
export function deriveKeys(
  design: Design,
  entity: Entity,
  values: Record<string, JsonValue | undefined>,
): Record<string, KeyValue> {
  const types = keyAttributeTypes(design);
  const keys: Record<string, KeyValue> = {};
  for (const [keyName, template] of Object.entries(entity.keys)) {
    try {
      const value = renderKeyValue(template, values, types.get(keyName) ?? 'S');
      if (value !== undefined) keys[keyName] = value;
    } catch (error) {
      // A template being typed may be half-written; validation reports it, the items just lack that key.
      if (!(error instanceof TemplateSyntaxError)) throw error;
    }
  }
  return keys;
}

/** One full item: sample values (nulls dropped, as DynamoDB has no such attribute), keys, type attribute. */
export function deriveItem(
  design: Design,
  entity: Entity,
  values: Record<string, JsonValue | undefined>,
): PlainItem {
  const item: PlainItem = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const declared = entity.attributes.find((a) => a.name === name);
    if (value === null && declared?.type !== 'NULL') continue;
    item[name] = value;
  }
  Object.assign(item, deriveKeys(design, entity, values));
  item[design.table.typeAttribute] = entity.name;
  return item;
}

/** Every item of the design, entity by entity in design order, samples in their order. */
export function deriveItems(design: Design): DerivedItem[] {
  const out: DerivedItem[] = [];
  for (const entity of design.entities) {
    const samples = design.items[entity.name] ?? [];
    samples.forEach((values, sampleIndex) => {
      out.push({ entity: entity.name, sampleIndex, item: deriveItem(design, entity, values) });
    });
  }
  return out;
}
