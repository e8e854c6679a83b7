// Answers a read over the index views as DynamoDB would: GetItem by exact key, Query by a partition lookup
// and binary search on the sort key (never a scan of all items), Scan partition by partition (scan.ts).
import { entryComparator, type IndexView, type IndexViews, type ViewEntry } from '../indexes/views.ts';
import { isMultiAttribute, TABLE_INDEX } from '../model/indexes.ts';
import type { Design, KeyAttribute } from '../model/schema.ts';
import type { ReadResult, ReadSpec } from '../requests/read-spec.ts';
import { compareKeyValues, keyString } from '../values/compare.ts';
import type { KeyValue } from '../values/item.ts';
import { EvaluationError } from './evaluation-error.ts';
import {
  checkKeyValue,
  checkSortCondition,
  firstIndex,
  type SortCondition,
  satisfiesSort,
  sortKeyRange,
} from './key-condition.ts';
import { multiKeyQuery } from './multi-key.ts';
import { outputItem, pageKeyAttributes, pageReader, readPage, startKey } from './paging.ts';
import {
  asStoredText,
  clauseProblem,
  emptyKeyProblem,
  emptyStartKeyProblem,
  hasLoneSurrogate,
  indexProjectionProblem,
  projectionOverlap,
  refuse,
  sortBoundsProblem,
} from './refusals.ts';
import { scan } from './scan.ts';

export { EvaluationError } from './evaluation-error.ts';

/**
 * Where DynamoDB Local departs from what AWS documents, `engine` 'dynamodb-local' answers as Local does
 * (paging.ts's pageReader, scan.ts); the default answers as AWS documents.
 */
export type Engine = 'aws' | 'dynamodb-local';

/** The answer DynamoDB would give; throws EvaluationError where DynamoDB answers a ValidationException. */
export function evaluateRead(
  design: Design,
  views: IndexViews,
  read: ReadSpec,
  engine: Engine = 'aws',
): ReadResult {
  const spec = asStoredText(read);
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
  // The expressions are parsed before anything is read; their messages print the values as sent.
  // DynamoDB Local's order, checked: the filter, the projection, the key condition.
  refuse(...(spec.operation === 'GetItem' ? [] : (read.filter ?? []).map(clauseProblem)));
  refuse(projectionOverlap(spec.projection));
  if (spec.operation === 'Query' && read.sort) refuse(sortBoundsProblem(read.sort, view.schema.sortKey));
  if (spec.operation === 'GetItem') return getItem(view, spec);
  if (spec.operation === 'Query') {
    // DynamoDB Local checks a start key and a page's last key against a begins_with prefix as sent, where
    // it stores and compares "?" for a lone surrogate: no stored key begins with such a prefix, so a page
    // never ends with a LastEvaluatedKey, and a start key is refused unless it begins with the prefix as
    // sent. AWS documents nothing for such text.
    const prefix = read.sort?.op === 'begins_with' ? read.sort.value : undefined;
    const unmatched = typeof prefix === 'string' && hasLoneSurrogate(prefix) ? prefix : undefined;
    const sentKey = view.schema.sortKey && read.exclusiveStartKey?.[view.schema.sortKey.name];
    return query(design, view, spec, engine, unmatched, sentKey);
  }
  refuse(indexProjectionProblem(design, view.schema, 'Scan', spec.filter, spec.projection));
  if (spec.exclusiveStartKey)
    refuse(emptyStartKeyProblem(pageKeyAttributes(design, view.schema), view.schema, spec.exclusiveStartKey));
  return scan(design, view, spec, engine === 'dynamodb-local');
}

function getItem(view: IndexView, spec: ReadSpec): ReadResult {
  if (spec.index !== undefined) throw new EvaluationError('GetItem reads the table; it takes no index');
  const { partitionKey, sortKey } = view.schema;
  const keyMatches = sortKey ? spec.sort?.op === '=' : spec.sort === undefined;
  if (spec.partition === undefined || !keyMatches) {
    throw new EvaluationError('The provided key element does not match the schema');
  }
  refuse(
    emptyKeyProblem(spec.partition, partitionKey),
    sortKey && emptyKeyProblem(spec.sort?.value, sortKey),
  );
  checkKeyValue(spec.partition, partitionKey);
  if (spec.sort && sortKey) checkKeyValue(spec.sort.value, sortKey);
  const entries = view.partitions.get(keyString(spec.partition, partitionKey.type)) ?? [];
  const { start, end } = sortKeyRange(entries, spec.sort, sortKey?.type ?? 'S');
  // GetItem reports no counts; count and scannedCount are the number of items returned.
  const items = start < end ? [outputItem(entries[start], spec.projection, false)] : [];
  return { items, count: items.length, scannedCount: items.length };
}

function query(
  design: Design,
  view: IndexView,
  spec: ReadSpec,
  engine: Engine,
  unmatchedPrefix: string | undefined,
  sentStartKey: unknown,
): ReadResult {
  if (isMultiAttribute(view.schema)) return multiKeyQuery(design, view, spec);
  const { partitionKey, sortKey } = view.schema;
  if (spec.partition === undefined) {
    throw new EvaluationError(`Query condition missed key schema element: ${partitionKey.name}`);
  }
  refuse(
    emptyKeyProblem(spec.partition, partitionKey, view.schema),
    sortKey && emptyKeyProblem(spec.sort?.value, sortKey, view.schema),
    sortKey && emptyKeyProblem(spec.sort?.to, sortKey, view.schema),
  );
  checkKeyValue(spec.partition, partitionKey);
  if (spec.sort) checkSortCondition(spec.sort, sortKey);
  const entries = view.partitions.get(keyString(spec.partition, partitionKey.type)) ?? [];
  let { start, end } = sortKeyRange(entries, spec.sort, sortKey?.type ?? 'S');
  const forward = spec.scanIndexForward !== false;
  const keys = pageKeyAttributes(design, view.schema);
  const bound = closingBound(spec.sort, forward);
  // A table's sort keys are unique in a partition (a hash-only table's partition holds one item), so
  // DynamoDB Local knows when a page that stops on the inclusive bound it reads towards cannot continue.
  // AWS documents neither rule below; the evaluator follows DynamoDB Local, the reference here.
  const single = view.schema.kind === 'table';
  if (spec.exclusiveStartKey) {
    refuse(emptyStartKeyProblem(keys, view.schema, spec.exclusiveStartKey));
    const from = startKey(keys, view, spec.exclusiveStartKey);
    if (compareKeyValues(from.pk, spec.partition, partitionKey.type) !== 0) {
      // DynamoDB Local's words; AWS's own service says the key "is outside query boundaries".
      throw new EvaluationError('The provided starting key does not match the range key predicate');
    }
    // DynamoDB Local refuses a start key on that closing bound as outside the range.
    const onBound = single && bound !== undefined && compareKeyValues(from.sk!, bound, sortKey!.type) === 0;
    const outside = (sort: SortCondition, key: KeyAttribute) =>
      onBound ||
      (unmatchedPrefix !== undefined
        ? !String(sentStartKey).startsWith(unmatchedPrefix)
        : !satisfiesSort(from.sk!, sort, key.type));
    if (spec.sort && sortKey && outside(spec.sort, sortKey)) {
      throw new EvaluationError('The provided starting key does not match the range key predicate');
    }
    // Strictly after the start key in read order; it need not be an existing item.
    const compare = entryComparator(design, view.schema);
    if (forward) start = firstIndex(entries, start, end, (e) => compare(e, from) <= 0);
    else end = firstIndex(entries, start, end, (e) => compare(e, from) < 0);
  }
  // After the start key, as DynamoDB Local checks them.
  for (const key of [partitionKey, sortKey]) {
    if (key && spec.filter?.some((clause) => clause.attribute === key.name)) {
      throw new EvaluationError(
        `Filter Expression can only contain non-primary key attributes: Primary key attribute: ${key.name}`,
      );
    }
  }
  refuse(indexProjectionProblem(design, view.schema, 'Query', spec.filter, spec.projection));
  const ordered = forward ? ascending(entries, start, end) : descending(entries, start, end);
  const page = readPage(ordered, pageReader(design, view, spec, engine === 'dynamodb-local'));
  // Such a page leaves out the LastEvaluatedKey it sets at Limit otherwise, and so does a page of a
  // hash-only table's Query. Index sort keys repeat, and "=" is not treated so, as DynamoDB Local does.
  if (page.lastEvaluatedKey && ((single && !sortKey) || unmatchedPrefix !== undefined))
    delete page.lastEvaluatedKey;
  if (page.lastEvaluatedKey && bound !== undefined && single && sortKey) {
    const last = page.lastEvaluatedKey[sortKey.name] as KeyValue;
    if (compareKeyValues(last, bound, sortKey.type) === 0) delete page.lastEvaluatedKey;
  }
  return page;
}

/** The inclusive sort-key bound a read in that direction ends on, if its condition has one ("=" aside). */
function closingBound(sort: ReadSpec['sort'], forward: boolean): KeyValue | undefined {
  if (!sort) return undefined;
  if (forward) return sort.op === 'between' ? sort.to : sort.op === '<=' ? sort.value : undefined;
  return sort.op === 'between' || sort.op === '>=' ? sort.value : undefined;
}

function* ascending(entries: ViewEntry[], start: number, end: number): Generator<ViewEntry> {
  for (let i = start; i < end; i++) yield entries[i];
}

function* descending(entries: ViewEntry[], start: number, end: number): Generator<ViewEntry> {
  for (let i = end - 1; i >= start; i--) yield entries[i];
}
