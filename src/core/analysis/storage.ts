// Storage per entity: its expected item count (times the items each stores: its own and one per copy)
// times its average item size (from its sample items) plus DynamoDB's 100 bytes of overhead per item, and
// the same for each index the items are in (sparse indexes hold only the share of samples that have their
// keys; an index entry is what it projects).

import { indexEntry, itemSizer } from '../evaluate/stored-items.ts';
import type { IndexViews } from '../indexes/views.ts';
import { keySchemas, TABLE_INDEX } from '../model/indexes.ts';
import type { Design } from '../model/schema.ts';
import type { PlainItem } from '../values/item.ts';
import type { PriceTable } from './prices.ts';

/** 2^30 bytes. */
export const GB = 1024 ** 3;

export interface EntityStorage {
  entity: string;
  /** The entity's expectedItems; undefined when the design does not say. */
  items?: number;
  /** Mean size of its sample items as the table stores them; undefined without samples. */
  averageItemBytes?: number;
  /** Bytes in the table, overhead included (0 when items or size are unknown). */
  tableBytes: number;
  /** Bytes per index it is in, overhead included. */
  indexBytes: Record<string, number>;
}

export interface StorageEstimate {
  entities: EntityStorage[];
  bytes: number;
  monthly: number;
}

export function estimateStorage(design: Design, views: IndexViews, prices: PriceTable): StorageEstimate {
  const size = itemSizer(design);
  const overhead = prices.storage.overheadBytes;
  const indexes = keySchemas(design).slice(1);
  const table = [...views.get(TABLE_INDEX)!.partitions.values()].flat();
  const entities = design.entities.map((entity): EntityStorage => {
    const stored = table.filter((entry) => entry.source.entity === entity.name).map((entry) => entry.item);
    const items = entity.expectedItems;
    const out: EntityStorage = { entity: entity.name, items, tableBytes: 0, indexBytes: {} };
    if (stored.length === 0) return out;
    const average = stored.reduce((sum, item) => sum + size(item), 0) / stored.length;
    out.averageItemBytes = Math.round(average);
    if (items === undefined) return out;
    // Items stored per sample: 1, or more for an entity with copies (entity.copies), each a table item.
    const perSample = stored.length / Math.max(1, design.items[entity.name]?.length ?? 0);
    out.tableBytes = Math.round(items * perSample * (average + overhead));
    for (const schema of indexes) {
      const entries = stored
        .map((item) => indexEntry(design, schema, item))
        .filter((e): e is PlainItem => e !== undefined);
      if (entries.length === 0) continue;
      const average = entries.reduce((sum, e) => sum + size(e), 0) / entries.length;
      out.indexBytes[schema.name] = Math.round(
        items * perSample * (entries.length / stored.length) * (average + overhead),
      );
    }
    return out;
  });
  const bytes = entities.reduce(
    (sum, e) => sum + e.tableBytes + Object.values(e.indexBytes).reduce((a, b) => a + b, 0),
    0,
  );
  return { entities, bytes, monthly: (bytes / GB) * prices.storage.perGbMonth };
}
