// Monthly cost from rates, units and prices, worked out by hand for the online-store example.
import { describe, expect, it } from 'vitest';
import { buildViewsFor } from '../indexes/views.ts';
import {
  ecommerceDesign,
  entityIn,
  patternIn,
  seed000Design,
  storeDesign,
} from '../test-support/analysis-designs.ts';
import { costModel } from './cost.ts';
import { estimateDesign } from './estimate.ts';
import { US_EAST_1_PRICES } from './prices.ts';
import { GB } from './storage.ts';
import { compareTablePerEntity } from './table-per-entity.ts';

const MONTH = 730 * 3600;

const rated = () =>
  storeDesign((doc) => {
    patternIn(doc, 'get-customer').rate = { perSecond: 10 };
    patternIn(doc, 'place-order').rate = { perDay: 86_400 };
    entityIn(doc, 'Order').expectedItems = 1_000_000;
  });

describe('costModel', () => {
  it('prices each rated pattern on demand from its units per request', () => {
    const model = costModel(rated());
    const get = model.patterns.find((p) => p.patternId === 'get-customer')!;
    // 10 requests a second × 2,628,000 s × 0.5 RRU × $0.125 per million.
    expect(get.requestsPerMonth).toBe(10 * MONTH);
    expect(get.readUnitsPerMonth).toBe(13_140_000);
    expect(get.onDemand).toBeCloseTo(1.6425, 10);
    // One a second (86,400 a day): 7 WRU each (table 6 in a transaction, GSI1 1) × $0.625 per million.
    const place = model.patterns.find((p) => p.patternId === 'place-order')!;
    expect(place.writeUnitsPerMonth).toBe(7 * MONTH);
    expect(place.onDemand).toBeCloseTo(11.4975, 10);
    expect(model.totals.onDemand).toBeCloseTo(1.6425 + 11.4975, 10);
    expect(model.missing.rates).toEqual([
      'customer-orders',
      'order-line-items',
      'orders-by-status',
      'ship-order',
    ]);
  });

  it('sizes provisioned capacity from the average load, per table and GSI, at least 1 each', () => {
    const model = costModel(rated());
    expect(
      model.provisioned.map(({ target, readUnits, writeUnits }) => [target, readUnits, writeUnits]),
    ).toEqual([
      ['table', 5, 6],
      ['GSI1', 1, 1],
    ]);
    expect(model.provisioned[0].monthly).toBeCloseTo((5 * 0.00013 + 6 * 0.00065) * 730, 10);
    expect(model.assumptions.join(' ')).toMatch(/ignores peaks/);
    expect(model.assumptions[0]).toMatch(/in effect since 2024-11-01/);
  });

  it('stores expected items at their sample size plus 100 bytes, in the table and each index they are in', () => {
    const model = costModel(rated());
    const order = model.storage.entities.find((e) => e.entity === 'Order')!;
    expect(order.averageItemBytes).toBeGreaterThan(150);
    expect(Math.abs(order.tableBytes - 1_000_000 * (order.averageItemBytes! + 100))).toBeLessThanOrEqual(
      500_000,
    );
    // Every sample order has a status, so every order is in GSI1, which projects ALL.
    expect(order.indexBytes.GSI1).toBe(order.tableBytes);
    expect(model.totals.storage).toBeCloseTo(((order.tableBytes + order.indexBytes.GSI1) / GB) * 0.25, 10);
    expect(model.missing.itemCounts).toEqual(['Customer', 'LineItem']);
  });

  it('recomputes with another price table', () => {
    const design = rated();
    const doubled = {
      ...US_EAST_1_PRICES,
      onDemand: { perMillionReadUnits: 0.25, perMillionWriteUnits: 1.25 },
    };
    const base = costModel(design);
    const again = costModel(design, { prices: doubled });
    expect(again.totals.onDemand).toBeCloseTo(base.totals.onDemand * 2, 10);
    expect(again.prices).toBe(doubled);
  });
});

describe('compareTablePerEntity', () => {
  it('splits a read of several entities into one request per entity table', () => {
    const seed = seed000Design();
    const seedViews = buildViewsFor(seed);
    const design = ecommerceDesign();
    const views = buildViewsFor(design);
    const comparison = compareTablePerEntity(design, estimateDesign(design, views), views);
    const withItems = comparison.find((c) => c.patternId === 'order-with-items')!;
    expect(withItems.singleTable).toEqual({ requests: 1, units: 0.5 });
    expect(withItems.tablePerEntity.reads.map((r) => [r.operation, r.entity, r.items])).toEqual([
      ['GetItem', 'Order', 1],
      ['Query', 'OrderItem', 2],
    ]);
    expect(withItems.tablePerEntity).toMatchObject({ requests: 2, units: 1 });
    expect(withItems.summary).toBe(
      'One table: 1 Query, 0.5 RCU. A table per entity: 1 GetItem (Order) + 1 Query (OrderItem), 1 RCU.',
    );
    // A partition read that drags in another entity reads only the returned entity's own table.
    const page = compareTablePerEntity(seed, estimateDesign(seed, seedViews), seedViews).find(
      (c) => c.patternId === 'user-orders-page',
    )!;
    expect(page.tablePerEntity.reads.map((r) => [r.operation, r.entity, r.items])).toEqual([
      ['Query', 'Order', 2],
    ]);
    const create = comparison.find((c) => c.patternId === 'create-order')!;
    expect(create.tablePerEntity).toEqual({ requests: 1, units: 7, reads: [] });
  });
});
