// Entity colours that stay with their entity: each entity holds a palette slot (`color`), given when it is
// added as the least used slot (the first unused one while any is free). An entity without one (a design
// written by hand or before slots existed) shows the slot it would get in list order, which is the entity's
// position for a design that has none, so old designs keep their look; the entity ops write those slots into
// the design before they add, remove or reorder entities, so no operation recolours an existing entity.
import { ENTITY_COLOR_SLOTS, type Entity } from './entity-schema.ts';
import type { Design } from './schema.ts';

/** The least used slot, lowest first, given how often each is used. */
function leastUsed(uses: number[]): number {
  let best = 0;
  for (let slot = 1; slot < uses.length; slot++) if (uses[slot] < uses[best]) best = slot;
  return best;
}

function usesOf(entities: readonly Entity[]): number[] {
  const uses = new Array<number>(ENTITY_COLOR_SLOTS).fill(0);
  for (const entity of entities) if (entity.color !== undefined) uses[entity.color]++;
  return uses;
}

/** The palette slot of every entity, in order: its own, or for one without, the one it would be given. */
export function entityColorSlots(entities: readonly Entity[]): number[] {
  const uses = usesOf(entities);
  return entities.map((entity) => {
    if (entity.color !== undefined) return entity.color;
    const slot = leastUsed(uses);
    uses[slot]++;
    return slot;
  });
}

/** The slot a new entity gets beside these (every one of which has its slot). */
export function nextEntityColor(entities: readonly Entity[]): number {
  return leastUsed(usesOf(entities));
}

/** The design with every entity's shown slot written into it (the same design when none lacked one). */
export function withEntityColors(design: Design): Design {
  if (design.entities.every((e) => e.color !== undefined)) return design;
  const slots = entityColorSlots(design.entities);
  return {
    ...design,
    entities: design.entities.map((e, i) => (e.color === undefined ? { ...e, color: slots[i] } : e)),
  };
}
