// Merging what entities share: sorted parts of one partition into one (dropping, in the table, the items a
// later one overwrote), and each entity's partition keys into the view's partition order.
import type { KeySchema } from '../model/indexes.ts';
import type { KeyType } from '../model/schema.ts';
import { compareByToken, sortToken } from '../values/compare.ts';
import type { DerivedItem, PlainItem } from '../values/item.ts';
import { type Contribution, dropOverwritten, type Part, type SortToken } from './contribution.ts';
import type { IndexView } from './index-view.ts';
import type { PartitionMap } from './partition-map.ts';
import type { ViewContext } from './view-context.ts';
import type { ViewEntry } from './view-types.ts';

/** A partition several entities share: their parts merged, and (table only) the entries this overwrote. */
export function mergedPartition(
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
export function mergedOrder(parts: Contribution[], partitions: PartitionMap, schema: KeySchema): string[] {
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

// The previous partition order with the partitions a patch emptied taken out and those it created inserted.
export function patchedOrder(
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
