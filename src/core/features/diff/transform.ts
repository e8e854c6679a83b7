// What a stored item of the old design becomes under the new design: the one place that turns an old item
// into its new version (and its new copies), used by the diff (on the old design's derived items) and by
// the backfill that rewrites a live table (on the items a Scan returns). An item's values are its own
// attributes less the keys its old templates rendered, plus any key-only value read back from its old keys;
// the new item is what the new design derives from those values.

import { canonicalJson } from '../../evaluate/compare-run.ts';
import { formItemDeriver } from '../../items/derive-item.ts';
import {
  AmbiguousKeyError,
  adjacentPlaceholders,
  fixedWidths,
  parseKey,
  renderKeyValue,
  TemplateSyntaxError,
} from '../../keys/template.ts';
import { type StoredForm, storedForms } from '../../model/copies.ts';
import { keyAttributeTypes, primaryKeyNames } from '../../model/indexes.ts';
import type { Design, JsonValue } from '../../model/schema.ts';
import type { PlainItem } from '../../values/item.ts';

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
  /** The fixed widths of the entity's attributes (fixedWidths), which split touching placeholders. */
  widths: Readonly<Record<string, number>>;
  /** What an item holds that is no value: the rendered keys and the type attribute. */
  skip: Set<string>;
}

/**
 * A transformer from the old design's stored items to the new design's. `identify` finds an item's old
 * form (entity by the type attribute, then the form whose old table-key templates render the item's key);
 * `transform` gives the new item and what changed. `unreadable` says which key-only attributes no key of
 * theirs gives back (placeholders that touch, `{name}{id}`): those are left out rather than guessed.
 */
export function itemTransformer(oldDesign: Design, newDesign: Design) {
  const oldForms = new Map<string, OldForm>();
  const oldByEntity = new Map<string, OldForm[]>();
  const oldTypes = keyAttributeTypes(oldDesign);
  // Key-only attributes no key of theirs gives back (touching placeholders), each said in a sentence.
  const unreadable: string[] = [];
  for (const entity of oldDesign.entities) {
    const forms = storedForms(entity).map((form): OldForm => {
      const declared = new Map(form.entity.attributes.map((a) => [a.name, a]));
      const rendered = Object.keys(form.entity.keys).filter(
        (name) => !(form.entity.keys[name] === `{${name}}` && declared.has(name)),
      );
      const keyOnly: OldForm['keyOnly'] = [];
      const widths = fixedWidths(entity.attributes);
      for (const attribute of entity.attributes.filter((a) => a.keyOnly)) {
        const holding = Object.entries(form.entity.keys).filter(([, t]) => t.includes(`{${attribute.name}`));
        // A key whose touching placeholders cannot be split gives no value back: read another, or refuse.
        const found = holding.find(([, t]) => adjacentPlaceholders(t, widths) === undefined);
        const ambiguous = holding[0] && adjacentPlaceholders(holding[0][1], widths);
        if (!found && holding[0] && ambiguous)
          unreadable.push(
            `${entity.name}'s ${holding[0][0]}: ${new AmbiguousKeyError(holding[0][1], ambiguous).message}; ${attribute.name} is stored in the keys only, so its old items give no ${attribute.name}`,
          );
        if (found)
          keyOnly.push({
            name: attribute.name,
            key: found[0],
            template: found[1],
            number: attribute.type === 'N',
          });
      }
      const skip = new Set(rendered);
      if (oldDesign.table.writeTypeAttribute !== false) skip.add(oldDesign.table.typeAttribute);
      return { form, rendered, keyOnly, skip, widths };
    });
    oldByEntity.set(entity.name, forms);
    for (const f of forms) oldForms.set(formKey(entity.name, f.form.copy), f);
  }
  const newEntities = new Map(newDesign.entities.map((e) => [e.name, e]));
  // The new design's forms and their derivers, by entity and copy name (looked up once, used per item).
  const newForms = new Map<
    string,
    { form: StoredForm; derive: (values: Record<string, JsonValue>) => PlainItem }[]
  >();
  for (const entity of newDesign.entities)
    newForms.set(
      entity.name,
      storedForms(entity).map((form) => ({ form, derive: formItemDeriver(newDesign, form) })),
    );
  const removedByEntity = new Map<string, Set<string>>();
  for (const entity of oldDesign.entities) {
    const kept = new Set(newEntities.get(entity.name)?.attributes.map((a) => a.name));
    removedByEntity.set(
      entity.name,
      new Set(entity.attributes.filter((a) => !kept.has(a.name)).map((a) => a.name)),
    );
  }
  const oldEntities = new Map(oldDesign.entities.map((e) => [e.name, e]));
  const typeAttribute = oldDesign.table.typeAttribute;
  const tableKeys = primaryKeyNames(oldDesign);
  const newKeys = primaryKeyNames(newDesign);
  const sameKeys = newKeys.join() === tableKeys.join();
  const indexKeys = new Set([...oldTypes.keys(), ...keyAttributeTypes(newDesign).keys()]);

  /** The values an item of this old form was derived from. */
  // Built attribute by attribute (no delete, which would slow every later read of the object).
  function valuesOf(old: OldForm, item: PlainItem, drop?: Set<string>): Record<string, JsonValue> {
    const values: Record<string, JsonValue> = {};
    for (const name in item) if (!old.skip.has(name) && !drop?.has(name)) values[name] = item[name];
    for (const { name, key, template, number } of old.keyOnly) {
      const stored = item[key];
      if (typeof stored !== 'string' || drop?.has(name)) continue;
      const parsed = parseKey(template, stored, old.widths)?.[name];
      if (parsed !== undefined) values[name] = number ? Number(parsed) : parsed;
    }
    return values;
  }

  function rendersKey(old: OldForm, item: PlainItem, values: Record<string, JsonValue>): boolean {
    return tableKeys.every((name) => {
      const template = old.form.entity.keys[name];
      if (template === undefined) return false;
      try {
        const value = renderKeyValue(template, values, oldTypes.get(name) ?? 'S');
        return value !== undefined && sameValue(value, item[name]);
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
    return newForms.get(entity.name)!.some(({ form, derive }) => {
      const old = oldForms.get(formKey(entity.name, form.copy));
      const values = old ? valuesOf(old, item) : item;
      return changedAttributes(item, derive(values)).length === 0;
    });
  }

  function transform(item: PlainItem, known?: { entity: string; copy?: string }): ItemOutcome | undefined {
    const where = known ?? identify(item);
    if (!where) return undefined;
    const old = oldForms.get(formKey(where.entity, where.copy))!;
    const base = { entity: where.entity, copy: where.copy, before: item };
    const forms = newForms.get(where.entity);
    const newForm = forms?.find((f) => f.form.copy === where.copy);
    if (!forms || !newForm) {
      return { ...base, action: 'delete', changed: Object.keys(item), creates: [] };
    }
    // Attributes the entity declared and no longer does are dropped with it.
    const values = valuesOf(old, item, removedByEntity.get(where.entity));
    const after = newForm.derive(values);
    const changed = changedAttributes(item, after);
    const creates: ItemOutcome['creates'] = [];
    if (where.copy === undefined) {
      const oldCopies = new Set((oldEntities.get(where.entity)!.copies ?? []).map((c) => c.name));
      for (const { form, derive } of forms.slice(1))
        if (!oldCopies.has(form.copy!)) creates.push({ copy: form.copy!, item: derive(values) });
    }
    const keyMoved = !sameKeys || tableKeys.some((name) => !sameValue(item[name], after[name]));
    const action: ItemAction = keyMoved
      ? 'rewrite'
      : changed.length === 0
        ? 'same'
        : changed.some((name) => indexKeys.has(name))
          ? 'indexKeys'
          : 'attributes';
    return { ...base, action, after, changed, creates };
  }

  return { identify, transform, isNew, unreadable };
}

/** Two attribute values are the same: primitives directly, anything else by its canonical JSON. */
function sameValue(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (
    a === undefined ||
    b === undefined ||
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    a === null ||
    b === null
  )
    return false;
  return canonicalJson(a) === canonicalJson(b);
}

/** Attribute names whose values differ between two items (present in one only, or different). */
export function changedAttributes(before: PlainItem, after: PlainItem): string[] {
  const out: string[] = [];
  for (const name in before) if (!sameValue(before[name], after[name])) out.push(name);
  for (const name in after) if (!(name in before)) out.push(name);
  return out;
}
