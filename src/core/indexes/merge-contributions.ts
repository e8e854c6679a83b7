// A view is its entities' contributions merged. The merged order is the one a single stable sort of every
// item in derived order gives: sort key token, then (GSI/LSI) DynamoDB Local's tie hash, then entity order,
// then sample order. The last merges are kept per context in the design lineage's Derivations (a slot of
// it: mergeMemory), so an edit re-merges only the partitions the edited entities share with others, and one
// lineage's merges are never another's starting point.
import type { Derivations } from '../items/derivations.ts';
import type { DerivedItem } from '../values/item.ts';
import { CONTEXTS_KEPT, type Contribution, type Part } from './contribution.ts';
import { cannotOverwrite, pendingMerge } from './deferred-merge.ts';
import type { IndexView } from './index-view.ts';
import { mergedOrder, mergedPartition, patchedOrder } from './merged-partition.ts';
import {
  ComputedPartitions,
  type PartitionMap,
  PartitionsBuilder,
  PendingPartition,
} from './partition-map.ts';
import type { ViewContext } from './view-context.ts';
import { recordSources, sameLayout } from './view-shape.ts';
import type { ViewEntry } from './view-types.ts';

/** The view from every entity's contribution, in entity order. */
export function mergeContributions(
  context: ViewContext,
  contributions: Contribution[],
  derivations: Derivations,
): IndexView {
  const lastMerges = derivations.slot(mergeMemory);
  const kept = lastMerges.get(context.key) ?? [];
  const last = closestMerge(kept, contributions);
  const merge = last ? mergeChanged(context, last, contributions) : mergeAll(context, contributions);
  lastMerges.delete(context.key);
  if (lastMerges.size >= CONTEXTS_KEPT) lastMerges.delete(lastMerges.keys().next().value!);
  lastMerges.set(context.key, [merge, ...kept.filter((m) => m !== merge)].slice(0, MERGES_KEPT));
  return merge.view;
}

// Merges kept per context: the design being edited and the settled one (whose views are asked for when
// typing pauses) each find theirs, instead of each redoing the other's edit.
const MERGES_KEPT = 3;

/** The kept merge the contributions are closest to: most of them the same, or made from its own. */
function closestMerge(kept: Merge[], contributions: Contribution[]): Merge | undefined {
  let best: Merge | undefined;
  let bestScore = -1;
  for (const merge of kept) {
    if (merge.contributions.length !== contributions.length) continue;
    let score = 0;
    contributions.forEach((contribution, i) => {
      const { id } = merge.contributions[i];
      if (contribution.id === id) score += 2;
      else if (contribution.rekeyedFrom === id || contribution.patched?.from === id) score += 1;
    });
    if (score > bestScore) {
      best = merge;
      bestScore = score;
    }
  }
  return best;
}

interface Merge {
  contributions: Contribution[];
  view: IndexView;
  /** Table only: partition key → items a later entity's item with the same primary key replaced. */
  crossOverwritten: Map<string, DerivedItem[]>;
  /** Partition keys several contributions hold → their indexes; undefined when not known. */
  shared?: Map<string, number[]>;
}

// A lineage's last merges per context, newest first: the next one starts from the closest and redoes only
// the edited entities' partitions.
function mergeMemory(): Map<string, Merge[]> {
  return new Map();
}

function mergeAll(context: ViewContext, contributions: Contribution[]): Merge {
  const byKey = new Map<string, Part | Part[]>();
  const holders = new Map<string, number>();
  const shared = new Map<string, number[]>();
  contributions.forEach((contribution, i) => {
    for (const [key, part] of contribution.parts) {
      const seen = byKey.get(key);
      if (seen === undefined) {
        byKey.set(key, part);
        holders.set(key, i);
      } else {
        if (Array.isArray(seen)) seen.push(part);
        else byKey.set(key, [seen, part]);
        const indexes = shared.get(key);
        if (indexes) indexes.push(i);
        else shared.set(key, [holders.get(key)!, i]);
      }
    }
  });
  const partitions = new Map<string, ViewEntry[]>();
  const crossOverwritten = new Map<string, DerivedItem[]>();
  let itemCount = 0;
  for (const [key, found] of byKey) {
    const entries = Array.isArray(found) ? mergeInto(key, found, context, crossOverwritten) : found.entries;
    partitions.set(key, entries);
    itemCount += entries.length;
  }
  const partitionOrder = mergedOrder(contributions, partitions, context.schema);
  return {
    ...finish(context, contributions, partitions, partitionOrder, itemCount, crossOverwritten),
    shared,
  };
}

function mergeChanged(context: ViewContext, last: Merge, contributions: Contribution[]): Merge {
  const changed = contributions.flatMap((contribution, i) =>
    contribution === last.contributions[i] ? [] : [i],
  );
  if (changed.length === 0) return last;
  const computed = computedMerge(context, last, contributions, changed);
  if (computed) return computed;
  // The previous view's partitions are shared, not copied (partition-map.ts).
  const partitions = new PartitionsBuilder(last.view.partitions);
  const crossOverwritten = new Map(last.crossOverwritten);
  let itemCount = last.view.itemCount;
  // A template edit that leaves the partition keys alone leaves their order alone too.
  const sameKeys = changed.every((i) => sameStrings(last.contributions[i].order, contributions[i].order));
  // A sample edit's patch (patchedContribution) knows the partitions it touched.
  const patched = changed.every((i) => contributions[i].patched?.from === last.contributions[i].id);
  // Otherwise partitions the edited entities left must go too. (Redoing a key twice is harmless.)
  // The same partition keys (a template edit of a sort key, say): the partitions each changed entity holds,
  // walked with its parts, the others' parts looked up only where they share the key.
  // A shared partition no entry of which can overwrite another is merged when first read (pendingMerge).
  if (sameKeys && !patched && last.shared) {
    const { shared } = last;
    let resized = false;
    for (const i of changed) {
      for (const [key, part] of contributions[i].parts) {
        const holders = shared.get(key);
        const before = partitions.length(key);
        let after: ViewEntry[] | PendingPartition;
        if (!holders) after = part.entries;
        else {
          if (crossOverwritten.size > 0) crossOverwritten.delete(key);
          const parts = holders.map((h) => (h === i ? part : contributions[h].parts.get(key)!));
          after = pendingMerge(parts, context) ?? mergeInto(key, parts, context, crossOverwritten);
        }
        // Every key here was in the previous view (the same keys): replaced, never added.
        partitions.replace(key, after);
        const size = after instanceof PendingPartition ? after.size : after.length;
        if (size !== before) resized = true;
        itemCount += size - before;
      }
    }
    const merge = finish(
      context,
      contributions,
      partitions.build(),
      last.view.partitionOrder,
      itemCount,
      crossOverwritten,
    );
    // Same partitions in the same order, each as long as before: the grid's layout of the rows holds.
    if (!resized) sameLayout(merge.view, last.view);
    return { ...merge, shared };
  }
  const affected = patched
    ? new Set(changed.flatMap((i) => [...contributions[i].patched!.keys]))
    : sameKeys
      ? changed.flatMap((i) => contributions[i].order)
      : new Set(changed.flatMap((i) => [...last.contributions[i].order, ...contributions[i].order]));
  // Kept up to date for the affected keys, the only ones whose holders may change: copied at the first
  // change, as the last merge (still kept) holds it too.
  let shared = last.shared;
  let ownShared = false;
  const setHolders = (key: string, holders: number[]) => {
    if (!shared) return;
    const before = shared.get(key);
    const same =
      holders.length > 1 ? before !== undefined && sameNumbers(before, holders) : before === undefined;
    if (same) return;
    if (!ownShared) {
      shared = new Map(shared);
      ownShared = true;
    }
    if (holders.length > 1) shared.set(key, holders);
    else shared.delete(key);
  };
  for (const key of affected) {
    itemCount -= partitions.length(key);
    crossOverwritten.delete(key);
    const parts: Part[] = [];
    const holders: number[] = [];
    contributions.forEach((contribution, i) => {
      const part = contribution.parts.get(key);
      if (part) {
        parts.push(part);
        holders.push(i);
      }
    });
    setHolders(key, holders);
    if (parts.length === 0) {
      partitions.delete(key);
      continue;
    }
    const entries = parts.length === 1 ? parts[0].entries : mergeInto(key, parts, context, crossOverwritten);
    partitions.set(key, entries);
    itemCount += entries.length;
  }
  const built = partitions.build();
  const partitionOrder = sameKeys
    ? last.view.partitionOrder
    : patched
      ? patchedOrder(last.view, built, affected, context.schema)
      : mergedOrder(contributions, built, context.schema);
  return {
    ...finish(context, contributions, built, partitionOrder, itemCount, crossOverwritten),
    shared,
  };
}

/**
 * After a template edit that re-keyed one entity's partitions (same keys, same lengths: rekeyedContribution),
 * when none of them can overwrite another entity's item, nothing changes but the order within those
 * partitions: the view is the previous one with them merged again when first read (the grid reads the few
 * on screen). Undefined when that does not hold: mergeChanged merges them now.
 */
function computedMerge(
  context: ViewContext,
  last: Merge,
  contributions: Contribution[],
  changed: number[],
): Merge | undefined {
  if (changed.length !== 1 || !last.shared || last.crossOverwritten.size > 0) return undefined;
  const i = changed[0];
  const contribution = contributions[i];
  if (contribution.rekeyedFrom !== last.contributions[i].id) return undefined;
  if (context.schema.kind === 'table' && !cannotOverwrite(context, contributions, i, last.shared))
    return undefined;
  let base = last.view.partitions;
  // The same partitions re-keyed again: over what the last re-key lay over.
  if (base instanceof ComputedPartitions && base.owner === contribution.order) base = base.base;
  if (base instanceof ComputedPartitions && base.depth >= 3) return undefined;
  const { shared } = last;
  const partitions = new ComputedPartitions(base, contribution.parts, contribution.order, (key) => {
    const holders = shared.get(key);
    const part = contribution.parts.get(key)!;
    if (!holders) return part.entries;
    const parts = holders.map((h) => (h === i ? part : contributions[h].parts.get(key)!));
    return mergedPartition(parts, context).entries;
  });
  const merge = finish(
    context,
    contributions,
    partitions,
    last.view.partitionOrder,
    last.view.itemCount,
    last.crossOverwritten,
  );
  sameLayout(merge.view, last.view);
  return { ...merge, shared };
}

function mergeInto(
  key: string,
  parts: Part[],
  context: ViewContext,
  crossOverwritten: Map<string, DerivedItem[]>,
): ViewEntry[] {
  const merged = mergedPartition(parts, context);
  if (merged.overwritten.length > 0) crossOverwritten.set(key, merged.overwritten);
  return merged.entries;
}

function finish(
  context: ViewContext,
  contributions: Contribution[],
  partitions: PartitionMap,
  partitionOrder: string[],
  itemCount: number,
  crossOverwritten: Map<string, DerivedItem[]>,
): Merge {
  let overwritten = contributions.flatMap((contribution) => contribution.overwritten);
  if (crossOverwritten.size > 0) {
    // Listed in derived order, as the items are.
    const replaced = new Set([...overwritten, ...[...crossOverwritten.values()].flat()]);
    overwritten = contributions.flatMap((contribution) => contribution.items.filter((d) => replaced.has(d)));
  }
  const view: IndexView = {
    schema: context.indexSchema,
    partitions,
    partitionOrder,
    excluded: contributions.flatMap((contribution) => contribution.excluded),
    overwritten,
    itemCount,
  };
  recordSources(view, contributions, crossOverwritten);
  return { contributions, view, crossOverwritten };
}

function sameNumbers(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}

function sameStrings(a: string[], b: string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
