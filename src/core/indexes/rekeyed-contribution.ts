// After a key template edit, an entity's contribution from its previous one: the same partitions, their
// entries pointing at the new items, re-sorted only where the sort key or tie hash may have changed, and
// (outside the table's partitions of several entries) only when first read.
import { keyTemplate } from '../items/derive.ts';
import { positionOf } from '../items/sample-positions.ts';
import { type TemplateDelta, templateDeltas } from '../items/template-edits.ts';
import { compareByToken, sortToken } from '../values/compare.ts';
import type { DerivedItem } from '../values/item.ts';
import {
  type Contribution,
  dropOverwritten,
  type Exclusions,
  keptContribution,
  nextContributionId,
  type Part,
  type Parts,
} from './contribution.ts';
import type { TupleKeyAttribute } from './tuple-key.ts';
import { keyValueOf, project, type ViewContext } from './view-context.ts';
import type { ViewEntry } from './view-types.ts';

/**
 * After a key template edit that left this view's partition key alone (template-edits.ts's TemplateDelta): the
 * previous contribution's partitions, each entry pointing at the new item, and sorted again (as
 * buildContribution sorts: sample order, sort key, tie hash) only when the sort key or the tie hash may
 * have changed. Undefined (build it whole) when an item leaves or joins the view, or an overwrite or an
 * item the table does not hold is involved: those a full build settles.
 */
export function rekeyedContribution(
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
    from = keptContribution(earlier.from, context);
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
    id: nextContributionId(),
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
