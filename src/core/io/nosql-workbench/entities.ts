// One Keyplan entity from one group of Workbench items: attributes typed by their values (one type per
// attribute, as a Keyplan design has it), sample values, and a key template per key attribute that gives
// back every item's key exactly (infer-keys.ts).

import { placeholders } from '../../keys/template.ts';
import {
  ATTRIBUTE_TYPES,
  type Attribute,
  type AttributeFormat,
  type AttributeType,
  type Entity,
  type SampleValues,
} from '../../model/schema.ts';
import type { DraftAttribute, EntityDraft, KeySpec } from './fit-template.ts';
import type { EntityGroup } from './groups.ts';
import { chooseTemplate } from './infer-keys.ts';
import type { TypedRow } from './rows.ts';

export interface EntityContext {
  /** Every key attribute of the table and its indexes once: table keys first. */
  keys: readonly KeySpec[];
  primaryKey: readonly string[];
  typeAttribute: string;
  /** Types the model declares (table NonKeyAttributes, ModelSchema fields): for attributes without values. */
  declaredTypes: ReadonlyMap<string, string>;
  formats: ReadonlyMap<string, AttributeFormat>;
  warn: (message: string) => void;
}

function attributeNames(group: EntityGroup, reserved: ReadonlySet<string>): string[] {
  const names = new Set<string>();
  for (const name of group.declared) if (!reserved.has(name)) names.add(name);
  for (const row of group.rows) for (const name of row.keys()) if (!reserved.has(name)) names.add(name);
  return [...names];
}

/** The type most of the values have (the first seen on a tie); NULL only when every value is null. */
function attributeType(name: string, rows: TypedRow[], declared: string | undefined): AttributeType {
  const counts = new Map<AttributeType, number>();
  let nulls = 0;
  for (const row of rows) {
    const value = row.get(name);
    if (!value) continue;
    if (value.type === 'NULL') nulls++;
    else counts.set(value.type, (counts.get(value.type) ?? 0) + 1);
  }
  let best: AttributeType | undefined;
  for (const [type, count] of counts) if (!best || count > (counts.get(best) ?? 0)) best = type;
  if (best) return best;
  if (nulls > 0) return 'NULL';
  return (ATTRIBUTE_TYPES as readonly string[]).includes(declared ?? '') ? (declared as AttributeType) : 'S';
}

/**
 * Natural keys: a new attribute that holds a whole key value and builds no other key (`PK` = `{pk}`)
 * becomes the key attribute itself (`PK` = `{PK}`), stored once, as the model's items hold it. Renames it
 * in the draft and its samples; gives the names of the keys made natural.
 */
function naturalKeys(draft: EntityDraft, keys: Record<string, string>): Set<string> {
  const natural = new Set<string>();
  for (const [key, template] of Object.entries(keys)) {
    const attribute = draft.attributes.find((a) => a.synthetic && template === `{${a.name}}`);
    if (!attribute) continue;
    const usedElsewhere = Object.entries(keys).some(
      ([other, t]) => other !== key && placeholders(t).includes(attribute.name),
    );
    if (usedElsewhere) continue;
    for (const sample of draft.samples) {
      if (!(attribute.name in sample)) continue;
      sample[key] = sample[attribute.name];
      delete sample[attribute.name];
    }
    attribute.name = key;
    attribute.synthetic = false;
    keys[key] = `{${key}}`;
    natural.add(key);
  }
  return natural;
}

export function buildEntity(
  group: EntityGroup,
  name: string,
  context: EntityContext,
): { entity: Entity; samples: SampleValues[] } {
  const reserved = new Set([...context.keys.map((k) => k.name), context.typeAttribute]);
  const attributes: DraftAttribute[] = attributeNames(group, reserved).map((attribute) => ({
    name: attribute,
    type: attributeType(attribute, group.rows, context.declaredTypes.get(attribute)),
    synthetic: false,
  }));
  const samples = group.rows.map(() => ({}) as SampleValues);
  for (const attribute of attributes) {
    const nulls: string[] = [];
    const dropped: string[] = [];
    group.rows.forEach((row, i) => {
      const value = row.get(attribute.name);
      if (!value) return;
      if (value.type === attribute.type) samples[i][attribute.name] = value.value;
      // A sample's null is "no value" unless the attribute is of type NULL.
      else if (value.type === 'NULL') nulls.push(row.where);
      else dropped.push(`${row.where} (${value.type})`);
    });
    const where = `${name}.${attribute.name}`;
    if (dropped.length > 0)
      context.warn(
        `${where} is of type ${attribute.type}; the values of another type dropped (an attribute has one type in a Keyplan design): ${dropped.join(', ')}`,
      );
    if (nulls.length > 0)
      context.warn(
        `${where} is of type ${attribute.type}; its NULL values left out (a design's null is no value): ${nulls.join(', ')}`,
      );
  }
  const draft: EntityDraft = { attributes, samples, reserved };
  const keys: Record<string, string> = {};
  for (const key of context.keys) {
    const values = group.rows.map((row) => row.get(key.name)?.value as string | number | undefined);
    const primary = context.primaryKey.includes(key.name);
    const candidates = group.candidates.get(key.name) ?? [];
    const hasValue = values.some((value) => value !== undefined);
    if (!primary && !hasValue && candidates.length === 0) continue;
    const chosen = chooseTemplate(draft, key, values, {
      candidates,
      alias: group.aliases.get(key.name),
      infer: primary || hasValue,
    });
    const told = new Set<string>();
    for (const rejected of chosen.rejected) {
      // The same template named twice (KeyplanDesign and the facet alias of a Keyplan export): once.
      if (told.has(rejected.template)) continue;
      told.add(rejected.template);
      context.warn(
        `${name}: the template "${rejected.template}" for ${key.name} from ${rejected.source} does not fit: ${rejected.why}; ${chosen.template === undefined ? 'left out' : `inferred "${chosen.template}" instead`}`,
      );
    }
    if (chosen.template !== undefined) keys[key.name] = chosen.template;
  }
  const natural = naturalKeys(draft, keys);
  // Attributes made for keys first: they are what the entity is identified by.
  const ordered = [
    ...draft.attributes.filter((a) => a.synthetic || natural.has(a.name)),
    ...draft.attributes.filter((a) => !a.synthetic && !natural.has(a.name)),
  ];
  const entityAttributes = ordered.map(({ name: attribute, type, synthetic }): Attribute => {
    const format = context.formats.get(attribute);
    return {
      name: attribute,
      type,
      ...(format ? { format } : {}),
      // What the model's items do not hold lives in their keys only: apply stores the model's items as they are.
      ...(synthetic ? { keyOnly: true } : {}),
    };
  });
  return { entity: { name, attributes: entityAttributes, keys }, samples };
}
