// Answers a read over the index views as DynamoDB would: GetItem by exact key, Query by a partition lookup
// and binary search on the sort key (never a scan of all items), Scan partition by partition.
import { type AttributeTypes, attributeTypesByEntity, itemSize } from '../analysis/item-size.ts';
import { entryComparator, type IndexView, type IndexViews, type ViewEntry } from '../indexes/views.ts';
import { compareKeyValues, keyString } from '../keys/compare.ts';
import { TABLE_INDEX } from '../model/indexes.ts';
import type { PlainItem } from '../model/item.ts';
import type { Design } from '../model/schema.ts';
import type { ReadResult, ReadSpec } from '../requests/read-spec.ts';
import { EvaluationError } from './evaluation-error.ts';
import { matchesFilter } from './filter.ts';
import {
  checkKeyValue,
  checkSortCondition,
  firstIndex,
  satisfiesSort,
  sortKeyRange,
} from './key-condition.ts';
import { lastEvaluatedKey, type PageReader, pageKeyAttributes, readPage, startKey } from './paging.ts';

export { EvaluationError } from './evaluation-error.ts';

/** The answer DynamoDB would give; throws EvaluationError where DynamoDB answers a ValidationException. */
export function evaluateRead(design: Design, views: IndexViews, spec: ReadSpec): ReadResult {
  const view = views.get(spec.index ?? TABLE_INDEX);
  if (!view) throw new EvaluationError(`The table does not have the specified index: ${spec.index}`);
  if (spec.consistentRead && view.schema.kind === 'gsi') {
    throw new EvaluationError('Consistent reads are not supported on global secondary indexes');
  }
  if (spec.limit !== undefined && !(Number.isInteger(spec.limit) && spec.limit >= 1)) {
    throw new EvaluationError(
      `1 validation error detected: Value '${spec.limit}' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1`,
    );
  }
  if (spec.operation === 'GetItem') return getItem(view, spec);
  if (spec.operation === 'Query') return query(design, view, spec);
  return scan(design, view, spec);
}

function getItem(view: IndexView, spec: ReadSpec): ReadResult {
  if (spec.index !== undefined) throw new EvaluationError('GetItem reads the table; it takes no index');
  const { partitionKey, sortKey } = view.schema;
  const keyMatches = sortKey ? spec.sort?.op === '=' : spec.sort === undefined;
  if (spec.partition === undefined || !keyMatches) {
    throw new EvaluationError('The provided key element does not match the schema');
  }
  checkKeyValue(spec.partition, partitionKey);
  if (spec.sort && sortKey) checkKeyValue(spec.sort.value, sortKey);
  const entries = view.partitions.get(keyString(spec.partition, partitionKey.type)) ?? [];
  const { start, end } = sortKeyRange(entries, spec.sort, sortKey?.type ?? 'S');
  // GetItem reports no counts; count and scannedCount are the number of items returned.
  const items = start < end ? [outputItem(entries[start], spec.projection, false)] : [];
  return { items, count: items.length, scannedCount: items.length };
}

function query(design: Design, view: IndexView, spec: ReadSpec): ReadResult {
  const { partitionKey, sortKey } = view.schema;
  if (spec.partition === undefined) {
    throw new EvaluationError(`Query condition missed key schema element: ${partitionKey.name}`);
  }
  checkKeyValue(spec.partition, partitionKey);
  if (spec.sort) checkSortCondition(spec.sort, sortKey);
  const entries = view.partitions.get(keyString(spec.partition, partitionKey.type)) ?? [];
  let { start, end } = sortKeyRange(entries, spec.sort, sortKey?.type ?? 'S');
  const forward = spec.scanIndexForward !== false;
  const keys = pageKeyAttributes(design, view.schema);
  if (spec.exclusiveStartKey) {
    const from = startKey(keys, view, spec.exclusiveStartKey);
    if (compareKeyValues(from.pk, spec.partition, partitionKey.type) !== 0) {
      throw new EvaluationError(
        'The provided starting key is outside query boundaries based on provided conditions',
      );
    }
    if (spec.sort && sortKey && !satisfiesSort(from.sk!, spec.sort, sortKey.type)) {
      throw new EvaluationError('The provided starting key does not match the range key predicate');
    }
    // Strictly after the start key in read order; it need not be an existing item.
    const compare = entryComparator(design, view.schema);
    if (forward) start = firstIndex(entries, start, end, (e) => compare(e, from) <= 0);
    else end = firstIndex(entries, start, end, (e) => compare(e, from) < 0);
  }
  const ordered = forward ? ascending(entries, start, end) : descending(entries, start, end);
  return readPage(ordered, pageReader(design, view, spec));
}

// DynamoDB scans partitions in hash order, which cannot be reproduced here: this Scan walks partitions in
// partitionOrder (ascending key), each in sort key order. Only the set of items and the counts compare
// with DynamoDB's; the order of items and where pages end do not.
function scan(design: Design, view: IndexView, spec: ReadSpec): ReadResult {
  let partition = 0;
  let index = 0;
  if (spec.exclusiveStartKey) {
    const from = startKey(pageKeyAttributes(design, view.schema), view, spec.exclusiveStartKey);
    const { partitions, partitionOrder } = view;
    const type = view.schema.partitionKey.type;
    const pkAt = (key: string) => partitions.get(key)![0].pk;
    partition = firstIndex(
      partitionOrder,
      0,
      partitionOrder.length,
      (key) => compareKeyValues(pkAt(key), from.pk, type) < 0,
    );
    const entries = partitions.get(partitionOrder[partition]);
    if (entries && compareKeyValues(entries[0].pk, from.pk, type) === 0) {
      const compare = entryComparator(design, view.schema);
      index = firstIndex(entries, 0, entries.length, (e) => compare(e, from) <= 0);
    }
  }
  return readPage(scanFrom(view, partition, index), pageReader(design, view, spec));
}

function* ascending(entries: ViewEntry[], start: number, end: number): Generator<ViewEntry> {
  for (let i = start; i < end; i++) yield entries[i];
}

function* descending(entries: ViewEntry[], start: number, end: number): Generator<ViewEntry> {
  for (let i = end - 1; i >= start; i--) yield entries[i];
}

function* scanFrom(view: IndexView, partition: number, index: number): Generator<ViewEntry> {
  for (let p = partition; p < view.partitionOrder.length; p++) {
    const entries = view.partitions.get(view.partitionOrder[p])!;
    for (let i = p === partition ? index : 0; i < entries.length; i++) yield entries[i];
  }
}

function pageReader(design: Design, view: IndexView, spec: ReadSpec): PageReader {
  const types = typesOf(design);
  const keys = pageKeyAttributes(design, view.schema);
  // An LSI fetches the attributes it does not project from the table, for a filter as for a projection;
  // a GSI has only what it projects.
  const lsi = view.schema.kind === 'lsi';
  return {
    limit: spec.limit,
    keep: (e) => matchesFilter(lsi ? e.source.item : e.item, spec.filter, types.get(e.source.entity)),
    output: (e) => outputItem(e, spec.projection, lsi),
    size: (e) => itemSize(e.item, types.get(e.source.entity)),
    lastKey: (e) => lastEvaluatedKey(keys, e),
  };
}

/** The returned item: a copy, so callers cannot alter the views; only the named attributes when projected. */
function outputItem(entry: ViewEntry, projection: string[] | undefined, fromTable: boolean): PlainItem {
  if (!projection) return { ...entry.item };
  const source = fromTable ? entry.source.item : entry.item;
  const out: PlainItem = {};
  for (const name of projection) if (Object.hasOwn(source, name)) out[name] = source[name];
  return out;
}

const typeCache = new WeakMap<Design, Map<string, AttributeTypes>>();

function typesOf(design: Design): Map<string, AttributeTypes> {
  let types = typeCache.get(design);
  if (!types) {
    types = attributeTypesByEntity(design);
    typeCache.set(design, types);
  }
  return types;
}
