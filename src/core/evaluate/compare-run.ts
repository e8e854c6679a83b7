// The check of a real run against the in-memory prediction: the same items in the same order (matched by
// the table's primary key), the same counts and the same LastEvaluatedKey. DynamoDB and the evaluator must
// agree item for item; any difference is either a stale table (apply again) or a bug worth reporting.
import type { IndexViews } from '../indexes/views.ts';
import { keySchemaFor } from '../model/indexes.ts';
import { isReadPattern } from '../model/read-pattern.ts';
import type { AccessPattern, Design } from '../model/schema.ts';
import type { ArgumentValues } from '../requests/pattern-arguments.ts';
import type { ReadResult, ReadSpec } from '../requests/read-spec.ts';
import { resolvePattern } from '../requests/resolve.ts';
import { canonicalNumber, compareKeyValues } from '../values/compare.ts';
import { ExactNumber, isExactNumber, stringifyExactJson } from '../values/exact-json.ts';
import type { KeyValue, PlainItem } from '../values/item.ts';
import { evaluateRead } from './evaluate.ts';

/** A page as DynamoDB returned it (RunResponse has this shape). */
export interface ActualPage {
  items: Record<string, unknown>[];
  count: number;
  scannedCount: number;
  lastEvaluatedKey?: Record<string, unknown>;
}

export type RunDifference =
  | { kind: 'count' | 'scannedCount'; predicted: number; actual: number; message: string }
  | { kind: 'lastEvaluatedKey'; predicted?: string; actual?: string; message: string }
  /** Ordered: the items at this position differ (or one side has none); unordered: missing/unexpected. */
  | { kind: 'item'; position: number; predicted?: string; actual?: string; message: string }
  /** The same item (same key) with different attribute values. */
  | { kind: 'values'; position: number; key: string; attributes: string[]; message: string };

export interface RunComparison {
  /** True when there is no difference. */
  matches: boolean;
  /**
   * Set when the page differs from the prediction exactly as DynamoDB Local is known to differ from what
   * AWS documents: "DynamoDB Local differs here (known): …" with the reason. The differences are Local's.
   */
  known?: string;
  /** Items that agree (same key at the same position, same values). */
  matched: number;
  /** The larger of the two item counts. */
  total: number;
  differences: RunDifference[];
}

export interface CompareOptions {
  /** The table's primary key attribute names: how an item is identified. */
  keyNames: readonly string[];
  /**
   * False for a Scan: DynamoDB scans in hash order, which the evaluator cannot reproduce, so items compare
   * as a set and where a page ends is not compared.
   */
  ordered?: boolean;
  /** The page DynamoDB Local gives where it departs from AWS's documentation (predictLocalPage). */
  local?: LocalPage;
}

/** DynamoDB Local's own answer to a read where it departs from AWS's documentation, and why. */
export interface LocalPage {
  result: ReadResult;
  reason: string;
}

export const LOCAL_DIFFERS = 'DynamoDB Local differs here (known)';

/** JSON with object keys sorted; arrays of only strings or only numbers (sets, whose order DynamoDB does not keep) sorted too. */
export function canonicalJson(value: unknown): string {
  return stringifyExactJson(canonical(value));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) {
    const members = value.map(canonical);
    if (members.length > 1 && members.every((m) => typeof m === 'string'))
      return [...(members as string[])].sort(compareScalars);
    // Numbers by value, all their digits (an NS may hold numbers a double cannot).
    if (members.length > 1 && members.every((m) => typeof m === 'number' || isExactNumber(m)))
      return [...(members as KeyValue[])].sort((a, b) => compareKeyValues(a, b, 'N'));
    return members;
  }
  // An ExactNumber is one number (its digits in DynamoDB's form), not an object of fields.
  if (isExactNumber(value)) return new ExactNumber(canonicalNumber(value));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      out[key] = canonical((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

function compareScalars(a: string | number, b: string | number): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

/** How an item is named in a difference: `PK=ORDER#o1 · SK=DETAILS`, or its JSON when a key attribute is missing. */
export function itemKeyLabel(item: Record<string, unknown>, keyNames: readonly string[]): string {
  if (!keyNames.every((name) => Object.hasOwn(item, name))) return canonicalJson(item);
  return keyNames.map((name) => `${name}=${formatScalar(item[name])}`).join(' · ');
}

function formatScalar(value: unknown): string {
  return typeof value === 'string' ? value : stringifyExactJson(value);
}

function changedAttributes(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return names.filter((name) => canonicalJson(a[name]) !== canonicalJson(b[name]));
}

function countDifferences(predicted: ReadResult, actual: ActualPage): RunDifference[] {
  const out: RunDifference[] = [];
  for (const kind of ['count', 'scannedCount'] as const) {
    if (predicted[kind] !== actual[kind]) {
      const label = kind === 'count' ? 'Count' : 'ScannedCount';
      out.push({
        kind,
        predicted: predicted[kind],
        actual: actual[kind],
        message: `${label}: predicted ${predicted[kind]}, DynamoDB ${actual[kind]}`,
      });
    }
  }
  return out;
}

function lastKeyDifference(predicted: ReadResult, actual: ActualPage): RunDifference[] {
  const p = predicted.lastEvaluatedKey ? canonicalJson(predicted.lastEvaluatedKey) : undefined;
  const a = actual.lastEvaluatedKey ? canonicalJson(actual.lastEvaluatedKey) : undefined;
  if (p === a) return [];
  return [
    {
      kind: 'lastEvaluatedKey',
      predicted: p,
      actual: a,
      message: `LastEvaluatedKey: predicted ${p ?? 'none'}, DynamoDB ${a ?? 'none'}`,
    },
  ];
}

function orderedItems(
  predicted: PlainItem[],
  actual: Record<string, unknown>[],
  keyNames: readonly string[],
): { matched: number; differences: RunDifference[] } {
  const differences: RunDifference[] = [];
  let matched = 0;
  const length = Math.max(predicted.length, actual.length);
  for (let position = 0; position < length; position++) {
    const p = predicted[position];
    const a = actual[position];
    const pKey = p && itemKeyLabel(p, keyNames);
    const aKey = a && itemKeyLabel(a, keyNames);
    if (pKey !== aKey) {
      differences.push({
        kind: 'item',
        position,
        predicted: pKey,
        actual: aKey,
        message: `#${position + 1}: predicted ${pKey ?? 'no item'}, DynamoDB ${aKey ?? 'no item'}`,
      });
      continue;
    }
    const attributes = changedAttributes(p as Record<string, unknown>, a as Record<string, unknown>);
    if (attributes.length === 0) matched++;
    else
      differences.push({
        kind: 'values',
        position,
        key: pKey as string,
        attributes,
        message: `#${position + 1} ${pKey}: ${attributes.join(', ')} differ`,
      });
  }
  return { matched, differences };
}

function unorderedItems(
  predicted: PlainItem[],
  actual: Record<string, unknown>[],
  keyNames: readonly string[],
): { matched: number; differences: RunDifference[] } {
  const differences: RunDifference[] = [];
  const remaining = new Map<string, { item: Record<string, unknown>; position: number }[]>();
  actual.forEach((item, position) => {
    const key = itemKeyLabel(item, keyNames);
    remaining.set(key, [...(remaining.get(key) ?? []), { item, position }]);
  });
  let matched = 0;
  predicted.forEach((item, position) => {
    const key = itemKeyLabel(item, keyNames);
    const match = remaining.get(key)?.shift();
    if (!match) {
      differences.push({
        kind: 'item',
        position,
        predicted: key,
        message: `predicted ${key}, which DynamoDB did not return`,
      });
      return;
    }
    const attributes = changedAttributes(item, match.item);
    if (attributes.length === 0) matched++;
    else
      differences.push({
        kind: 'values',
        position,
        key,
        attributes,
        message: `${key}: ${attributes.join(', ')} differ`,
      });
  });
  for (const [key, left] of remaining) {
    for (const { position } of left) {
      differences.push({
        kind: 'item',
        position,
        actual: key,
        message: `DynamoDB returned ${key}, which was not predicted`,
      });
    }
  }
  return { matched, differences };
}

/** Compares a real page with the evaluator's answer to the same read (same arguments, Limit and start key). */
export function compareRunToPrediction(
  predicted: ReadResult,
  actual: ActualPage,
  options: CompareOptions,
): RunComparison {
  const ordered = options.ordered !== false;
  const items = (ordered ? orderedItems : unorderedItems)(predicted.items, actual.items, options.keyNames);
  const differences = [
    ...countDifferences(predicted, actual),
    ...items.differences,
    ...(ordered ? lastKeyDifference(predicted, actual) : []),
  ];
  const comparison: RunComparison = {
    matches: differences.length === 0,
    matched: items.matched,
    total: Math.max(predicted.items.length, actual.items.length),
    differences,
  };
  if (!comparison.matches && options.local) {
    const { local, ...rest } = options;
    if (compareRunToPrediction(local.result, actual, rest).matches)
      comparison.known = `${LOCAL_DIFFERS}: ${local.reason}`;
  }
  return comparison;
}

/**
 * The page the evaluator predicts for a run of a read pattern: the same arguments, the pattern's Limit and
 * the run's ExclusiveStartKey. Undefined for patterns it does not answer (writes, batch and transaction gets).
 */
export function predictPage(
  design: Design,
  views: IndexViews,
  pattern: AccessPattern,
  args: ArgumentValues,
  exclusiveStartKey?: PlainItem,
): ReadResult | undefined {
  if (!isReadPattern(pattern)) return undefined;
  const spec = resolvePattern(design, pattern, args);
  if (exclusiveStartKey) spec.exclusiveStartKey = exclusiveStartKey;
  return evaluateRead(design, views, spec);
}

/**
 * The page DynamoDB Local gives for the same run where it departs from AWS's documentation, with why;
 * undefined where Local gives the predicted page.
 */
export function predictLocalPage(
  design: Design,
  views: IndexViews,
  pattern: AccessPattern,
  args: ArgumentValues,
  exclusiveStartKey?: PlainItem,
): LocalPage | undefined {
  if (pattern.operation !== 'Query' && pattern.operation !== 'Scan') return undefined;
  const spec = resolvePattern(design, pattern, args);
  if (exclusiveStartKey) spec.exclusiveStartKey = exclusiveStartKey;
  return localPage(design, views, spec);
}

/** localPage for a resolved read. */
export function localPage(design: Design, views: IndexViews, spec: ReadSpec): LocalPage | undefined {
  const reasons: string[] = [];
  if (spec.operation === 'Query' && spec.filter?.length) reasons.push(LOCAL_PAGE_AFTER_FILTER);
  const schema = spec.index === undefined ? undefined : keySchemaFor(design, spec.index);
  if (schema && schema.projection.type !== 'ALL') reasons.push(LOCAL_INDEX_PAGE);
  if (reasons.length === 0) return undefined;
  const aws = evaluateRead(design, views, spec);
  const local = evaluateRead(design, views, spec, 'dynamodb-local');
  if (canonicalJson(aws) === canonicalJson(local)) return undefined;
  return { result: local, reason: reasons.join(' ') };
}

export const LOCAL_INDEX_PAGE =
  "DynamoDB Local counts the 1 MB page of an index read by the table items' full size; DynamoDB counts the index entries as the index projects them, so its page holds more.";

export const LOCAL_PAGE_AFTER_FILTER =
  'DynamoDB Local counts the 1 MB page of a Query only over the items its filter keeps; DynamoDB reads 1 MB, then filters (AWS, Query: "will read up to … a maximum of 1 MB of data and then apply any filtering to the results using FilterExpression"), so its page ends sooner.';
