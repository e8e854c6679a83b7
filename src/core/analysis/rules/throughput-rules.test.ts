// The throughput rules added for #16: where each must fire and where it must not.
import { describe, expect, it } from 'vitest';
import { ecommerceDesign, findingsOf, storeDesign, where } from '../../test-support/analysis-designs.ts';
import { hotItem } from './hot-item.ts';
import { timeBucketPartition } from './time-bucket-partition.ts';

describe('time-bucket-partition', () => {
  it('warns on ORDERBYDATE#{createdMonth}, not on keys by customer or status', () => {
    expect(findingsOf(timeBucketPartition, storeDesign())).toEqual([]);
    const findings = findingsOf(timeBucketPartition, ecommerceDesign());
    expect(where(findings)).toContainEqual(['warning', 'entities[1].keys.GSI3PK']);
    const order = findings.find((f) => f.target === 'entities[1].keys.GSI3PK')!;
    expect(order.message).toBe(
      "Order's GSI3PK ORDERBYDATE#{createdMonth} is a time bucket: each createdMonth is one partition of GSI3, taking all its writes.",
    );
  });
});

describe('hot-item', () => {
  const withCounter = (perSecond: number) =>
    storeDesign((doc) => {
      doc.entities.push({
        name: 'Counter',
        attributes: [{ name: 'views', type: 'N' }],
        keys: { PK: 'COUNTER', SK: 'VIEWS' },
      });
      doc.items = { ...doc.items, Counter: [{ views: 1 }] };
      doc.accessPatterns.push({
        id: 'count-view',
        name: 'Count a view',
        operation: 'UpdateItem',
        entity: 'Counter',
        set: ['views'],
        rate: { perSecond },
      });
    });

  it('warns when estimate puts 5,000 writes a second on one item, not at 500', () => {
    expect(findingsOf(hotItem, withCounter(500))).toEqual([]);
    const findings = findingsOf(hotItem, withCounter(5000));
    expect(where(findings)).toEqual([['warning', 'accessPatterns[6]']]);
    expect(findings[0].message).toBe(
      'count-view writes 5,000 units a second to the one Counter item; one item takes at most 1,000.',
    );
  });
});
