// Sample items for a shared design whose link left them out: generated from the link's seed and reference
// day, as many per entity as the sender had (and never more in all than a design may hold: checkRegenerate).
// The generator (faker) is large: the app loads this on demand.
import { generateItems } from '../../items/generate/generate.ts';
import type { Design } from '../../model/schema.ts';
import { checkRegenerate, type RegenerateSpec, type SharePayload } from './share-link.ts';

/** The design with the items the spec describes (the same spec gives the same items). */
export function regenerateItems(design: Design, spec: RegenerateSpec): Design {
  // decodeShare checked it already; a spec from anywhere else is checked before any work too.
  const { counts, seed, refDate } = checkRegenerate(spec, design);
  if (!Object.values(counts).some((n) => n > 0)) return design;
  const generated = generateItems(design, { count: 0, counts, seed, refDate });
  const items: Design['items'] = {};
  for (const entity of design.entities) {
    const samples = generated[entity.name] ?? [];
    if (samples.length > 0) items[entity.name] = samples;
  }
  return { ...design, items };
}

/** The design a payload opens as: its own items, or regenerated ones. */
export function sharedDesign(payload: SharePayload): Design {
  return payload.regenerate ? regenerateItems(payload.design, payload.regenerate) : payload.design;
}
