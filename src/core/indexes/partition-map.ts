// A view's partitions (partition key → entries) shared between the views an edit leads from and to: a
// view after an edit holds only the partitions it changed, over the map of an earlier view, instead of a
// copy of every partition (75,000 at 100,000 items, copied on every keystroke). A changed partition may also
// be pending: its entries (a merge of several entities' parts) computed when first read, so an edit pays
// only for the partitions something reads, such as the grid's rows on screen.
import type { ViewEntry } from './view-types.ts';

/** What a view's partitions offer: a Map's reading side (a plain Map is one). */
export interface PartitionMap {
  readonly size: number;
  get(key: string): ViewEntry[] | undefined;
  has(key: string): boolean;
  keys(): IterableIterator<string>;
  values(): IterableIterator<ViewEntry[]>;
  entries(): IterableIterator<[string, ViewEntry[]]>;
  [Symbol.iterator](): IterableIterator<[string, ViewEntry[]]>;
}

/** A partition whose entries are computed when first read; its size is known before. */
export class PendingPartition {
  #entries: ViewEntry[] | undefined;
  readonly #compute: () => ViewEntry[];
  constructor(
    readonly size: number,
    compute: () => ViewEntry[],
  ) {
    this.#compute = compute;
  }
  get entries(): ViewEntry[] {
    this.#entries ??= this.#compute();
    return this.#entries;
  }
}

type Slot = ViewEntry[] | PendingPartition;

/** What a layer lies over: partitions by key, some perhaps pending. */
interface Slots {
  readonly size: number;
  get(key: string): Slot | undefined;
  has(key: string): boolean;
  [Symbol.iterator](): Iterator<[string, Slot]>;
}

const entriesOf = (slot: Slot): ViewEntry[] => (slot instanceof PendingPartition ? slot.entries : slot);

/** The partitions of `base` with `changes` over them (null: the partition is gone). */
class LayeredPartitions implements PartitionMap {
  constructor(
    readonly base: Slots,
    readonly changes: ReadonlyMap<string, Slot | null>,
    readonly size: number,
  ) {}
  slot(key: string): Slot | undefined {
    const changed = this.changes.get(key);
    return changed === undefined ? this.base.get(key) : (changed ?? undefined);
  }
  get(key: string): ViewEntry[] | undefined {
    const slot = this.slot(key);
    return slot === undefined ? undefined : entriesOf(slot);
  }
  has(key: string): boolean {
    return this.slot(key) !== undefined;
  }
  *slots(): IterableIterator<[string, Slot]> {
    for (const entry of this.base) if (!this.changes.has(entry[0])) yield entry;
    for (const [key, slot] of this.changes) if (slot !== null) yield [key, slot];
  }
  *entries(): IterableIterator<[string, ViewEntry[]]> {
    for (const [key, slot] of this.slots()) yield [key, entriesOf(slot)];
  }
  [Symbol.iterator](): IterableIterator<[string, ViewEntry[]]> {
    return this.entries();
  }
  *keys(): IterableIterator<string> {
    for (const [key] of this.slots()) yield key;
  }
  *values(): IterableIterator<ViewEntry[]> {
    for (const [, slot] of this.slots()) yield entriesOf(slot);
  }
}

/**
 * The partitions of `base`, except those `changed` names, whose entries `compute` gives when first read:
 * each as long as it is in `base` (same keys, same lengths), so nothing is computed before it is read.
 * `owner` names what changed them (a later edit of the same partitions lies over `base` directly).
 */
export class ComputedPartitions implements PartitionMap {
  readonly #computed = new Map<string, ViewEntry[]>();
  readonly depth: number;
  constructor(
    readonly base: PartitionMap,
    readonly changed: { has(key: string): boolean },
    readonly owner: unknown,
    readonly compute: (key: string) => ViewEntry[],
  ) {
    this.depth = base instanceof ComputedPartitions ? base.depth + 1 : 1;
  }
  get size(): number {
    return this.base.size;
  }
  get(key: string): ViewEntry[] | undefined {
    if (!this.changed.has(key)) return this.base.get(key);
    let entries = this.#computed.get(key);
    if (!entries) {
      entries = this.compute(key);
      this.#computed.set(key, entries);
    }
    return entries;
  }
  has(key: string): boolean {
    return this.base.has(key);
  }
  *keys(): IterableIterator<string> {
    yield* this.base.keys();
  }
  *entries(): IterableIterator<[string, ViewEntry[]]> {
    for (const key of this.base.keys()) yield [key, this.get(key)!];
  }
  [Symbol.iterator](): IterableIterator<[string, ViewEntry[]]> {
    return this.entries();
  }
  *values(): IterableIterator<ViewEntry[]> {
    for (const key of this.base.keys()) yield this.get(key)!;
  }
}

/** How many entries a partition holds (0: none), without computing a pending one. */
export function partitionLength(map: PartitionMap, key: string): number {
  if (map instanceof ComputedPartitions) return partitionLength(map.base, key);
  if (!(map instanceof LayeredPartitions)) return map.get(key)?.length ?? 0;
  const slot = map.slot(key);
  return slot === undefined ? 0 : slot instanceof PendingPartition ? slot.size : slot.length;
}

/**
 * The partitions of a view after an edit: the previous view's, with what the edit sets or deletes. The
 * result shares the previous map (one level deep: the previous changes are carried over, not stacked), and
 * is copied whole only once the changes outnumber half of what they lie over.
 */
export class PartitionsBuilder {
  readonly #from: PartitionMap;
  readonly #changes = new Map<string, Slot | null>();
  #size: number;
  constructor(from: PartitionMap) {
    this.#from = from;
    this.#size = from.size;
  }
  has(key: string): boolean {
    const changed = this.#changes.get(key);
    return changed === undefined ? this.#from.has(key) : changed !== null;
  }
  /** The partition's length, without computing a pending one. */
  length(key: string): number {
    const changed = this.#changes.get(key);
    if (changed === null) return 0;
    if (changed === undefined) return partitionLength(this.#from, key);
    return changed instanceof PendingPartition ? changed.size : changed.length;
  }
  set(key: string, slot: ViewEntry[] | PendingPartition): void {
    if (!this.has(key)) this.#size++;
    this.#changes.set(key, slot);
  }
  /** Sets a partition known to be there already (the size stays). */
  replace(key: string, slot: ViewEntry[] | PendingPartition): void {
    this.#changes.set(key, slot);
  }
  delete(key: string): void {
    if (this.has(key)) this.#size--;
    this.#changes.set(key, null);
  }
  build(): PartitionMap {
    const from = this.#from;
    let base: Slots;
    const changes = this.#changes;
    if (from instanceof LayeredPartitions) {
      base = from.base;
      for (const [key, slot] of from.changes) if (!changes.has(key)) changes.set(key, slot);
    } else base = from;
    if (changes.size * 2 <= base.size) return new LayeredPartitions(base, changes, this.#size);
    const flat = new Map<string, Slot>();
    for (const [key, slot] of base) if (!changes.has(key)) flat.set(key, slot);
    for (const [key, slot] of changes) if (slot !== null) flat.set(key, slot);
    return new LayeredPartitions(flat, new Map(), this.#size);
  }
}
