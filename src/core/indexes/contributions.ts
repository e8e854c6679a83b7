// Views are built entity by entity, then merged (merge-contributions.ts). An entity's contribution is
// kept per items array and context; a new one is patched from the previous one after a sample edit,
// re-keyed after a template edit, or else built whole.
import type { DerivedItem } from '../values/item.ts';
import {
  buildContribution,
  CONTEXTS_KEPT,
  type Contribution,
  type Exclusions,
  keptContributions,
} from './contribution.ts';
import { patchedContribution } from './patched-contribution.ts';
import { rekeyedContribution } from './rekeyed-contribution.ts';
import type { ViewContext } from './view-context.ts';

/** The entity's contribution to the view, built once per items array, context and exclusions. */
export function contributionOf(
  items: DerivedItem[],
  context: ViewContext,
  exclusions: Exclusions,
): Contribution {
  // notInTable follows from the items and the table key, which context.key holds; overwritten may not.
  const key = `${context.key}|${exclusions.overwritten.map((d) => d.rank).join(',')}`;
  const byContext = keptContributions(items);
  let found = byContext.get(key);
  if (found) {
    byContext.delete(key);
  } else {
    found =
      patchedContribution(items, context, exclusions) ??
      rekeyedContribution(items, context, exclusions) ??
      buildContribution(items, context, exclusions);
    if (byContext.size >= CONTEXTS_KEPT) byContext.delete(byContext.keys().next().value!);
  }
  byContext.set(key, found);
  return found;
}
