// One design where each growth and projection rule fires and one where it stays quiet (a near miss).
import { describe, expect, it } from 'vitest';
import type { AccessPattern } from '../../model/schema.ts';
import { entityIn, findingsOf, patternIn, storeDesign, where } from '../../test-support/analysis-designs.ts';
import { allProjection } from './all-projection.ts';
import { celebrityPartition } from './celebrity-partition.ts';
import { growingList } from './growing-list.ts';
import { sensitiveInIndex } from './sensitive-in-index.ts';
import { stateInKey } from './state-in-key.ts';
import { timestampSortKey } from './timestamp-sort-key.ts';
import { unboundedQuery } from './unbounded-query.ts';

/** The sample items of a raw document being edited, by entity. */
const samples = (doc: { items?: unknown }) => doc.items as Record<string, Record<string, unknown>[]>;

const updateCustomer = (id: string, set: string[]): AccessPattern => ({
  id,
  name: id,
  operation: 'UpdateItem',
  entity: 'Customer',
  set,
  condition: 'exists',
  example: {},
});

describe('timestamp-sort-key', () => {
  it('stays quiet when the timestamp is followed by an id (ORDER#{createdAt}#{orderId})', () => {
    expect(findingsOf(timestampSortKey, storeDesign())).toEqual([]);
  });

  it('warns at a table sort key that is a timestamp alone, and the fix appends the id', () => {
    const findings = findingsOf(
      timestampSortKey,
      storeDesign((doc) => {
        entityIn(doc, 'Order').keys.SK = 'ORDER#{createdAt}';
      }),
    );
    expect(where(findings)).toEqual([['warning', 'entities[1].keys.SK']]);
    expect(findings[0].fix).toBe(
      'Make SK ORDER#{createdAt}#{orderId}: it still sorts by createdAt, and ties keep both items.',
    );
  });

  it('also warns when only a status narrows the time ({status}#{placedOn}), or the time is a date of any form', () => {
    // Workbench models: a cart's Status#Date, a forum reply's "7/1/2019", a scheduled "2019-09-25T010101".
    const design = (sk: string, placedOn: string[]) =>
      storeDesign((doc) => {
        entityIn(doc, 'Order').attributes?.push({ name: 'placedOn', type: 'S' });
        entityIn(doc, 'Order').keys.SK = sk;
        const orders = (doc.items as Record<string, Record<string, unknown>[]>).Order;
        orders.forEach((order, i) => {
          order.placedOn = placedOn[i % placedOn.length];
        });
      });
    const us = findingsOf(timestampSortKey, design('{status}#{placedOn}', ['7/1/2019', '7/5/2019']));
    expect(where(us)).toEqual([['warning', 'entities[1].keys.SK']]);
    expect(us[0].message).toMatch(/tells items apart by placedOn alone/);
    const basic = design('ORDER#{placedOn}', ['2019-09-25T010101', '2019-09-26T020202']);
    expect(where(findingsOf(timestampSortKey, basic))).toEqual([['warning', 'entities[1].keys.SK']]);
    // An id beside the time tells items apart: quiet.
    expect(findingsOf(timestampSortKey, design('{placedOn}#{orderId}', ['7/1/2019']))).toEqual([]);
  });

  it('stays quiet on an index sort key that is a timestamp alone (index keys need not be unique)', () => {
    // GSI1SK is {createdAt} in the example.
    expect(storeDesign().entities[1].keys.GSI1SK).toBe('{createdAt}');
    expect(findingsOf(timestampSortKey, storeDesign())).toEqual([]);
  });
});

describe('growing-list', () => {
  it('stays quiet on a small list nobody appends to', () => {
    const design = storeDesign((doc) => {
      entityIn(doc, 'Customer').attributes?.push({ name: 'tags', type: 'SS' });
      samples(doc).Customer[0].tags = ['vip', 'newsletter'];
    });
    expect(findingsOf(growingList, design)).toEqual([]);
  });

  it('warns at a set that an UpdateItem grows in place', () => {
    const design = storeDesign((doc) => {
      entityIn(doc, 'Customer').attributes?.push({ name: 'wishlist', type: 'SS' });
      doc.accessPatterns.push(updateCustomer('add-to-wishlist', ['wishlist']));
    });
    const findings = findingsOf(growingList, design);
    expect(where(findings)).toEqual([['warning', 'entities[0].attributes[3]']]);
    expect(findings[0].message).toMatch(/Customer\.wishlist is a SS that grows .*add-to-wishlist updates it/);
    expect(findings[0].fix).toMatch(/WISHLIST#\{wishlistId\}/);
  });

  it('warns at a list of records that each name another item by id', () => {
    const design = storeDesign((doc) => {
      entityIn(doc, 'Customer').attributes?.push({ name: 'friends', type: 'L' });
      samples(doc).Customer[0].friends = [{ friendId: 'c2', since: '2026-01-01' }, { friendId: 'c3' }];
    });
    const findings = findingsOf(growingList, design);
    expect(where(findings)).toEqual([['warning', 'entities[0].attributes[3]']]);
    expect(findings[0].message).toMatch(/each entry names another item by friendId/);
  });

  it('keeps the message one line within 160 characters however many patterns update the list', () => {
    const design = storeDesign((doc) => {
      entityIn(doc, 'Customer').attributes?.push({ name: 'wishlist', type: 'SS' });
      for (const id of [
        'add-to-wishlist-from-product-page',
        'add-to-wishlist-from-cart',
        'merge-guest-wishlist',
      ])
        doc.accessPatterns.push(updateCustomer(id, ['wishlist']));
    });
    const [finding] = findingsOf(growingList, design);
    expect(finding.message.length).toBeLessThanOrEqual(160);
    expect(finding.message).toMatch(/3 patterns update it in place/);
    expect(finding.related).toEqual(['accessPatterns[6]', 'accessPatterns[7]', 'accessPatterns[8]']);
  });
});

describe('unbounded-query', () => {
  it('stays quiet on a bounded query: a Limit, or a range on the sort key', () => {
    const limited = storeDesign((doc) => {
      patternIn(doc, 'orders-by-status', 'Query').limit = 50;
    });
    expect(findingsOf(unboundedQuery, limited)).toEqual([]);
    const ranged = storeDesign((doc) => {
      patternIn(doc, 'orders-by-status', 'Query').keyCondition.sort = { op: '>=', value: '{createdAt}' };
    });
    expect(findingsOf(unboundedQuery, ranged)).toEqual([]);
  });

  it('notes (info) a query without Limit on a partition key of few values (an enum)', () => {
    const findings = findingsOf(unboundedQuery, storeDesign());
    expect(where(findings)).toEqual([['info', 'accessPatterns[3]']]);
    expect(findings[0].message).toMatch(/orders-by-status.*STATUS#\{status\} has 3 values/);
  });

  it("warns when expectedItems put thousands of items in one parent's partition", () => {
    const design = storeDesign((doc) => {
      patternIn(doc, 'orders-by-status', 'Query').limit = 50;
      entityIn(doc, 'Customer').expectedItems = 1000;
      entityIn(doc, 'Order').expectedItems = 5_000_000;
    });
    const findings = findingsOf(unboundedQuery, design);
    expect(where(findings)).toEqual([['warning', 'accessPatterns[1]']]);
    expect(findings[0].message).toMatch(/about 5,000 Order per Customer/);
  });

  it('stays quiet when expectedItems keep each partition small', () => {
    const design = storeDesign((doc) => {
      patternIn(doc, 'orders-by-status', 'Query').limit = 50;
      entityIn(doc, 'Customer').expectedItems = 100_000;
      entityIn(doc, 'Order').expectedItems = 2_000_000;
    });
    expect(findingsOf(unboundedQuery, design)).toEqual([]);
  });
});

describe('celebrity-partition', () => {
  it("stays quiet when the samples spread over customers (at most 3 of an entity's 10 items each)", () => {
    expect(findingsOf(celebrityPartition, storeDesign())).toEqual([]);
  });

  it('notes a partition value holding half of the sample items, and shards it in the fix', () => {
    const design = storeDesign((doc) => {
      for (const order of samples(doc).Order.slice(0, 6)) order.customerId = 'c1';
    });
    const findings = findingsOf(celebrityPartition, design);
    expect(where(findings)).toEqual([['info', 'entities[1].keys.PK']]);
    expect(findings[0].message).toMatch(/^PK CUSTOMER#c1 holds 60% of Order's sample items in the table/);
    expect(findings[0].fix).toMatch(/CUSTOMER#\{customerId\}#\{shard\}/);
  });

  it('leaves a partition key of enum values to hot-partition (GSI1PK STATUS#{status})', () => {
    const design = storeDesign((doc) => {
      for (const order of samples(doc).Order.slice(0, 8)) order.status = 'DELIVERED';
    });
    expect(findingsOf(celebrityPartition, design)).toEqual([]);
  });
});

describe('state-in-key', () => {
  it('stays quiet when the state is only in an index key (GSI1PK STATUS#{status})', () => {
    expect(findingsOf(stateInKey, storeDesign())).toEqual([]);
  });

  it('warns at a table sort key holding the status attribute', () => {
    const findings = findingsOf(
      stateInKey,
      storeDesign((doc) => {
        entityIn(doc, 'Order').keys.SK = 'ORDER#{status}#{createdAt}#{orderId}';
      }),
    );
    expect(where(findings)).toEqual([['warning', 'entities[1].keys.SK']]);
    expect(findings[0].message).toMatch(/Order's table key SK holds the state \{status\}/);
  });

  it('warns at a table key whose sample values hold a state word (ACTIVE)', () => {
    const findings = findingsOf(
      stateInKey,
      storeDesign((doc) => {
        entityIn(doc, 'Customer').keys.SK = 'PROFILE#ACTIVE';
        patternIn(doc, 'get-customer', 'GetItem').keyCondition.sort = { op: '=', value: 'PROFILE#ACTIVE' };
      }),
    );
    expect(where(findings)).toEqual([['warning', 'entities[0].keys.SK']]);
  });
});

describe('all-projection', () => {
  it('stays quiet when the readers of an ALL index ask for no projection (they want whole items)', () => {
    expect(findingsOf(allProjection, storeDesign())).toEqual([]);
  });

  it('stays quiet when the readers ask for more than half of the attributes', () => {
    const design = storeDesign((doc) => {
      patternIn(doc, 'orders-by-status', 'Query').projection = ['orderId', 'createdAt', 'total'];
    });
    expect(findingsOf(allProjection, design)).toEqual([]);
  });

  it('notes an ALL index whose only reader asks for two attributes, INCLUDE of those in the fix', () => {
    const design = storeDesign((doc) => {
      patternIn(doc, 'orders-by-status', 'Query').projection = ['orderId', 'createdAt'];
    });
    const findings = findingsOf(allProjection, design);
    expect(where(findings)).toEqual([['info', 'table.globalSecondaryIndexes[0].projection']]);
    expect(findings[0].fix).toBe("Set GSI1's projection to INCLUDE orderId, createdAt.");
  });
});

describe('sensitive-in-index', () => {
  const withToken = (projection: { type: 'ALL' | 'KEYS_ONLY' | 'INCLUDE'; attributes?: string[] }) =>
    storeDesign((doc) => {
      entityIn(doc, 'Order').attributes?.push({ name: 'paymentToken', type: 'S' });
      const gsi = doc.table.globalSecondaryIndexes?.[0];
      if (gsi) gsi.projection = projection;
    });

  it('stays quiet when the index does not project the secret (KEYS_ONLY, or INCLUDE without it)', () => {
    expect(findingsOf(sensitiveInIndex, withToken({ type: 'KEYS_ONLY' }))).toEqual([]);
    expect(findingsOf(sensitiveInIndex, withToken({ type: 'INCLUDE', attributes: ['total'] }))).toEqual([]);
  });

  it('warns at an ALL projection that copies a payment token, the attribute related', () => {
    const findings = findingsOf(sensitiveInIndex, withToken({ type: 'ALL' }));
    expect(where(findings)).toEqual([['warning', 'table.globalSecondaryIndexes[0].projection']]);
    expect(findings[0].related).toEqual(['entities[1].attributes[5]']);
    expect(findings[0].message).toMatch(/GSI1 \(ALL\) copies paymentToken into the index/);
  });

  it('warns at personal data only when ALL copied it, not when INCLUDE chose it', () => {
    const withEmail = (projection: { type: 'ALL' | 'INCLUDE'; attributes?: string[] }) =>
      storeDesign((doc) => {
        entityIn(doc, 'Order').attributes?.push({ name: 'email', type: 'S' });
        const gsi = doc.table.globalSecondaryIndexes?.[0];
        if (gsi) gsi.projection = projection;
      });
    expect(where(findingsOf(sensitiveInIndex, withEmail({ type: 'ALL' })))).toEqual([
      ['warning', 'table.globalSecondaryIndexes[0].projection'],
    ]);
    expect(findingsOf(sensitiveInIndex, withEmail({ type: 'INCLUDE', attributes: ['email'] }))).toEqual([]);
  });
});
