// New sample items for one entity, added to what the design already has: references to a parent take the
// values of the parent's existing samples (a generated Order belongs to an existing Customer), and no new
// item repeats the primary key of an existing one.
import { renderTemplate, TemplateSyntaxError } from '../../keys/template.ts';
import { primaryKeyNames } from '../../model/indexes.ts';
import type { Design, JsonValue, SampleValues } from '../../model/schema.ts';
import { type GenerateOptions, generateSamples, parentSpace } from './generate.ts';
import { findReferences } from './relations.ts';
import { type GenerateResult, keySpace, shortfallReason } from './report.ts';
import type { Space } from './values.ts';

/** Fresh draws tried before giving up on reaching `count` (a constant key has room for one item only). */
const ATTEMPTS = 5;

function primaryKeyOf(
  design: Design,
  keys: Record<string, string>,
  sample: SampleValues,
): string | undefined {
  let key = '';
  for (const name of primaryKeyNames(design)) {
    const template = keys[name];
    if (template === undefined) return undefined;
    try {
      const value = renderTemplate(template, sample);
      if (value === undefined) return undefined;
      key += `${value}\u0000`;
    } catch (error) {
      if (error instanceof TemplateSyntaxError) return undefined;
      throw error;
    }
  }
  return key;
}

/** Deterministic picks from a seed (mulberry32), independent of faker's stream. */
function picker(seed: number): <T>(list: T[]) => T {
  let state = seed >>> 0;
  return (list) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return list[Math.floor(r * list.length)];
  };
}

/**
 * `count` new samples for `entityName` (fewer only when its keys leave no room for more distinct items),
 * and the result that says so and why. Same design, entity, count, seed and reference date: same samples.
 */
export function generateEntitySamples(
  design: Design,
  entityName: string,
  { count, seed = 1, refDate, onProgress }: GenerateOptions,
): { samples: SampleValues[]; result: GenerateResult } {
  const entity = design.entities.find((e) => e.name === entityName);
  if (!entity) throw new RangeError(`no entity named ${entityName}`);
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`count must be a whole number ≥ 0, got ${count}`);
  const parents = new Map<string, { parent: string; values: JsonValue[] }>();
  for (const [attribute, parent] of findReferences(design).get(entityName) ?? []) {
    const values = (design.items[parent] ?? []).flatMap((sample) =>
      sample[attribute] === undefined || sample[attribute] === null ? [] : [sample[attribute]],
    );
    if (values.length > 0) parents.set(attribute, { parent, values });
  }
  // The entity's own item and each copy (entity.copies) is a table item: none may repeat a key.
  const keySets = [entity.keys, ...(entity.copies ?? []).map((copy) => copy.keys)];
  const keysOf = (sample: SampleValues) =>
    keySets.flatMap((keys) => primaryKeyOf(design, keys, sample) ?? []);
  const taken = new Set<string>();
  for (const sample of design.items[entityName] ?? []) for (const key of keysOf(sample)) taken.add(key);
  const pick = picker(seed);
  const out: SampleValues[] = [];
  // Items already there, counted by the entity's own key (its copies are the same items again).
  const existing = new Set(
    (design.items[entityName] ?? []).flatMap((sample) => primaryKeyOf(design, entity.keys, sample) ?? []),
  ).size;
  let spaces: Map<string, Space | undefined> | undefined;
  for (let attempt = 0; attempt < ATTEMPTS && out.length < count; attempt++) {
    const run = generateSamples(design, { count, seed: seed + attempt * 7919, refDate, onProgress });
    spaces ??= run.spaces.get(entityName);
    for (const generated of run.items[entityName] ?? []) {
      if (out.length >= count) break;
      const sample = { ...generated };
      for (const [attribute, { values }] of parents)
        if (attribute in sample) sample[attribute] = pick(values);
      const keys = keysOf(sample);
      if (keys.some((key) => taken.has(key))) continue;
      for (const key of keys) taken.add(key);
      out.push(sample);
    }
  }
  const result: GenerateResult = {
    entity: entityName,
    requested: count,
    generated: out.length,
    taken: existing,
  };
  if (out.length < count) {
    // References take the values of the parent's existing samples, whatever the generator drew.
    result.keySpace = keySpace(design, entity, (name) => {
      const parent = parents.get(name);
      return parent ? parentSpace(parent) : spaces?.get(name);
    });
    result.reason = shortfallReason(design, entity, result);
  }
  return { samples: out, result };
}
