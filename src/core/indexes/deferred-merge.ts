// When merging a shared partition can wait until something reads it: no entry of it can overwrite another
// (the view lists overwritten items, so such a merge must happen now).
import { keyTemplate } from '../items/derive.ts';
import { literalPrefix } from '../keys/template.ts';
import type { Contribution, Part } from './contribution.ts';
import { mergedPartition } from './merged-partition.ts';
import { PendingPartition } from './partition-map.ts';
import type { TupleKeyAttribute } from './tuple-key.ts';
import type { ViewContext } from './view-context.ts';

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
export function cannotOverwrite(
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
export function pendingMerge(parts: Part[], context: ViewContext): PendingPartition | undefined {
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
