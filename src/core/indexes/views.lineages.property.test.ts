// Each design lineage keeps its memory in its own Derivations (derivations.ts; the views' last merges in a
// slot of it), so two designers in one process (or two tests) never start from each other's views, even
// when their tables, indexes and entities have the same names, and a caller with none keeps nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Derivations } from '../items/derivations.ts';
import { deriveItems } from '../items/derive.ts';
import { TABLE_INDEX } from '../model/indexes.ts';
import { type Design, designSchema, type Entity } from '../model/schema.ts';
import type { DerivedItem } from '../values/item.ts';
import { buildViewsFor, type IndexView, type IndexViews } from './views.ts';

/** A design named like every other: the same table, GSI and entities A, B, C; only the templates differ. */
function designWith(pk: string, g1pk: string): Design {
  return designSchema.parse({
    format: 'keyplan/1',
    name: 'same names',
    table: {
      name: 'Same',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      globalSecondaryIndexes: [
        { name: 'GSI1', partitionKey: { name: 'G1PK', type: 'S' }, sortKey: { name: 'G1SK', type: 'S' } },
      ],
    },
    entities: ['A', 'B', 'C'].map((name) => ({
      name,
      attributes: [
        { name: 'a', type: 'S' },
        { name: 'b', type: 'S' },
      ],
      keys: { PK: pk, SK: 'S#{b}', G1PK: g1pk, G1SK: '{a}' },
    })),
    items: { A: [{ a: 'x', b: 'y' }], B: [{ a: 'y', b: 'x' }], C: [] },
  });
}

const value = fc.constantFrom('x', 'y', 'x#y');
const sampleArb = fc.record({ a: value, b: value });
const editArb = fc.record({
  designer: fc.constantFrom(0, 1),
  entity: fc.integer({ min: 0, max: 2 }),
  kind: fc.constantFrom('add', 'sample', 'remove', 'template'),
  at: fc.nat(),
  sample: sampleArb,
  template: fc.constantFrom('P#{a}', 'P#{b}', 'P', '{a}#{b}'),
});
type Edit = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

// As the store's ops do: new objects for what changed, the same objects for everything else.
function apply(design: Design, edit: Edit): Design {
  const entity = design.entities[edit.entity];
  const samples = design.items[entity.name] ?? [];
  const withSamples = (next: typeof samples) => ({
    ...design,
    items: { ...design.items, [entity.name]: next },
  });
  switch (edit.kind) {
    case 'add':
      return withSamples([...samples, edit.sample]);
    case 'sample':
      if (samples.length === 0) return design;
      return withSamples(samples.map((s, i) => (i === edit.at % samples.length ? edit.sample : s)));
    case 'remove':
      return withSamples(samples.filter((_, i) => i !== edit.at % Math.max(1, samples.length)));
    default: {
      const next: Entity = { ...entity, keys: { ...entity.keys, PK: edit.template } };
      return { ...design, entities: design.entities.map((e) => (e === entity ? next : e)) };
    }
  }
}

const name = (d: DerivedItem) => `${d.entity}:${d.rank}`;
const itemsOf = (items: DerivedItem[]) => items.map((d) => [name(d), d.item]);

function viewShape(view: IndexView) {
  return {
    order: view.partitionOrder,
    partitions: view.partitionOrder.map((key) =>
      view.partitions.get(key)!.map((e) => [name(e.source), e.pk, e.sk ?? null, e.item]),
    ),
    excluded: view.excluded.map(name),
    overwritten: view.overwritten.map(name),
    itemCount: view.itemCount,
  };
}
const viewsShape = (views: IndexViews) => [...views].map(([index, view]) => [index, viewShape(view)]);

describe('two design lineages in one process', () => {
  it('each derives the items and views a fresh derivation gives, edits interleaved', () => {
    const edits = fc.array(editArb, { minLength: 1, maxLength: 16 });
    fc.assert(
      fc.property(edits, (edits) => {
        // Same names, different keys: a memory shared by name or by context would mix them up.
        const designs = [designWith('P#{a}', 'G#{b}'), designWith('{a}#{b}', 'G')];
        const lineages = [new Derivations(), new Derivations()];
        designs.forEach((design, i) => buildViewsFor(design, lineages[i]));
        for (const edit of edits) {
          const i = edit.designer;
          designs[i] = apply(designs[i], edit);
          expect(itemsOf(deriveItems(designs[i], lineages[i]))).toEqual(
            itemsOf(deriveItems(designs[i], new Derivations())),
          );
          expect(viewsShape(buildViewsFor(designs[i], lineages[i]))).toEqual(
            viewsShape(buildViewsFor(designs[i], new Derivations())),
          );
        }
      }),
      { numRuns: 100, seed: 27 },
    );
  });
});

describe('the merged views an edit starts from', () => {
  // A and B share partition P, C has one of its own: an edit of C re-merges only C's partition when the
  // lineage remembers the last merge, so P's merged entries are the same array as before.
  const design = designSchema.parse({
    format: 'keyplan/1',
    name: 'shared partition',
    table: { name: 'Shared', partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'SK', type: 'S' } },
    entities: ['A', 'B', 'C'].map((entity) => ({
      name: entity,
      attributes: [{ name: 'n', type: 'S' }],
      keys: { PK: entity === 'C' ? 'C' : 'P', SK: `${entity}#{n}` },
    })),
    items: { A: [{ n: '1' }, { n: '2' }], B: [{ n: '1' }], C: [{ n: '1' }] },
  });
  const edited: Design = { ...design, items: { ...design.items, C: [{ n: '2' }] } };
  const shared = (views: IndexViews) => views.get(TABLE_INDEX)?.partitions.get('P');

  it('are the lineage’s own: kept by its Derivations, re-used by its next edit', () => {
    const derivations = new Derivations();
    const before = shared(buildViewsFor(design, derivations));
    expect(before).toHaveLength(3);
    expect(shared(buildViewsFor(edited, derivations))).toBe(before);
  });

  it('are never another lineage’s, nor kept by a call without a Derivations', () => {
    const before = shared(buildViewsFor(design, new Derivations()));
    expect(shared(buildViewsFor(edited, new Derivations()))).not.toBe(before);
    const alone = shared(buildViewsFor(design));
    expect(shared(buildViewsFor(edited))).not.toBe(alone);
    // The same entries all the same: only the memory differs.
    expect(shared(buildViewsFor(edited))).toEqual(alone);
  });
});
