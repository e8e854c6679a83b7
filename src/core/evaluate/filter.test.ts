import { describe, expect, it } from 'vitest';
import type { AttributeType } from '../model/schema.ts';
import type { ResolvedClause } from '../requests/read-spec.ts';
import type { PlainItem } from '../values/item.ts';
import { matchesFilter } from './filter.ts';

const item: PlainItem = {
  name: 'Zoë',
  total: 39.9,
  tags: ['new', 'sale'],
  codes: [1, 2],
  flag: false,
  nothing: null,
  data: 'AAEC', // bytes 0x00 0x01 0x02 when declared B
  address: { city: 'Oslo' },
};
const types = new Map<string, AttributeType>([
  ['data', 'B'],
  ['tags', 'SS'],
]);
const matches = (clause: ResolvedClause) => matchesFilter(item, [clause], types);

describe('matchesFilter', () => {
  it('compares only values of the same type: a string is never equal or less than a number', () => {
    expect(matches({ attribute: 'total', op: '=', value: 39.9 })).toBe(true);
    expect(matches({ attribute: 'total', op: '=', value: '39.9' })).toBe(false);
    expect(matches({ attribute: 'total', op: '<', value: '100' })).toBe(false);
    expect(matches({ attribute: 'total', op: '>=', value: '0' })).toBe(false);
    expect(matches({ attribute: 'total', op: '<>', value: '39.9' })).toBe(true);
  });

  it('treats a missing attribute as false for every comparison but <> and not_exists', () => {
    for (const op of ['=', '<', '<=', '>', '>=', 'begins_with', 'contains'] as const) {
      expect(matches({ attribute: 'missing', op, value: 'x' })).toBe(false);
    }
    expect(matches({ attribute: 'missing', op: '<>', value: 'x' })).toBe(true);
    expect(matches({ attribute: 'missing', op: 'not_exists' })).toBe(true);
    expect(matches({ attribute: 'missing', op: 'exists' })).toBe(false);
    expect(matches({ attribute: 'nothing', op: 'exists' })).toBe(true);
  });

  it('orders S by UTF-8 bytes and N numerically', () => {
    expect(matches({ attribute: 'name', op: '>', value: 'Zoz' })).toBe(true); // 'ë' (U+00EB) > 'z'
    expect(matches({ attribute: 'total', op: '<', value: 100 })).toBe(true); // not '100' < '39.9' as text
    expect(matches({ attribute: 'total', op: 'between', value: 39.9, to: 40 })).toBe(true);
    expect(matches({ attribute: 'total', op: 'between', value: 40, to: 50 })).toBe(false);
  });

  it('rejects a BETWEEN whose bounds are reversed', () => {
    expect(() => matches({ attribute: 'total', op: 'between', value: 50, to: 40 })).toThrow(
      /BETWEEN operator/,
    );
  });

  it('knows begins_with and contains on strings, sets, lists and binary', () => {
    expect(matches({ attribute: 'name', op: 'begins_with', value: 'Zo' })).toBe(true);
    expect(matches({ attribute: 'name', op: 'contains', value: 'oë' })).toBe(true);
    expect(matches({ attribute: 'tags', op: 'contains', value: 'sale' })).toBe(true);
    expect(matches({ attribute: 'tags', op: 'contains', value: 'sa' })).toBe(false);
    expect(matches({ attribute: 'codes', op: 'contains', value: 2 })).toBe(true);
    expect(matches({ attribute: 'codes', op: 'contains', value: '2' })).toBe(false);
    expect(matches({ attribute: 'data', op: 'begins_with', value: 'AA==' })).toBe(true); // [0x00]
    expect(matches({ attribute: 'data', op: 'contains', value: 'AQI=' })).toBe(true); // [0x01, 0x02]
    expect(matches({ attribute: 'data', op: '<', value: 'AQ==' })).toBe(true); // [0,1,2] < [1]
  });

  it('compares sets without order, lists and maps in depth', () => {
    expect(matches({ attribute: 'tags', op: '=', value: ['sale', 'new'] })).toBe(true);
    expect(matches({ attribute: 'codes', op: '=', value: [2, 1] })).toBe(false);
    expect(matches({ attribute: 'address', op: '=', value: { city: 'Oslo' } })).toBe(true);
    expect(matches({ attribute: 'flag', op: '=', value: false })).toBe(true);
  });

  it('ANDs clauses, and passes without any', () => {
    expect(matchesFilter(item, undefined)).toBe(true);
    expect(
      matchesFilter(item, [
        { attribute: 'flag', op: '=', value: false },
        { attribute: 'total', op: '>', value: 50 },
      ]),
    ).toBe(false);
  });
});
