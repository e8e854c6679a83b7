import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatProblems, validateDesign } from '../../checks/validate.ts';
import type { Design } from '../../model/schema.ts';
import { patternArguments } from '../../requests/pattern-arguments.ts';
import { EXAMPLE_NAMES, EXAMPLES, getExample } from './index.ts';

const sharedOnlineStore = JSON.parse(
  readFileSync(new URL('../../../../fixtures/examples/online-store.keyplan.json', import.meta.url), 'utf8'),
);

function validated(name: string): Design {
  const result = validateDesign(getExample(name)?.design);
  if (!result.ok) throw new Error(formatProblems(result.problems));
  return result.design;
}

describe('built-in examples', () => {
  it('lists every name once, and getExample finds each', () => {
    expect(EXAMPLES.map((e) => e.name)).toEqual([...EXAMPLE_NAMES]);
    for (const name of EXAMPLE_NAMES) expect(getExample(name)?.name).toBe(name);
    expect(getExample('nope')).toBeUndefined();
  });

  it.each(EXAMPLE_NAMES)('%s validates without problems', (name) => {
    expect(validateDesign(getExample(name)?.design).problems).toEqual([]);
  });

  it.each(EXAMPLE_NAMES)('%s gives an example value for every argument of every pattern', (name) => {
    const design = validated(name);
    const missing = design.accessPatterns.flatMap((pattern) =>
      patternArguments(design, pattern)
        .filter((arg) => pattern.example?.[arg] === undefined)
        .map((arg) => `${pattern.id}: ${arg}`),
    );
    expect(missing).toEqual([]);
  });

  it('online-store is the shared document (plus examples where it had none), its items first and unchanged', () => {
    const { items, accessPatterns, ...rest } = getExample('online-store')!.design;
    const { items: sharedItems, accessPatterns: sharedPatterns, ...sharedRest } = sharedOnlineStore;
    expect(rest).toEqual(sharedRest);
    const withoutAddedExamples = accessPatterns!.map((pattern, i) =>
      sharedPatterns[i].example ? pattern : { ...pattern, example: undefined },
    );
    expect(JSON.parse(JSON.stringify(withoutAddedExamples))).toEqual(sharedPatterns);
    for (const [entity, samples] of Object.entries(sharedItems as Record<string, unknown[]>)) {
      expect(items?.[entity]?.slice(0, samples.length)).toEqual(samples);
      expect(items?.[entity]?.length).toBeGreaterThan(samples.length);
    }
  });

  it('online-store adds no order that changes the orders of c1 or the PLACED orders', () => {
    const orders = getExample('online-store')!.design.items!.Order;
    expect(orders.filter((o) => o.customerId === 'c1').map((o) => o.orderId)).toEqual(['o100', 'o101']);
    expect(orders.filter((o) => o.status === 'PLACED').map((o) => o.orderId)).toEqual(['o100', 'o102']);
  });

  it('ecommerce keeps each month bucket equal to the month of its timestamp', () => {
    const { items } = validated('ecommerce');
    for (const order of items.Order) expect(order.createdMonth).toBe(String(order.createdAt).slice(0, 7));
    for (const product of items.Product) {
      expect(product.publishedMonth).toBe(
        product.publishedAt === undefined ? undefined : String(product.publishedAt).slice(0, 7),
      );
    }
  });

  it('ecommerce sample items refer only to existing users, orders and products', () => {
    const { items } = validated('ecommerce');
    const ids = (entity: string, attribute: string) => new Set(items[entity].map((v) => v[attribute]));
    const users = ids('User', 'userId');
    const orders = ids('Order', 'orderId');
    const products = ids('Product', 'productId');
    for (const order of items.Order) expect(users).toContain(order.userId);
    for (const item of items.OrderItem) {
      expect(orders).toContain(item.orderId);
      expect(products).toContain(item.productId);
    }
  });
});
