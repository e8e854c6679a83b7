// What a stored item of the old design becomes under the new design: the one place that turns an old item
// into its new version (and its new copies), used by the diff (on the old design's derived items) and by
// the backfill that rewrites a live table (on the items a Scan returns). An item's values are its own
// attributes less the keys its old templates rendered, plus any key-only value read back from its old keys;
// the new item is what the new design derives from those values.

import { canonicalJson } from '../evaluate/compare-run.ts';
import { deriveFormItem } from '../items/derive.ts';
import { parseKey, renderKeyValue, TemplateSyntaxError } from '../keys/template.ts';
import { type StoredForm, storedForms } from '../model/copies.ts';
import { keyAttributeTypes, primaryKeyNames } from '../model/indexes.ts';
import type { PlainItem } from '../model/item.ts';
import type { Design, JsonValue } from '../model/schema.ts';

/** What one old item needs: nothing, an update in place, a new primary key, or removal (its form is gone). */
export type ItemAction = 'same' | 'rewrite' | 'indexKeys' | 'attributes' | 'delete';

export interface ItemOutcome {
  entity: string;
  copy?: string;
  action: ItemAction;
  before: PlainItem;
  /** The new item (absent for a delete). */
  after?: PlainItem;
  /** Attributes whose value differs between before and after (added, removed or changed). */
  changed: string[];
  /** New copies of the entity to create from this (own) item: forms the old design did not store. */
  creates: { copy: string; item: PlainItem }[];
}

const formKey = (entity: string, copy?: string) => (copy === undefined ? entity : `${entity}.${copy}`);

interface OldForm {
  form: StoredForm;
  /** Key attributes its templates render that are not attributes of their own (stripped to get values). */
  rendered: string[];
  /** Key-only attributes, read back from the keys that hold them. */
  keyOnly: { name: string; key: string; template: string; number: boolean }[];
}

/** The key attributes whose values are the item's address: the table's primary key. */
export function primaryKey(design: Design, item: PlainItem): PlainItem {
  const key: PlainItem = {};
  for (const name of primaryKeyNames(design)) if (item[name] !== undefined) key[name] = item[name];
  return key;
}

/**
 * A transformer from the old design's stored items to the new design's. `identify` finds an item's old
 * form (entity by the type attribute, then the form whose old table-key templates render the item's key);
 * `transform` gives the new item and what changed.
 */
export function itemTransformer(oldDesign: Design, newDesign: Design) {
  const oldForms = new Map<string, OldForm>();
  const oldByEntity = new Map<string, OldForm[]>();
  const oldTypes = keyAttributeTypes(oldDesign);
  for (const entity of oldDesign.entities) {
    const forms = storedForms(entity).map((form): OldForm => {
      const declared = new Map(form.entity.attributes.map((a) => [a.name, a]));
      const rendered = Object.keys(form.entity.keys).filter(
        (name) => !(form.entity.keys[name] === `{${name}}` && declared.has(name)),
      );
      const keyOnly: OldForm['keyOnly'] = [];
      for (const attribute of entity.attributes.filter((a) => a.keyOnly)) {
        const found = Object.entries(form.entity.keys).find(([, t]) => t.includes(`{${attribute.name}`));
        if (found)
          keyOnly.push({
            name: attribute.name,
            key: found[0],
            template: found[1],
            number: attribute.type === 'N',
          });
      }
      return { form, rendered, keyOnly };
    });
    oldByEntity.set(entity.name, forms);
    for (const f of forms) oldForms.set(formKey(entity.name, f.form.copy), f);
  }
  const newEntities = new Map(newDesign.entities.map((e) => [e.name, e]));
  const oldEntities = new Map(oldDesign.entities.map((e) => [e.name, e]));
  const typeAttribute = oldDesign.table.typeAttribute;
  const tableKeys = primaryKeyNames(oldDesign);
  const newKeys = primaryKeyNames(newDesign);
  const indexKeys = new Set([...oldTypes.keys(), ...keyAttributeTypes(newDesign).keys()]);

  /** The values an item of this old form was derived from. */
  function valuesOf(old: OldForm, item: PlainItem): Record<string, JsonValue> {
    const values: Record<string, JsonValue> = { ...item };
    for (const { name, key, template, number } of old.keyOnly) {
      const stored = item[key];
      if (typeof stored !== 'string') continue;
      const parsed = parseKey(template, stored)?.[name];
      if (parsed !== undefined) values[name] = number ? Number(parsed) : parsed;
    }
    for (const name of old.rendered) delete values[name];
    if (oldDesign.table.writeTypeAttribute !== false) delete values[typeAttribute];
    return values;
  }

  function rendersKey(old: OldForm, item: PlainItem, values: Record<string, JsonValue>): boolean {
    return tableKeys.every((name) => {
      const template = old.form.entity.keys[name];
      if (template === undefined) return false;
      try {
        const value = renderKeyValue(template, values, oldTypes.get(name) ?? 'S');
        return value !== undefined && canonicalJson(value) === canonicalJson(item[name]);
      } catch (error) {
        if (error instanceof TemplateSyntaxError) return false;
        throw error;
      }
    });
  }

  /** The old form of a stored item; undefined when no entity's form renders its key. */
  function identify(item: PlainItem): { entity: string; copy?: string } | undefined {
    const type = item[typeAttribute];
    const candidates =
      typeof type === 'string' && oldByEntity.has(type) ? oldByEntity.get(type)! : [...oldForms.values()];
    for (const old of candidates) {
      if (rendersKey(old, item, valuesOf(old, item)))
        return { entity: old.form.entity.name, copy: old.form.copy };
    }
    return undefined;
  }

  /** Whether a stored item already is what the new design derives (a backfill that ran before). */
  function isNew(item: PlainItem): boolean {
    const type = item[newDesign.table.typeAttribute];
    const entity = typeof type === 'string' ? newEntities.get(type) : undefined;
    if (!entity) return false;
    return storedForms(entity).some((form) => {
      const old = oldForms.get(formKey(entity.name, form.copy));
      const values = old ? valuesOf(old, item) : item;
      const after = deriveFormItem(newDesign, form, values);
      return canonicalJson(after) === canonicalJson(item);
    });
  }

  function transform(item: PlainItem, known?: { entity: string; copy?: string }): ItemOutcome | undefined {
    const where = known ?? identify(item);
    if (!where) return undefined;
    const old = oldForms.get(formKey(where.entity, where.copy))!;
    const base = { entity: where.entity, copy: where.copy, before: item };
    const entity = newEntities.get(where.entity);
    const newForm = entity && storedForms(entity).find((f) => f.copy === where.copy);
    if (!entity || !newForm) {
      return { ...base, action: 'delete', changed: Object.keys(item), creates: [] };
    }
    const values = valuesOf(old, item);
    // Attributes the entity declared and no longer does are dropped with it.
    const oldEntity = oldEntities.get(where.entity)!;
    const kept = new Set(entity.attributes.map((a) => a.name));
    for (const a of oldEntity.attributes) if (!kept.has(a.name)) delete values[a.name];
    const after = deriveFormItem(newDesign, newForm, values);
    const changed = changedAttributes(item, after);
    const creates: ItemOutcome['creates'] = [];
    if (where.copy === undefined) {
      const oldCopies = new Set((oldEntity.copies ?? []).map((c) => c.name));
      for (const form of storedForms(entity).slice(1))
        if (!oldCopies.has(form.copy!))
          creates.push({ copy: form.copy!, item: deriveFormItem(newDesign, form, values) });
    }
    const keyMoved =
      canonicalJson(primaryKey(oldDesign, item)) !== canonicalJson(pick(after, newKeys)) ||
      newKeys.join() !== tableKeys.join();
    const action: ItemAction = keyMoved
      ? 'rewrite'
      : changed.length === 0
        ? 'same'
        : changed.some((name) => indexKeys.has(name))
          ? 'indexKeys'
          : 'attributes';
    return { ...base, action, after, changed, creates };
  }

  return { identify, transform, isNew };
}

function pick(item: PlainItem, names: string[]): PlainItem {
  const out: PlainItem = {};
  for (const name of names) if (item[name] !== undefined) out[name] = item[name];
  return out;
}

/** Attribute names whose values differ between two items (present in one only, or different). */
export function changedAttributes(before: PlainItem, after: PlainItem): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => {
    const a = before[name];
    const b = after[name];
    if (a === undefined || b === undefined) return a !== b;
    return canonicalJson(a) !== canonicalJson(b);
  });
}
