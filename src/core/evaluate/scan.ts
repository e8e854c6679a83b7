// Scan: every entry of the table or index, partition after partition, each in sort key order. Partitions
// come in DynamoDB Local's order (local-order.ts): table and LSI partitions by the hash of their key, GSI
// partitions by key. Real DynamoDB hashes otherwise: against it only the set of items and the counts of a
// whole Scan compare, not the order or where pages end.
import { keyHash } from '../indexes/local-order.ts';
import { entryComparator, type IndexView, type ViewEntry } from '../indexes/views.ts';
import { keyString, sortToken } from '../keys/compare.ts';
import type { KeyValue } from '../model/item.ts';
import type { Design } from '../model/schema.ts';
import type { ReadResult, ReadSpec } from '../requests/read-spec.ts';
import { firstIndex } from './key-condition.ts';
import { pageKeyAttributes, pageReader, readPage, startKey } from './paging.ts';

interface ScanPartition {
  key: string;
  /** Orders partitions with `<`. */
  token: string | number;
}

export function scan(design: Design, view: IndexView, spec: ReadSpec): ReadResult {
  const order = scanOrder(view);
  let partition = 0;
  let index = 0;
  if (spec.exclusiveStartKey) {
    const from = startKey(pageKeyAttributes(design, view.schema), view, spec.exclusiveStartKey);
    // Continue at the start key's partition, or where it would be had it not gone.
    const token = partitionToken(view, from.pk);
    partition = firstIndex(order, 0, order.length, (p) => p.token < token);
    const entries = view.partitions.get(order[partition]?.key);
    if (entries && order[partition].key === keyString(from.pk, view.schema.partitionKey.type)) {
      const compare = entryComparator(design, view.schema);
      index = firstIndex(entries, 0, entries.length, (e) => compare(e, from) <= 0);
    }
  }
  return readPage(entriesFrom(view, order, partition, index), pageReader(design, view, spec));
}

function* entriesFrom(
  view: IndexView,
  order: ScanPartition[],
  partition: number,
  index: number,
): Generator<ViewEntry> {
  for (let p = partition; p < order.length; p++) {
    const entries = view.partitions.get(order[p].key)!;
    for (let i = p === partition ? index : 0; i < entries.length; i++) yield entries[i];
  }
}

function partitionToken(view: IndexView, pk: KeyValue): string | number {
  const { kind, partitionKey } = view.schema;
  return kind === 'gsi' ? sortToken(pk, partitionKey.type) : keyHash(pk, partitionKey.type);
}

// Hashing every partition key is paid once per view, by its first Scan.
const orders = new WeakMap<IndexView, ScanPartition[]>();

function scanOrder(view: IndexView): ScanPartition[] {
  let order = orders.get(view);
  if (!order) {
    order = view.partitionOrder.map((key) => ({
      key,
      token: partitionToken(view, view.partitions.get(key)![0].pk),
    }));
    order.sort((a, b) => (a.token < b.token ? -1 : a.token > b.token ? 1 : 0));
    orders.set(view, order);
  }
  return order;
}
