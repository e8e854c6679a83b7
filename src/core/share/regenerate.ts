// Sample items for a shared design whose link left them out: generated from the link's seed and reference
// day, as many per entity as the sender had. The generator (faker) is large: the app loads this on demand.
import { generateItems } from '../generate/generate.ts';
import type { Design } from '../model/schema.ts';
import type { RegenerateSpec, SharePayload } from './share-link.ts';

/** The design with the items the spec describes (the same spec gives the same items). */
export function regenerateItems(design: Design, spec: RegenerateSpec): Design {
  const wanted = design.entities.map((entity) => spec.counts[entity.name] ?? 0);
  const count = Math.max(0, ...wanted);
  if (count === 0) return design;
  const generated = generateItems(design, { count, seed: spec.seed, refDate: spec.refDate });
  const items: Design['items'] = {};
  design.entities.forEach((entity, i) => {
    const samples = (generated[entity.name] ?? []).slice(0, wanted[i]);
    if (samples.length > 0) items[entity.name] = samples;
  });
  return { ...design, items };
}

/** The design a payload opens as: its own items, or regenerated ones. */
export function sharedDesign(payload: SharePayload): Design {
  return payload.regenerate ? regenerateItems(payload.design, payload.regenerate) : payload.design;
}
