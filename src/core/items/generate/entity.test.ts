import { describe, expect, it } from 'vitest';
import { formatProblems, validateDesign } from '../../checks/validate.ts';
import { getExample } from '../../features/examples/index.ts';
import { renderTemplate } from '../../keys/template.ts';
import type { Design } from '../../model/schema.ts';
import { generateEntitySamples } from './entity.ts';
import { describeGenerateResult } from './report.ts';

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
    const a = generateEntitySamples(design, 'Order', { count: 5, seed: 3 }).samples;
    expect(a).toHaveLength(5);
    expect(generateEntitySamples(design, 'Order', { count: 5, seed: 3 }).samples).toEqual(a);
    expect(generateEntitySamples(design, 'Order', { count: 5, seed: 4 }).samples).not.toEqual(a);
  });

  it('points children at existing parents', () => {
    const design = onlineStore();
    const customers = new Set(design.items.Customer.map((c) => c.customerId));
    const orders = generateEntitySamples(design, 'Order', { count: 8, seed: 1 }).samples;
    for (const order of orders) expect(customers.has(order.customerId)).toBe(true);
  });

  it('never repeats the primary key of an existing sample', () => {
    const design = onlineStore();
    const existing = new Set(design.items.Customer.map((c) => primaryKey(design, 'Customer', c)));
    const added = generateEntitySamples(design, 'Customer', { count: 20, seed: 2 }).samples;
    const keys = added.map((c) => primaryKey(design, 'Customer', c));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(existing.has(key)).toBe(false);
  });

  it('gives the new samples valid values: the design with them still validates', () => {
    const design = onlineStore();
    const added = generateEntitySamples(design, 'LineItem', { count: 6, seed: 5 }).samples;
    const next = { ...design, items: { ...design.items, LineItem: [...design.items.LineItem, ...added] } };
    expect(validateDesign(next).problems).toEqual([]);
  });

  it('says how many it generated of how many asked for, and which key templates hold fewer', () => {
    // A line number as the sort key, under 8 orders: 8 × 1,001 line numbers (0–1000) = 8,008 keys.
    const result = validateDesign({
      format: 'keyplan/1',
      name: 'Orders',
      table: { name: 'Orders', partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'SK', type: 'S' } },
      entities: [
        {
          name: 'Order',
          attributes: [{ name: 'orderId', type: 'S', required: true }],
          keys: { PK: 'ORDER#{orderId}', SK: 'ORDER' },
        },
        {
          name: 'LineItem',
          attributes: [
            { name: 'orderId', type: 'S', required: true },
            { name: 'lineNo', type: 'N', required: true },
            { name: 'sku', type: 'S' },
          ],
          keys: { PK: 'ORDER#{orderId}', SK: 'ITEM#{lineNo:3}' },
        },
      ],
      items: {
        Order: Array.from({ length: 8 }, (_, i) => ({ orderId: `o${i}` })),
        LineItem: Array.from({ length: 24 }, (_, i) => ({ orderId: `o${i % 8}`, lineNo: 1 + (i >> 3) })),
      },
    });
    if (!result.ok) throw new Error(formatProblems(result.problems));
    const design = result.design;

    const { samples, result: short } = generateEntitySamples(design, 'LineItem', { count: 10_000, seed: 1 });
    expect(short.generated).toBe(samples.length);
    expect(short).toMatchObject({ entity: 'LineItem', requested: 10_000, taken: 24 });
    expect(short.generated).toBeGreaterThan(7_900);
    expect(short.generated).toBeLessThanOrEqual(8_008 - 24);
    expect(short.keySpace).toEqual({
      size: 8_008,
      parts: [
        {
          key: 'PK',
          template: 'ORDER#{orderId}',
          size: 8,
          factors: [{ attribute: 'orderId', size: 8, values: 'those of the Order samples' }],
        },
        {
          key: 'SK',
          template: 'ITEM#{lineNo:3}',
          size: 1_001,
          factors: [{ attribute: 'lineNo', size: 1_001, values: '0–1000' }],
        },
      ],
    });
    expect(describeGenerateResult(short)).toBe(
      `Generated ${short.generated.toLocaleString('en-US')} of 10,000 LineItem items asked for: its primary key ` +
        'holds only 8,008 distinct keys: PK = ORDER#{orderId} takes 8 (orderId: those of the Order samples) × ' +
        'SK = ITEM#{lineNo:3} takes 1,001 (lineNo: 0–1000); 24 of them already used by existing samples' +
        (short.generated < 7_984
          ? `; random draws reached ${short.generated.toLocaleString('en-US')} of the other 7,984.`
          : '.'),
    );

    // All that was asked for: no reason.
    const { result: full } = generateEntitySamples(design, 'LineItem', { count: 50, seed: 1 });
    expect(full).toEqual({ entity: 'LineItem', requested: 50, generated: 50, taken: 24 });
    expect(describeGenerateResult(full)).toBe('Generated 50 LineItem items.');
  });

  it('refuses an unknown entity and a bad count', () => {
    const design = onlineStore();
    expect(() => generateEntitySamples(design, 'Nope', { count: 1 })).toThrow(/no entity/);
    expect(() => generateEntitySamples(design, 'Order', { count: -1 })).toThrow(/count/);
  });
});
