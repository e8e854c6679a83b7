// Someone deletes what another person in the room is editing: the editor is told who deleted what, and
// Restore brings back the editor's version (keys, attributes, samples; a pattern's fields) for everyone.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addEntity, removeEntity, renameEntity, setEntityKey } from '../../model/ops/entities.ts';
import { removePattern } from '../../model/ops/patterns.ts';
import { type Design, designSchema } from '../../model/schema.ts';
import { EXAMPLES } from '../examples/index.ts';
import { designToDoc, docIds, docToDesign, removedBetween, removedBy } from './design-doc.ts';
import { type LiveThing, LocalEdits, type Lost, lostMessage, lostWork, restoreLost } from './lost-work.ts';

const start = (): Design => designSchema.parse(EXAMPLES[0].design);
const T0 = 1_000_000;

/** A person in the room: their doc, their own edits (as the session records them), their name. */
function person(name: string, from?: Y.Doc) {
  const doc = new Y.Doc();
  if (from) Y.applyUpdate(doc, Y.encodeStateAsUpdate(from));
  else designToDoc(doc, start(), 'local', name);
  const edits = new LocalEdits();
  return {
    doc,
    edits,
    design: () => docToDesign(doc)!,
    edit(change: (design: Design) => Design, now: number, unsent = false) {
      const previous = docToDesign(doc)!;
      const next = change(previous);
      edits.record(previous, next, now, unsent);
      designToDoc(doc, next, 'local', name);
    },
  };
}

/** Applies what `from` has that `to` lacks as a remote update, and returns what `to` lost by it. */
function receive(
  to: ReturnType<typeof person>,
  from: ReturnType<typeof person>,
  now: number,
  open?: LiveThing,
): Lost[] {
  const before = to.design();
  const ids = docIds(to.doc);
  Y.applyUpdate(to.doc, Y.encodeStateAsUpdate(from.doc, Y.encodeStateVector(to.doc)), 'remote');
  const gone = removedBetween(ids, docIds(to.doc)).map((thing) => ({
    kind: thing.kind,
    key: thing.key,
    by: removedBy(to.doc, thing.id),
  }));
  return lostWork({ before, after: to.design(), gone, open, edits: to.edits, now });
}

describe('work deleted from under someone in a live room', () => {
  it('tells the editor who deleted the entity, and Restore brings back their version with its samples for all', () => {
    const ada = person('Ada');
    const ben = person('Ben', ada.doc);
    ben.edit((d) => setEntityKey(d, 'Order', 'SK', 'DETAILS#{orderId}'), T0);
    Y.applyUpdate(ada.doc, Y.encodeStateAsUpdate(ben.doc, Y.encodeStateVector(ada.doc)));
    const bens = ben.design();
    ada.edit((d) => removeEntity(d, 'Order'), T0 + 1000);

    const lost = receive(ben, ada, T0 + 2000, { kind: 'entity', key: 'Order' });
    expect(lost.map(lostMessage)).toEqual(['Ada deleted Order while you were editing it']);
    expect(ben.design().entities.map((e) => e.name)).not.toContain('Order');

    ben.edit((d) => restoreLost(d, lost[0]), T0 + 3000);
    Y.applyUpdate(ada.doc, Y.encodeStateAsUpdate(ben.doc, Y.encodeStateVector(ada.doc)), 'remote');
    const restored = ada.design();
    const order = restored.entities.find((e) => e.name === 'Order');
    const { color: _c, ...withoutColor } = bens.entities.find((e) => e.name === 'Order')!;
    expect(order).toMatchObject(withoutColor);
    expect(order?.keys.SK).toBe('DETAILS#{orderId}');
    expect(restored.items.Order).toEqual(bens.items.Order);
    expect(restored.items.Order.length).toBeGreaterThan(0);
    expect(restored.entities.map((e) => e.name)).toEqual(start().entities.map((e) => e.name));
  });

  it('tells an edit made offline after the deletion merges in, however long ago it was made', () => {
    const ada = person('Ada');
    const ben = person('Ben', ada.doc);
    ben.edit((d) => setEntityKey(d, 'Order', 'SK', 'OFFLINE#{orderId}'), T0, true);
    ada.edit((d) => removeEntity(d, 'Order'), T0 + 1000);
    // Ben reconnects ten minutes later, his edit unsent, nothing open: the merge still takes his edit away.
    const lost = receive(ben, ada, T0 + 600_000);
    expect(lost.map(lostMessage)).toEqual(['Ada deleted Order while you were editing it']);
    expect(lost[0].kind === 'entity' && lost[0].entity.keys.SK).toBe('OFFLINE#{orderId}');
  });

  it('says nothing of an edit long sent, of something not open, or of a rename', () => {
    const ada = person('Ada');
    const ben = person('Ben', ada.doc);
    ben.edit((d) => setEntityKey(d, 'Order', 'SK', 'OLD#{orderId}'), T0, true);
    ben.edits.sent(T0 + 1000);
    Y.applyUpdate(ada.doc, Y.encodeStateAsUpdate(ben.doc, Y.encodeStateVector(ada.doc)));
    ada.edit((d) => renameEntity(removeEntity(d, 'Order'), 'User', 'Member'), T0 + 40_000);
    expect(receive(ben, ada, T0 + 40_000, { kind: 'entity', key: 'User' })).toEqual([]);
  });

  it('says nothing of an entity whose colour one only wrote down by adding another', () => {
    const ada = person('Ada');
    const ben = person('Ben', ada.doc);
    // Adding an entity writes every other one's shown colour into the design (entity-colors.ts).
    ben.edit((d) => addEntity(d, { name: 'Invoice' }), T0);
    expect(ben.design().entities.find((e) => e.name === 'Order')?.color).toBeDefined();
    Y.applyUpdate(ada.doc, Y.encodeStateAsUpdate(ben.doc, Y.encodeStateVector(ada.doc)));
    ada.edit((d) => removeEntity(d, 'Order'), T0 + 1000);
    expect(receive(ben, ada, T0 + 2000)).toEqual([]);
  });

  it('tells who deleted a pattern one has open, and Restore puts it back with its fields where it stood', () => {
    const ada = person('Ada');
    const ben = person('Ben', ada.doc);
    ada.edit((d) => removePattern(d, 'get-order'), T0);
    const lost = receive(ben, ada, T0 + 1000, { kind: 'pattern', key: 'get-order' });
    expect(lost.map(lostMessage)).toEqual([
      'Ada deleted the pattern “Get an order by id” while you had it open',
    ]);
    const back = restoreLost(ben.design(), lost[0]);
    expect(back.accessPatterns).toEqual(start().accessPatterns);
    expect(() => restoreLost(back, lost[0])).toThrow(/"get-order" exists again/);
  });
});
