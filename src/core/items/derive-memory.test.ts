// A server derives the items of every design a request brings, with no Derivations: nothing of them
// outlives the call (the designer's memory of the last version of each entity, by name, kept 64
// designs' items alive in the server, 850 MB after 64 loads).
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { setEntityKey } from '../model/ops/entities.ts';
import { designSchema } from '../model/schema.ts';
import { Derivations } from './derivations.ts';
import { deriveItems, deriveItemsByEntity } from './derive.ts';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Derives a design of its own and returns a weak reference to its samples, the design itself dropped. */
function deriveAndForget(name: string, derivations?: Derivations): WeakRef<object> {
  const design = designSchema.parse({
    format: 'keyplan/1',
    name,
    table: { name: 'Table', partitionKey: { name: 'PK', type: 'S' } },
    entities: [{ name, attributes: [{ name: 'n', type: 'N' }], keys: { PK: `${name}#{n}` } }],
    accessPatterns: [],
    items: { [name]: Array.from({ length: 100 }, (_, n) => ({ n })) },
  });
  expect(deriveItems(design, derivations)).toHaveLength(100);
  return new WeakRef(design.items[name]);
}

/** Whether the referenced object is still alive after a full collection (after this job, as WeakRef asks). */
async function survivesGc(ref: WeakRef<object>): Promise<boolean> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
  return ref.deref() !== undefined;
}

describe('editing', () => {
  // Each version of an entity's items knows the one it was edited from, so that the views re-key or patch
  // only what changed. Held strongly, that kept every version typed alive: 6 MB a keystroke in a template
  // of 25,000 items, until the tab ran out of memory.
  it('keeps no earlier version of the items alive, after template edits or sample edits', async () => {
    let design = designSchema.parse({
      format: 'keyplan/1',
      name: 'versions',
      table: { name: 'Table', partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'SK', type: 'S' } },
      entities: [{ name: 'Note', attributes: [{ name: 'n', type: 'N' }], keys: { PK: 'NOTE#{n}', SK: 'A' } }],
      accessPatterns: [],
      items: { Note: Array.from({ length: 100 }, (_, n) => ({ n })) },
    });
    // The designer's lineage, which remembers each entity's last version for the next edit.
    const derivations = new Derivations();
    const first = new WeakRef(deriveItemsByEntity(design, derivations)[0]);
    for (const sk of ['AB', 'ABC', 'ABCD']) {
      design = setEntityKey(design, 'Note', 'SK', sk);
      expect(deriveItemsByEntity(design, derivations)[0][0].item.SK).toBe(sk);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(await survivesGc(first)).toBe(false);

    const beforeSampleEdits = new WeakRef(deriveItemsByEntity(design, derivations)[0]);
    for (let n = 0; n < 3; n++) {
      design = { ...design, items: { Note: [...design.items.Note, { n: 1000 + n }] } };
      expect(deriveItemsByEntity(design, derivations)[0]).toHaveLength(101 + n);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(await survivesGc(beforeSampleEdits)).toBe(false);
  });
});

describe('Derivations', () => {
  it('keeps the last items of each entity for the designer, and nothing once it is dropped or absent', async () => {
    let derivations: Derivations | undefined = new Derivations();
    const remembered = deriveAndForget('Remembered', derivations);
    expect(await survivesGc(remembered)).toBe(true);
    derivations = undefined;
    expect(await survivesGc(remembered)).toBe(false);
    expect(await survivesGc(deriveAndForget('Forgotten'))).toBe(false);
  });
});
