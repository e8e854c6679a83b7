import { describe, expect, it } from 'vitest';
import { getExample } from '../examples/index.ts';
import { renderTemplate } from '../keys/template.ts';
import type { Design } from '../model/schema.ts';
import { formatProblems, validateDesign } from '../model/validate.ts';
import { generateEntitySamples } from './entity.ts';

function onlineStore(): Design {
  const result = validateDesign(getExample('online-store')?.design);
  if (!result.ok) throw new Error(formatProblems(result.problems));
  return result.design;
}

const primaryKey = (design: Design, entity: string, sample: Record<string, unknown>) => {
  const keys = design.entities.find((e) => e.name === entity)!.keys;
  return ['PK', 'SK'].map((k) => renderTemplate(keys[k], sample as never)).join('|');
};

describe('generateEntitySamples', () => {
  it('generates the requested number for one entity, the same for the same seed', () => {
    const design = onlineStore();
    const a = generateEntitySamples(design, 'Order', { count: 5, seed: 3 });
    expect(a).toHaveLength(5);
    expect(generateEntitySamples(design, 'Order', { count: 5, seed: 3 })).toEqual(a);
    expect(generateEntitySamples(design, 'Order', { count: 5, seed: 4 })).not.toEqual(a);
  });

  it('points children at existing parents', () => {
    const design = onlineStore();
    const customers = new Set(design.items.Customer.map((c) => c.customerId));
    const orders = generateEntitySamples(design, 'Order', { count: 8, seed: 1 });
    for (const order of orders) expect(customers.has(order.customerId)).toBe(true);
  });

  it('never repeats the primary key of an existing sample', () => {
    const design = onlineStore();
    const existing = new Set(design.items.Customer.map((c) => primaryKey(design, 'Customer', c)));
    const added = generateEntitySamples(design, 'Customer', { count: 20, seed: 2 });
    const keys = added.map((c) => primaryKey(design, 'Customer', c));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(existing.has(key)).toBe(false);
  });

  it('gives the new samples valid values: the design with them still validates', () => {
    const design = onlineStore();
    const added = generateEntitySamples(design, 'LineItem', { count: 6, seed: 5 });
    const next = { ...design, items: { ...design.items, LineItem: [...design.items.LineItem, ...added] } };
    expect(validateDesign(next).problems).toEqual([]);
  });

  it('refuses an unknown entity and a bad count', () => {
    const design = onlineStore();
    expect(() => generateEntitySamples(design, 'Nope', { count: 1 })).toThrow(/no entity/);
    expect(() => generateEntitySamples(design, 'Order', { count: -1 })).toThrow(/count/);
  });
});
