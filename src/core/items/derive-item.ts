// Full items from an entity's sample values: every key attribute its templates render (table and
// indexes) plus the type attribute. Index keys whose placeholders lack a value are left out: sparse.
// One sample at a time (deriveItem and its kin), or a column of samples at once (renderAll and
// columnAssembler, with which derive.ts and its sample and template edits build an entity's items).
import {
  MAX_KEY_LENGTH,
  minRenderedLength,
  RenderTooLongError,
  renderKeyValue,
  TemplateSyntaxError,
} from '../keys/template.ts';
import { type StoredForm, storedForms } from '../model/copies.ts';
import { keyAttributeTypes } from '../model/indexes.ts';
import type { Design, Entity, JsonValue, KeyType } from '../model/schema.ts';
import type { DerivedItem, KeyValue, PlainItem } from '../values/item.ts';
import type { DerivedEntity } from './derivations.ts';

export type Values = Record<string, JsonValue | undefined>;

interface EntityDeriver {
  keys: (values: Values) => Record<string, KeyValue>;
  item: (values: Values) => PlainItem;
}

/**
 * Derivation for one entity with its key types and templates looked up once, since a design may hold
 * 100,000 samples and the grid re-derives them all on every edit.
 */
function entityDeriver(design: Design, entity: Entity, copy?: string): EntityDeriver {
  const types = keyAttributeTypes(design);
  const templates: [string, string, KeyType][] = Object.entries(entity.keys).map(([keyName, template]) => [
    keyName,
    template,
    types.get(keyName) ?? 'S',
  ]);
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
  const assemble = itemAssembler(design, entity, copy);
  return { keys, item: (values) => assemble(values, keys(values)) };
}

/**
 * Builds an item from sample values and rendered keys: values (nulls dropped), keys, type attribute. A copy
 * (see copies.ts, named by `copy`) holds only its entity's attributes, a subset of the sample's, and its type
 * attribute holds the copy's `typeValue` where it has one (OneTable's unique items are `_Unique`).
 */
function itemAssembler(
  design: Design,
  entity: Entity,
  copy?: string,
): (values: Values, keys: Record<string, KeyValue>) => PlainItem {
  const nullTyped = new Set(entity.attributes.filter((a) => a.type === 'NULL').map((a) => a.name));
  const held = copy !== undefined ? new Set(entity.attributes.map((a) => a.name)) : undefined;
  const typeAttribute = design.table.writeTypeAttribute === false ? undefined : design.table.typeAttribute;
  const typeValue =
    (copy !== undefined &&
      design.entities.find((e) => e.name === entity.name)?.copies?.find((c) => c.name === copy)?.typeValue) ||
    entity.name;
  // A key-only attribute renders keys and is not stored itself.
  const keyOnly = new Set(entity.attributes.filter((a) => a.keyOnly).map((a) => a.name));
  return (values, keys) => {
    const out: PlainItem = {};
    for (const name in values) {
      if ((held && !held.has(name)) || keyOnly.has(name)) continue;
      const value = values[name];
      // DynamoDB has no "absent" value: null means no attribute, unless the attribute is of type NULL.
      if (value === undefined || (value === null && !nullTyped.has(name))) continue;
      out[name] = value;
    }
    Object.assign(out, keys);
    if (typeAttribute !== undefined) out[typeAttribute] = typeValue;
    return out;
  };
}

/** The key attributes an entity's templates produce for these values (absent when a placeholder is missing). */
export function deriveKeys(design: Design, entity: Entity, values: Values): Record<string, KeyValue> {
  return entityDeriver(design, entity).keys(values);
}

/** One full item: sample values (nulls dropped, as DynamoDB has no such attribute), keys, type attribute. */
export function deriveItem(design: Design, entity: Entity, values: Values): PlainItem {
  return entityDeriver(design, entity).item(values);
}

/** The item one stored form of an entity (its own item or a copy, see copies.ts) holds for these values. */
export function deriveFormItem(design: Design, form: StoredForm, values: Values): PlainItem {
  return entityDeriver(design, form.entity, form.copy).item(values);
}

/** deriveFormItem for many samples of one form: templates and key types looked up once. */
export function formItemDeriver(design: Design, form: StoredForm): (values: Values) => PlainItem {
  return entityDeriver(design, form.entity, form.copy).item;
}

/** Every item a sample is stored as: the entity's own item, then one per copy. */
export function deriveStoredItems(design: Design, entity: Entity, values: Values): PlainItem[] {
  return storedForms(entity).map((form) => deriveFormItem(design, form, values));
}

export function derivedItem(
  entity: string,
  copy: string | undefined,
  rank: number,
  item: PlainItem,
): DerivedItem {
  return copy === undefined ? { entity, rank, item } : { entity, rank, copy, item };
}

/** Assembles the item of a sample from its values and the rendered key columns. */
export function columnAssembler(
  design: Design,
  entity: Entity,
  copy: string | undefined,
  rendered: DerivedEntity['rendered'],
): (values: Values, sampleIndex: number) => PlainItem {
  const assemble = itemAssembler(design, entity, copy);
  const keyColumns = [...rendered].map(([keyName, { values }]) => [keyName, values] as const);
  return (values, sampleIndex) => {
    const keys: Record<string, KeyValue> = {};
    for (const [keyName, column] of keyColumns) {
      const value = column[sampleIndex];
      if (value !== undefined) keys[keyName] = value;
    }
    return assemble(values, keys);
  };
}

// A template being typed may be half-written, and one may render longer than any key: validation reports
// it, the items just lack that key.
export function renderAll(template: string, samples: Values[], type: KeyType): (KeyValue | undefined)[] {
  try {
    if (minRenderedLength(template) > MAX_KEY_LENGTH) return samples.map(() => undefined);
  } catch (error) {
    if (error instanceof TemplateSyntaxError) return samples.map(() => undefined);
    throw error;
  }
  return samples.map((values) => {
    try {
      return renderKeyValue(template, values, type);
    } catch (error) {
      // One sample's long value: that item alone lacks the key.
      if (error instanceof RenderTooLongError) return undefined;
      throw error;
    }
  });
}
