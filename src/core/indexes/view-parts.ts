// Views are built entity by entity, then merged. An entity's share of a view (its contribution: entries
// grouped by partition key, each partition sorted) is cached on the entity's derived items, which derive.ts
// keeps while the entity and its samples stay the same objects. So an edit re-sorts only the edited entity's
// entries, and re-merges only the partitions that entity shares with others.
//
// The merged order is the one a single stable sort of every item in derived order gives: sort key token,
// then (GSI/LSI) DynamoDB Local's tie hash, then entity order, then sample order.

import { keyTemplate } from '../items/derive.ts';
import { type ItemsDelta, itemsDelta } from '../items/sample-edits.ts';
import { positionOf } from '../items/sample-positions.ts';
import { type TemplateDelta, templateDeltas } from '../items/template-edits.ts';
import { literalPrefix } from '../keys/template.ts';
import { type KeySchema, projectedAttributeNames } from '../model/indexes.ts';
import type { Design, JsonValue, KeyAttribute, KeyType } from '../model/schema.ts';
import { compareByToken, compareKeyValues, decodeBase64, keyString, sortToken } from '../values/compare.ts';
import { isExactNumber } from '../values/exact-json.ts';
import type { DerivedItem, KeyValue, PlainItem } from '../values/item.ts';
import type { IndexView } from './index-view.ts';
import { tieBreaker } from './local-order.ts';
import {
  ComputedPartitions,
  type PartitionMap,
  PartitionsBuilder,
  PendingPartition,
} from './partition-map.ts';
import { keyedSchema, type TupleKeyAttribute, tupleToken } from './tuple-key.ts';
import type { ViewEntry } from './view-types.ts';

type SortToken = string | number;

/** How a view keys and projects items: everything an entity's contribution depends on besides its items. */
export interface ViewContext {
  /** The schema entries are keyed by: a multi-attribute role as one tuple attribute (tuple-key.ts). */
  schema: KeySchema;
  /** The index's own schema, as views show it. */
  indexSchema: KeySchema;
  /** The context's content as text (not the index name: two alike indexes share their contributions). */
  key: string;
  projection: Set<string> | undefined;
  /** Orders GSI/LSI entries with equal sort keys (local-order.ts); undefined for the table. */
  tie: ((item: PlainItem) => string) | undefined;
}

/** The context of a view; an index's depends on the table key too (`tableKey`, the table context's key). */
export function viewContext(design: Design, indexSchema: KeySchema, tableKey = ''): ViewContext {
  const projection = projectedAttributeNames(design, indexSchema);
  const schema = keyedSchema(indexSchema);
  const { kind, partitionKey, sortKey } = schema;
  const names = projection ? [...projection].sort() : null;
  const key = JSON.stringify([kind, partitionKey, sortKey ?? null, names, tableKey]);
  return { schema, indexSchema, key, projection, tie: tieBreaker(design, schema) };
}

/** One entity's entries of one partition (or, merged, all of them), in view order. */
interface Part {
  entries: ViewEntry[];
  /** The entries' sort key tokens (sortToken), aligned with them; undefined without a sort key. */
  tokens: SortToken[] | undefined;
}

/** An entity's parts by partition key: a Map, or (re-keyed) parts computed when first read. */
interface Parts {
  readonly size: number;
  get(key: string): Part | undefined;
  has(key: string): boolean;
  [Symbol.iterator](): Iterator<[string, Part]>;
}

let contributionIds = 0;

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
const CONTEXTS_KEPT = 64;

/** The entity's contribution to the view, built once per items array, context and exclusions. */
export function contributionOf(
  items: DerivedItem[],
  context: ViewContext,
  exclusions: Exclusions,
): Contribution {
  // notInTable follows from the items and the table key, which context.key holds; overwritten may not.
  const key = `${context.key}|${exclusions.overwritten.map((d) => d.rank).join(',')}`;
  let byContext = contributions.get(items);
  if (!byContext) {
    byContext = new Map();
    contributions.set(items, byContext);
  }
  let found = byContext.get(key);
  if (found) {
    byContext.delete(key);
  } else {
    found =
      patchedContribution(items, context, exclusions) ??
      rekeyedContribution(items, context, exclusions) ??
      buildContribution(items, context, exclusions);
    if (byContext.size >= CONTEXTS_KEPT) byContext.delete(byContext.keys().next().value!);
  }
  byContext.set(key, found);
  return found;
}

function buildContribution(items: DerivedItem[], context: ViewContext, exclusions: Exclusions): Contribution {
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
  return { id: ++contributionIds, items, parts, order, orderTokens, excluded, overwritten };
}

/**
 * After a key template edit that left this view's partition key alone (derive.ts's TemplateDelta): the
 * previous contribution's partitions, each entry pointing at the new item, and sorted again (as
 * buildContribution sorts: sample order, sort key, tie hash) only when the sort key or the tie hash may
 * have changed. Undefined (build it whole) when an item leaves or joins the view, or an overwrite or an
 * item the table does not hold is involved: those a full build settles.
 */
function rekeyedContribution(
  items: DerivedItem[],
  context: ViewContext,
  exclusions: Exclusions,
): Contribution | undefined {
  if (exclusions.overwritten.length > 0 || exclusions.notInTable.length > 0) return undefined;
  // The nearest earlier version this view was built for: the previous one while typing, or the one it was
  // built for when typing last paused.
  let delta: TemplateDelta | undefined;
  let from: Contribution | undefined;
  for (const earlier of templateDeltas(items)) {
    from = contributions.get(earlier.from)?.get(`${context.key}|`);
    if (from) {
      delta = earlier;
      break;
    }
  }
  if (!delta || !from || from.overwritten.length > 0) return undefined;
  const { schema, projection, tie } = context;
  const { partitionKey, sortKey } = schema;
  const names = (key: TupleKeyAttribute) => (key.parts ?? [key]).map((part) => part.name);
  const changed = delta.changed;
  if (names(partitionKey).some((name) => changed.has(name))) return undefined;
  const sortKeyChanged = sortKey !== undefined && names(sortKey).some((name) => changed.has(name));
  const resort = tie !== undefined || sortKeyChanged;
  // The same items are in the view, each at the position it had in the items the previous parts (or the
  // parts they are computed from) were built from: the samples are the same. The items it left out stay
  // out when its keys did not change (an index the edit did not touch: a sparse GSI, or one another
  // entity's items fill) and each is still left out for its own keys (none was out because the table did
  // not hold it then, as the table holds every item now).
  const root = from.root ?? from;
  const excluded: DerivedItem[] = [];
  if (from.excluded.length > 0) {
    if (sortKeyChanged) return undefined;
    for (const previous of from.excluded) {
      const source = items[positionOf(from.items, previous)];
      const out =
        keyValueOf(source.item, partitionKey) === undefined ||
        (sortKey && keyValueOf(source.item, sortKey) === undefined);
      if (!out) return undefined;
      excluded.push(source);
    }
  } else if (sortKeyChanged && !renderedForEvery(items, sortKey))
    // Every item still has its sort key when the key did not change, or when its template rendered one for
    // every item (derive.ts knows without building the items); else each item says.
    for (const source of items) if (keyValueOf(source.item, sortKey) === undefined) return undefined;
  const rekey = (part: Part): Part | 'overwrites' => {
    const entries: ViewEntry[] = new Array(part.entries.length);
    for (let n = 0; n < entries.length; n++) {
      const previous = part.entries[n];
      const source = items[positionOf(root.items, previous.source)];
      const entry: ViewEntry = { item: project(source.item, projection), source, pk: previous.pk };
      if (sortKey) entry.sk = keyValueOf(source.item, sortKey);
      entries[n] = entry;
    }
    if (!resort) return { entries, tokens: part.tokens };
    // One entry (an entity with one item per partition): nothing to sort, nothing to overwrite.
    if (entries.length === 1)
      return { entries, tokens: sortKey ? [sortToken(entries[0].sk!, sortKey.type)] : undefined };
    // One sort in buildContribution's order: sort key token (exact on equal tokens), then the tie hash,
    // then sample order. Tie hashes are computed only for entries that meet an equal sort key.
    const tokens = sortKey ? entries.map((entry) => sortToken(entry.sk!, sortKey.type)) : undefined;
    const ties: (string | undefined)[] = [];
    const tieAt = (n: number) => (ties[n] ??= tie!(entries[n].item));
    const at = entries.map((_, n) => n);
    at.sort((a, b) => {
      if (tokens) {
        const x = tokens[a];
        const y = tokens[b];
        if (x !== y) return x < y ? -1 : 1;
        const order = compareByToken(x, y, entries[a].sk!, entries[b].sk!, sortKey!.type);
        if (order !== 0) return order;
      }
      if (tie) {
        const x = tieAt(a);
        const y = tieAt(b);
        if (x !== y) return x < y ? -1 : 1;
      }
      return entries[a].source.rank - entries[b].source.rank;
    });
    const sorted: Part = { entries: at.map((n) => entries[n]), tokens: tokens && at.map((n) => tokens[n]) };
    if (schema.kind === 'table') {
      const overwritten: DerivedItem[] = [];
      dropOverwritten(sorted, schema, overwritten);
      if (overwritten.length > 0) return 'overwrites';
    }
    return sorted;
  };
  // The table's partitions of several entries may overwrite one (a full build settles that): they are
  // re-keyed now, every other part when it is read.
  const now = new Map<string, Part>();
  if (schema.kind === 'table')
    for (const key of multiEntryKeys(root)) {
      const part = rekey(root.parts.get(key)!);
      if (part === 'overwrites') return undefined;
      now.set(key, part);
    }
  return {
    id: ++contributionIds,
    items,
    parts: new RekeyedParts(root.parts, now, (part) => rekey(part) as Part),
    order: root.order,
    orderTokens: root.orderTokens,
    excluded,
    overwritten: [],
    rekeyedFrom: from.id,
    root,
  };
}

/**
 * True when every item has a usable value for the key, from its templates alone: each attribute rendered by
 * a template for every item (an S or N value: a B value may not be base64) and no template empty.
 */
function renderedForEvery(items: DerivedItem[], key: TupleKeyAttribute): boolean {
  return (key.parts ?? [key]).every((part) => {
    const template = part.type === 'B' ? undefined : keyTemplate(items, part.name);
    return template !== undefined && template !== '';
  });
}

const multiEntry = new WeakMap<Contribution, string[]>();

/** The keys of a contribution's partitions that hold more than one entry. */
function multiEntryKeys(contribution: Contribution): string[] {
  let keys = multiEntry.get(contribution);
  if (!keys) {
    keys = [];
    for (const [key, part] of contribution.parts) if (part.entries.length > 1) keys.push(key);
    multiEntry.set(contribution, keys);
  }
  return keys;
}

/** Parts re-keyed from `from`'s when first read (those in `now` already were). */
class RekeyedParts implements Parts {
  readonly #from: Parts;
  readonly #done: Map<string, Part>;
  readonly #rekey: (part: Part) => Part;
  constructor(from: Parts, now: Map<string, Part>, rekey: (part: Part) => Part) {
    this.#from = from;
    this.#done = now;
    this.#rekey = rekey;
  }
  get size(): number {
    return this.#from.size;
  }
  has(key: string): boolean {
    return this.#from.has(key);
  }
  get(key: string): Part | undefined {
    let part = this.#done.get(key);
    if (!part) {
      const from = this.#from.get(key);
      if (!from) return undefined;
      part = this.#rekey(from);
      this.#done.set(key, part);
    }
    return part;
  }
  *[Symbol.iterator](): Iterator<[string, Part]> {
    for (const [key] of this.#from) yield [key, this.get(key)!];
  }
}

/**
 * After a sample edit (derive.ts's ItemsDelta), the entity's previous contribution with the removed items
 * taken out and the new ones inserted where a full build would place them: sort key, tie hash, then sample
 * order. Undefined (build it whole) when the previous one is gone, overwrites are involved (table), or
 * exclusions other than "not in the table" apply.
 */
function patchedContribution(
  items: DerivedItem[],
  context: ViewContext,
  exclusions: Exclusions,
): Contribution | undefined {
  const delta = itemsDelta(items);
  if (!delta || exclusions.overwritten.length > 0) return undefined;
  const from = contributions.get(delta.from)?.get(`${context.key}|`);
  if (!from || from.overwritten.length > 0) return undefined;
  return patchContribution(from, items, delta, context, new Set(exclusions.notInTable));
}

function patchContribution(
  from: Contribution,
  items: DerivedItem[],
  { from: before, start, oldEnd, newEnd }: ItemsDelta,
  context: ViewContext,
  notInTable: Set<DerivedItem>,
): Contribution | undefined {
  const { schema, projection, tie } = context;
  const { partitionKey, sortKey } = schema;
  const shift = newEnd - oldEnd;
  // Entries in sample order are in rank order, and the items the edit kept keep their ranks.
  const parts = new Map(from.parts);
  const copied = new Set<string>();
  const writable = (key: string): Part | undefined => {
    const part = parts.get(key);
    if (!part || copied.has(key)) return part;
    const copy = { entries: part.entries.slice(), tokens: part.tokens?.slice() };
    parts.set(key, copy);
    copied.add(key);
    return copy;
  };
  let order = from.order;
  let orderTokens = from.orderTokens;
  const removedExcluded = new Set<DerivedItem>();
  for (let i = start; i < oldEnd; i++) {
    const source = before[i];
    if (shift === 0 && items[i] === source) continue;
    const pk = keyValueOf(source.item, partitionKey);
    const key = pk === undefined ? undefined : keyString(pk, partitionKey.type);
    const part = key === undefined ? undefined : writable(key);
    const at = part ? part.entries.findIndex((entry) => entry.source === source) : -1;
    if (!part || at < 0) {
      removedExcluded.add(source);
      continue;
    }
    part.entries.splice(at, 1);
    part.tokens?.splice(at, 1);
    if (part.entries.length === 0) {
      parts.delete(key!);
      const position = order.indexOf(key!);
      order = order.filter((_, n) => n !== position);
      orderTokens = orderTokens.filter((_, n) => n !== position);
    }
  }
  const addedExcluded: DerivedItem[] = [];
  for (let i = start; i < newEnd; i++) {
    const source = items[i];
    if (shift === 0 && before[i] === source) continue;
    const pk = keyValueOf(source.item, partitionKey);
    const sk = sortKey ? keyValueOf(source.item, sortKey) : undefined;
    if (notInTable.has(source) || pk === undefined || (sortKey && sk === undefined)) {
      addedExcluded.push(source);
      continue;
    }
    const entry: ViewEntry = { item: project(source.item, projection), source, pk };
    const token = sortKey ? sortToken(sk!, sortKey.type) : undefined;
    if (sortKey) entry.sk = sk;
    const key = keyString(pk, partitionKey.type);
    let part = writable(key);
    if (!part) {
      part = { entries: [], tokens: sortKey ? [] : undefined };
      parts.set(key, part);
      copied.add(key);
      const pkToken = sortToken(pk, partitionKey.type);
      let low = 0;
      let high = order.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        const other = parts.get(order[mid])!.entries[0].pk;
        if (compareByToken(orderTokens[mid], pkToken, other, pk, partitionKey.type) < 0) low = mid + 1;
        else high = mid;
      }
      order = [...order.slice(0, low), key, ...order.slice(low)];
      orderTokens = [...orderTokens.slice(0, low), pkToken, ...orderTokens.slice(low)];
    }
    const tieOf = tie?.(entry.item);
    const { rank } = source;
    // Whether the entry at n goes after the new one.
    const after = (n: number) => {
      const other = part.entries[n];
      if (sortKey) {
        const order = compareByToken(part.tokens![n], token!, other.sk!, sk!, sortKey.type);
        if (order !== 0) return order > 0;
      }
      if (tieOf !== undefined) {
        const otherTie = tie!(other.item);
        if (otherTie !== tieOf) return otherTie > tieOf;
      }
      return other.source.rank > rank;
    };
    let low = 0;
    let high = part.entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (after(mid)) high = mid;
      else low = mid + 1;
    }
    // The table holds one item per primary key: an equal key means an overwrite, which a full build settles.
    if (schema.kind === 'table') {
      const sameKey = (n: number) =>
        n >= 0 &&
        n < part.entries.length &&
        (!sortKey || compareKeyValues(part.entries[n].sk!, sk!, sortKey.type) === 0);
      if (sameKey(low - 1) || sameKey(low)) return undefined;
    }
    part.entries.splice(low, 0, entry);
    part.tokens?.splice(low, 0, token!);
  }
  let excluded = from.excluded;
  if (removedExcluded.size > 0 || addedExcluded.length > 0) {
    excluded = [...from.excluded.filter((source) => !removedExcluded.has(source)), ...addedExcluded];
    if (addedExcluded.length > 0) excluded.sort((a, b) => a.rank - b.rank);
  }
  return {
    items,
    parts,
    order,
    orderTokens,
    excluded,
    overwritten: [],
    id: ++contributionIds,
    patched: { from: from.id, keys: copied },
  };
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
function dropOverwritten(part: Part, schema: KeySchema, overwritten: DerivedItem[]): void {
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

/** The view from every entity's contribution, in entity order. */
export function mergeContributions(context: ViewContext, contributions: Contribution[]): IndexView {
  const kept = lastMerges.get(context.key) ?? [];
  const last = closestMerge(kept, contributions);
  const merge = last ? mergeChanged(context, last, contributions) : mergeAll(context, contributions);
  lastMerges.delete(context.key);
  if (lastMerges.size >= CONTEXTS_KEPT) lastMerges.delete(lastMerges.keys().next().value!);
  lastMerges.set(context.key, [merge, ...kept.filter((m) => m !== merge)].slice(0, MERGES_KEPT));
  return merge.view;
}

// Merges kept per context: the design being edited and the settled one (whose views are asked for when
// typing pauses) each find theirs, instead of each redoing the other's edit.
const MERGES_KEPT = 3;

/** The kept merge the contributions are closest to: most of them the same, or made from its own. */
function closestMerge(kept: Merge[], contributions: Contribution[]): Merge | undefined {
  let best: Merge | undefined;
  let bestScore = -1;
  for (const merge of kept) {
    if (merge.contributions.length !== contributions.length) continue;
    let score = 0;
    contributions.forEach((contribution, i) => {
      const { id } = merge.contributions[i];
      if (contribution.id === id) score += 2;
      else if (contribution.rekeyedFrom === id || contribution.patched?.from === id) score += 1;
    });
    if (score > bestScore) {
      best = merge;
      bestScore = score;
    }
  }
  return best;
}

interface Merge {
  contributions: Contribution[];
  view: IndexView;
  /** Table only: partition key → items a later entity's item with the same primary key replaced. */
  crossOverwritten: Map<string, DerivedItem[]>;
  /** Partition keys several contributions hold → their indexes; undefined when not known. */
  shared?: Map<string, number[]>;
}

// The last merges per context, newest first: the next one starts from the closest and redoes only the
// edited entities' partitions.
const lastMerges = new Map<string, Merge[]>();

function mergeAll(context: ViewContext, contributions: Contribution[]): Merge {
  const byKey = new Map<string, Part | Part[]>();
  const holders = new Map<string, number>();
  const shared = new Map<string, number[]>();
  contributions.forEach((contribution, i) => {
    for (const [key, part] of contribution.parts) {
      const seen = byKey.get(key);
      if (seen === undefined) {
        byKey.set(key, part);
        holders.set(key, i);
      } else {
        if (Array.isArray(seen)) seen.push(part);
        else byKey.set(key, [seen, part]);
        const indexes = shared.get(key);
        if (indexes) indexes.push(i);
        else shared.set(key, [holders.get(key)!, i]);
      }
    }
  });
  const partitions = new Map<string, ViewEntry[]>();
  const crossOverwritten = new Map<string, DerivedItem[]>();
  let itemCount = 0;
  for (const [key, found] of byKey) {
    const entries = Array.isArray(found) ? mergeInto(key, found, context, crossOverwritten) : found.entries;
    partitions.set(key, entries);
    itemCount += entries.length;
  }
  const partitionOrder = mergedOrder(contributions, partitions, context.schema);
  return {
    ...finish(context, contributions, partitions, partitionOrder, itemCount, crossOverwritten),
    shared,
  };
}

function mergeChanged(context: ViewContext, last: Merge, contributions: Contribution[]): Merge {
  const changed = contributions.flatMap((contribution, i) =>
    contribution === last.contributions[i] ? [] : [i],
  );
  if (changed.length === 0) return last;
  const computed = computedMerge(context, last, contributions, changed);
  if (computed) return computed;
  // The previous view's partitions are shared, not copied (partition-map.ts).
  const partitions = new PartitionsBuilder(last.view.partitions);
  const crossOverwritten = new Map(last.crossOverwritten);
  let itemCount = last.view.itemCount;
  // A template edit that leaves the partition keys alone leaves their order alone too.
  const sameKeys = changed.every((i) => sameStrings(last.contributions[i].order, contributions[i].order));
  // A sample edit's patch (patchedContribution) knows the partitions it touched.
  const patched = changed.every((i) => contributions[i].patched?.from === last.contributions[i].id);
  // Otherwise partitions the edited entities left must go too. (Redoing a key twice is harmless.)
  // The same partition keys (a template edit of a sort key, say): the partitions each changed entity holds,
  // walked with its parts, the others' parts looked up only where they share the key.
  // A shared partition no entry of which can overwrite another is merged when first read (pendingMerge).
  if (sameKeys && !patched && last.shared) {
    const { shared } = last;
    let resized = false;
    for (const i of changed) {
      for (const [key, part] of contributions[i].parts) {
        const holders = shared.get(key);
        const before = partitions.length(key);
        let after: ViewEntry[] | PendingPartition;
        if (!holders) after = part.entries;
        else {
          if (crossOverwritten.size > 0) crossOverwritten.delete(key);
          const parts = holders.map((h) => (h === i ? part : contributions[h].parts.get(key)!));
          after = pendingMerge(parts, context) ?? mergeInto(key, parts, context, crossOverwritten);
        }
        // Every key here was in the previous view (the same keys): replaced, never added.
        partitions.replace(key, after);
        const size = after instanceof PendingPartition ? after.size : after.length;
        if (size !== before) resized = true;
        itemCount += size - before;
      }
    }
    const merge = finish(
      context,
      contributions,
      partitions.build(),
      last.view.partitionOrder,
      itemCount,
      crossOverwritten,
    );
    // Same partitions in the same order, each as long as before: the grid's layout of the rows holds.
    if (!resized) layouts.set(merge.view, layoutKey(last.view));
    return { ...merge, shared };
  }
  const affected = patched
    ? new Set(changed.flatMap((i) => [...contributions[i].patched!.keys]))
    : sameKeys
      ? changed.flatMap((i) => contributions[i].order)
      : new Set(changed.flatMap((i) => [...last.contributions[i].order, ...contributions[i].order]));
  // Kept up to date for the affected keys, the only ones whose holders may change: copied at the first
  // change, as the last merge (still kept) holds it too.
  let shared = last.shared;
  let ownShared = false;
  const setHolders = (key: string, holders: number[]) => {
    if (!shared) return;
    const before = shared.get(key);
    const same =
      holders.length > 1 ? before !== undefined && sameNumbers(before, holders) : before === undefined;
    if (same) return;
    if (!ownShared) {
      shared = new Map(shared);
      ownShared = true;
    }
    if (holders.length > 1) shared.set(key, holders);
    else shared.delete(key);
  };
  for (const key of affected) {
    itemCount -= partitions.length(key);
    crossOverwritten.delete(key);
    const parts: Part[] = [];
    const holders: number[] = [];
    contributions.forEach((contribution, i) => {
      const part = contribution.parts.get(key);
      if (part) {
        parts.push(part);
        holders.push(i);
      }
    });
    setHolders(key, holders);
    if (parts.length === 0) {
      partitions.delete(key);
      continue;
    }
    const entries = parts.length === 1 ? parts[0].entries : mergeInto(key, parts, context, crossOverwritten);
    partitions.set(key, entries);
    itemCount += entries.length;
  }
  const built = partitions.build();
  const partitionOrder = sameKeys
    ? last.view.partitionOrder
    : patched
      ? patchedOrder(last.view, built, affected, context.schema)
      : mergedOrder(contributions, built, context.schema);
  return {
    ...finish(context, contributions, built, partitionOrder, itemCount, crossOverwritten),
    shared,
  };
}

/**
 * After a template edit that re-keyed one entity's partitions (same keys, same lengths: rekeyedContribution),
 * when none of them can overwrite another entity's item, nothing changes but the order within those
 * partitions: the view is the previous one with them merged again when first read (the grid reads the few
 * on screen). Undefined when that does not hold: mergeChanged merges them now.
 */
function computedMerge(
  context: ViewContext,
  last: Merge,
  contributions: Contribution[],
  changed: number[],
): Merge | undefined {
  if (changed.length !== 1 || !last.shared || last.crossOverwritten.size > 0) return undefined;
  const i = changed[0];
  const contribution = contributions[i];
  if (contribution.rekeyedFrom !== last.contributions[i].id) return undefined;
  if (context.schema.kind === 'table' && !cannotOverwrite(context, contributions, i, last.shared))
    return undefined;
  let base = last.view.partitions;
  // The same partitions re-keyed again: over what the last re-key lay over.
  if (base instanceof ComputedPartitions && base.owner === contribution.order) base = base.base;
  if (base instanceof ComputedPartitions && base.depth >= 3) return undefined;
  const { shared } = last;
  const partitions = new ComputedPartitions(base, contribution.parts, contribution.order, (key) => {
    const holders = shared.get(key);
    const part = contribution.parts.get(key)!;
    if (!holders) return part.entries;
    const parts = holders.map((h) => (h === i ? part : contributions[h].parts.get(key)!));
    return mergedPartition(parts, context).entries;
  });
  const merge = finish(
    context,
    contributions,
    partitions,
    last.view.partitionOrder,
    last.view.itemCount,
    last.crossOverwritten,
  );
  layouts.set(merge.view, layoutKey(last.view));
  return { ...merge, shared };
}

// Per `shared` map: contribution → the contributions it shares a partition with.
const partnersByShared = new WeakMap<Map<string, number[]>, Map<number, Set<number>>>();

function partnersOf(shared: Map<string, number[]>, i: number): Set<number> {
  let byContribution = partnersByShared.get(shared);
  if (!byContribution) {
    byContribution = new Map();
    partnersByShared.set(shared, byContribution);
  }
  let partners = byContribution.get(i);
  if (!partners) {
    partners = new Set();
    for (const holders of shared.values())
      if (holders.includes(i)) for (const h of holders) if (h !== i) partners.add(h);
    byContribution.set(i, partners);
  }
  return partners;
}

/**
 * Table only: no item of contribution i can have the primary key of another entity's item it shares a
 * partition with, since every sort key of each was rendered from its template and neither template's
 * literal prefix begins the other's (two equal values would begin with both).
 */
function cannotOverwrite(
  context: ViewContext,
  contributions: Contribution[],
  i: number,
  shared: Map<string, number[]>,
): boolean {
  const { sortKey } = context.schema;
  if (!sortKey || (sortKey as TupleKeyAttribute).parts || sortKey.type !== 'S') return false;
  const prefixOf = (contribution: Contribution) => {
    const template = keyTemplate(contribution.items, sortKey.name);
    return template === undefined ? undefined : literalPrefix(template);
  };
  const own = prefixOf(contributions[i]);
  if (own === undefined) return false;
  for (const h of partnersOf(shared, i)) {
    const other = prefixOf(contributions[h]);
    if (other === undefined || own.startsWith(other) || other.startsWith(own)) return false;
  }
  return true;
}

/**
 * A table partition whose parts cannot overwrite one another (two parts, no equal sort key token between
 * them), or any index partition, as a pending partition: the merge happens when something reads it.
 * Undefined when the merge must happen now (it may drop overwritten items, which the view lists).
 */
function pendingMerge(parts: Part[], context: ViewContext): PendingPartition | undefined {
  const { schema } = context;
  let size = 0;
  for (const part of parts) size += part.entries.length;
  if (schema.kind === 'table') {
    if (parts.length !== 2 || !schema.sortKey) return undefined;
    const a = parts[0].tokens!;
    const b = parts[1].tokens!;
    for (let i = 0, j = 0; i < a.length && j < b.length; ) {
      if (a[i] === b[j]) return undefined;
      if (a[i] < b[j]) i++;
      else j++;
    }
  }
  return new PendingPartition(size, () => mergedPartition(parts, context).entries);
}

const layouts = new WeakMap<IndexView, object>();

/**
 * An object views with the same partitions in the same order, each of the same length, share (a template
 * edit of a sort key leads to one): what the grid lays out from them (rows per partition) holds for all.
 */
export function layoutKey(view: IndexView): object {
  let key = layouts.get(view);
  if (!key) {
    key = {};
    layouts.set(view, key);
  }
  return key;
}

// The previous partition order with the partitions a patch emptied taken out and those it created inserted.
function patchedOrder(
  previous: IndexView,
  partitions: PartitionMap,
  affected: Iterable<string>,
  schema: KeySchema,
): string[] {
  const { type } = schema.partitionKey;
  let order = previous.partitionOrder;
  const gone = new Set<string>();
  const created: string[] = [];
  for (const key of affected) {
    const was = previous.partitions.has(key);
    const is = partitions.has(key);
    if (was && !is) gone.add(key);
    else if (!was && is) created.push(key);
  }
  if (gone.size > 0) order = order.filter((key) => !gone.has(key));
  else if (created.length > 0) order = order.slice();
  for (const key of created) {
    const pk = partitions.get(key)![0].pk;
    const token = sortToken(pk, type);
    let low = 0;
    let high = order.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const other = partitions.get(order[mid])![0].pk;
      if (compareByToken(sortToken(other, type), token, other, pk, type) < 0) low = mid + 1;
      else high = mid;
    }
    order.splice(low, 0, key);
  }
  return order;
}

function mergeInto(
  key: string,
  parts: Part[],
  context: ViewContext,
  crossOverwritten: Map<string, DerivedItem[]>,
): ViewEntry[] {
  const merged = mergedPartition(parts, context);
  if (merged.overwritten.length > 0) crossOverwritten.set(key, merged.overwritten);
  return merged.entries;
}

function finish(
  context: ViewContext,
  contributions: Contribution[],
  partitions: PartitionMap,
  partitionOrder: string[],
  itemCount: number,
  crossOverwritten: Map<string, DerivedItem[]>,
): Merge {
  let overwritten = contributions.flatMap((contribution) => contribution.overwritten);
  if (crossOverwritten.size > 0) {
    // Listed in derived order, as the items are.
    const replaced = new Set([...overwritten, ...[...crossOverwritten.values()].flat()]);
    overwritten = contributions.flatMap((contribution) => contribution.items.filter((d) => replaced.has(d)));
  }
  const view: IndexView = {
    schema: context.indexSchema,
    partitions,
    partitionOrder,
    excluded: contributions.flatMap((contribution) => contribution.excluded),
    overwritten,
    itemCount,
  };
  countSources.set(view, { contributions, crossOverwritten });
  return { contributions, view, crossOverwritten };
}

const countSources = new WeakMap<
  IndexView,
  { contributions: Contribution[]; crossOverwritten: Map<string, DerivedItem[]> }
>();
const entryCounts = new WeakMap<Contribution, number>();

/** Entries a contribution puts in its view: its parts' lengths (re-keyed parts: those they come from). */
function entryCount(contribution: Contribution): number {
  if (contribution.root) return entryCount(contribution.root);
  let count = entryCounts.get(contribution);
  if (count === undefined) {
    count = 0;
    for (const [, part] of contribution.parts) count += part.entries.length;
    entryCounts.set(contribution, count);
  }
  return count;
}

/**
 * Items per entity in a view built here, from its contributions (no partition is read, so none merged
 * when read is merged for it); undefined for a view built elsewhere.
 */
export function viewEntityCounts(view: IndexView): Map<string, number> | undefined {
  const source = countSources.get(view);
  if (!source) return undefined;
  const counts = new Map<string, number>();
  for (const contribution of source.contributions) {
    const entity = contribution.items[0]?.entity;
    if (entity === undefined) continue;
    const count = entryCount(contribution);
    if (count > 0) counts.set(entity, (counts.get(entity) ?? 0) + count);
  }
  for (const replaced of source.crossOverwritten.values())
    for (const { entity } of replaced) counts.set(entity, counts.get(entity)! - 1);
  for (const [entity, count] of counts) if (count <= 0) counts.delete(entity);
  return counts;
}

function sameNumbers(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}

function sameStrings(a: string[], b: string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A partition several entities share: their parts merged, and (table only) the entries this overwrote. */
function mergedPartition(
  parts: Part[],
  context: ViewContext,
): { entries: ViewEntry[]; overwritten: DerivedItem[] } {
  let merged = parts[0];
  for (let i = 1; i < parts.length; i++)
    merged = mergeTwo(merged, parts[i], context.tie, context.schema.sortKey?.type);
  // The merged part is a fresh array, so dropping overwritten entries alters no entity's contribution.
  const overwritten: DerivedItem[] = [];
  if (context.schema.kind === 'table') dropOverwritten(merged, context.schema, overwritten);
  return { entries: merged.entries, overwritten };
}

// Merges two sorted parts; on a full tie the first (earlier entity) goes first, as a stable sort would.
function mergeTwo(
  a: Part,
  b: Part,
  tie: ((item: PlainItem) => string) | undefined,
  type: KeyType | undefined,
): Part {
  const entries: ViewEntry[] = [];
  const tokens: SortToken[] | undefined = a.tokens && b.tokens ? [] : undefined;
  let i = 0;
  let j = 0;
  while (i < a.entries.length && j < b.entries.length) {
    let takeB: boolean;
    if (tokens) {
      const x = a.tokens![i];
      const y = b.tokens![j];
      const order =
        x !== y ? (y < x ? -1 : 1) : compareByToken(y, x, b.entries[j].sk!, a.entries[i].sk!, type!);
      takeB =
        order < 0 || (order === 0 && tie !== undefined && tie(b.entries[j].item) < tie(a.entries[i].item));
    } else {
      takeB = tie !== undefined && tie(b.entries[j].item) < tie(a.entries[i].item);
    }
    if (takeB) {
      entries.push(b.entries[j]);
      tokens?.push(b.tokens![j]);
      j++;
    } else {
      entries.push(a.entries[i]);
      tokens?.push(a.tokens![i]);
      i++;
    }
  }
  for (; i < a.entries.length; i++) {
    entries.push(a.entries[i]);
    tokens?.push(a.tokens![i]);
  }
  for (; j < b.entries.length; j++) {
    entries.push(b.entries[j]);
    tokens?.push(b.tokens![j]);
  }
  return { entries, tokens };
}

// Partition keys in key order, merged from each entity's sorted list.
function mergedOrder(parts: Contribution[], partitions: PartitionMap, schema: KeySchema): string[] {
  let keys: string[] = [];
  let tokens: SortToken[] = [];
  for (const contribution of parts) {
    const merged = mergeKeys(
      keys,
      tokens,
      contribution.order,
      contribution.orderTokens,
      schema.partitionKey.type,
    );
    keys = merged.keys;
    tokens = merged.tokens;
  }
  if (keys.length === partitions.size) return keys;
  // A key in two lists whose neighbours the lists order differently defeats the merge: sort them all.
  const { type } = schema.partitionKey;
  const tokenOf = new Map([...partitions].map(([key, entries]) => [key, sortToken(entries[0].pk, type)]));
  return [...partitions.keys()].sort((a, b) => {
    const x = partitions.get(a)![0].pk;
    const y = partitions.get(b)![0].pk;
    return compareByToken(tokenOf.get(a)!, tokenOf.get(b)!, x, y, type);
  });
}

function mergeKeys(
  aKeys: string[],
  aTokens: SortToken[],
  bKeys: string[],
  bTokens: SortToken[],
  type: KeyType,
): { keys: string[]; tokens: SortToken[] } {
  if (aKeys.length === 0) return { keys: bKeys, tokens: bTokens };
  if (bKeys.length === 0) return { keys: aKeys, tokens: aTokens };
  const keys: string[] = [];
  const tokens: SortToken[] = [];
  let i = 0;
  let j = 0;
  while (i < aKeys.length && j < bKeys.length) {
    if (aKeys[i] === bKeys[j]) {
      keys.push(aKeys[i]);
      tokens.push(aTokens[i]);
      i++;
      j++;
    } else if (compareByToken(bTokens[j], aTokens[i], bKeys[j], aKeys[i], type) < 0) {
      keys.push(bKeys[j]);
      tokens.push(bTokens[j++]);
    } else {
      keys.push(aKeys[i]);
      tokens.push(aTokens[i++]);
    }
  }
  for (; i < aKeys.length; i++) {
    keys.push(aKeys[i]);
    tokens.push(aTokens[i]);
  }
  for (; j < bKeys.length; j++) {
    keys.push(bKeys[j]);
    tokens.push(bTokens[j]);
  }
  return { keys, tokens };
}

/** An item's key value for a key attribute, or undefined when it is missing or of the wrong type. */
export function keyValueOf(item: PlainItem, key: TupleKeyAttribute): KeyValue | undefined {
  if (key.parts) {
    // A multi-attribute key: every attribute present and usable, or the item is not in the index.
    const values: KeyValue[] = [];
    for (const part of key.parts) {
      const value = keyValueOf(item, part);
      if (value === undefined) return undefined;
      values.push(value);
    }
    return tupleToken(
      values,
      key.parts.map((part) => part.type),
    );
  }
  return isKeyValue(item[key.name], key.type) ? (item[key.name] as KeyValue) : undefined;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

// DynamoDB rejects empty S and B key values, so they never form a key.
function isKeyValue(value: JsonValue | undefined, type: KeyAttribute['type']): boolean {
  if (type === 'N') return (typeof value === 'number' && Number.isFinite(value)) || isExactNumber(value);
  if (typeof value !== 'string' || value === '') return false;
  return type === 'S' || (BASE64.test(value) && decodeBase64(value).length > 0);
}

function project(item: PlainItem, names: Set<string> | undefined): PlainItem {
  if (!names) return item;
  const out: PlainItem = {};
  for (const name in item) if (names.has(name)) out[name] = item[name];
  return out;
}
