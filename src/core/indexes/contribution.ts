// An entity's share of a view (its contribution): its entries grouped by partition key, each partition
// sorted, built whole here. It is cached on the entity's derived items, which derive.ts keeps while the
// entity and its samples stay the same objects, so an edit re-sorts only the edited entity's entries
// (contributions.ts; patched-contribution.ts and rekeyed-contribution.ts redo only what an edit changed).
import type { KeySchema } from '../model/indexes.ts';
import type { KeyType } from '../model/schema.ts';
import { compareByToken, compareKeyValues, keyString, sortToken } from '../values/compare.ts';
import type { DerivedItem, PlainItem } from '../values/item.ts';
import { keyValueOf, project, type ViewContext } from './view-context.ts';
import type { ViewEntry } from './view-types.ts';

export type SortToken = string | number;

/** One entity's entries of one partition (or, merged, all of them), in view order. */
export interface Part {
  entries: ViewEntry[];
  /** The entries' sort key tokens (sortToken), aligned with them; undefined without a sort key. */
  tokens: SortToken[] | undefined;
}

/** An entity's parts by partition key: a Map, or (re-keyed) parts computed when first read. */
export interface Parts {
  readonly size: number;
  get(key: string): Part | undefined;
  has(key: string): boolean;
  [Symbol.iterator](): Iterator<[string, Part]>;
}

let contributionIds = 0;

/** A new contribution's id. */
export function nextContributionId(): number {
  return ++contributionIds;
}

/** One entity's share of a view. */
export interface Contribution {
  /** Tells contributions apart (an edit names the one it started from by it, holding no reference). */
  id: number;
  /** The entity's derived items it was built from. */
  items: DerivedItem[];
  parts: Parts;
  /** Partition keys in key order, and their tokens. */
  order: string[];
  orderTokens: SortToken[];
  /** The entity's items the view does not hold (sparse, a key of the wrong type, or not in the table). */
  excluded: DerivedItem[];
  /** Table only: items a later item of the same entity with the same primary key replaced. */
  overwritten: DerivedItem[];
  /** When patched after a sample edit: the contribution it was patched from, and the partitions it touched. */
  patched?: { from: number; keys: Set<string> };
  /** When re-keyed after a template edit: the contribution whose partitions it has (same keys, same lengths). */
  rekeyedFrom?: number;
  /** Re-keyed with parts computed when read: the contribution (with every part built) they are computed from. */
  root?: Contribution;
}

/** Items an index leaves out whatever their keys: those the table does not hold or holds no more. */
export interface Exclusions {
  notInTable: DerivedItem[];
  overwritten: DerivedItem[];
}

export const NONE: Exclusions = { notInTable: [], overwritten: [] };

const contributions = new WeakMap<DerivedItem[], Map<string, Contribution>>();
// Enough for every view of a large design; older contexts (a projection typed letter by letter) go first.
export const CONTEXTS_KEPT = 64;

/** The contributions built from these items, by context key and overwritten items (contributionOf's cache). */
export function keptContributions(items: DerivedItem[]): Map<string, Contribution> {
  let byContext = contributions.get(items);
  if (!byContext) {
    byContext = new Map();
    contributions.set(items, byContext);
  }
  return byContext;
}

/** The contribution kept for these items in this context with no item overwritten, if any. */
export function keptContribution(items: DerivedItem[], context: ViewContext): Contribution | undefined {
  return contributions.get(items)?.get(`${context.key}|`);
}

/** The entity's contribution built whole: every item keyed, grouped and sorted. */
export function buildContribution(
  items: DerivedItem[],
  context: ViewContext,
  exclusions: Exclusions,
): Contribution {
  const { schema, projection, tie } = context;
  const { partitionKey, sortKey } = schema;
  const skipped = new Set(exclusions.overwritten);
  const notInTable = new Set(exclusions.notInTable);
  const entries: ViewEntry[] = [];
  const keys: string[] = [];
  // Sorting fast: keys become tokens in native JS order once (sortToken). The order is entryComparator's,
  // which the evaluator's binary searches use.
  const pkTokens: SortToken[] = [];
  const skTokens: SortToken[] = [];
  const excluded: DerivedItem[] = [];
  for (const source of items) {
    if (skipped.has(source)) continue;
    const pk = keyValueOf(source.item, partitionKey);
    const sk = sortKey ? keyValueOf(source.item, sortKey) : undefined;
    if (notInTable.has(source) || pk === undefined || (sortKey && sk === undefined)) {
      excluded.push(source);
      continue;
    }
    const entry: ViewEntry = { item: project(source.item, projection), source, pk };
    if (sortKey) {
      entry.sk = sk;
      skTokens.push(sortToken(sk!, sortKey.type));
    }
    entries.push(entry);
    keys.push(keyString(pk, partitionKey.type));
    pkTokens.push(sortToken(pk, partitionKey.type));
  }
  // Group by partition (in item order), sort each partition by sort key token (stable), then order the
  // partitions by their key token: cheaper than one sort of everything, whose comparisons would mostly
  // compare partition keys with long common prefixes.
  const groups = new Map<string, number[]>();
  for (let n = 0; n < entries.length; n++) {
    const group = groups.get(keys[n]);
    if (group) group.push(n);
    else groups.set(keys[n], [n]);
  }
  // Distinct tokens decide at once (the common case); equal ones may be N values a double cannot tell apart.
  const bySortKey = (a: number, b: number) => {
    const x = skTokens[a];
    const y = skTokens[b];
    if (x !== y) return x < y ? -1 : 1;
    return compareByToken(x, y, entries[a].sk!, entries[b].sk!, sortKey!.type);
  };
  const parts = new Map<string, Part>();
  const overwritten: DerivedItem[] = [];
  const firsts: number[] = [];
  for (const [key, group] of groups) {
    if (sortKey && group.length > 1) group.sort(bySortKey);
    const part: Part = {
      entries: group.map((n) => entries[n]),
      tokens: sortKey ? group.map((n) => skTokens[n]) : undefined,
    };
    // Ties are rare where sort keys are unique, so their (hashing) tie-break runs only where they occur.
    if (tie) sortTies(part, tie, sortKey?.type);
    if (schema.kind === 'table') dropOverwritten(part, schema, overwritten);
    parts.set(key, part);
    firsts.push(group[0]);
  }
  // Numbers past double precision can share a token: compareByToken settles those exactly.
  firsts.sort((a, b) =>
    compareByToken(pkTokens[a], pkTokens[b], entries[a].pk, entries[b].pk, partitionKey.type),
  );
  const order = firsts.map((n) => keys[n]);
  const orderTokens = firsts.map((n) => pkTokens[n]);
  overwritten.sort((a, b) => a.rank - b.rank);
  return { id: nextContributionId(), items, parts, order, orderTokens, excluded, overwritten };
}

// Runs of equal sort key tokens (the whole partition without a sort key) are ordered by the tie hash.
function sortTies(part: Part, tie: (item: PlainItem) => string, type: KeyType | undefined): void {
  const { entries, tokens } = part;
  const equal = (i: number, j: number) =>
    !tokens ||
    (tokens[i] === tokens[j] &&
      compareByToken(tokens[i], tokens[j], entries[i].sk!, entries[j].sk!, type!) === 0);
  for (let start = 0; start < entries.length; ) {
    let end = start + 1;
    while (end < entries.length && equal(end, start)) end++;
    if (end - start > 1) {
      const run = entries.slice(start, end).map((entry) => ({ entry, token: tie(entry.item) }));
      run.sort((a, b) => (a.token < b.token ? -1 : a.token > b.token ? 1 : 0));
      run.forEach(({ entry }, i) => {
        entries[start + i] = entry;
      });
    }
    start = end;
  }
}

// A PutItem replaces the item with the same primary key. In view order such items are adjacent, in derived
// order, so all but the last of a run were overwritten.
export function dropOverwritten(part: Part, schema: KeySchema, overwritten: DerivedItem[]): void {
  const { sortKey } = schema;
  const { entries, tokens } = part;
  let kept = 0;
  for (let i = 0; i < entries.length; i++) {
    const next = entries[i + 1];
    // Equal keys have equal tokens; only equal tokens need the exact (slower) comparison.
    const replaced =
      next !== undefined &&
      (!sortKey ||
        ((!tokens || tokens[i] === tokens[i + 1]) &&
          compareKeyValues(entries[i].sk!, next.sk!, sortKey.type) === 0));
    if (replaced) {
      overwritten.push(entries[i].source);
      continue;
    }
    entries[kept] = entries[i];
    if (tokens) tokens[kept] = tokens[i];
    kept++;
  }
  entries.length = kept;
  if (tokens) tokens.length = kept;
}
