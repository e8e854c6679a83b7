// What the grid learns of a view built here without reading its partitions (a partition merged when read
// stays unmerged): which views share a layout of rows, and how many items each entity has in it.
import type { DerivedItem } from '../values/item.ts';
import type { Contribution } from './contribution.ts';
import type { IndexView } from './index-view.ts';

const layouts = new WeakMap<IndexView, object>();

/**
 * An object views with the same partitions in the same order, each of the same length, share (a template
 * edit of a sort key leads to one): what the grid lays out from them (rows per partition) holds for all.
 */
export function layoutKey(view: IndexView): object {
  let key = layouts.get(view);
  if (!key) {
    key = {};
    layouts.set(view, key);
  }
  return key;
}

/** Records that `view` has the same partitions in the same order, each as long, as `like`. */
export function sameLayout(view: IndexView, like: IndexView): void {
  layouts.set(view, layoutKey(like));
}

const countSources = new WeakMap<
  IndexView,
  { contributions: Contribution[]; crossOverwritten: Map<string, DerivedItem[]> }
>();
const entryCounts = new WeakMap<Contribution, number>();

/** Records what a view was merged from, for viewEntityCounts. */
export function recordSources(
  view: IndexView,
  contributions: Contribution[],
  crossOverwritten: Map<string, DerivedItem[]>,
): void {
  countSources.set(view, { contributions, crossOverwritten });
}

/** Entries a contribution puts in its view: its parts' lengths (re-keyed parts: those they come from). */
function entryCount(contribution: Contribution): number {
  if (contribution.root) return entryCount(contribution.root);
  let count = entryCounts.get(contribution);
  if (count === undefined) {
    count = 0;
    for (const [, part] of contribution.parts) count += part.entries.length;
    entryCounts.set(contribution, count);
  }
  return count;
}

/**
 * Items per entity in a view built here, from its contributions (no partition is read, so none merged
 * when read is merged for it); undefined for a view built elsewhere.
 */
export function viewEntityCounts(view: IndexView): Map<string, number> | undefined {
  const source = countSources.get(view);
  if (!source) return undefined;
  const counts = new Map<string, number>();
  for (const contribution of source.contributions) {
    const entity = contribution.items[0]?.entity;
    if (entity === undefined) continue;
    const count = entryCount(contribution);
    if (count > 0) counts.set(entity, (counts.get(entity) ?? 0) + count);
  }
  for (const replaced of source.crossOverwritten.values())
    for (const { entity } of replaced) counts.set(entity, counts.get(entity)! - 1);
  for (const [entity, count] of counts) if (count <= 0) counts.delete(entity);
  return counts;
}
