import { describe, expect, it } from 'vitest';
import type { AccessPattern } from '../../../core/model/schema.ts';
import type { PatternPreview } from '../../../store/pattern-preview.ts';
import { patternFlag } from './pattern-flag.ts';

const query: AccessPattern = {
  id: 'q',
  name: 'q',
  operation: 'Query',
  keyCondition: { partition: 'C#{id}' },
};
const preview = (count: number, extra: Partial<PatternPreview> = {}): PatternPreview => ({
  patternId: 'q',
  view: '$table',
  returned: new Set(),
  filtered: new Set(),
  result: { items: [], count, scannedCount: count },
  ...extra,
});

describe('patternFlag', () => {
  it('flags a pattern the evaluator cannot answer as unreachable', () => {
    expect(patternFlag(query, preview(0, { error: 'pattern q needs argument id' }), undefined)).toEqual({
      level: 'error',
      message: 'Unreachable: pattern q needs argument id',
    });
  });

  it('flags a write whose request cannot be built', () => {
    const put: AccessPattern = { id: 'p', name: 'p', operation: 'PutItem', entity: 'Order' };
    expect(patternFlag(put, null, 'pattern p needs argument orderId')?.level).toBe('error');
  });

  it('flags a scan', () => {
    const scan: AccessPattern = { id: 's', name: 's', operation: 'Scan', index: 'GSI1' };
    expect(patternFlag(scan, preview(3), undefined)?.message).toMatch(/^Scan reads every item of GSI1/);
  });

  it('flags a query that finds nothing, and says when the filter is why', () => {
    expect(patternFlag(query, preview(0), undefined)?.message).toMatch(/no item has this key/);
    const filtered = preview(0, { filtered: new Set(['Order:1', 'Order:2']) });
    expect(patternFlag(query, filtered, undefined)?.message).toMatch(/filter removes all 2 items/);
  });

  it('leaves a working query alone', () => {
    expect(patternFlag(query, preview(2), undefined)).toBeNull();
  });
});
