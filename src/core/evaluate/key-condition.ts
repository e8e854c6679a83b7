// A Query's key condition over one partition's sorted entries. The entries that satisfy a sort key
// condition are contiguous in sort order, so the range is found by two binary searches: the first
// entry not below the range, then the first entry from there that no longer satisfies the condition.
import type { ViewEntry } from '../indexes/views.ts';
import type { KeyAttribute, KeyType } from '../model/schema.ts';
import type { ReadSpec } from '../requests/read-spec.ts';
import { compareBytes, compareKeyValues, decodeBase64, isNumeric } from '../values/compare.ts';
import type { KeyValue } from '../values/item.ts';
import { EvaluationError } from './evaluation-error.ts';
import { refuse, sortBoundsProblem } from './refusals.ts';

export type SortCondition = NonNullable<ReadSpec['sort']>;

/** Entries [start, end) of a sorted array. */
export interface Range {
  start: number;
  end: number;
}

/** The first index in [start, end) where `isBefore` turns false; `isBefore` must be true-then-false. */
export function firstIndex<T>(
  sorted: readonly T[],
  start: number,
  end: number,
  isBefore: (element: T) => boolean,
): number {
  let lo = start;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (isBefore(sorted[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The entries of a partition that satisfy the sort key condition (all of them without one). */
export function sortKeyRange(
  entries: readonly ViewEntry[],
  sort: SortCondition | undefined,
  type: KeyType,
): Range {
  if (!sort) return { start: 0, end: entries.length };
  const start = firstIndex(entries, 0, entries.length, (e) => belowRange(e.sk!, sort, type));
  const end = firstIndex(entries, start, entries.length, (e) => satisfiesSort(e.sk!, sort, type));
  return { start, end };
}

function belowRange(sk: KeyValue, sort: SortCondition, type: KeyType): boolean {
  if (sort.op === '<' || sort.op === '<=') return false;
  const order = compareKeyValues(sk, sort.value, type);
  return sort.op === '>' ? order <= 0 : order < 0;
}

/** Whether one sort key value satisfies the condition (between is inclusive on both ends). */
export function satisfiesSort(sk: KeyValue, sort: SortCondition, type: KeyType): boolean {
  const order = compareKeyValues(sk, sort.value, type);
  switch (sort.op) {
    case '=':
      return order === 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    case 'between':
      return order >= 0 && compareKeyValues(sk, sort.to!, type) <= 0;
    case 'begins_with':
      return beginsWith(sk, sort.value, type);
  }
}

/** S: prefix of code units, which is a prefix of UTF-8 bytes for well-formed strings. B: prefix of bytes. */
export function beginsWith(value: KeyValue, prefix: KeyValue, type: KeyType): boolean {
  if (type === 'S') return String(value).startsWith(String(prefix));
  const bytes = decodeBase64(String(value));
  const head = decodeBase64(String(prefix));
  return head.length <= bytes.length && compareBytes(bytes.subarray(0, head.length), head) === 0;
}

/** Throws DynamoDB's ValidationException for a key value of the wrong type. */
export function checkKeyValue(value: KeyValue, key: KeyAttribute): void {
  const ok = key.type === 'N' ? isNumeric(value) : typeof value === 'string';
  if (!ok) {
    throw new EvaluationError(
      'One or more parameter values were invalid: Condition parameter type does not match schema type',
    );
  }
}

/** Throws the ValidationException DynamoDB gives for a sort key condition it cannot run. */
export function checkSortCondition(sort: SortCondition, key: KeyAttribute | undefined): void {
  if (!key) throw new EvaluationError('Query key condition not supported');
  checkKeyValue(sort.value, key);
  if (sort.op === 'begins_with' && key.type === 'N') {
    throw new EvaluationError(
      'Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N',
    );
  }
  if (sort.op !== 'between') return;
  if (sort.to === undefined)
    throw new EvaluationError('Invalid KeyConditionExpression: BETWEEN needs two values');
  checkKeyValue(sort.to, key);
  refuse(sortBoundsProblem(sort, key));
}
