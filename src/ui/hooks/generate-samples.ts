// Adding generated samples to an entity. The generator (faker and its locale data) is large, so it loads on
// first use and never weighs on the first screen.
import type { GenerateResult } from '../../core/generate/report.ts';
import { setSamples } from '../../core/model/ops/index.ts';
import { useStore } from '../../store/index.ts';

/**
 * Appends up to `count` generated samples to the entity as one undo step. The result says how many were
 * added and, when fewer than `count`, why; undefined (with opError set) if the store refused the edit.
 */
export async function addGeneratedSamples(
  entity: string,
  count: number,
): Promise<GenerateResult | undefined> {
  const { generateEntitySamples } = await import('../../core/generate/entity.ts');
  let result: GenerateResult | undefined;
  const committed = useStore.getState().commit((design) => {
    const existing = design.items[entity] ?? [];
    // A seed from the entity's place and sample count: the same clicks give the same items.
    const seed = existing.length * 31 + design.entities.findIndex((e) => e.name === entity) + 1;
    const generated = generateEntitySamples(design, entity, { count, seed });
    result = generated.result;
    if (generated.samples.length === 0) return design;
    return setSamples(design, entity, [...existing, ...generated.samples]);
  });
  return committed ? result : undefined;
}

/** Replaces every entity's samples with `count` generated ones, as one undo step. */
export async function seedWholeDesign(count: number): Promise<boolean> {
  const { seedDesign } = await import('../../core/generate/generate.ts');
  return useStore.getState().commit((design) => seedDesign(design, { count }));
}
