// Views are rebuilt incrementally (derive.ts, contributions.ts and merge-contributions.ts reuse what an edit
// did not change). After any sequence of edits they must equal views computed from scratch by a naive
// reference: every item derived alone (deriveItem), each view one stable sort with the evaluator's comparator,
// PutItem overwrites applied.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Derivations } from '../items/derivations.ts';
import { deriveItems } from '../items/derive.ts';
import { deriveItem } from '../items/derive-item.ts';
import { sampleIndexer } from '../items/sample-positions.ts';
import { type KeySchema, keySchemas, projectedAttributeNames, TABLE_INDEX } from '../model/indexes.ts';
import { type Design, designSchema, type Entity } from '../model/schema.ts';
import { compareKeyValues, keyString } from '../values/compare.ts';
import type { DerivedItem, PlainItem } from '../values/item.ts';
import { allRows, entityCounts, gridRows } from './grid-rows.ts';
import {
  buildViewFor,
  buildViewsFor,
  entryComparator,
  type IndexView,
  keyValueOf,
  type ViewEntry,
} from './views.ts';

const base = designSchema.parse({
  format: 'keyplan/1',
  name: 'incremental',
  table: {
    name: 'Incremental',
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    globalSecondaryIndexes: [
      { name: 'GSI1', partitionKey: { name: 'G1PK', type: 'S' }, sortKey: { name: 'G1SK', type: 'S' } },
      {
        name: 'GSI2',
        partitionKey: { name: 'G2PK', type: 'S' },
        projection: { type: 'INCLUDE', attributes: ['a'] },
      },
    ],
    localSecondaryIndexes: [
      { name: 'LSI1', sortKey: { name: 'L1SK', type: 'N' }, projection: { type: 'KEYS_ONLY' } },
    ],
  },
  entities: ['A', 'B', 'C'].map((name) => ({
    name,
    attributes: [
      { name: 'a', type: 'S' },
      { name: 'b', type: 'S' },
      { name: 'n', type: 'N' },
    ],
    keys: { PK: 'P#{a}', SK: 'S#{b}', G1PK: 'G#{b}', G1SK: '{a}', G2PK: 'X', L1SK: '{n}' },
  })),
});

// Few values, so that shared partitions, equal sort keys, GSI ties and overwrites across entities are common.
// null: the attribute is absent, so keys using it are not rendered (sparse).
const value = fc.constantFrom('x', 'y', 'é', 'x#y', null);
const sampleArb = fc.record({ a: value, b: value, n: fc.constantFrom(1, 2, 10, null) });
const templates: Record<string, string[]> = {
  PK: ['P#{a}', 'P#{b}', 'P', '{a}'],
  // T#{a}: a prefix no other SK template shares, so a re-key's partitions can be merged when read.
  SK: ['S#{b}', 'S#{a}', 'S', '{b}#{n}', 'T#{a}'],
  G1PK: ['G#{b}', 'G', '{a}'],
  G1SK: ['{a}', 'S#{b}', 'K'],
  G2PK: ['X', '{b}'],
  L1SK: ['{n}', '7'],
};
const keyName = fc.constantFrom(...Object.keys(templates));
const entityIndex = fc.integer({ min: 0, max: 2 });
const editArb = fc.oneof(
  fc.record({
    kind: fc.constant('template' as const),
    entity: entityIndex,
    key: keyName,
    pick: fc.integer({ min: 0, max: 4 }),
    drop: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('sample' as const), entity: entityIndex, at: fc.nat(), sample: sampleArb }),
  fc.record({ kind: fc.constant('add' as const), entity: entityIndex, sample: sampleArb }),
  fc.record({ kind: fc.constant('remove' as const), entity: entityIndex, at: fc.nat() }),
  // A sample back in the middle, as an undo of its removal gives it.
  fc.record({ kind: fc.constant('insert' as const), entity: entityIndex, at: fc.nat(), sample: sampleArb }),
  fc.record({ kind: fc.constant('swap' as const), entity: entityIndex }),
);
type Edit = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

// As the store's ops do: new objects for what changed, the same objects for everything else.
function apply(design: Design, edit: Edit): Design {
  const entity = design.entities[edit.entity];
  const samples = design.items[entity.name] ?? [];
  const withEntity = (next: Entity) => design.entities.map((e) => (e === entity ? next : e));
  const withSamples = (next: typeof samples) => ({
    ...design,
    items: { ...design.items, [entity.name]: next },
  });
  switch (edit.kind) {
    case 'template': {
      const keys = { ...entity.keys };
      // Dropping PK, SK or L1SK makes the item unstorable; dropping an index key makes it sparse.
      if (edit.drop && edit.key.startsWith('G')) delete keys[edit.key];
      else keys[edit.key] = templates[edit.key][edit.pick % templates[edit.key].length];
      return { ...design, entities: withEntity({ ...entity, keys }) };
    }
    case 'sample':
      if (samples.length === 0) return design;
      return withSamples(samples.map((s, i) => (i === edit.at % samples.length ? edit.sample : s)));
    case 'add':
      return withSamples([...samples, edit.sample]);
    case 'remove':
      return withSamples(samples.filter((_, i) => i !== edit.at % Math.max(1, samples.length)));
    case 'insert': {
      const at = edit.at % (samples.length + 1);
      return withSamples([...samples.slice(0, at), edit.sample, ...samples.slice(at)]);
    }
    case 'swap': {
      const entities = [...design.entities];
      const other = (edit.entity + 1) % entities.length;
      [entities[edit.entity], entities[other]] = [entities[other], entities[edit.entity]];
      return { ...design, entities };
    }
  }
}

/** The reference: views from one stable sort per view over all items, as DynamoDB stores them. */
function referenceViews(design: Design): Map<string, IndexView> {
  const derived: DerivedItem[] = design.entities.flatMap((entity) =>
    (design.items[entity.name] ?? []).map((values, sampleIndex) => ({
      entity: entity.name,
      rank: sampleIndex,
      item: deriveItem(design, entity, values),
    })),
  );
  const [tableSchema, ...indexSchemas] = keySchemas(design);
  const table = referenceView(design, tableSchema, derived, new Set());
  // Equal primary keys: the later item (in derived order) replaces the earlier ones.
  const overwritten = new Set<DerivedItem>();
  for (const entries of table.partitions.values()) {
    const kept: ViewEntry[] = [];
    for (const entry of entries) {
      const last = kept[kept.length - 1];
      if (last && compareKeyValues(last.sk!, entry.sk!, 'S') === 0) {
        overwritten.add(last.source);
        kept[kept.length - 1] = entry;
      } else kept.push(entry);
    }
    entries.splice(0, entries.length, ...kept);
  }
  table.overwritten = derived.filter((d) => overwritten.has(d));
  table.itemCount -= overwritten.size;
  const views = new Map([[tableSchema.name, table]]);
  const notInTable = new Set(table.excluded);
  for (const schema of indexSchemas) {
    const usable = derived.filter((d) => !overwritten.has(d));
    const view = referenceView(design, schema, usable, notInTable);
    views.set(schema.name, view);
  }
  return views;
}

function referenceView(
  design: Design,
  schema: KeySchema,
  derived: DerivedItem[],
  notInTable: Set<DerivedItem>,
): IndexView {
  const projection = projectedAttributeNames(design, schema);
  const entries: ViewEntry[] = [];
  const excluded: DerivedItem[] = [];
  for (const source of derived) {
    const pk = keyValueOf(source.item, schema.partitionKey);
    const sk = schema.sortKey && keyValueOf(source.item, schema.sortKey);
    if (notInTable.has(source) || pk === undefined || (schema.sortKey && sk === undefined)) {
      excluded.push(source);
      continue;
    }
    const item: PlainItem = projection
      ? Object.fromEntries(Object.entries(source.item).filter(([name]) => projection.has(name)))
      : source.item;
    entries.push({ item, source, pk, ...(schema.sortKey ? { sk } : {}) });
  }
  entries.sort(entryComparator(design, schema));
  const partitions = new Map<string, ViewEntry[]>();
  for (const entry of entries) {
    const key = keyString(entry.pk, schema.partitionKey.type);
    partitions.set(key, [...(partitions.get(key) ?? []), entry]);
  }
  const partitionOrder = [...partitions.keys()].sort((a, b) =>
    compareKeyValues(partitions.get(a)![0].pk, partitions.get(b)![0].pk, schema.partitionKey.type),
  );
  return { schema, partitions, partitionOrder, excluded, overwritten: [], itemCount: entries.length };
}

/**
 * What a view holds, as comparable data: items named by entity and sample position, in order. The
 * reference's ranks are the positions; the views' items are placed by sampleIndexer.
 */
function shape(view: IndexView, sampleIndexOf: (d: DerivedItem) => number = (d) => d.rank) {
  const name = (d: DerivedItem) => `${d.entity}:${sampleIndexOf(d)}`;
  return {
    order: view.partitionOrder,
    partitions: view.partitionOrder.map((key) =>
      view.partitions.get(key)!.map((e) => [name(e.source), e.pk, e.sk ?? null, e.item]),
    ),
    size: view.partitions.size,
    excluded: view.excluded.map(name),
    overwritten: view.overwritten.map(name),
    itemCount: view.itemCount,
  };
}

const sorted = (counts: Map<string, number>) => [...counts].sort(([a], [b]) => a.localeCompare(b));

/** The grid's rows of a view: item, partition block and position. */
function rows(view: IndexView, sampleIndexOf: (d: DerivedItem) => number = (d) => d.rank) {
  const name = (d: DerivedItem) => `${d.entity}:${sampleIndexOf(d)}`;
  return allRows(gridRows(view, name, { includeExcluded: true })).map((row) =>
    row.kind === 'group' ? [row.count] : [row.id, row.block?.start, row.block?.rows, row.position],
  );
}

describe('views built incrementally', () => {
  it('equal views built from scratch after any sequence of edits', () => {
    const initial = fc.tuple(fc.array(sampleArb, { maxLength: 6 }), fc.array(sampleArb, { maxLength: 6 }));
    // Each edit then, when typing pauses (`settles`), every view; while typing, only the one on screen,
    // so that the next settled views are built from versions several edits back.
    const edits = fc.array(fc.tuple(editArb, fc.boolean()), { maxLength: 12 });
    fc.assert(
      fc.property(initial, edits, ([a, b], edits) => {
        // The lineage the edits make, as the designer's store keeps it.
        const derivations = new Derivations();
        let design: Design = { ...base, items: { A: a, B: b, C: [] } };
        for (const [edit, settles] of [[undefined, true] as const, ...edits]) {
          if (edit) design = apply(design, edit);
          const expected = referenceViews(design);
          // One view alone (as the grid asks for it), then all of them.
          const positions = sampleIndexer(design, derivations);
          expect(shape(buildViewFor(design, 'GSI1', derivations)!, positions)).toEqual(
            shape(expected.get('GSI1')!),
          );
          if (!settles) continue;
          const views = buildViewsFor(design, derivations);
          expect([...views.keys()]).toEqual([...expected.keys()]);
          for (const [name, view] of views) {
            expect(shape(view, positions), name).toEqual(shape(expected.get(name)!));
            expect(sorted(entityCounts(view)), name).toEqual(sorted(entityCounts(expected.get(name)!)));
          }
          // The grid's rows (their layout may be carried over from the previous view's).
          const table = views.get(TABLE_INDEX)!;
          expect(rows(table, positions)).toEqual(rows(expected.get(TABLE_INDEX)!));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a removal leaves every other item and partition as they were; inserts at one place stay in order', () => {
    const derivations = new Derivations();
    const samples = Array.from({ length: 40 }, (_, i) => ({ a: `a${i % 5}`, b: `b${i}`, n: i }));
    let design: Design = { ...base, items: { A: samples, B: [], C: [] } };
    const items = deriveItems(design, derivations);
    const table = buildViewsFor(design, derivations).get(TABLE_INDEX)!;
    design = apply(design, { kind: 'remove', entity: 0, at: 3 });
    const after = deriveItems(design, derivations);
    expect(after).toHaveLength(39);
    after.forEach((item, i) => expect(item).toBe(items[i < 3 ? i : i + 1]));
    const changed = buildViewsFor(design, derivations).get(TABLE_INDEX)!;
    for (const [key, entries] of changed.partitions)
      if (key !== 'P#a3') expect(entries, key).toBe(table.partitions.get(key));
    // Samples inserted again and again between the same two: ranks between theirs until doubles run out.
    for (let n = 0; n < 60; n++) {
      const A = design.items.A;
      const sample = { a: 'a1', b: `i${n}`, n };
      design = { ...design, items: { ...design.items, A: [...A.slice(0, 2), sample, ...A.slice(2)] } };
      const expected = referenceViews(design);
      const positions = sampleIndexer(design, derivations);
      for (const [name, view] of buildViewsFor(design, derivations))
        expect(shape(view, positions), `${name} after ${n + 1} inserts`).toEqual(shape(expected.get(name)!));
    }
  });
});
