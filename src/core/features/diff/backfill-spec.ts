// What a generated backfill program needs to know of the two designs, as plain JSON it embeds: per old
// stored form (an entity's own item or a copy), the old table-key templates that recognise its items and
// the key attributes to strip from them to get their values, and the new form's key templates, held
// attributes and type attribute to derive the new item from those values (as transform.ts does on
// plain items; the programs work on DynamoDB's AttributeValues, so numbers keep DynamoDB's own text).
import { parseTemplate } from '../../keys/template.ts';
import { storedForms } from '../../model/copies.ts';
import { keyAttributeTypes, primaryKeyNames } from '../../model/indexes.ts';
import type { Design, KeyType } from '../../model/schema.ts';

export type SpecPart = { text: string } | { name: string; width?: number };

export interface SpecKey {
  name: string;
  type: KeyType;
  parts: SpecPart[];
}

export interface SpecTarget {
  copy: string | null;
  keys: SpecKey[];
  /** Attributes the form holds (a copy's subset); null: all. */
  held: string[] | null;
  /** Attributes that are never stored: key-only ones, and those the new design removed. */
  skip: string[];
}

export interface SpecForm {
  copy: string | null;
  /** The old table-key templates: an item is of this form when they render its key from its values. */
  match: SpecKey[];
  /** Key attributes the old templates render (not attributes of their own): not values. */
  rendered: string[];
  /** The new form; null when the new design no longer stores it (left alone by the backfill). */
  target: SpecTarget | null;
  /** New copies to create from this (own) item. */
  creates: SpecTarget[];
}

export interface BackfillSpec {
  table: string;
  keyNames: string[];
  /** The old design's type attribute when its items hold one. */
  typeAttribute: string | null;
  /** The type attribute the new items hold, or null. */
  newTypeAttribute: string | null;
  entities: Record<string, SpecForm[]>;
}

export class BackfillSpecError extends Error {}

function specKeys(keys: Record<string, string>, types: Map<string, KeyType>, only?: string[]): SpecKey[] {
  return Object.entries(keys)
    .filter(([name]) => !only || only.includes(name))
    .map(([name, template]) => ({
      name,
      type: types.get(name) ?? 'S',
      parts: parseTemplate(template).map((p) =>
        p.kind === 'literal'
          ? { text: p.text }
          : { name: p.name, ...(p.width !== undefined && { width: p.width }) },
      ),
    }));
}

/** The spec of the backfill from `old` to `next` (same table key: a recreate is no backfill). */
export function backfillSpec(old: Design, next: Design): BackfillSpec {
  const oldTypes = keyAttributeTypes(old);
  const newTypes = keyAttributeTypes(next);
  const keyNames = primaryKeyNames(old);
  const newEntities = new Map(next.entities.map((e) => [e.name, e]));
  const entities: Record<string, SpecForm[]> = {};
  for (const entity of old.entities) {
    const keyOnly = entity.attributes.filter((a) => a.keyOnly).map((a) => a.name);
    if (keyOnly.length)
      throw new BackfillSpecError(
        `${entity.name} has key-only attributes (${keyOnly.join(', ')}): the generated program cannot read them back from keys; use keyplan migrate`,
      );
    const newEntity = newEntities.get(entity.name);
    const removed = newEntity
      ? entity.attributes
          .filter((a) => !newEntity.attributes.some((b) => b.name === a.name))
          .map((a) => a.name)
      : [];
    const target = (copy: string | null): SpecTarget | null => {
      const form = newEntity && storedForms(newEntity).find((f) => (f.copy ?? null) === copy);
      if (!form) return null;
      const copyDef = copy === null ? undefined : newEntity!.copies?.find((c) => c.name === copy);
      return {
        copy,
        keys: specKeys(form.entity.keys, newTypes),
        held: copyDef?.attributes ?? null,
        skip: [...removed, ...newEntity!.attributes.filter((a) => a.keyOnly).map((a) => a.name)],
      };
    };
    const oldCopies = new Set((entity.copies ?? []).map((c) => c.name));
    entities[entity.name] = storedForms(entity).map((form) => {
      const declared = new Set(form.entity.attributes.map((a) => a.name));
      const copy = form.copy ?? null;
      return {
        copy,
        match: specKeys(form.entity.keys, oldTypes, keyNames),
        rendered: Object.keys(form.entity.keys).filter(
          (name) => !(form.entity.keys[name] === `{${name}}` && declared.has(name)),
        ),
        target: target(copy),
        creates:
          copy === null && newEntity
            ? storedForms(newEntity)
                .slice(1)
                .filter((f) => !oldCopies.has(f.copy!))
                .map((f) => target(f.copy!)!)
            : [],
      };
    });
  }
  return {
    table: next.table.name,
    keyNames,
    typeAttribute: old.table.writeTypeAttribute === false ? null : old.table.typeAttribute,
    newTypeAttribute: next.table.writeTypeAttribute === false ? null : next.table.typeAttribute,
    entities,
  };
}
