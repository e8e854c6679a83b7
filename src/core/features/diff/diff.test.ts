import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../evaluate/compare-run.ts';
import { deriveItems } from '../../items/derive.ts';
import { type DesignEdit, entityIn, patternIn, storeDesign } from '../../test-support/analysis-designs.ts';
import { diffDesigns } from './diff.ts';
import { migrationPlan } from './plan.ts';

// The online store: 4 customers, 10 orders, 13 line items; GSI1 orders by status.
const withFilter: DesignEdit = (doc) => {
  doc.accessPatterns.push({
    id: 'big-orders',
    name: 'Big orders of a customer',
    operation: 'Query',
    keyCondition: { partition: 'CUSTOMER#{customerId}', sort: { op: 'begins_with', value: 'ORDER#' } },
    filter: [{ attribute: 'total', op: '>=', value: '{minTotal}' }],
    example: { customerId: 'c1', minTotal: 10 },
  });
};

const pick = (d: ReturnType<typeof diffDesigns>) => ({
  verdict: d.verdict,
  recreate: d.recreate,
  rewrite: d.items.rewrite,
  indexKeys: d.items.indexKeys,
  unchanged: d.items.unchanged,
});

describe('diffDesigns: the design changes of #20 with their verdicts and item counts', () => {
  const old = storeDesign(withFilter);

  it('adding a GSI over existing attributes is compatible', () => {
    const next = storeDesign((doc) => {
      withFilter(doc);
      doc.table.globalSecondaryIndexes!.push({
        name: 'ByCustomer',
        partitionKey: { name: 'customerId', type: 'S' },
        sortKey: { name: 'createdAt', type: 'S' },
        projection: { type: 'ALL' },
      });
      // Natural keys: the attributes themselves, already on every item.
      entityIn(doc, 'Customer').keys.customerId = '{customerId}';
      Object.assign(entityIn(doc, 'Order').keys, { customerId: '{customerId}', createdAt: '{createdAt}' });
      doc.accessPatterns.push({
        id: 'by-customer',
        name: 'Orders by customer id',
        operation: 'Query',
        index: 'ByCustomer',
        keyCondition: { partition: '{customerId}' },
        example: { customerId: 'c1' },
      });
    });
    const diff = diffDesigns(old, next);
    expect(pick(diff)).toEqual({
      verdict: 'compatible',
      recreate: false,
      rewrite: 0,
      indexKeys: 0,
      unchanged: 27,
    });
    expect(diff.gsis).toEqual({ create: ['ByCustomer'], delete: [] });
    expect(diff.patterns.find((p) => p.id === 'by-customer')?.status).toBe('added');
    expect(diff.patterns.filter((p) => p.status !== 'same' && p.status !== 'added')).toEqual([]);
  });

  it('changing a sort-key template needs a backfill of every item of that entity', () => {
    const next = storeDesign((doc) => {
      withFilter(doc);
      entityIn(doc, 'Order').keys.SK = 'ORDER#{orderId}';
    });
    const diff = diffDesigns(old, next);
    expect(pick(diff)).toEqual({
      verdict: 'backfill',
      recreate: false,
      rewrite: 10,
      indexKeys: 0,
      unchanged: 17,
    });
    const orders = diff.entities.find((e) => e.entity === 'Order')!;
    expect(orders).toMatchObject({ total: 10, rewrite: 10, changed: ['SK'] });
    expect(diff.reasons).toContain('10 of 10 Order items move to a new primary key');
    // c1's orders come back in another order (by id, not by date): same pattern, other answer.
    expect(diff.patterns.find((p) => p.id === 'customer-orders')?.status).toBe('changed');
    // The new items are exactly what the new design derives from the same samples.
    expect(canonicalJson(diff.newItems.map((d) => d.item))).toBe(
      canonicalJson(deriveItems(next).map((d) => d.item)),
    );
  });

  it("renaming the table's partition key attribute is breaking: the table is recreated", () => {
    const next = storeDesign((doc) => {
      withFilter(doc);
      doc.table.partitionKey = { name: 'pk', type: 'S' };
      for (const entity of doc.entities) {
        const { PK, ...rest } = entity.keys;
        entity.keys = { pk: PK, ...rest };
      }
    });
    const diff = diffDesigns(old, next);
    expect(pick(diff)).toEqual({
      verdict: 'breaking',
      recreate: true,
      rewrite: 27,
      indexKeys: 0,
      unchanged: 0,
    });
    expect(diff.reasons[0]).toMatch(/^table: partition key PK \(S\) → pk \(S\): the table must be recreated/);
  });

  it('adding an entity is compatible', () => {
    const next = storeDesign((doc) => {
      withFilter(doc);
      doc.entities.push({
        name: 'Review',
        attributes: [
          { name: 'productId', type: 'S' },
          { name: 'reviewId', type: 'S' },
          { name: 'stars', type: 'N' },
        ],
        keys: { PK: 'PRODUCT#{productId}', SK: 'REVIEW#{reviewId}' },
      });
      doc.items!.Review = [{ productId: 'p1', reviewId: 'r1', stars: 5 }];
    });
    const diff = diffDesigns(old, next);
    expect(pick(diff)).toEqual({
      verdict: 'compatible',
      recreate: false,
      rewrite: 0,
      indexKeys: 0,
      unchanged: 27,
    });
    expect(diff.changes).toContainEqual(expect.objectContaining({ target: 'Review', kind: 'added' }));
    expect(diff.newItems).toHaveLength(28);
  });

  it('changing a GSI key template is a backfill of index keys only', () => {
    const next = storeDesign((doc) => {
      withFilter(doc);
      entityIn(doc, 'Order').keys.GSI1SK = '{createdAt}#{orderId}';
    });
    const diff = diffDesigns(old, next);
    expect(pick(diff)).toEqual({
      verdict: 'backfill',
      recreate: false,
      rewrite: 0,
      indexKeys: 10,
      unchanged: 17,
    });
    expect(diff.entities.find((e) => e.entity === 'Order')).toMatchObject({
      indexKeys: 10,
      changed: ['GSI1SK'],
    });
    expect(diff.reasons).toEqual(['10 of 10 Order items gain, lose or change index keys']);
  });

  it('removing an attribute a pattern filters on is breaking for that pattern', () => {
    const next = storeDesign((doc) => {
      withFilter(doc);
      const order = entityIn(doc, 'Order');
      order.attributes = order.attributes!.filter((a) => a.name !== 'total');
      for (const sample of doc.items!.Order) delete sample.total;
      patternIn(doc, 'place-order');
      doc.accessPatterns = doc.accessPatterns.filter((p) => p.id !== 'place-order');
    });
    const diff = diffDesigns(old, next);
    expect(diff.verdict).toBe('breaking');
    expect(diff.recreate).toBe(false);
    const unserved = diff.patterns.filter((p) => p.status === 'unserved');
    expect(unserved.map((p) => p.id)).toEqual(['big-orders']);
    expect(unserved[0].reason).toBe('it names total, which no entity declares any more');
    expect(diff.reasons[0]).toBe(
      'pattern big-orders is no longer served: it names total, which no entity declares any more',
    );
    // The other reads answer as before; the orders only lose an attribute (no key changes).
    expect(diff.patterns.find((p) => p.id === 'get-customer')?.status).toBe('same');
    expect(diff.items).toMatchObject({ rewrite: 0, indexKeys: 0, attributes: 10 });
  });
});

describe('migrationPlan', () => {
  it('orders the steps as DynamoDB requires and prices them for the table', () => {
    const old = storeDesign();
    // GSI1 replaced by GSI2 over new key templates: the orders gain GSI2's keys and lose GSI1's.
    const next = storeDesign((doc) => {
      doc.table.globalSecondaryIndexes = [
        { name: 'GSI2', partitionKey: { name: 'GSI2PK', type: 'S' }, projection: { type: 'KEYS_ONLY' } },
      ];
      const order = entityIn(doc, 'Order');
      const { GSI1PK: _pk, GSI1SK: _sk, ...keys } = order.keys;
      order.keys = { ...keys, GSI2PK: 'ORDER#{orderId}' };
      doc.accessPatterns = doc.accessPatterns.filter((p) => p.id !== 'orders-by-status');
    });
    const diff = diffDesigns(old, next);
    expect(pick(diff)).toMatchObject({ verdict: 'backfill', rewrite: 0, indexKeys: 10 });
    const plan = migrationPlan(old, next, diff, { items: 2700, rate: 50 });
    expect(plan.steps.map((s) => s.kind)).toEqual([
      'create-gsi',
      'dual-write',
      'backfill',
      'switch-readers',
      'delete-gsi',
    ]);
    const [create, , backfill] = plan.steps;
    // 10 of 27 sample items stand for 1,000 of 2,700; at 50 writes/s that is 20 s.
    expect(create).toMatchObject({ items: 1000 });
    expect(backfill).toMatchObject({ items: 1000, seconds: 20 });
    // Each order: its table write (1 WCU), GSI2's new entry (1), GSI1's entry removed (1).
    expect(backfill.writeUnits).toBe(3000);
    expect(backfill.dollars).toBeCloseTo((backfill.readUnits * 0.125 + 3000 * 0.625) / 1e6, 10);
    expect(plan.total.seconds).toBe(20);
  });
});
