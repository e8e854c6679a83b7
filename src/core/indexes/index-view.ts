// What one index (or the table) shows: its partitions in key order and the items it leaves out. Its own
// module so the view parts that fill it and the views that assemble it both name it without a circle.
import type { KeySchema } from '../model/indexes.ts';
import type { DerivedItem } from '../values/item.ts';
import type { PartitionMap } from './partition-map.ts';

export interface IndexView {
  schema: KeySchema;
  /** keyString of the partition key → entries in sort key order (shared between views: partition-map.ts). */
  partitions: PartitionMap;
  /** Partition keys in ascending key order: for display only, as DynamoDB orders partitions by hash. */
  partitionOrder: string[];
  /** Items not in this view: sparse (no such key attribute), a key of the wrong type, or not in the table. */
  excluded: DerivedItem[];
  /** Table view only: items replaced by a later item with the same primary key, as a PutItem would. */
  overwritten: DerivedItem[];
  itemCount: number;
}

/** One view per key schema name: TABLE_INDEX for the table, else the index name. */
export type IndexViews = Map<string, IndexView>;
