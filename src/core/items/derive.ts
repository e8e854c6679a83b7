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
import type { DerivedItem, KeyValue, PlainItem } from '../model/item.ts';
import type { Design, Entity, JsonValue, KeyType } from '../model/schema.ts';

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

/** Every item a sample is stored as: the entity's own item, then one per copy. */
export function deriveStoredItems(design: Design, entity: Entity, values: Values): PlainItem[] {
  return storedForms(entity).map((form) => deriveFormItem(design, form, values));
}

// Designs are immutable and edits share what they do not change, so an entity whose definition, samples
// and key types are the same objects as last time derives the same items.
const derivedByEntity = new WeakMap<Entity, DerivedEntity>();
// The entity's previous version, by name: a template edit re-renders that one key, not all of them.
const previousByName = new Map<string, DerivedEntity>();
// Names of entities no longer edited (other designs opened before) are forgotten, oldest first.
const NAMES_KEPT = 64;
let rememberPrevious = true;

/**
 * Whether derivation keeps each entity's last items, by name, for the next edit of it (the designer, where
 * a template edit then re-renders one key). A server turns it off: every request brings a design of its
 * own, and what one derives must not outlive its answer (64 loads kept 850 MB of items alive).
 */
export function rememberDerivations(remember: boolean): void {
  rememberPrevious = remember;
  if (!remember) previousByName.clear();
}

interface DerivedEntity {
  entity: Entity;
  copy?: string;
  keyTypes: string;
  samples: unknown;
  items: DerivedItem[];
  /** Per key attribute: its template and the value it rendered for each sample (undefined: sparse). */
  rendered: Map<string, { template: string; values: (KeyValue | undefined)[] }>;
}

// Derivation reads only these of the table, and only the types of the keys the entity's templates render:
// adding an index, renaming one or changing its projection re-derives nothing.
function keyTypesSignature(design: Design, entity: Entity, types: Map<string, KeyType>): string {
  const { typeAttribute, writeTypeAttribute } = design.table;
  const keys = Object.keys(entity.keys).map((name) => [name, types.get(name) ?? null]);
  return JSON.stringify([typeAttribute, writeTypeAttribute, keys]);
}

function deriveEntityItems(design: Design, { entity, copy }: StoredForm, keyTypes: string): DerivedItem[] {
  const samples = design.items[entity.name] ?? [];
  const cached = derivedByEntity.get(entity);
  if (cached && cached.keyTypes === keyTypes && cached.samples === samples) return cached.items;
  // A copy is remembered under its entity's name and its own (names are letters, digits and "_").
  const rememberedAs = copy === undefined ? entity.name : `${entity.name}.${copy}`;
  const previous = previousByName.get(rememberedAs);
  const derived =
    (previous?.keyTypes === keyTypes &&
      previous.entity === entity &&
      previous.samples !== samples &&
      sampleEdit(design, previous, samples)) ||
    deriveAll(design, { entity, copy }, keyTypes, previous);
  derivedByEntity.set(entity, derived);
  if (!rememberPrevious) return derived.items;
  previousByName.delete(rememberedAs);
  if (previousByName.size >= NAMES_KEPT) previousByName.delete(previousByName.keys().next().value!);
  previousByName.set(rememberedAs, derived);
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
  const patchAt = reusable && patcher(reusable, entity, rendered);
  // Nothing derivation reads changed (a description, say): the same items, so the views are reused whole.
  const items: DerivedItem[] =
    patchAt === 'same'
      ? reusable!.items
      : samples.map((values, sampleIndex) =>
          derivedItem(
            entity.name,
            copy,
            sampleIndex,
            patchAt?.(sampleIndex) ?? assembleAt(values, sampleIndex),
          ),
        );
  if (typeof patchAt === 'function')
    templateDeltas.set(items, {
      from: reusable!.items,
      changed: new Set(
        [...rendered].filter(([k, column]) => reusable!.rendered.get(k) !== column).map(([k]) => k),
      ),
    });
  return { entity, copy, keyTypes, samples, items, rendered };
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

const templateDeltas = new WeakMap<DerivedItem[], TemplateDelta>();

/** How these items differ from the entity's previous ones, when they come from a key template edit. */
export function templateDelta(items: DerivedItem[]): TemplateDelta | undefined {
  return templateDeltas.get(items);
}

function derivedItem(
  entity: string,
  copy: string | undefined,
  sampleIndex: number,
  item: PlainItem,
): DerivedItem {
  return copy === undefined ? { entity, sampleIndex, item } : { entity, sampleIndex, copy, item };
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
 * [start, oldEnd) was; the items after it are the previous ones, moved by newEnd - oldEnd (when samples
 * were added or removed, with their sampleIndex updated). Within the range, an item the edit kept (same
 * sample object, same place) is the same object. The views patch their previous contributions with it
 * (view-parts.ts) instead of re-keying every item.
 */
export interface ItemsDelta {
  from: DerivedItem[];
  start: number;
  oldEnd: number;
  newEnd: number;
}

const deltas = new WeakMap<DerivedItem[], ItemsDelta>();

/** How these items differ from the entity's previous ones, when they come from a sample edit. */
export function itemsDelta(items: DerivedItem[]): ItemsDelta | undefined {
  return deltas.get(items);
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
      values:
        shift === 0 && newEnd - start < 64
          ? patchedColumn(values, start, middle)
          : values.slice(0, start).concat(middle, values.slice(oldEnd)),
    });
  }
  const assembleAt = columnAssembler(design, entity, copy, rendered);
  const items = previous.items.slice(0, start);
  for (let i = start; i < newEnd; i++) {
    const kept = shift === 0 && samples[i] === before[i];
    items.push(kept ? previous.items[i] : derivedItem(entity.name, copy, i, assembleAt(samples[i], i)));
  }
  for (let i = oldEnd; i < before.length; i++) {
    const moved = previous.items[i];
    // A literal, not a spread: after a sample is removed near the start, this runs for every later sample.
    items.push(shift === 0 ? moved : derivedItem(entity.name, copy, i + shift, moved.item));
  }
  deltas.set(items, { from: previous.items, start, oldEnd, newEnd });
  return { entity, copy, keyTypes: previous.keyTypes, samples, items, rendered };
}

function patchedColumn<T>(values: T[], start: number, middle: T[]): T[] {
  const out = values.slice();
  for (let i = 0; i < middle.length; i++) out[start + i] = middle[i];
  return out;
}

/**
 * After a template edit, an item is its previous version with the re-rendered keys replaced: a copy of a
 * same-shaped object is several times cheaper than assembling it again. Only where the result is exactly
 * what assembling gives: same attributes and key order, and each changed key present before and after
 * (so no attribute moves); elsewhere the patch gives undefined and the item is assembled. 'same' when no
 * key changed at all.
 */
function patcher(
  previous: DerivedEntity,
  entity: Entity,
  rendered: DerivedEntity['rendered'],
): ((sampleIndex: number) => PlainItem | undefined) | 'same' | undefined {
  const keyNames = Object.keys(entity.keys);
  const sameShape =
    previous.entity.attributes === entity.attributes &&
    keyNames.length === Object.keys(previous.entity.keys).length &&
    Object.keys(previous.entity.keys).every((name, i) => name === keyNames[i]);
  if (!sameShape) return undefined;
  const changed = [...rendered]
    .filter(([keyName, column]) => previous.rendered.get(keyName) !== column)
    .map(([keyName, column]) => [keyName, previous.rendered.get(keyName)!.values, column.values] as const);
  if (changed.length === 0) return 'same';
  return (sampleIndex) => {
    for (const [, before, after] of changed)
      if ((before[sampleIndex] === undefined) !== (after[sampleIndex] === undefined)) return undefined;
    const item = { ...previous.items[sampleIndex].item };
    for (const [keyName, , after] of changed) {
      const value = after[sampleIndex];
      if (value !== undefined) item[keyName] = value;
    }
    return item;
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
export function deriveItemsByEntity(design: Design): DerivedItem[][] {
  const types = keyAttributeTypes(design);
  return design.entities.flatMap((entity) =>
    storedForms(entity).map((form) =>
      deriveEntityItems(design, form, keyTypesSignature(design, form.entity, types)),
    ),
  );
}

/** Every item of the design, entity by entity in design order (each entity's copies after it), samples in order. */
export function deriveItems(design: Design): DerivedItem[] {
  return deriveItemsByEntity(design).flat();
}
