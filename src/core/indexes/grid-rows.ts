// The rows of the item grid for one view: partitions in display order, entries in sort-key order as the
// view holds them (never re-sorted here), with what the grid needs to draw a partition as one block.
// Optional filters (entities, text) keep the partition grouping; excluded items can follow as a group.
import { type AttributeTypes, itemSize } from '../analysis/item-size.ts';
import type { DerivedItem, PlainItem } from '../model/item.ts';
import type { JsonValue } from '../model/schema.ts';
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

export interface GridRows {
  rows: GridRow[];
  /** Shown partitions. */
  partitions: number;
  /** Items shown (excluded ones aside). */
  shown: number;
  /** Items per entity in the view, before the entity and text filters (for the filter chips). */
  entityCounts: Map<string, number>;
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
  const rows: GridRow[] = [];
  const entityCounts = new Map<string, number>();
  let shown = 0;
  let index = 0;
  for (const key of view.partitionOrder) {
    const entries = view.partitions.get(key);
    if (!entries) continue;
    const block: PartitionBlock = { index, start: rows.length, rows: 0, entries };
    for (const entry of entries) {
      const { source } = entry;
      entityCounts.set(source.entity, (entityCounts.get(source.entity) ?? 0) + 1);
      if (filtered && !keep(source, entry.item)) continue;
      rows.push({
        kind: 'item',
        id: idOf(source),
        source,
        item: entry.item,
        entry,
        block,
        position: block.rows++,
        excluded: false,
      });
    }
    if (block.rows === 0) continue;
    shown += block.rows;
    index++;
  }
  if (options.includeExcluded) {
    const excluded = view.excluded.filter((source) => keep(source, source.item));
    if (excluded.length > 0) {
      rows.push({
        kind: 'group',
        id: 'group:excluded',
        label: options.excludedLabel ?? 'Not in this view',
        count: excluded.length,
      });
      for (const source of excluded) {
        rows.push({
          kind: 'item',
          id: idOf(source),
          source,
          item: source.item,
          position: 0,
          excluded: true,
        });
      }
    }
  }
  return { rows, partitions: index, shown, entityCounts };
}

/** True when some attribute value of the item contains `needle` (already lower-case). */
export function itemContains(item: PlainItem, needle: string): boolean {
  for (const name in item) if (valueContains(item[name], needle)) return true;
  return false;
}

function valueContains(value: JsonValue, needle: string): boolean {
  if (value === null) return 'null'.includes(needle);
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
  const { partitionKey, sortKey } = view.schema;
  const counts = new Map<string, number>();
  for (const source of view.excluded) {
    for (const key of sortKey ? [partitionKey, sortKey] : [partitionKey]) {
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
