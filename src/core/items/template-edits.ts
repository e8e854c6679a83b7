// Key template edits: same samples, same attributes and keys, one or more templates rendered again. Each
// item is the previous one with the changed keys set over it, built only when first read (PatchedItem), and
// the edit is remembered against the versions before it (TemplateDelta) so the views re-key only what the
// changed keys decide.
import type { Entity } from '../model/schema.ts';
import type { DerivedItem, KeyValue, PlainItem } from '../values/item.ts';
import type { DerivedEntity } from './derivations.ts';

/**
 * A key template edit (same samples, same attributes and keys): item i is from[i] with the `changed` key
 * attributes rendered again (present or absent), every other attribute the same. The views re-key only
 * what those attributes decide (view-parts.ts) instead of grouping every item again.
 */
export interface TemplateDelta {
  from: DerivedItem[];
  changed: Set<string>;
}

/** An earlier version of the items, held weakly, and the key attributes rendered again since. */
interface Ancestor {
  items: WeakRef<DerivedItem[]>;
  changed: Set<string>;
}

// Back to this many template edits: typing a template letter by letter, the views other than the one on
// screen are built when typing pauses (derived.ts), from the version they were last built for.
const ANCESTORS_KEPT = 64;

// Weakly: a strong reference to the previous items from each version would keep every version typed
// alive (6 MB an edit at 25,000 items). A version the views still need is held by them.
const templateAncestors = new WeakMap<DerivedItem[], Ancestor[]>();

/**
 * How these items differ from earlier versions of the entity's items that are still alive, nearest first,
 * when they come from key template edits (each a TemplateDelta of that version).
 */
export function* templateDeltas(items: DerivedItem[]): Generator<TemplateDelta> {
  for (const ancestor of templateAncestors.get(items) ?? []) {
    const from = ancestor.items.deref();
    if (from) yield { from, changed: ancestor.changed };
  }
}

export function rememberTemplateEdit(items: DerivedItem[], from: DerivedItem[], changed: Set<string>): void {
  const ancestors: Ancestor[] = [{ items: new WeakRef(from), changed }];
  for (const older of templateAncestors.get(from) ?? []) {
    if (ancestors.length >= ANCESTORS_KEPT) break;
    ancestors.push({ items: older.items, changed: new Set([...older.changed, ...changed]) });
  }
  templateAncestors.set(items, ancestors);
}

/** The keys rendered again since `previous` (a template edited): name, values before, values now. */
export function changedColumns(previous: DerivedEntity, rendered: DerivedEntity['rendered']) {
  return [...rendered]
    .filter(([keyName, column]) => previous.rendered.get(keyName) !== column)
    .map(([keyName, column]) => [keyName, previous.rendered.get(keyName)!.values, column.values] as const);
}

/** Key attributes and their rendered values (aligned with the samples): what a PatchedItem sets. */
type KeyColumns = (readonly [string, (KeyValue | undefined)[]])[];

/**
 * An item of a key template edit, built when first read: the item it replaces with the keys rendered since
 * set over it. Typing a template of 25,000 items made 25,000 copies a keystroke (most of the edit's time and
 * garbage) when the grid reads the few dozen on screen and the views only the partitions they re-sort. A
 * later edit builds from the same item while this one is not built, so no chain of versions forms.
 */
class PatchedItem implements DerivedItem {
  readonly entity: string;
  readonly rank: number;
  declare readonly copy?: string;
  #item: PlainItem | undefined;
  #base: PlainItem | undefined;
  #keys: KeyColumns | undefined;
  constructor(entity: string, copy: string | undefined, rank: number, base: PlainItem, keys: KeyColumns) {
    this.entity = entity;
    this.rank = rank;
    if (copy !== undefined) (this as { copy?: string }).copy = copy;
    this.#base = base;
    this.#keys = keys;
  }
  get item(): PlainItem {
    if (this.#item === undefined) {
      const item = { ...this.#base! };
      const keys = this.#keys!;
      for (let k = 0; k < keys.length; k++) {
        const value = keys[k][1][this.rank];
        if (value !== undefined) item[keys[k][0]] = value;
      }
      this.#item = item;
      this.#base = undefined;
      this.#keys = undefined;
    }
    return this.#item;
  }
  /** The item this one is built from, while it is not built yet. */
  pendingBase(): PlainItem | undefined {
    return this.#item === undefined ? this.#base : undefined;
  }
  /** The keys it sets over its base, while it is not built yet. */
  pendingKeys(): KeyColumns | undefined {
    return this.#keys;
  }
}

/**
 * A key template edit's items (same attributes, same key names and order): each the previous item with the
 * keys rendered again (PatchedItem), which is what assembling gives as long as each changed key is present
 * before and after (so no attribute moves); elsewhere the patch gives undefined and the item is assembled.
 * 'same' when no key changed at all.
 */
export function patcher(
  previous: DerivedEntity,
  entity: Entity,
  copy: string | undefined,
  rendered: DerivedEntity['rendered'],
): ((sampleIndex: number) => DerivedItem | undefined) | 'same' | undefined {
  const keyNames = Object.keys(entity.keys);
  const sameShape =
    previous.entity.attributes === entity.attributes &&
    keyNames.length === Object.keys(previous.entity.keys).length &&
    Object.keys(previous.entity.keys).every((name, i) => name === keyNames[i]);
  if (!sameShape) return undefined;
  const changed = changedColumns(previous, rendered);
  if (changed.length === 0) return 'same';
  // Plain arrays and indexed loops: this runs for every sample (100,000 of them, say).
  const befores = changed.map(([, before]) => before);
  const afters = changed.map(([, , after]) => after);
  const count = changed.length;
  const items = previous.items;
  const keys: KeyColumns = changed.map(([keyName, , after]) => [keyName, after] as const);
  // An item not built yet sets the keys of its own edit and of this one over its base (one list per edit).
  const merged = new Map<KeyColumns, KeyColumns>();
  const mergedWith = (earlier: KeyColumns): KeyColumns => {
    let both = merged.get(earlier);
    if (!both) {
      const names = new Set(keys.map(([name]) => name));
      both = [...earlier.filter(([name]) => !names.has(name)), ...keys];
      merged.set(earlier, both);
    }
    return both;
  };
  return (sampleIndex) => {
    for (let k = 0; k < count; k++)
      if ((befores[k][sampleIndex] === undefined) !== (afters[k][sampleIndex] === undefined))
        return undefined;
    const before = items[sampleIndex];
    const base = before instanceof PatchedItem ? before.pendingBase() : undefined;
    return base
      ? new PatchedItem(
          entity.name,
          copy,
          sampleIndex,
          base,
          mergedWith((before as PatchedItem).pendingKeys()!),
        )
      : new PatchedItem(entity.name, copy, sampleIndex, before.item, keys);
  };
}
