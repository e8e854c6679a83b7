import { describe, expect, it } from 'vitest';
import type { RunResponse } from '../../../core/contract/contract.ts';
import { designSchema } from '../../../core/model/schema.ts';
import { capacityRows, formatMs, formatUnits, runStatusParts } from './run-format.ts';

const result = (patch: Partial<RunResponse>): RunResponse => ({
  operation: 'Query',
  request: { operation: 'Query', input: {} },
  items: [],
  count: 3,
  scannedCount: 5,
  consumedCapacity: { total: 0.5, entries: [] },
  latencyMs: 12.34,
  response: {},
  ...patch,
});

describe('runStatusParts', () => {
  it('reads like the console for a query', () => {
    expect(runStatusParts(result({}), 'Local').join(' · ')).toBe(
      'Completed · 12 ms (Local) · Count 3 · ScannedCount 5 · Efficiency 60% · 0.5 RCU',
    );
  });

  it('counts items of a GetItem and WCU of a write', () => {
    expect(runStatusParts(result({ operation: 'GetItem', count: 1, scannedCount: 1 }), 'Local')).toEqual([
      'Completed',
      '12 ms (Local)',
      '1 item',
      '0.5 RCU',
    ]);
    expect(
      runStatusParts(
        result({ operation: 'PutItem', latencyMs: 4.56, consumedCapacity: { total: 2, entries: [] } }),
        'AWS',
      ),
    ).toEqual(['Completed', '4.6 ms (AWS)', '2 WCU']);
  });

  it('leaves efficiency out when nothing was scanned', () => {
    expect(runStatusParts(result({ count: 0, scannedCount: 0 }), 'Local')).not.toContain('Efficiency');
  });
});

describe('capacityRows', () => {
  const design = designSchema.parse({
    format: 'keyplan/1',
    name: 'd',
    table: {
      name: 'T1x',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      globalSecondaryIndexes: [{ name: 'GSI1', partitionKey: { name: 'G', type: 'S' } }],
      localSecondaryIndexes: [{ name: 'LSI1', sortKey: { name: 'L', type: 'S' } }],
    },
  });

  it('names the table and each index with its kind', () => {
    const rows = capacityRows(
      [
        { target: 'table', table: 'T1x', capacityUnits: 1, writeCapacityUnits: 1 },
        { target: 'GSI1', table: 'T1x', capacityUnits: 1, writeCapacityUnits: 1 },
        { target: 'LSI1', table: 'T1x', capacityUnits: 1 },
      ],
      design,
      'PutItem',
    );
    expect(rows).toEqual([
      { label: 'Table', kind: 'Table', rcu: undefined, wcu: 1 },
      { label: 'GSI1', kind: 'GSI', rcu: undefined, wcu: 1 },
      { label: 'LSI1', kind: 'LSI', rcu: undefined, wcu: 1 },
    ]);
    expect(capacityRows([{ target: 'table', table: 'T1x', capacityUnits: 0.5 }], design, 'Query')).toEqual([
      { label: 'Table', kind: 'Table', rcu: 0.5, wcu: undefined },
    ]);
  });
});

describe('formatting', () => {
  it('rounds units and latency', () => {
    expect(formatUnits(0.1 + 0.2)).toBe('0.3');
    expect(formatMs(123.6)).toBe('124');
    expect(formatMs(3.21)).toBe('3.2');
  });
});
