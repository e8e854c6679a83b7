// Sample values of an entity (design.items). An entity without samples has no entry, so there is one way
// to say "no samples".
import type { Design, JsonValue, SampleValues } from '../schema.ts';
import { DesignOpError, entityIndex, replaceAt } from './shared.ts';

export function setSamples(design: Design, entity: string, samples: SampleValues[]): Design {
  entityIndex(design, entity);
  if (samples.length > 0) return { ...design, items: { ...design.items, [entity]: samples } };
  if (!(entity in design.items)) return design;
  const { [entity]: _removed, ...items } = design.items;
  return { ...design, items };
}

function samplesOf(design: Design, entity: string): SampleValues[] {
  entityIndex(design, entity);
  return design.items[entity] ?? [];
}

function assertSample(samples: SampleValues[], entity: string, index: number) {
  if (!Number.isInteger(index) || index < 0 || index >= samples.length)
    throw new DesignOpError(`${entity} has no sample at position ${index}`);
}

export function addSample(design: Design, entity: string, values: SampleValues = {}): Design {
  return setSamples(design, entity, [...samplesOf(design, entity), values]);
}

/** Sets one field of one sample; undefined deletes the field. */
export function updateSample(
  design: Design,
  entity: string,
  index: number,
  name: string,
  value: JsonValue | undefined,
): Design {
  const samples = samplesOf(design, entity);
  assertSample(samples, entity, index);
  const sample = samples[index];
  if (sample[name] === value) return design;
  let next: SampleValues;
  if (value === undefined) {
    const { [name]: _removed, ...rest } = sample;
    next = rest;
  } else next = { ...sample, [name]: value };
  return setSamples(design, entity, replaceAt(samples, index, next));
}

export function removeSample(design: Design, entity: string, index: number): Design {
  const samples = samplesOf(design, entity);
  assertSample(samples, entity, index);
  // A copy and a move of the tail: several times faster than a filter over 100,000 samples.
  const next = samples.slice();
  next.splice(index, 1);
  return setSamples(design, entity, next);
}
