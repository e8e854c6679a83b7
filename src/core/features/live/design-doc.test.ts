import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { removeEntity, renameEntity } from '../../model/ops/entities.ts';
import { removePattern } from '../../model/ops/patterns.ts';
import { type Design, designSchema } from '../../model/schema.ts';
import { ExactNumber, stringifyExactJson } from '../../values/exact-json.ts';
import { EXAMPLES } from '../examples/index.ts';
import {
  designToDoc,
  docIds,
  docToDesign,
  type Removed,
  removedBetween,
  watchRemovals,
} from './design-doc.ts';

const start = (): Design => designSchema.parse(EXAMPLES[0].design);
const text = (value: unknown) => stringifyExactJson(value);

function sync(from: Y.Doc, to: Y.Doc) {
  Y.applyUpdate(to, Y.encodeStateAsUpdate(from, Y.encodeStateVector(to)));
}

/** Two docs holding the same design, as two people who joined one room. */
function pair(design: Design) {
  const a = new Y.Doc();
  designToDoc(a, design);
  const b = new Y.Doc();
  sync(a, b);
  return { a, b };
}

function edit(doc: Y.Doc, change: (design: Design) => Design) {
  designToDoc(doc, change(docToDesign(doc)!));
}

type Op = (design: Design) => Design;
const pick = <T>(list: readonly T[], n: number): T | undefined =>
  list.length ? list[n % list.length] : undefined;

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.tuple(fc.nat(), fc.string({ maxLength: 8 })).map(
    ([n, description]): Op =>
      (d) => {
        const entity = pick(d.entities, n);
        return entity
          ? { ...d, entities: d.entities.map((e) => (e === entity ? { ...e, description } : e)) }
          : d;
      },
  ),
  fc.tuple(fc.nat(), fc.stringMatching(/^[A-Z][a-z]{1,6}$/)).map(
    ([n, name]): Op =>
      (d) => {
        const entity = pick(d.entities, n);
        if (!entity || d.entities.some((e) => e.name === name)) return d;
        const items = Object.fromEntries(
          Object.entries(d.items).map(([key, list]) => [key === entity.name ? name : key, list]),
        );
        return { ...d, entities: d.entities.map((e) => (e === entity ? { ...e, name } : e)), items };
      },
  ),
  fc.stringMatching(/^[A-Z][a-z]{1,6}$/).map(
    (name): Op =>
      (d) =>
        d.entities.some((e) => e.name === name)
          ? d
          : { ...d, entities: [...d.entities, { name, attributes: [], keys: { PK: `${name}#1` } }] },
  ),
  fc.nat().map(
    (n): Op =>
      (d) => {
        const entity = pick(d.entities, n);
        if (!entity) return d;
        const { [entity.name]: _gone, ...items } = d.items;
        return { ...d, entities: d.entities.filter((e) => e !== entity), items };
      },
  ),
  fc.tuple(fc.nat(), fc.nat(), fc.oneof(fc.integer(), fc.constant('x'), fc.constant('exact'))).map(
    ([n, m, value]): Op =>
      (d) => {
        const entity = pick(d.entities, n);
        if (!entity) return d;
        const list = d.items[entity.name] ?? [];
        const v = value === 'exact' ? new ExactNumber('12345678901234567890123456789') : value;
        const next =
          list.length === 0 || m % 3 === 0
            ? [...list, { note: v }]
            : m % 3 === 1
              ? list.filter((_, i) => i !== m % list.length)
              : list.map((s, i) => (i === m % list.length ? { ...s, note: v } : s));
        return { ...d, items: { ...d.items, [entity.name]: next } };
      },
  ),
  fc.tuple(fc.nat(), fc.string({ minLength: 1, maxLength: 8 })).map(
    ([n, name]): Op =>
      (d) => {
        const pattern = pick(d.accessPatterns, n);
        return pattern
          ? { ...d, accessPatterns: d.accessPatterns.map((p) => (p === pattern ? { ...p, name } : p)) }
          : d;
      },
  ),
  fc.nat().map(
    (n): Op =>
      (d) => ({ ...d, accessPatterns: d.accessPatterns.filter((_, i) => i !== n % 7) }),
  ),
  fc.nat().map(
    (n): Op =>
      (d) => {
        const i = n % Math.max(1, d.entities.length);
        const entities = [...d.entities];
        const [moved] = entities.splice(i, 1);
        return moved ? { ...d, entities: [moved, ...entities] } : d;
      },
  ),
  fc.boolean().map(
    (on): Op =>
      (d) => ({
        ...d,
        table: { ...d.table, ttlAttribute: on ? 'expiresAt' : undefined },
      }),
  ),
);

describe('a design as a Yjs document', () => {
  it('round-trips every built-in example exactly, and writing it back changes nothing', () => {
    for (const example of EXAMPLES) {
      const design = designSchema.parse(example.design);
      const doc = new Y.Doc();
      designToDoc(doc, design);
      expect(text(docToDesign(doc))).toBe(text(design));
      let changed = false;
      doc.on('update', () => {
        changed = true;
      });
      designToDoc(doc, docToDesign(doc)!);
      expect(changed).toBe(false);
    }
  });

  it('merges two people editing different entities and one pattern at once, the same way for both', () => {
    const { a, b } = pair(start());
    const [first, second] = start().entities;
    const pattern = start().accessPatterns[0].id;
    edit(a, (d) => ({
      ...d,
      entities: d.entities.map((e) => (e.name === first.name ? { ...e, description: 'by A' } : e)),
      accessPatterns: d.accessPatterns.map((p) => (p.id === pattern ? { ...p, name: 'A names it' } : p)),
    }));
    edit(b, (d) => ({
      ...d,
      entities: d.entities.map((e) => (e.name === second.name ? { ...e, description: 'by B' } : e)),
      accessPatterns: d.accessPatterns.map((p) => (p.id === pattern ? { ...p, name: 'B names it' } : p)),
      items: {
        ...d.items,
        [second.name]: [
          ...(d.items[second.name] ?? []),
          { price: new ExactNumber('0.1000000000000000000000000001') },
        ],
      },
    }));
    sync(a, b);
    sync(b, a);
    const merged = docToDesign(a)!;
    expect(text(docToDesign(b))).toBe(text(merged));
    expect(merged.entities.find((e) => e.name === first.name)?.description).toBe('by A');
    expect(merged.entities.find((e) => e.name === second.name)?.description).toBe('by B');
    expect(['A names it', 'B names it']).toContain(merged.accessPatterns[0].name);
    expect(text(merged.items[second.name].at(-1) ?? null)).toBe('{"price":0.1000000000000000000000000001}');
  });

  it('keeps an entity’s id through a rename, so a concurrent edit of it still lands', () => {
    const { a, b } = pair(start());
    const name = start().entities[0].name;
    edit(a, (d) => ({ ...d, entities: d.entities.map((e, i) => (i === 0 ? { ...e, name: 'Renamed' } : e)) }));
    edit(b, (d) => ({
      ...d,
      entities: d.entities.map((e) => (e.name === name ? { ...e, description: 'B' } : e)),
    }));
    sync(a, b);
    sync(b, a);
    expect(docToDesign(a)!.entities[0]).toMatchObject({ name: 'Renamed', description: 'B' });
  });

  it('tells what a remote change removed by the name it had here, following renames on both sides', () => {
    const { a, b } = pair(start());
    const seen: { gone: Removed[]; origin: unknown }[] = [];
    const stop = watchRemovals(b, (gone, transaction) => seen.push({ gone, origin: transaction.origin }));
    // B renames Order; A gets it, then offline renames it again and deletes it with a pattern.
    edit(b, (d) => renameEntity(d, 'Order', 'Purchase'));
    sync(b, a);
    edit(a, (d) => renameEntity(d, 'Purchase', 'Invoice'));
    edit(a, (d) => removePattern(removeEntity(d, 'Invoice'), 'get-user'));
    const before = docIds(b);
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)), 'remote');
    const byKind = (gone: Removed[]) => [...gone].sort((x, y) => x.kind.localeCompare(y.kind));
    expect(seen).toHaveLength(1);
    expect(seen[0].origin).toBe('remote');
    expect(byKind(seen[0].gone)).toEqual(byKind(removedBetween(before, docIds(b))));
    expect(seen[0].gone.map((thing) => `${thing.kind}:${thing.key}`)).toEqual(
      expect.arrayContaining(['entity:Purchase', 'pattern:get-user']),
    );
    // Its own removals are told too (the session keeps only the room's); after stop, none.
    edit(b, (d) => removeEntity(d, 'User'));
    expect(seen[1].gone).toMatchObject([{ kind: 'entity', key: 'User' }]);
    stop();
    edit(b, (d) => removeEntity(d, 'Product'));
    expect(seen).toHaveLength(2);
  });

  it('re-reads only what an edit touched: the other entities and samples keep their identity', () => {
    const { a, b } = pair(start());
    const before = docToDesign(b)!;
    let seenInObserver: string | undefined;
    b.getMap('entities').observeDeep(() => {
      seenInObserver = docToDesign(b)!.entities[0].description;
    });
    edit(a, (d) => ({
      ...d,
      entities: d.entities.map((e, i) => (i === 0 ? { ...e, description: 'new' } : e)),
    }));
    sync(a, b);
    const after = docToDesign(b)!;
    expect(seenInObserver).toBe('new');
    expect(after.entities[0]).not.toBe(before.entities[0]);
    expect(after.entities[0].description).toBe('new');
    expect(after.entities[1]).toBe(before.entities[1]);
    expect(after.accessPatterns[0]).toBe(before.accessPatterns[0]);
    const name = before.entities[1].name;
    expect(after.items[name]).toBe(before.items[name]);
  });

  it('converges to one valid design whatever two people do concurrently', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), opArb, fc.nat(3)), { minLength: 1, maxLength: 25 }),
        (steps) => {
          const { a, b } = pair(start());
          for (const [onA, op, syncNow] of steps) {
            const doc = onA ? a : b;
            const next = op(docToDesign(doc)!);
            designToDoc(doc, next);
            // What a doc maps back to is exactly what was written into it.
            expect(text(docToDesign(doc))).toBe(text(next));
            if (syncNow === 0) sync(a, b);
            if (syncNow === 1) sync(b, a);
          }
          sync(a, b);
          sync(b, a);
          const merged = docToDesign(a);
          expect(text(docToDesign(b))).toBe(text(merged));
          expect(designSchema.safeParse(merged).success).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
