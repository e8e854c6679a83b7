// Items of a key template edit are built when first read (template-edits.ts's PatchedItem): whatever was read in
// between, after any run of template edits every item is the item derived from scratch.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { setEntityKey } from '../model/ops/entities.ts';
import { type Design, designSchema } from '../model/schema.ts';
import { Derivations } from './derivations.ts';
import { deriveItemsByEntity } from './derive.ts';
import { deriveItem } from './derive-item.ts';

const base = designSchema.parse({
  format: 'keyplan/1',
  name: 'patched',
  table: { name: 'Notes', partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'SK', type: 'S' } },
  entities: [
    {
      name: 'Note',
      attributes: [
        { name: 'a', type: 'S', required: true },
        { name: 'b', type: 'S' },
        { name: 'n', type: 'N' },
      ],
      keys: { PK: 'N#{a}', SK: 'S#{n}', G1: 'G#{a}' },
    },
  ],
  accessPatterns: [],
  items: {
    Note: Array.from({ length: 12 }, (_, i) => ({ a: `a${i % 3}`, ...(i % 4 ? { b: `b${i}` } : {}), n: i })),
  },
});

const templates: Record<string, string[]> = {
  SK: ['S#{n}', 'S#{a}#{n}', 'X', '{n:3}'],
  // {b} is absent from some samples: those items lack G1 (and are assembled again, not patched).
  G1: ['G#{a}', 'G#{b}', 'G', 'H#{n}'],
};

describe('a key template edit', () => {
  it('gives the items derived from scratch, whichever were read between edits', () => {
    const edit = fc.record({
      key: fc.constantFrom('SK', 'G1'),
      pick: fc.nat(3),
      read: fc.array(fc.nat(11), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 10 }), (edits) => {
        // The lineage the edits make, as the designer's store keeps it.
        const derivations = new Derivations();
        let design: Design = base;
        for (const { key, pick, read } of edits) {
          design = setEntityKey(design, 'Note', key, templates[key][pick]);
          const [items] = deriveItemsByEntity(design, derivations);
          for (const i of read)
            expect(items[i].item).toEqual(deriveItem(design, design.entities[0], design.items.Note[i]));
        }
        const [items] = deriveItemsByEntity(design, derivations);
        const entity = design.entities[0];
        expect(items.map((d) => [d.entity, d.rank, d.copy, d.item])).toEqual(
          design.items.Note.map((values, i) => ['Note', i, undefined, deriveItem(design, entity, values)]),
        );
        // Attribute order too: a patched item lists its attributes as an assembled one does.
        expect(items.map((d) => Object.keys(d.item))).toEqual(
          design.items.Note.map((values) => Object.keys(deriveItem(design, entity, values))),
        );
      }),
      { numRuns: 200 },
    );
  });
});
