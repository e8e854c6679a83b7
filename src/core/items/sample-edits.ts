// Sample edits: values changed, samples added or removed, the entity and its key types the same. Only the
// samples that are not the same objects in the same place are derived again; the items after the edit are the
// previous ones, and the edit is remembered (ItemsDelta) so the views patch what they built instead of
// building it again.
import { keyAttributeTypes } from '../model/indexes.ts';
import type { Design } from '../model/schema.ts';
import type { DerivedItem } from '../values/item.ts';
import type { DerivedEntity } from './derivations.ts';
import { columnAssembler, derivedItem, renderAll, type Values } from './derive-item.ts';

/**
 * What a sample edit changed in an entity's items: new items (and new samples) in [start, newEnd) where
 * [start, oldEnd) was; the items after it are the previous ones, the same objects (their ranks do not move
 * when samples before them are added or removed). Within the range, an item the edit kept (same sample
 * object, same place) is the same object. The views patch their previous contributions with it
 * (view-parts.ts) instead of re-keying every item.
 */
export interface ItemsDelta {
  from: DerivedItem[];
  start: number;
  oldEnd: number;
  newEnd: number;
}

// The previous items weakly, as for template edits: each version must not keep the one before it alive.
const deltas = new WeakMap<DerivedItem[], Omit<ItemsDelta, 'from'> & { from: WeakRef<DerivedItem[]> }>();

/**
 * How these items differ from the entity's previous ones, when they come from a sample edit and the
 * previous ones are still alive (the views that could be patched from them hold them).
 */
export function itemsDelta(items: DerivedItem[]): ItemsDelta | undefined {
  const delta = deltas.get(items);
  const from = delta?.from.deref();
  return delta && from && { ...delta, from };
}

/**
 * A sample edit (values changed, samples added or removed), the entity and key types the same: only the
 * samples that are not the same objects in the same order are derived again. Undefined when most changed.
 */
export function sampleEdit(
  design: Design,
  previous: DerivedEntity,
  samples: Values[],
): DerivedEntity | undefined {
  const before = previous.samples as Values[];
  const shortest = Math.min(before.length, samples.length);
  let start = 0;
  while (start < shortest && samples[start] === before[start]) start++;
  let tail = 0;
  while (tail < shortest - start && samples[samples.length - 1 - tail] === before[before.length - 1 - tail])
    tail++;
  const oldEnd = before.length - tail;
  const newEnd = samples.length - tail;
  // Many samples changed (a new set of samples, say): deriving them all is as cheap.
  if (newEnd - start > Math.max(64, samples.length / 4)) return undefined;
  const { entity, copy } = previous;
  const types = keyAttributeTypes(design);
  const shift = newEnd - oldEnd;
  const rendered: DerivedEntity['rendered'] = new Map();
  for (const [keyName, { template, values }] of previous.rendered) {
    const type = types.get(keyName) ?? 'S';
    const middle = renderAll(template, samples.slice(start, newEnd), type);
    rendered.set(keyName, {
      template,
      values: splicedColumn(values, start, oldEnd, middle),
    });
  }
  const ranks = shift === 0 ? undefined : ranksBetween(previous.items, start, oldEnd, newEnd - start);
  // Too many samples inserted at one place for ranks between their neighbours': derive them all.
  if (ranks === null) return undefined;
  const assembleAt = columnAssembler(design, entity, copy, rendered);
  const middle: DerivedItem[] = [];
  for (let i = start; i < newEnd; i++) {
    const kept = shift === 0 && samples[i] === before[i];
    const rank = ranks ? ranks[i - start] : previous.items[i].rank;
    middle.push(kept ? previous.items[i] : derivedItem(entity.name, copy, rank, assembleAt(samples[i], i)));
  }
  // The items after the edit are the same objects whatever moved before them.
  const items = splicedColumn(previous.items, start, oldEnd, middle);
  deltas.set(items, { from: new WeakRef(previous.items), start, oldEnd, newEnd });
  return { entity, copy, keyTypes: previous.keyTypes, samples, items, rendered };
}

/**
 * Ranks for `count` new items in place of items[start, oldEnd): increasing, above the rank before them and
 * below the rank after them (integers where there is room, as after an append). Null when doubles cannot
 * tell them apart any more (many inserts at one place): then the entity is derived again, ranks from 0.
 */
function ranksBetween(items: DerivedItem[], start: number, oldEnd: number, count: number): number[] | null {
  const after = oldEnd < items.length ? items[oldEnd].rank : undefined;
  const low = start > 0 ? items[start - 1].rank : after === undefined ? -1 : after - count - 1;
  const high = after ?? low + count + 1;
  const ranks: number[] = [];
  let last = low;
  for (let k = 1; k <= count; k++) {
    const rank = high - low === count + 1 ? low + k : low + ((high - low) * k) / (count + 1);
    if (!(rank > last && rank < high)) return null;
    ranks.push(rank);
    last = rank;
  }
  return ranks;
}

/** A copy of `values` with [start, oldEnd) replaced by `middle`: one copy of the array and a move of its tail. */
function splicedColumn<T>(values: T[], start: number, oldEnd: number, middle: T[]): T[] {
  if (middle.length > 1024) return values.slice(0, start).concat(middle, values.slice(oldEnd));
  const out = values.slice();
  if (middle.length === oldEnd - start) for (let i = 0; i < middle.length; i++) out[start + i] = middle[i];
  else out.splice(start, oldEnd - start, ...middle);
  return out;
}
