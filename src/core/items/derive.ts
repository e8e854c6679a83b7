// Full items from an entity's sample values: every key attribute its templates render (table and
// indexes) plus the type attribute. Index keys whose placeholders lack a value are left out: sparse.
import { renderKeyValue, TemplateSyntaxError } from '../keys/template.ts';
import { keyAttributeTypes } from '../model/indexes.ts';
import type { DerivedItem, KeyValue, PlainItem } from '../model/item.ts';
import type { Design, Entity, JsonValue, KeyType } from '../model/schema.ts';

type Values = Record<string, JsonValue | undefined>;

interface EntityDeriver {
  keys: (values: Values) => Record<string, KeyValue>;
  item: (values: Values) => PlainItem;
}

/**
 * Derivation for one entity with its key types and templates looked up once, since a design may hold
 * 100,000 samples and the grid re-derives them all on every edit.
 */
function entityDeriver(design: Design, entity: Entity): EntityDeriver {
  const types = keyAttributeTypes(design);
  const templates: [string, string, KeyType][] = Object.entries(entity.keys).map(([keyName, template]) => [
    keyName,
    template,
    types.get(keyName) ?? 'S',
  ]);
  const nullTyped = new Set(entity.attributes.filter((a) => a.type === 'NULL').map((a) => a.name));
  const typeAttribute = design.table.typeAttribute;
  const keys = (values: Values) => {
    const out: Record<string, KeyValue> = {};
    for (const [keyName, template, type] of templates) {
      try {
        const value = renderKeyValue(template, values, type);
        if (value !== undefined) out[keyName] = value;
      } catch (error) {
        // A template being typed may be half-written; validation reports it, the items just lack that key.
        if (!(error instanceof TemplateSyntaxError)) throw error;
      }
    }
    return out;
  };
  const item = (values: Values) => {
    const out: PlainItem = {};
    for (const name in values) {
      const value = values[name];
      // DynamoDB has no "absent" value: null means no attribute, unless the attribute is of type NULL.
      if (value === undefined || (value === null && !nullTyped.has(name))) continue;
      out[name] = value;
    }
    Object.assign(out, keys(values));
    out[typeAttribute] = entity.name;
    return out;
  };
  return { keys, item };
}

/** The key attributes an entity's templates produce for these values (absent when a placeholder is missing). */
export function deriveKeys(design: Design, entity: Entity, values: Values): Record<string, KeyValue> {
  return entityDeriver(design, entity).keys(values);
}

/** One full item: sample values (nulls dropped, as DynamoDB has no such attribute), keys, type attribute. */
export function deriveItem(design: Design, entity: Entity, values: Values): PlainItem {
  return entityDeriver(design, entity).item(values);
}

// Designs are immutable and edits share what they do not change, so an entity whose definition, samples
// and table are the same objects as last time derives the same items: a template edit re-derives one entity.
const derivedByEntity = new WeakMap<
  Entity,
  { table: Design['table']; samples: unknown; items: DerivedItem[] }
>();

function deriveEntityItems(design: Design, entity: Entity): DerivedItem[] {
  const samples = design.items[entity.name] ?? [];
  const cached = derivedByEntity.get(entity);
  if (cached && cached.table === design.table && cached.samples === samples) return cached.items;
  const derive = entityDeriver(design, entity).item;
  const items: DerivedItem[] = samples.map((values, sampleIndex) => ({
    entity: entity.name,
    sampleIndex,
    item: derive(values),
  }));
  derivedByEntity.set(entity, { table: design.table, samples, items });
  return items;
}

/** Every item of the design, entity by entity in design order, samples in their order. */
export function deriveItems(design: Design): DerivedItem[] {
  return design.entities.flatMap((entity) => deriveEntityItems(design, entity));
}
