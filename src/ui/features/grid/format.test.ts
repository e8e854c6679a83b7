// The grid shows every digit DynamoDB stores (issue #12): a cell of a number a double cannot hold reads
// its digits as the design wrote them, typed as a number, and its tooltip (lists, sets) writes them too.
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../../core/model/schema.ts';
import { parseExactJson } from '../../../core/values/exact-json.ts';
import { valueKind, valueLabel, valueTitle } from './format.ts';

const BIG = '12345678901234567890123456789012345678';
const NEAR_MAX = '9.9999999999999999999999999999999999999E+125';

describe('grid cell text of exact numbers', () => {
  const item = parseExactJson(
    `{"big": ${BIG}, "max": ${NEAR_MAX}, "tiny": -1.5E-100, "set": [${BIG}, 7], "plain": 42.5}`,
  ) as Record<string, JsonValue>;

  it('shows all the digits of a number a double cannot hold, as a number', () => {
    expect(valueLabel(item.big)).toBe(BIG);
    expect(valueKind(item.big)).toBe('number');
    // In DynamoDB's normal form, as DynamoDB answers it: 38 nines and 88 zeros.
    expect(valueLabel(item.max)).toBe(`${'9'.repeat(38)}${'0'.repeat(88)}`);
    expect(valueKind(item.max)).toBe('number');
    expect(valueLabel(item.tiny)).toBe('-1.5e-100');
    expect(valueLabel(item.plain)).toBe('42.5');
  });

  it('writes the digits in a set’s tooltip', () => {
    expect(valueLabel(item.set)).toBe('[2]');
    expect(valueTitle(item.set).replace(/\s+/g, '')).toBe(`[${BIG},7]`);
    expect(valueTitle(item.big)).toBe(BIG);
  });
});
