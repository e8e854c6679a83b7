// The rows of the item grid for one view: partitions in display order, entries in sort-key order as the
// view holds them (never re-sorted here), with what the grid needs to draw a partition as one block.
// Optional filters (entities, text) keep the partition grouping; excluded items can follow as a group.

import { type AttributeTypes, itemSize } from '../model/item-size.ts';
import type { JsonValue } from '../model/schema.ts';
import { isExactNumber } from '../values/exact-json.ts';
import type { DerivedItem, PlainItem } from '../values/item.ts';
import { partitionLength } from './partition-map.ts';
import { layoutKey, viewEntityCounts } from './view-shape.ts';
import type { IndexView, ViewEntry } from './views.ts';

/** A partition as the grid shows it: one block of consecutive rows. */
export interface PartitionBlock {
  /** Ordinal among the shown partitions: alternating shading. */
  index: number;
  /** Index of the block's first row in `rows`. */
  start: number;
  /** Rows of the block that are shown. */
  rows: number;
  /** All the view's entries of this partition, filters aside (count and size). */
  entries: ViewEntry[];
}

export interface GridItemRow {
  kind: 'item';
  id: string;
  source: DerivedItem;
  /** The item as the view holds it (projected); the whole item for an excluded row. */
  item: PlainItem;
  /** The view's entry; undefined for an item the view does not hold. */
  entry?: ViewEntry;
  /** The partition block; undefined for an excluded row. */
  block?: PartitionBlock;
  /** Position among the block's shown rows: 0 is the first row, which carries the partition key. */
  position: number;
  excluded: boolean;
}

export interface GridGroupRow {
  kind: 'group';
  id: string;
  label: string;
  count: number;
}

export type GridRow = GridItemRow | GridGroupRow;

export interface GridRowsOptions {
  /** Only these entities (empty or undefined: all). */
  entities?: readonly string[];
  /** Case-insensitive text any key or attribute value must contain. */
  search?: string;
  /** Append the items the view does not hold, after a group row. */
  includeExcluded?: boolean;
  /** Label of that group row. */
  excludedLabel?: string;
}

/**
 * The rows of a view as the grid scrolls through them. Rows are built when asked for (rowAt): a virtualized
 * grid asks for the few dozen on screen, so an edit over 10,000 items builds dozens of row objects, not
 * 10,000 (and the garbage collector has that much less to copy).
 */
export interface GridRows {
  /** Rows in all: shown items, then (when asked) the excluded group row and its items. */
  count: number;
  /** The row at 0 ≤ index < count; the same object every time for this GridRows. */
  rowAt(index: number): GridRow;
  /** The index of the first item row whose id passes `test`, or -1. */
  findIndex(test: (id: string) => boolean): number;
  /** Shown partitions. */
  partitions: number;
  /** Items shown (excluded ones aside). */
  shown: number;
}

const countsByView = new WeakMap<IndexView, Map<string, number>>();

/** Items per entity in the view (for the filter chips); counted once per view. */
export function entityCounts(view: IndexView): Map<string, number> {
  let counts = countsByView.get(view);
  if (!counts) {
    // From the view's contributions when it has them (nothing merged for it), else counted entry by entry.
    counts = viewEntityCounts(view);
    if (!counts) {
      counts = new Map();
      for (const entries of view.partitions.values())
        for (const { source } of entries) counts.set(source.entity, (counts.get(source.entity) ?? 0) + 1);
    }
    countsByView.set(view, counts);
  }
  return counts;
}

/** Builds the grid rows of a view; `idOf` names an item (the store's itemId). */
export function gridRows(
  view: IndexView,
  idOf: (source: DerivedItem) => string,
  options: GridRowsOptions = {},
): GridRows {
  const only = options.entities?.length ? new Set(options.entities) : undefined;
  const needle = options.search?.trim().toLowerCase() || undefined;
  const filtered = only !== undefined || needle !== undefined;
  const keep = (source: DerivedItem, item: PlainItem) =>
    (!only || only.has(source.entity)) && (!needle || itemContains(item, needle));
  // Per shown partition (block): the entries shown, all its entries, and the index of its first row. Unfiltered,
  // the entries are read when a row of the block is (a partition may be merged only then: partition-map.ts).
  const { keys, starts, shown, shownEntries } = filtered ? filteredLayout(view, keep) : layoutOf(view);
  const allEntries = (b: number) => view.partitions.get(keys[b])!;
  const entriesAt = shownEntries ? (b: number) => shownEntries[b] : allEntries;
  const excluded = options.includeExcluded ? view.excluded.filter((source) => keep(source, source.item)) : [];
  const count = shown + (excluded.length > 0 ? 1 + excluded.length : 0);

  const blocks = new Map<number, PartitionBlock>();
  const blockAt = (index: number): PartitionBlock => {
    let block = blocks.get(index);
    if (!block) {
      const end = index + 1 < starts.length ? starts[index + 1] : shown;
      block = { index, start: starts[index], rows: end - starts[index], entries: allEntries(index) };
      blocks.set(index, block);
    }
    return block;
  };
  const rows = new Map<number, GridRow>();
  const build = (index: number): GridRow => {
    if (index >= shown) {
      if (index === shown)
        return {
          kind: 'group',
          id: 'group:excluded',
          label: options.excludedLabel ?? 'Not in this view',
          count: excluded.length,
        };
      const source = excluded[index - shown - 1];
      return { kind: 'item', id: idOf(source), source, item: source.item, position: 0, excluded: true };
    }
    const b = blockOf(starts, index);
    const position = index - starts[b];
    const entry = entriesAt(b)[position];
    const { source } = entry;
    return {
      kind: 'item',
      id: idOf(source),
      source,
      item: entry.item,
      entry,
      block: blockAt(b),
      position,
      excluded: false,
    };
  };
  return {
    count,
    rowAt(index) {
      if (index < 0 || index >= count) throw new RangeError(`row ${index} of ${count}`);
      let row = rows.get(index);
      if (!row) {
        row = build(index);
        rows.set(index, row);
      }
      return row;
    },
    findIndex(test) {
      for (let b = 0; b < starts.length; b++) {
        const entries = entriesAt(b);
        for (let i = 0; i < entries.length; i++) if (test(idOf(entries[i].source))) return starts[b] + i;
      }
      const at = excluded.findIndex((source) => test(idOf(source)));
      return at < 0 ? -1 : shown + 1 + at;
    },
    partitions: starts.length,
    shown,
  };
}

interface Layout {
  /** The shown partitions' keys, in order. */
  keys: string[];
  /** Per shown partition, the index of its first row. */
  starts: number[];
  shown: number;
  /** Filtered: the entries each partition shows. */
  shownEntries?: ViewEntry[][];
}

// By layoutKey: a template edit that keeps every partition's length keeps the layout of its rows.
const layouts = new WeakMap<object, Layout>();

function layoutOf(view: IndexView): Layout {
  const key = layoutKey(view);
  let layout = layouts.get(key);
  if (!layout) {
    const keys: string[] = [];
    const starts: number[] = [];
    let shown = 0;
    for (const key of view.partitionOrder) {
      const length = partitionLength(view.partitions, key);
      if (length === 0) continue;
      keys.push(key);
      starts.push(shown);
      shown += length;
    }
    layout = { keys, starts, shown };
    layouts.set(key, layout);
  }
  return layout;
}

function filteredLayout(view: IndexView, keep: (source: DerivedItem, item: PlainItem) => boolean): Layout {
  const keys: string[] = [];
  const starts: number[] = [];
  const shownEntries: ViewEntry[][] = [];
  let shown = 0;
  for (const key of view.partitionOrder) {
    const entries = view.partitions.get(key);
    if (!entries) continue;
    const kept = entries.filter((entry) => keep(entry.source, entry.item));
    if (kept.length === 0) continue;
    keys.push(key);
    shownEntries.push(kept);
    starts.push(shown);
    shown += kept.length;
  }
  return { keys, starts, shown, shownEntries };
}

/** Every row, in order: for tests and small views. */
export function allRows(rows: GridRows): GridRow[] {
  return Array.from({ length: rows.count }, (_, i) => rows.rowAt(i));
}

// The block holding row `index`: the last whose start is at or before it (starts ascend).
function blockOf(starts: number[], index: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= index) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** True when some attribute value of the item contains `needle` (already lower-case). */
export function itemContains(item: PlainItem, needle: string): boolean {
  for (const name in item) if (valueContains(item[name], needle)) return true;
  return false;
}

function valueContains(value: JsonValue, needle: string): boolean {
  if (value === null) return 'null'.includes(needle);
  if (isExactNumber(value)) return value.value.toLowerCase().includes(needle);
  if (typeof value === 'object') {
    if (Array.isArray(value)) return value.some((v) => valueContains(v, needle));
    for (const name in value) if (valueContains(value[name], needle)) return true;
    return false;
  }
  return String(value).toLowerCase().includes(needle);
}

/** Bytes of a partition's items as the view holds them, by DynamoDB's item size rules. */
export function partitionSize(
  entries: readonly ViewEntry[],
  typesOf: (entity: string) => AttributeTypes | undefined,
): number {
  let bytes = 0;
  for (const entry of entries) bytes += itemSize(entry.item, typesOf(entry.source.entity));
  return bytes;
}

/** Why items are missing from an index: the key attributes they lack, most common first. */
export function missingKeys(view: IndexView): { attribute: string; count: number }[] {
  const { partitionKeys, sortKeys } = view.schema;
  const counts = new Map<string, number>();
  for (const source of view.excluded) {
    for (const key of [...partitionKeys, ...sortKeys]) {
      const value = source.item[key.name];
      const usable = key.type === 'N' ? typeof value === 'number' : typeof value === 'string' && value !== '';
      if (!usable) {
        counts.set(key.name, (counts.get(key.name) ?? 0) + 1);
        break;
      }
    }
  }
  return [...counts].map(([attribute, count]) => ({ attribute, count })).sort((a, b) => b.count - a.count);
}
