// A Query of a multi-attribute GSI key, as DynamoDB (Local, checked) answers it: every partition attribute
// with "=", the sort attributes left to right ("=" on each but the last given, which may take any sort
// operator). A view files such entries under tuple tokens (tuple-key.ts) in tuple order, so the entries a
// condition selects are contiguous: two binary searches find them, as for a single sort key.
import { keyedSchema, partitionKeyValue } from '../indexes/tuple-key.ts';
import { entryComparator, type IndexView, keyValueOf, type ViewEntry } from '../indexes/views.ts';
import type { Design, KeyAttribute } from '../model/schema.ts';
import type { ReadResult, ReadSpec } from '../requests/read-spec.ts';
import { compareKeyValues, keyString } from '../values/compare.ts';
import type { KeyValue, PlainItem } from '../values/item.ts';
import { EvaluationError } from './evaluation-error.ts';
import {
  checkKeyValue,
  checkSortCondition,
  firstIndex,
  type SortCondition,
  satisfiesSort,
} from './key-condition.ts';
import { pageKeyAttributes, pageReader, readPage } from './paging.ts';

const names = (keys: KeyAttribute[]) => keys.map((key) => key.name).join(', ');

/** Whether a value lies before every value the condition accepts, in ascending key order. */
function belowCondition(value: KeyValue, sort: SortCondition, key: KeyAttribute): boolean {
  if (sort.op === '<' || sort.op === '<=') return false;
  const order = compareKeyValues(value, sort.value, key.type);
  return sort.op === '>' ? order <= 0 : order < 0;
}

export function multiKeyQuery(design: Design, view: IndexView, spec: ReadSpec): ReadResult {
  const { schema } = view;
  const { partitionKeys, sortKeys } = schema;
  const partition = spec.partitionKeys ?? (spec.partition === undefined ? [] : [spec.partition]);
  if (partition.length < partitionKeys.length)
    throw new EvaluationError(
      `HASH key attributes ${names(partitionKeys.slice(partition.length))} must have equality conditions specified in the query`,
    );
  partition.forEach((value, i) => checkKeyValue(value, partitionKeys[i]));
  const prefix = spec.sortPrefix ?? [];
  const conditioned = prefix.length + (spec.sort ? 1 : 0);
  if (conditioned > sortKeys.length) throw new EvaluationError('Query key condition not supported');
  prefix.forEach((value, i) => checkKeyValue(value, sortKeys[i]));
  const last = sortKeys[prefix.length];
  if (spec.sort) checkSortCondition(spec.sort, last);
  for (const key of [...partitionKeys, ...sortKeys]) {
    if (spec.filter?.some((clause) => clause.attribute === key.name))
      throw new EvaluationError(
        `Filter Expression can only contain non-primary key attributes: Primary key attribute: ${key.name}`,
      );
  }
  const keyed = keyedSchema(schema);
  const token = partitionKeyValue(schema, partition);
  const entries = view.partitions.get(keyString(token, keyed.partitionKey.type)) ?? [];

  // An index projects its key attributes, so each sort attribute's value is on the entry's item.
  const valueAt = (item: PlainItem, i: number) => item[sortKeys[i].name] as KeyValue;
  const prefixOrder = (item: PlainItem) => {
    for (let i = 0; i < prefix.length; i++) {
      const order = compareKeyValues(valueAt(item, i), prefix[i], sortKeys[i].type);
      if (order !== 0) return order;
    }
    return 0;
  };
  const below = (item: PlainItem) => {
    const order = prefixOrder(item);
    if (order !== 0) return order < 0;
    return spec.sort !== undefined && belowCondition(valueAt(item, prefix.length), spec.sort, last);
  };
  const inRange = (item: PlainItem) =>
    prefixOrder(item) === 0 &&
    (spec.sort === undefined || satisfiesSort(valueAt(item, prefix.length), spec.sort, last.type));
  let start = firstIndex(entries, 0, entries.length, (e) => below(e.item));
  let end = firstIndex(entries, start, entries.length, (e) => inRange(e.item));

  const forward = spec.scanIndexForward !== false;
  const keys = pageKeyAttributes(design, schema);
  const from = spec.exclusiveStartKey;
  if (from) {
    const valid =
      Object.keys(from).length === keys.length && keys.every((key) => keyValueOf(from, key) !== undefined);
    if (!valid) throw new EvaluationError('The provided starting key is invalid');
    const type = keyed.partitionKey.type;
    const at = keyValueOf(from, keyed.partitionKey);
    if (at === undefined || keyString(at, type) !== keyString(token, type))
      throw new EvaluationError(
        'The provided starting key is outside query boundaries based on provided conditions',
      );
    if (!inRange(from))
      throw new EvaluationError('The provided starting key does not match the range key predicate');
    const after = { item: from, sk: keyed.sortKey ? keyValueOf(from, keyed.sortKey) : undefined };
    // Strictly after the start key in read order; it need not be an existing item.
    const compare = entryComparator(design, schema);
    if (forward) start = firstIndex(entries, start, end, (e) => compare(e, after) <= 0);
    else end = firstIndex(entries, start, end, (e) => compare(e, after) < 0);
  }
  return readPage(ordered(entries, start, end, forward), pageReader(design, view, spec));
}

function* ordered(entries: ViewEntry[], start: number, end: number, forward: boolean): Generator<ViewEntry> {
  if (forward) for (let i = start; i < end; i++) yield entries[i];
  else for (let i = end - 1; i >= start; i--) yield entries[i];
}
