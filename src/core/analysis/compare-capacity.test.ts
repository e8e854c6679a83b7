import { describe, expect, it } from 'vitest';
import { buildViewsFor } from '../indexes/views.ts';
import type { AccessPattern } from '../model/schema.ts';
import { paddedDesign } from '../test-support/analysis-designs.ts';
import { compareCapacity } from './compare-capacity.ts';
import { estimatePattern } from './estimate.ts';

const patterns: AccessPattern[] = [
  { id: 'gsi', name: 'gsi', operation: 'Query', index: 'GSI1', keyCondition: { partition: 'TAG#a' } },
  {
    id: 'pair',
    name: 'pair',
    operation: 'TransactWriteItems',
    actions: [{ operation: 'PutItem', entity: 'Thing' }],
    example: { group: 'g', id: ['x', 'y'] },
  },
];
const design = paddedDesign([{ id: 'a', tag: 'a', bytes: 100 }], patterns);
const estimate = (i: number) => estimatePattern(design, patterns[i], buildViewsFor(design));

describe('compareCapacity', () => {
  it('agrees when a run reports what was estimated, the table at 0 or left out alike', () => {
    const report = {
      total: 0.5,
      entries: [
        { target: 'table', capacityUnits: 0 },
        { target: 'GSI1', capacityUnits: 0.5 },
      ],
    };
    expect(compareCapacity(estimate(0), report)).toMatchObject({ agrees: true, expected: { total: 0.5 } });
    expect(
      compareCapacity(estimate(0), { total: 0.5, entries: [{ target: 'GSI1', capacityUnits: 0.5 }] }).agrees,
    ).toBe(true);
  });

  it("expects DynamoDB Local's known difference there, and the estimate on AWS", () => {
    // Two equal puts, each in LSI1: DynamoDB charges table 2 × 2 and LSI1 2 × 1; Local counts one put, doubled.
    const local = {
      total: 4,
      entries: [
        { target: 'table', capacityUnits: 2 },
        { target: 'LSI1', capacityUnits: 2 },
      ],
    };
    const onLocal = compareCapacity(estimate(1), local);
    expect(onLocal).toMatchObject({ agrees: true, estimated: { total: 6 }, expected: { total: 4 } });
    expect(onLocal.note).toMatch(/amazon-dynamodb-local-samples#31/);
    const aws = {
      total: 6,
      entries: [
        { target: 'table', capacityUnits: 4 },
        { target: 'LSI1', capacityUnits: 2 },
      ],
    };
    expect(compareCapacity(estimate(1), aws, 'aws')).toMatchObject({ agrees: true, expected: { total: 6 } });
    expect(compareCapacity(estimate(1), local, 'aws').agrees).toBe(false);
  });

  it('says so when a report differs unexpectedly', () => {
    const comparison = compareCapacity(estimate(0), {
      total: 1,
      entries: [{ target: 'GSI1', capacityUnits: 1 }],
    });
    expect(comparison.agrees).toBe(false);
    expect(comparison.note).toMatch(/^Reported 1 units, estimated 0.5/);
  });
});
