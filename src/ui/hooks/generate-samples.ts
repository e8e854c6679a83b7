// Adding generated samples to an entity. The generator (faker and its locale data) is large, so it loads on
// first use and never weighs on the first screen.
import { setSamples } from '../../core/model/ops/index.ts';
import { useStore } from '../../store/index.ts';

/** Appends `count` generated samples to the entity as one undo step; false (with opError set) if refused. */
export async function addGeneratedSamples(entity: string, count: number): Promise<boolean> {
  const { generateEntitySamples } = await import('../../core/generate/entity.ts');
  return useStore.getState().commit((design) => {
    const existing = design.items[entity] ?? [];
    // A seed from the entity's place and sample count: the same clicks give the same items.
    const seed = existing.length * 31 + design.entities.findIndex((e) => e.name === entity) + 1;
    return setSamples(design, entity, [
      ...existing,
      ...generateEntitySamples(design, entity, { count, seed }),
    ]);
  });
}

/** Replaces every entity's samples with `count` generated ones, as one undo step. */
export async function seedWholeDesign(count: number): Promise<boolean> {
  const { seedDesign } = await import('../../core/generate/generate.ts');
  return useStore.getState().commit((design) => seedDesign(design, { count }));
}
