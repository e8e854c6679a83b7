// Scan: every entry of the table or index, partition after partition, each in sort key order. Partitions
// come in DynamoDB Local's order (local-order.ts): table and LSI partitions by the hash of their key, GSI
// partitions by key. Real DynamoDB hashes otherwise: against it only the set of items and the counts of a
// whole Scan compare, not the order or where pages end.
import { keyHash } from '../indexes/local-order.ts';
import { keyedSchema } from '../indexes/tuple-key.ts';
import { entryComparator, type IndexView, type ViewEntry } from '../indexes/views.ts';
import { tableKeySchema } from '../model/indexes.ts';
import type { Design } from '../model/schema.ts';
import type { ReadResult, ReadSpec } from '../requests/read-spec.ts';
import { compareByToken, compareKeyValues, keyString, sortToken } from '../values/compare.ts';
import type { KeyValue, PlainItem } from '../values/item.ts';
import { firstIndex } from './key-condition.ts';
import { pageKeyAttributes, pageReader, readPage, startKey } from './paging.ts';

interface ScanPartition {
  key: string;
  pk: KeyValue;
  /** Orders partitions (compareByToken). */
  token: string | number;
}

export function scan(design: Design, view: IndexView, spec: ReadSpec, local = false): ReadResult {
  const order = scanOrder(view);
  let partition = 0;
  let index = 0;
  if (spec.exclusiveStartKey) {
    const from = startKey(pageKeyAttributes(design, view.schema), view, spec.exclusiveStartKey);
    // Continue at the start key's partition, or where it would be had it not gone.
    const token = partitionToken(view, from.pk);
    const type = tokenType(view);
    partition = firstIndex(
      order,
      0,
      order.length,
      (p) => compareByToken(p.token, token, p.pk, from.pk, type) < 0,
    );
    const key = order[partition]?.key;
    if (key !== undefined && key === keyString(from.pk, keyedSchema(view.schema).partitionKey.type)) {
      const entries = scanEntries(design, view, key);
      const compare = scanComparator(design, view);
      index = firstIndex(entries, 0, entries.length, (e) => compare(e, from) <= 0);
    }
  }
  const entries = (key: string) => scanEntries(design, view, key);
  return readPage(entriesFrom(entries, order, partition, index), pageReader(design, view, spec, local));
}

// DynamoDB Local scans an LSI partition by the LSI sort key and, among equal ones, by the table's sort
// key, where a Query orders those ties by hash (local-order.ts). AWS documents no Scan order; the
// evaluator follows DynamoDB Local. Every other view scans in its own (Query) order.
function scanComparator(
  design: Design,
  view: IndexView,
): (a: ViewEntry, b: { sk?: KeyValue; item: PlainItem }) => number {
  if (view.schema.kind !== 'lsi') return entryComparator(design, view.schema);
  const lsiKey = view.schema.sortKey!;
  const tableKey = tableKeySchema(design).sortKey!;
  return (a, b) =>
    compareKeyValues(a.sk!, b.sk!, lsiKey.type) ||
    compareKeyValues(
      a.source.item[tableKey.name] as KeyValue,
      b.item[tableKey.name] as KeyValue,
      tableKey.type,
    );
}

const lsiScanOrders = new WeakMap<ViewEntry[], ViewEntry[]>();

function scanEntries(design: Design, view: IndexView, key: string): ViewEntry[] {
  const entries = view.partitions.get(key)!;
  if (view.schema.kind !== 'lsi') return entries;
  let sorted = lsiScanOrders.get(entries);
  if (!sorted) {
    const compare = scanComparator(design, view);
    sorted = [...entries].sort((a, b) => compare(a, { sk: b.sk, item: b.source.item }));
    lsiScanOrders.set(entries, sorted);
  }
  return sorted;
}

function* entriesFrom(
  partitionEntries: (key: string) => ViewEntry[],
  order: ScanPartition[],
  partition: number,
  index: number,
): Generator<ViewEntry> {
  for (let p = partition; p < order.length; p++) {
    const entries = partitionEntries(order[p].key);
    for (let i = p === partition ? index : 0; i < entries.length; i++) yield entries[i];
  }
}

// GSI partitions come in key order (N tokens may need the exact comparison; a multi-attribute key's tuple
// token orders as S); the others by hash text.
function tokenType(view: IndexView) {
  return view.schema.kind === 'gsi' ? keyedSchema(view.schema).partitionKey.type : 'S';
}

function partitionToken(view: IndexView, pk: KeyValue): string | number {
  const { kind, partitionKey } = keyedSchema(view.schema);
  return kind === 'gsi' ? sortToken(pk, partitionKey.type) : keyHash(pk, partitionKey.type);
}

// Hashing every partition key is paid once per view, by its first Scan.
const orders = new WeakMap<IndexView, ScanPartition[]>();

function scanOrder(view: IndexView): ScanPartition[] {
  let order = orders.get(view);
  if (!order) {
    order = view.partitionOrder.map((key) => {
      const pk = view.partitions.get(key)![0].pk;
      return { key, pk, token: partitionToken(view, pk) };
    });
    const type = tokenType(view);
    order.sort((a, b) => compareByToken(a.token, b.token, a.pk, b.pk, type));
    orders.set(view, order);
  }
  return order;
}
