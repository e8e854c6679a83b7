import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatStorage,
  formatUsd,
  parseCount,
  parseRate,
  rateText,
  rateUnit,
} from './format.ts';

describe('formatUsd', () => {
  it('writes cents, and two significant digits below a cent', () => {
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(0.004236)).toBe('$0.0042');
    expect(formatUsd(1.6425)).toBe('$1.64');
    expect(formatUsd(12345.6)).toBe('$12,345.60');
  });
});

describe('formatStorage', () => {
  it('steps by 1,024', () => {
    expect(formatStorage(86)).toBe('86 B');
    expect(formatStorage(1536)).toBe('1.5 KB');
    expect(formatStorage(1.25 * 1024 ** 3)).toBe('1.25 GB');
  });
});

describe('formatCount', () => {
  it('abbreviates thousands, millions and billions', () => {
    expect(formatCount(950)).toBe('950');
    expect(formatCount(12_500)).toBe('12.5K');
    expect(formatCount(2_628_000)).toBe('2.63M');
    expect(formatCount(1.1e9)).toBe('1.1B');
  });
});

describe('rates', () => {
  it('reads the unit and number of a saved rate', () => {
    expect(rateUnit(undefined)).toBe('second');
    expect(rateUnit({ perDay: 5000 })).toBe('day');
    expect(rateText({ perDay: 5000 })).toBe('5000');
    expect(rateText({ perSecond: 2.5 })).toBe('2.5');
    expect(rateText(undefined)).toBe('');
  });

  it('parses what is typed in the chosen unit', () => {
    expect(parseRate('12', 'second')).toEqual({ rate: { perSecond: 12 } });
    expect(parseRate('10,000', 'day')).toEqual({ rate: { perDay: 10000 } });
    expect(parseRate('  ', 'day')).toEqual({ rate: undefined });
    expect(parseRate('-1', 'second')).toHaveProperty('error');
    expect(parseRate('lots', 'second')).toHaveProperty('error');
  });
});

describe('parseCount', () => {
  it('reads separators, suffixes and exponents', () => {
    expect(parseCount('1,000,000')).toEqual({ count: 1_000_000 });
    expect(parseCount('2.5M')).toEqual({ count: 2_500_000 });
    expect(parseCount('10k')).toEqual({ count: 10_000 });
    expect(parseCount('1e6')).toEqual({ count: 1_000_000 });
    expect(parseCount('')).toEqual({ count: undefined });
  });
  it('refuses fractions, negatives and words', () => {
    expect(parseCount('2.5')).toHaveProperty('error');
    expect(parseCount('-3')).toHaveProperty('error');
    expect(parseCount('many')).toHaveProperty('error');
  });
});
