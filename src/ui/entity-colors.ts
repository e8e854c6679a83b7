// Entity colours: a fixed 12-colour palette, one slot per entity held in the design (the core's
// entity-colors.ts), so an entity keeps its colour when others are deleted, reordered or added.
// Colour is never the only cue: the entity's name is shown beside its dot.
import { entityColorSlots } from '../core/model/entity-colors.ts';
import type { Entity } from '../core/model/schema.ts';

const PALETTE = [
  '#2f6fed',
  '#e0653a',
  '#2a9d6f',
  '#b048c9',
  '#d69e2e',
  '#0f9bb5',
  '#d53f8c',
  '#6b7c2f',
  '#7b61ff',
  '#c05621',
  '#3d8b8b',
  '#8a5a44',
] as const;

/** The colour of a palette slot (any integer wraps around). */
export function entityColor(slot: number): string {
  return PALETTE[((slot % PALETTE.length) + PALETTE.length) % PALETTE.length];
}

const colorsByEntities = new WeakMap<readonly Entity[], string[]>();

/** Each entity's colour, in the entities' order. */
export function entityColors(entities: readonly Entity[]): string[] {
  let colors = colorsByEntities.get(entities);
  if (!colors) {
    colors = entityColorSlots(entities).map(entityColor);
    colorsByEntities.set(entities, colors);
  }
  return colors;
}

/** The colour of the entity of that name; undefined when there is none. */
export function entityColorOf(entities: readonly Entity[], name: string): string | undefined {
  const index = entities.findIndex((e) => e.name === name);
  return index >= 0 ? entityColors(entities)[index] : undefined;
}
