// The design's items, entity by entity, reused across edits: designs are immutable and edits share what they
// do not change, so an entity whose definition, samples and key types are the same objects derives the same
// items, and one whose samples or templates were edited is patched from its previous items (sample-edits.ts,
// template-edits.ts) rather than derived again. Each item is built as derive-item.ts builds one.
import { type StoredForm, storedForms } from '../model/copies.ts';
import { keyAttributeTypes } from '../model/indexes.ts';
import type { Design, Entity, KeyType } from '../model/schema.ts';
import type { DerivedItem, KeyValue } from '../values/item.ts';
import type { Derivations, DerivedEntity } from './derivations.ts';
import { columnAssembler, derivedItem, renderAll } from './derive-item.ts';
import { sampleEdit } from './sample-edits.ts';
import { changedColumns, patcher, rememberTemplateEdit } from './template-edits.ts';

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
