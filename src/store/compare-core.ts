// What the app shows while comparing the design with another version of it (the applied one, a file, a
// share link): the core's diff (core/diff) and its migration plan, and per stored item of the other version
// the key values that change (what the grid's key cells show as old → new). Pure: it runs in the compare
// worker (compare-worker.ts), and on the main thread where there is no Worker.
import { type DesignDiff, diffDesigns } from '../core/features/diff/diff.ts';
import { type MigrationPlan, migrationPlan } from '../core/features/diff/plan.ts';
import { itemTransformer } from '../core/features/diff/transform.ts';
import { deriveItemsByEntity } from '../core/items/derive.ts';
import { keyAttributeTypes } from '../core/model/indexes.ts';
import type { Design } from '../core/model/schema.ts';
import { type KeyChange, type KeyChanges, keyChangeId, keyText } from './compare-keys.ts';

export interface Comparison {
  /** The diff without its new items (the grid derives those itself). */
  diff: Omit<DesignDiff, 'newItems'>;
  plan: MigrationPlan;
  keyChanges: KeyChanges;
}

/** Compares `old` (the other version) with `next` (the design on screen). */
export function compareDesigns(old: Design, next: Design): Comparison {
  const full = diffDesigns(old, next);
  const plan = migrationPlan(old, next, full);
  const { newItems: _, ...diff } = full;
  const keyNames = [...new Set([...keyAttributeTypes(old).keys(), ...keyAttributeTypes(next).keys()])];
  const { transform } = itemTransformer(old, next);
  const keyChanges: KeyChanges = {};
  // Each form's items in the order of its samples: an item's index is its sample's position.
  for (const group of deriveItemsByEntity(old))
    group.forEach((derived, position) => {
      const outcome = transform(derived.item, { entity: derived.entity, copy: derived.copy });
      if (!outcome?.after || (outcome.action !== 'rewrite' && outcome.action !== 'indexKeys')) return;
      const changes: Record<string, KeyChange> = {};
      let any = false;
      for (const name of keyNames) {
        const before = keyText(outcome.before[name]);
        const after = keyText(outcome.after[name]);
        if (before === after) continue;
        changes[name] = { before, after };
        any = true;
      }
      if (any) keyChanges[keyChangeId(derived.entity, derived.copy, position)] = changes;
    });
  return { diff, plan, keyChanges };
}
