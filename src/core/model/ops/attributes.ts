// Attributes of an entity. A rename follows the attribute wherever it is unambiguously this entity's:
// its key templates, its samples, and the writes of this entity. A removal leaves templates and write
// lists alone, so validation shows what still refers to it.

import { type Attribute, attributeSchema } from '../entity-schema.ts';
import { keyAttributeTypes } from '../indexes.ts';
import type { AccessPattern, Design, WriteAction } from '../schema.ts';
import {
  assertValid,
  DesignOpError,
  entityIndex,
  firstFree,
  mapEntity,
  mapShared,
  moveTo,
  renameKey,
  replaceAt,
  withoutUndefined,
} from './shared.ts';

function attributeIndex(design: Design, entity: string, name: string): number {
  const index = design.entities[entityIndex(design, entity)].attributes.findIndex((a) => a.name === name);
  if (index < 0) throw new DesignOpError(`${entity} has no attribute named ${name}`);
  return index;
}

function assertAttributeNameFree(design: Design, entity: string, name: string) {
  if (design.entities[entityIndex(design, entity)].attributes.some((a) => a.name === name))
    throw new DesignOpError(`${entity} already has an attribute named ${name}`);
}

/**
 * An attribute named like a key attribute of the table or an index is a natural key: the entity's template
 * for that key becomes `{name}` where it has none (a different one is left for validation to explain).
 */
function withNaturalKey(design: Design, entity: string, name: string): Design {
  if (!keyAttributeTypes(design).has(name)) return design;
  return mapEntity(design, entity, (e) =>
    name in e.keys ? e : { ...e, keys: { ...e.keys, [name]: `{${name}}` } },
  );
}

/** Defaults: the next free `attribute<n>`, a string (the key's type for a natural key). */
export function addAttribute(design: Design, entity: string, input: Partial<Attribute> = {}): Design {
  const { attributes } = design.entities[entityIndex(design, entity)];
  const name =
    input.name ??
    firstFree(
      (n) => `attribute${n}`,
      (n) => attributes.some((a) => a.name === n),
    );
  assertAttributeNameFree(design, entity, name);
  const type = input.type ?? keyAttributeTypes(design).get(name) ?? 'S';
  const attribute: Attribute = withoutUndefined({ ...input, name, type });
  assertValid(attributeSchema, attribute, 'attribute');
  const added = mapEntity(design, entity, (e) => ({ ...e, attributes: [...e.attributes, attribute] }));
  return withNaturalKey(added, entity, name);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `{from}` → `{to}` and `{from:6}` → `{to:6}`. Textual, so a template still being typed (syntax errors
 * elsewhere in it) is renamed too.
 */
export function renamePlaceholder(template: string, from: string, to: string): string {
  return template.replace(
    new RegExp(`\\{${escapeRegExp(from)}(:\\d{1,2})?\\}`, 'g'),
    (_, width: string | undefined) => `{${to}${width ?? ''}}`,
  );
}

type WriteLike = Pick<WriteAction, 'entity' | 'condition' | 'set' | 'remove'>;

function renameInWrite<T extends WriteLike>(write: T, entity: string, from: string, to: string): T {
  if (write.entity !== entity) return write;
  const rename = (names: string[] | undefined) =>
    names?.includes(from) ? names.map((n) => (n === from ? to : n)) : names;
  const { condition } = write;
  const next = {
    ...write,
    set: rename(write.set),
    remove: rename(write.remove),
    condition: Array.isArray(condition)
      ? mapShared(condition, (c) => (c.attribute === from ? { ...c, attribute: to } : c))
      : condition,
  };
  const changed = next.set !== write.set || next.remove !== write.remove || next.condition !== condition;
  return changed ? withoutUndefined(next) : write;
}

function renameInPattern(pattern: AccessPattern, entity: string, from: string, to: string): AccessPattern {
  switch (pattern.operation) {
    case 'PutItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return renameInWrite(pattern, entity, from, to);
    case 'TransactWriteItems': {
      const actions = mapShared(pattern.actions, (a) => renameInWrite(a, entity, from, to));
      return actions === pattern.actions ? pattern : { ...pattern, actions };
    }
    default:
      return pattern;
  }
}

/** Changes an attribute; a patch field given as undefined is removed (required, format, enum, description). */
export function updateAttribute(
  design: Design,
  entity: string,
  name: string,
  patch: Partial<Attribute>,
): Design {
  const i = attributeIndex(design, entity, name);
  const old = design.entities[entityIndex(design, entity)].attributes[i];
  const attribute: Attribute = withoutUndefined({
    ...old,
    ...patch,
    name: patch.name ?? old.name,
    type: patch.type ?? old.type,
  });
  const renamed = attribute.name !== old.name;
  if (renamed) assertAttributeNameFree(design, entity, attribute.name);
  assertValid(attributeSchema, attribute, 'attribute');
  const renameIn = (keys: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(keys).map(([key, template]) => [key, renamePlaceholder(template, name, attribute.name)]),
    );
  const next = mapEntity(design, entity, (e) => {
    const changed = {
      ...e,
      attributes: replaceAt(e.attributes, i, attribute),
      keys: renamed ? renameIn(e.keys) : e.keys,
    };
    // Item copies (entity.copies) name the attribute in their templates and in the attributes they hold.
    if (renamed && e.copies)
      changed.copies = e.copies.map((copy) =>
        withoutUndefined({
          ...copy,
          keys: renameIn(copy.keys),
          attributes: copy.attributes?.map((held) => (held === name ? attribute.name : held)),
        }),
      );
    return changed;
  });
  if (!renamed) return next;
  const samples = next.items[entity];
  return {
    ...withNaturalKey(next, entity, attribute.name),
    items: samples
      ? { ...next.items, [entity]: samples.map((sample) => renameKey(sample, name, attribute.name)) }
      : next.items,
    accessPatterns: mapShared(next.accessPatterns, (p) => renameInPattern(p, entity, name, attribute.name)),
  };
}

/** Removes the attribute and its values from the entity's samples. */
export function removeAttribute(design: Design, entity: string, name: string): Design {
  const i = attributeIndex(design, entity, name);
  const next = mapEntity(design, entity, (e) => ({
    ...e,
    attributes: e.attributes.filter((_, j) => j !== i),
    // A copy no longer holds it (a template of a copy that uses it is left for validation to name).
    ...(e.copies
      ? {
          copies: e.copies.map((copy) =>
            copy.attributes?.includes(name)
              ? { ...copy, attributes: copy.attributes.filter((held) => held !== name) }
              : copy,
          ),
        }
      : {}),
  }));
  const samples = next.items[entity];
  if (!samples) return next;
  const stripped = mapShared(samples, (sample) => {
    if (!(name in sample)) return sample;
    const { [name]: _removed, ...rest } = sample;
    return rest;
  });
  return stripped === samples ? next : { ...next, items: { ...next.items, [entity]: stripped } };
}

export function moveAttribute(design: Design, entity: string, name: string, toIndex: number): Design {
  const from = attributeIndex(design, entity, name);
  return mapEntity(design, entity, (e) => {
    const attributes = moveTo(e.attributes, from, toIndex);
    return attributes === e.attributes ? e : { ...e, attributes };
  });
}
