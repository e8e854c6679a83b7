import { describe, expect, it } from 'vitest';
import { applyFingerprint } from '../apply/applied.ts';
import { getExample } from '../features/examples/index.ts';
import { EXPORT_TARGETS, exportDesign } from '../io/export.ts';
import { exportWorkbench } from '../io/nosql-workbench/export.ts';
import { entityColorSlots, withEntityColors } from './entity-colors.ts';
import { addEntity, moveEntity, removeEntity, renameEntity } from './ops/index.ts';
import { type Design, designSchema, type Entity } from './schema.ts';

const store = (): Design => designSchema.parse(structuredClone(getExample('ecommerce')!.design));
/** Entity name → its shown palette slot. */
const colours = (design: Design) => {
  const slots = entityColorSlots(design.entities);
  return Object.fromEntries(design.entities.map((e, i) => [e.name, slots[i]]));
};

describe('entity colours', () => {
  it('stay with their entity through deletes, reorders, renames and additions', () => {
    const design = store();
    // A design without slots shows the positional colours it always had.
    expect(colours(design)).toEqual({ User: 0, Order: 1, OrderItem: 2, Product: 3 });

    const deleted = removeEntity(design, 'User');
    expect(colours(deleted)).toEqual({ Order: 1, OrderItem: 2, Product: 3 });
    const moved = moveEntity(deleted, 'Product', 0);
    expect(colours(moved)).toEqual({ Product: 3, Order: 1, OrderItem: 2 });
    const renamed = renameEntity(moved, 'Order', 'Purchase');
    expect(colours(renamed)).toEqual({ Product: 3, Purchase: 1, OrderItem: 2 });
    // A new entity takes the first free slot, the one User left.
    const added = addEntity(renamed, { name: 'Coupon' });
    expect(colours(added)).toEqual({ Product: 3, Purchase: 1, OrderItem: 2, Coupon: 0 });
    expect(colours(addEntity(added, { name: 'Review' })).Review).toBe(4);
  });

  it('fills in the slots a hand-written design lacks around the ones it has, and reuses the least used', () => {
    const entity = (name: string, color?: number): Entity => ({ name, attributes: [], keys: {}, color });
    expect(entityColorSlots([entity('A'), entity('B', 0), entity('C')])).toEqual([1, 0, 2]);
    const thirteen = Array.from({ length: 13 }, (_, i) => entity(`E${i}`, i === 0 ? undefined : i % 12));
    // Slots 1–11 and 0 (E12) are taken once each: E0 gets the lowest of the least used.
    expect(entityColorSlots(thirteen)[0]).toBe(0);

    const design = store();
    expect(withEntityColors(design).entities.map((e) => e.color)).toEqual([0, 1, 2, 3]);
    const coloured = withEntityColors(design);
    expect(withEntityColors(coloured)).toBe(coloured);
  });

  it('is display only: exports, generated code and what Apply creates ignore it', () => {
    const design = store();
    const coloured = withEntityColors(removeEntity(addEntity(design, { name: 'Coupon' }), 'Coupon'));
    expect(coloured.entities.map((e) => e.color)).toEqual([0, 1, 2, 3]);
    // Formats that carry the Keyplan design for the way back (Workbench, OneTable, MCP) keep it there only.
    const carriers = ['nosql-workbench', 'onetable', 'mcp'];
    for (const target of EXPORT_TARGETS.filter((t) => !carriers.includes(t)))
      expect(exportDesign(coloured, target).content, target).toBe(exportDesign(design, target).content);
    for (const target of ['onetable', 'mcp'] as const) {
      const carried = (d: Design) => JSON.parse(exportDesign(d, target).content);
      const { keyplan, ...rest } = carried(coloured);
      expect(rest, target).toEqual({ ...carried(design), keyplan: undefined });
      expect(keyplan.entities.map((e: { color?: number }) => e.color)).toEqual([0, 1, 2, 3]);
    }
    // The Workbench model ignores it too; the Keyplan design it carries for the way back keeps it.
    const workbench = (d: Design) => exportWorkbench(d, { now: new Date('2026-01-01T00:00:00Z') });
    const { KeyplanDesign, ...model } = workbench(coloured);
    expect(model).toEqual({ ...workbench(design), KeyplanDesign: undefined });
    expect(KeyplanDesign.entities.map((e) => e.color)).toEqual([0, 1, 2, 3]);
    expect(applyFingerprint(coloured)).toBe(applyFingerprint(design));
  });
});
