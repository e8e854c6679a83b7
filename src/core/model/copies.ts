// Item copies: an entity stored more than once, each copy under key templates of its own and holding a
// subset of the entity's attributes, all built from the entity's one set of sample values. Everything that
// derives, writes or checks items treats a copy as a form of its entity: an Entity of the same name (so
// the type attribute and the samples are the entity's) with the copy's keys and the attributes it holds.
import { placeholders, TemplateSyntaxError } from '../keys/template.ts';
import type { Entity, ItemCopy } from './schema.ts';

/** One way an entity's sample is stored: the entity's own item (no copy) or one of its copies. */
export interface StoredForm {
  /** The entity itself, or for a copy an entity of the same name with the copy's keys and held attributes. */
  entity: Entity;
  /** The copy's name; absent for the entity's own item. */
  copy?: string;
}

// Copy forms are reused while the copy and the entity's attributes are the same objects, so that derivation
// (which caches by entity object) does not re-derive a copy when nothing it reads changed.
const formsByCopy = new WeakMap<ItemCopy, { name: string; attributes: Entity['attributes']; form: Entity }>();

/** The entity as one copy of it stores it: same name, the copy's keys, the attributes the copy holds. */
export function copyEntity(entity: Entity, copy: ItemCopy): Entity {
  const cached = formsByCopy.get(copy);
  if (cached && cached.name === entity.name && cached.attributes === entity.attributes) return cached.form;
  const held = copy.attributes && new Set(copy.attributes);
  const form: Entity = {
    name: entity.name,
    attributes: held ? entity.attributes.filter((a) => held.has(a.name)) : entity.attributes,
    keys: copy.keys,
  };
  formsByCopy.set(copy, { name: entity.name, attributes: entity.attributes, form });
  return form;
}

/** The entity's own item, then each copy, in the order of `copies`. */
export function storedForms(entity: Entity): StoredForm[] {
  const forms: StoredForm[] = [{ entity }];
  for (const copy of entity.copies ?? []) forms.push({ entity: copyEntity(entity, copy), copy: copy.name });
  return forms;
}

/** Whether a form holds this attribute (a copy holds only the attributes it lists). */
export function holds(form: StoredForm, name: string): boolean {
  return form.entity.attributes.some((a) => a.name === name);
}

/** A write of an entity, as far as which of its items it touches. */
interface WriteShape {
  operation: 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'ConditionCheck';
  set?: string[];
  remove?: string[];
}

/**
 * The items a write of the entity acts on: a PutItem or DeleteItem every one (the entity's own item and each
 * copy), an UpdateItem its own item and each copy that holds an attribute it sets or removes or has a key
 * built from one, a ConditionCheck the entity's own item only.
 */
export function writtenForms(entity: Entity, write: WriteShape): StoredForm[] {
  const forms = storedForms(entity);
  if (forms.length === 1 || write.operation === 'ConditionCheck') return forms.slice(0, 1);
  if (write.operation !== 'UpdateItem') return forms;
  const changed = [...(write.set ?? []), ...(write.remove ?? [])];
  return forms.filter(
    (form, i) =>
      i === 0 ||
      changed.some(
        (name) => holds(form, name) || Object.values(form.entity.keys).some((t) => templateUses(t, name)),
      ),
  );
}

function templateUses(template: string, name: string): boolean {
  try {
    return placeholders(template).includes(name);
  } catch (error) {
    if (error instanceof TemplateSyntaxError) return false;
    throw error;
  }
}
