import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { placeholders } from '../keys/template.ts';
import { primaryKeyNames } from '../model/indexes.ts';
import type { AccessPattern, ConditionClause, Design, WriteAction } from '../model/schema.ts';
import { formatProblems, validateDesign } from '../model/validate.ts';
import { EXAMPLE_NAMES, EXAMPLES, getExample } from './index.ts';

const sharedOnlineStore = JSON.parse(
  readFileSync(new URL('../../../../shared/examples/online-store.keyplan.json', import.meta.url), 'utf8'),
);

function validated(name: string): Design {
  const result = validateDesign(getExample(name)?.design);
  if (!result.ok) throw new Error(formatProblems(result.problems));
  return result.design;
}

const templateNames = (value: unknown) => (typeof value === 'string' ? placeholders(value) : []);
const clauseNames = (clauses: ConditionClause[] | undefined) =>
  (clauses ?? []).flatMap((c) => [...templateNames(c.value), ...templateNames(c.to)]);

function writeArguments(design: Design, action: WriteAction): string[] {
  const entity = design.entities.find((e) => e.name === action.entity)!;
  const key = primaryKeyNames(design).flatMap((name) => placeholders(entity.keys[name]));
  const extra =
    action.operation === 'PutItem'
      ? entity.attributes.filter((a) => a.required).map((a) => a.name)
      : action.operation === 'UpdateItem'
        ? (action.set ?? [])
        : [];
  return [...key, ...extra, ...clauseNames(Array.isArray(action.condition) ? action.condition : [])];
}

/** The arguments a pattern's example must give: the placeholders it uses, and the key of what it writes. */
function neededArguments(design: Design, pattern: AccessPattern): string[] {
  switch (pattern.operation) {
    case 'GetItem':
    case 'Query': {
      const { partition, sort } = pattern.keyCondition;
      return [partition, sort?.value, sort?.to].flatMap(templateNames).concat(clauseNames(pattern.filter));
    }
    case 'Scan':
      return clauseNames(pattern.filter);
    case 'TransactGetItems':
    case 'BatchGetItem':
      return pattern.gets.flatMap((get) => [get.key?.partition, get.key?.sort].flatMap(templateNames));
    case 'TransactWriteItems':
      // One flat example cannot give each of several puts its own values, so a transaction's is optional.
      return pattern.example ? pattern.actions.flatMap((action) => writeArguments(design, action)) : [];
    default:
      return writeArguments(design, { ...pattern, operation: pattern.operation });
  }
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
      neededArguments(design, pattern)
        .filter((arg) => pattern.example?.[arg] === undefined)
        .map((arg) => `${pattern.id}: ${arg}`),
    );
    expect(missing).toEqual([]);
  });

  it('online-store is the shared document, its items first and unchanged', () => {
    const { items, ...rest } = getExample('online-store')!.design;
    const { items: sharedItems, ...sharedRest } = sharedOnlineStore;
    expect(rest).toEqual(sharedRest);
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
