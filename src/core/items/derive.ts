// Full items from an entity's sample values: every key attribute its templates render (table and
// indexes) plus the type attribute. Index keys whose placeholders lack a value are left out: sparse.
import {
  MAX_KEY_LENGTH,
  minRenderedLength,
  RenderTooLongError,
  renderKeyValue,
  TemplateSyntaxError,
} from '../keys/template.ts';
import { type StoredForm, storedForms } from '../model/copies.ts';
import { keyAttributeTypes } from '../model/indexes.ts';
import type { Design, Entity, JsonValue, KeyType } from '../model/schema.ts';
import type { DerivedItem, KeyValue, PlainItem } from '../values/item.ts';
import type { Derivations, DerivedEntity } from './derivations.ts';

type Values = Record<string, JsonValue | undefined>;

interface EntityDeriver {
  keys: (values: Values) => Record<string, KeyValue>;
  item: (values: Values) => PlainItem;
}

/**
 * Derivation for one entity with its key types and templates looked up once, since a design may hold
 * 100,000 samples and the grid re-derives them all on every edit.
 */
function entityDeriver(design: Design, entity: Entity, copy = false): EntityDeriver {
  const types = keyAttributeTypes(design);
  const templates: [string, string, KeyType][] = Object.entries(entity.keys).map(([keyName, template]) => [
    keyName,
    template,
    types.get(keyName) ?? 'S',
  ]);
  const keys = (values: Values) => {
    const out: Record<string, KeyValue> = {};
    for (const [keyName, template, type] of templates) {
      try {
        const value = renderKeyValue(template, values, type);
        if (value !== undefined) out[keyName] = value;
      } catch (error) {
        // A template being typed may be half-written; validation reports it, the items just lack that key.
        if (!(error instanceof TemplateSyntaxError)) throw error;
      }
    }
    return out;
  };
  const assemble = itemAssembler(design, entity, copy);
  return { keys, item: (values) => assemble(values, keys(values)) };
}

/**
 * Builds an item from sample values and rendered keys: values (nulls dropped), keys, type attribute. A copy
 * (see copies.ts) holds only its entity's attributes, a subset of the sample's.
 */
function itemAssembler(
  design: Design,
  entity: Entity,
  copy = false,
): (values: Values, keys: Record<string, KeyValue>) => PlainItem {
  const nullTyped = new Set(entity.attributes.filter((a) => a.type === 'NULL').map((a) => a.name));
  const held = copy ? new Set(entity.attributes.map((a) => a.name)) : undefined;
  const typeAttribute = design.table.writeTypeAttribute === false ? undefined : design.table.typeAttribute;
  // A key-only attribute renders keys and is not stored itself.
  const keyOnly = new Set(entity.attributes.filter((a) => a.keyOnly).map((a) => a.name));
  return (values, keys) => {
    const out: PlainItem = {};
    for (const name in values) {
      if ((held && !held.has(name)) || keyOnly.has(name)) continue;
      const value = values[name];
      // DynamoDB has no "absent" value: null means no attribute, unless the attribute is of type NULL.
      if (value === undefined || (value === null && !nullTyped.has(name))) continue;
      out[name] = value;
    }
    Object.assign(out, keys);
    if (typeAttribute !== undefined) out[typeAttribute] = entity.name;
    return out;
  };
}

/** The key attributes an entity's templates produce for these values (absent when a placeholder is missing). */
export function deriveKeys(design: Design, entity: Entity, values: Values): Record<string, KeyValue> {
  return entityDeriver(design, entity).keys(values);
}

/** One full item: sample values (nulls dropped, as DynamoDB has no such attribute), keys, type attribute. */
export function deriveItem(design: Design, entity: Entity, values: Values): PlainItem {
  return entityDeriver(design, entity).item(values);
}

/** The item one stored form of an entity (its own item or a copy, see copies.ts) holds for these values. */
export function deriveFormItem(design: Design, form: StoredForm, values: Values): PlainItem {
  return entityDeriver(design, form.entity, form.copy !== undefined).item(values);
}

/** deriveFormItem for many samples of one form: templates and key types looked up once. */
export function formItemDeriver(design: Design, form: StoredForm): (values: Values) => PlainItem {
  return entityDeriver(design, form.entity, form.copy !== undefined).item;
}

/** Every item a sample is stored as: the entity's own item, then one per copy. */
export function deriveStoredItems(design: Design, entity: Entity, values: Values): PlainItem[] {
  return storedForms(entity).map((form) => deriveFormItem(design, form, values));
}

// Designs are immutable and edits share what they do not change, so an entity whose definition, samples
// and key types are the same objects as last time derives the same items.
const derivedByEntity = new WeakMap<Entity, DerivedEntity>();

// Derivation reads only these of the table, and only the types of the keys the entity's templates render:
// adding an index, renaming one or changing its projection re-derives nothing.
function keyTypesSignature(design: Design, entity: Entity, types: Map<string, KeyType>): string {
  const { typeAttribute, writeTypeAttribute } = design.table;
  const keys = Object.keys(entity.keys).map((name) => [name, types.get(name) ?? null]);
  return JSON.stringify([typeAttribute, writeTypeAttribute, keys]);
}

function deriveEntityItems(
  design: Design,
  { entity, copy }: StoredForm,
  keyTypes: string,
  derivations: Derivations | undefined,
): DerivedItem[] {
  const samples = design.items[entity.name] ?? [];
  const cached = derivedByEntity.get(entity);
  if (cached && cached.keyTypes === keyTypes && cached.samples === samples) return cached.items;
  // A copy is remembered under its entity's name and its own (names are letters, digits and "_").
  const rememberedAs = copy === undefined ? entity.name : `${entity.name}.${copy}`;
  const previous = derivations?.last(rememberedAs);
  const derived =
    (previous?.keyTypes === keyTypes &&
      previous.entity === entity &&
      previous.samples !== samples &&
      sampleEdit(design, previous, samples)) ||
    deriveAll(design, { entity, copy }, keyTypes, previous);
  derivedByEntity.set(entity, derived);
  renderedByItems.set(derived.items, derived.rendered);
  derivations?.remember(rememberedAs, derived);
  return derived.items;
}

function deriveAll(
  design: Design,
  { entity, copy }: StoredForm,
  keyTypes: string,
  previous: DerivedEntity | undefined,
): DerivedEntity {
  const samples = design.items[entity.name] ?? [];
  const reusable = previous?.keyTypes === keyTypes && previous.samples === samples ? previous : undefined;
  const types = keyAttributeTypes(design);
  const rendered: DerivedEntity['rendered'] = new Map();
  for (const [keyName, template] of Object.entries(entity.keys)) {
    const reused = reusable?.rendered.get(keyName);
    if (reused?.template === template) rendered.set(keyName, reused);
    else rendered.set(keyName, { template, values: renderAll(template, samples, types.get(keyName) ?? 'S') });
  }
  const assembleAt = columnAssembler(design, entity, copy, rendered);
  const patchAt = reusable && patcher(reusable, entity, copy, rendered);
  // Nothing derivation reads changed (a description, say): the same items, so the views are reused whole.
  // Ranks start again from the positions (a removal's gaps closed), so that rank and position agree.
  const items: DerivedItem[] =
    patchAt === 'same'
      ? reusable!.items
      : samples.map(
          (values, sampleIndex) =>
            patchAt?.(sampleIndex) ??
            derivedItem(entity.name, copy, sampleIndex, assembleAt(values, sampleIndex)),
        );
  if (typeof patchAt === 'function')
    rememberTemplateEdit(
      items,
      reusable!.items,
      new Set(changedColumns(reusable!, rendered).map(([keyName]) => keyName)),
    );
  return { entity, copy, keyTypes, samples, items, rendered };
}

const renderedByItems = new WeakMap<DerivedItem[], DerivedEntity['rendered']>();
const complete = new WeakMap<(KeyValue | undefined)[], boolean>();

/**
 * The template every one of these items' `keyName` attribute was rendered from (none lacks it, so no
 * sample's own value stands in); undefined when some item lacks it or the items are not known here.
 */
export function keyTemplate(items: DerivedItem[], keyName: string): string | undefined {
  const column = renderedByItems.get(items)?.get(keyName);
  if (!column) return undefined;
  let full = complete.get(column.values);
  if (full === undefined) {
    full = column.values.every((value) => value !== undefined);
    complete.set(column.values, full);
  }
  return full ? column.template : undefined;
}

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

function rememberTemplateEdit(items: DerivedItem[], from: DerivedItem[], changed: Set<string>): void {
  const ancestors: Ancestor[] = [{ items: new WeakRef(from), changed }];
  for (const older of templateAncestors.get(from) ?? []) {
    if (ancestors.length >= ANCESTORS_KEPT) break;
    ancestors.push({ items: older.items, changed: new Set([...older.changed, ...changed]) });
  }
  templateAncestors.set(items, ancestors);
}

function derivedItem(entity: string, copy: string | undefined, rank: number, item: PlainItem): DerivedItem {
  return copy === undefined ? { entity, rank, item } : { entity, rank, copy, item };
}

/**
 * The position of an item in its entity's items (as derived: the position of its sample in
 * design.items[entity]), from its rank: O(1) where no sample before it was removed, else a binary search.
 * -1 when the array does not hold it.
 */
export function positionOf(items: readonly DerivedItem[], source: DerivedItem): number {
  const { rank } = source;
  if (Number.isInteger(rank) && rank < items.length && items[rank] === source) return rank;
  let low = 0;
  let high = items.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const other = items[mid];
    if (other.rank < rank) low = mid + 1;
    else if (other.rank > rank) high = mid - 1;
    else return other === source ? mid : -1;
  }
  return -1;
}

const indexers = new WeakMap<Design, (source: DerivedItem) => number>();

/**
 * Where a derived item's sample is in this design's design.items[entity] (-1: the design has no such item):
 * the one place that turns a DerivedItem into a sample position (grid, lint findings, write paths).
 */
export function sampleIndexer(design: Design, derivations?: Derivations): (source: DerivedItem) => number {
  let indexer = indexers.get(design);
  if (!indexer) {
    const groups = deriveItemsByEntity(design, derivations);
    const byForm = new Map<string, DerivedItem[]>();
    design.entities
      .flatMap((entity) => storedForms(entity))
      .forEach(({ entity, copy }, i) => {
        byForm.set(copy === undefined ? entity.name : `${entity.name}.${copy}`, groups[i]);
      });
    indexer = (source) => {
      const items = byForm.get(source.copy === undefined ? source.entity : `${source.entity}.${source.copy}`);
      return items ? positionOf(items, source) : -1;
    };
    indexers.set(design, indexer);
  }
  return indexer;
}

/** The position of a derived item's sample in design.items[entity] (sampleIndexer, for one item). */
export function sampleIndexOf(design: Design, source: DerivedItem): number {
  return sampleIndexer(design)(source);
}

/** Assembles the item of a sample from its values and the rendered key columns. */
function columnAssembler(
  design: Design,
  entity: Entity,
  copy: string | undefined,
  rendered: DerivedEntity['rendered'],
): (values: Values, sampleIndex: number) => PlainItem {
  const assemble = itemAssembler(design, entity, copy !== undefined);
  const keyColumns = [...rendered].map(([keyName, { values }]) => [keyName, values] as const);
  return (values, sampleIndex) => {
    const keys: Record<string, KeyValue> = {};
    for (const [keyName, column] of keyColumns) {
      const value = column[sampleIndex];
      if (value !== undefined) keys[keyName] = value;
    }
    return assemble(values, keys);
  };
}

/**
 * What a sample edit changed in an entity's items: new items (and new samples) in [start, newEnd) where
 * [start, oldEnd) was; the items after it are the previous ones, the same objects (their ranks do not move
 * when samples before them are added or removed). Within the range, an item the edit kept (same sample
 * object, same place) is the same object. The views patch their previous contributions with it
 * (view-parts.ts) instead of re-keying every item.
 */
export interface ItemsDelta {
  from: DerivedItem[];
  start: number;
  oldEnd: number;
  newEnd: number;
}

// The previous items weakly, as for template edits: each version must not keep the one before it alive.
const deltas = new WeakMap<DerivedItem[], Omit<ItemsDelta, 'from'> & { from: WeakRef<DerivedItem[]> }>();

/**
 * How these items differ from the entity's previous ones, when they come from a sample edit and the
 * previous ones are still alive (the views that could be patched from them hold them).
 */
export function itemsDelta(items: DerivedItem[]): ItemsDelta | undefined {
  const delta = deltas.get(items);
  const from = delta?.from.deref();
  return delta && from && { ...delta, from };
}

/**
 * A sample edit (values changed, samples added or removed), the entity and key types the same: only the
 * samples that are not the same objects in the same order are derived again. Undefined when most changed.
 */
function sampleEdit(design: Design, previous: DerivedEntity, samples: Values[]): DerivedEntity | undefined {
  const before = previous.samples as Values[];
  const shortest = Math.min(before.length, samples.length);
  let start = 0;
  while (start < shortest && samples[start] === before[start]) start++;
  let tail = 0;
  while (tail < shortest - start && samples[samples.length - 1 - tail] === before[before.length - 1 - tail])
    tail++;
  const oldEnd = before.length - tail;
  const newEnd = samples.length - tail;
  // Many samples changed (a new set of samples, say): deriving them all is as cheap.
  if (newEnd - start > Math.max(64, samples.length / 4)) return undefined;
  const { entity, copy } = previous;
  const types = keyAttributeTypes(design);
  const shift = newEnd - oldEnd;
  const rendered: DerivedEntity['rendered'] = new Map();
  for (const [keyName, { template, values }] of previous.rendered) {
    const type = types.get(keyName) ?? 'S';
    const middle = renderAll(template, samples.slice(start, newEnd), type);
    rendered.set(keyName, {
      template,
      values: splicedColumn(values, start, oldEnd, middle),
    });
  }
  const ranks = shift === 0 ? undefined : ranksBetween(previous.items, start, oldEnd, newEnd - start);
  // Too many samples inserted at one place for ranks between their neighbours': derive them all.
  if (ranks === null) return undefined;
  const assembleAt = columnAssembler(design, entity, copy, rendered);
  const middle: DerivedItem[] = [];
  for (let i = start; i < newEnd; i++) {
    const kept = shift === 0 && samples[i] === before[i];
    const rank = ranks ? ranks[i - start] : previous.items[i].rank;
    middle.push(kept ? previous.items[i] : derivedItem(entity.name, copy, rank, assembleAt(samples[i], i)));
  }
  // The items after the edit are the same objects whatever moved before them.
  const items = splicedColumn(previous.items, start, oldEnd, middle);
  deltas.set(items, { from: new WeakRef(previous.items), start, oldEnd, newEnd });
  return { entity, copy, keyTypes: previous.keyTypes, samples, items, rendered };
}

/**
 * Ranks for `count` new items in place of items[start, oldEnd): increasing, above the rank before them and
 * below the rank after them (integers where there is room, as after an append). Null when doubles cannot
 * tell them apart any more (many inserts at one place): then the entity is derived again, ranks from 0.
 */
function ranksBetween(items: DerivedItem[], start: number, oldEnd: number, count: number): number[] | null {
  const after = oldEnd < items.length ? items[oldEnd].rank : undefined;
  const low = start > 0 ? items[start - 1].rank : after === undefined ? -1 : after - count - 1;
  const high = after ?? low + count + 1;
  const ranks: number[] = [];
  let last = low;
  for (let k = 1; k <= count; k++) {
    const rank = high - low === count + 1 ? low + k : low + ((high - low) * k) / (count + 1);
    if (!(rank > last && rank < high)) return null;
    ranks.push(rank);
    last = rank;
  }
  return ranks;
}

/** A copy of `values` with [start, oldEnd) replaced by `middle`: one copy of the array and a move of its tail. */
function splicedColumn<T>(values: T[], start: number, oldEnd: number, middle: T[]): T[] {
  if (middle.length > 1024) return values.slice(0, start).concat(middle, values.slice(oldEnd));
  const out = values.slice();
  if (middle.length === oldEnd - start) for (let i = 0; i < middle.length; i++) out[start + i] = middle[i];
  else out.splice(start, oldEnd - start, ...middle);
  return out;
}

/** The keys rendered again since `previous` (a template edited): name, values before, values now. */
function changedColumns(previous: DerivedEntity, rendered: DerivedEntity['rendered']) {
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
function patcher(
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

// A template being typed may be half-written, and one may render longer than any key: validation reports
// it, the items just lack that key.
function renderAll(template: string, samples: Values[], type: KeyType): (KeyValue | undefined)[] {
  try {
    if (minRenderedLength(template) > MAX_KEY_LENGTH) return samples.map(() => undefined);
  } catch (error) {
    if (error instanceof TemplateSyntaxError) return samples.map(() => undefined);
    throw error;
  }
  return samples.map((values) => {
    try {
      return renderKeyValue(template, values, type);
    } catch (error) {
      // One sample's long value: that item alone lacks the key.
      if (error instanceof RenderTooLongError) return undefined;
      throw error;
    }
  });
}

/**
 * The design's items, one array per entity in design order and then one per copy of it, samples in their
 * order. An entity that did not change keeps the same arrays, so what is built from them can be reused (the
 * views do).
 */
export function deriveItemsByEntity(design: Design, derivations?: Derivations): DerivedItem[][] {
  const types = keyAttributeTypes(design);
  return design.entities.flatMap((entity) =>
    storedForms(entity).map((form) =>
      deriveEntityItems(design, form, keyTypesSignature(design, form.entity, types), derivations),
    ),
  );
}

/** Every item of the design, entity by entity in design order (each entity's copies after it), samples in order. */
export function deriveItems(design: Design, derivations?: Derivations): DerivedItem[] {
  return deriveItemsByEntity(design, derivations).flat();
}
