// An entry of an index view: the item as the index stores it and its keys. Its own module, below the views,
// the partition map and the view parts, which all name it.
import type { DerivedItem, KeyValue, PlainItem } from '../values/item.ts';

export interface ViewEntry {
  /** The item as the index stores it (projected). */
  item: PlainItem;
  source: DerivedItem;
  pk: KeyValue;
  sk?: KeyValue;
}

/** What orders entries within a partition; an ExclusiveStartKey has the same shape. */
export type EntryKey = Pick<ViewEntry, 'item' | 'sk'>;
