// Where a derived item's sample is: its position in design.items[entity], from its rank. The one place that
// turns a DerivedItem into a sample position (grid, lint findings, write paths), so no caller searches.
import { storedForms } from '../model/copies.ts';
import type { Design } from '../model/schema.ts';
import type { DerivedItem } from '../values/item.ts';
import type { Derivations } from './derivations.ts';
import { deriveItemsByEntity } from './derive.ts';

/**
 * The position of an item in its entity's items (as derived: the position of its sample in
 * design.items[entity]), from its rank: O(1) where no sample before it was removed, else a binary search.
 * -1 when the array does not hold it.
 */
export function positionOf(items: readonly DerivedItem[], source: DerivedItem): number {
  const { rank } = source;
  if (Number.isInteger(rank) && rank < items.length && items[rank] === source) return rank;
  let low = 0;
  let high = items.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const other = items[mid];
    if (other.rank < rank) low = mid + 1;
    else if (other.rank > rank) high = mid - 1;
    else return other === source ? mid : -1;
  }
  return -1;
}

const indexers = new WeakMap<Design, (source: DerivedItem) => number>();

/**
 * Where a derived item's sample is in this design's design.items[entity] (-1: the design has no such item):
 * the one place that turns a DerivedItem into a sample position (grid, lint findings, write paths).
 */
export function sampleIndexer(design: Design, derivations?: Derivations): (source: DerivedItem) => number {
  let indexer = indexers.get(design);
  if (!indexer) {
    const groups = deriveItemsByEntity(design, derivations);
    const byForm = new Map<string, DerivedItem[]>();
    design.entities
      .flatMap((entity) => storedForms(entity))
      .forEach(({ entity, copy }, i) => {
        byForm.set(copy === undefined ? entity.name : `${entity.name}.${copy}`, groups[i]);
      });
    indexer = (source) => {
      const items = byForm.get(source.copy === undefined ? source.entity : `${source.entity}.${source.copy}`);
      return items ? positionOf(items, source) : -1;
    };
    indexers.set(design, indexer);
  }
  return indexer;
}

/** The position of a derived item's sample in design.items[entity] (sampleIndexer, for one item). */
export function sampleIndexOf(design: Design, source: DerivedItem): number {
  return sampleIndexer(design)(source);
}
