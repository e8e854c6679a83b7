// After a sample edit, an entity's contribution from its previous one: the removed items taken out and the
// new ones inserted where a full build would place them, copying only the partitions the edit touched.
import { type ItemsDelta, itemsDelta } from '../items/sample-edits.ts';
import { compareByToken, compareKeyValues, keyString, sortToken } from '../values/compare.ts';
import type { DerivedItem } from '../values/item.ts';
import {
  type Contribution,
  type Exclusions,
  keptContribution,
  nextContributionId,
  type Part,
} from './contribution.ts';
import { keyValueOf, project, type ViewContext } from './view-context.ts';
import type { ViewEntry } from './view-types.ts';

/**
 * After a sample edit (sample-edits.ts's ItemsDelta), the entity's previous contribution with the removed items
 * taken out and the new ones inserted where a full build would place them: sort key, tie hash, then sample
 * order. Undefined (build it whole) when the previous one is gone, overwrites are involved (table), or
 * exclusions other than "not in the table" apply.
 */
export function patchedContribution(
  items: DerivedItem[],
  context: ViewContext,
  exclusions: Exclusions,
): Contribution | undefined {
  const delta = itemsDelta(items);
  if (!delta || exclusions.overwritten.length > 0) return undefined;
  const from = keptContribution(delta.from, context);
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
    id: nextContributionId(),
    patched: { from: from.id, keys: copied },
  };
}
