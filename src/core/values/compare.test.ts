import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalNumber,
  compareKeyValues,
  decodeBase64,
  isNumeric,
  keyString,
  parseDecimal,
} from './compare.ts';

const utf8 = new TextEncoder();

function byUtf8Bytes(a: string, b: string): number {
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

// Well-formed strings mixing 1-, 2-, 3- and 4-byte UTF-8 characters, with U+D7xx and U+E000–U+FFFF on
// both sides of the surrogate range, where UTF-16 order and UTF-8 order disagree.
const codePoint = fc.oneof(
  fc.integer({ min: 0x20, max: 0x7f }),
  fc.integer({ min: 0x80, max: 0x7ff }),
  fc.integer({ min: 0xd7f0, max: 0xd7ff }),
  fc.integer({ min: 0xe000, max: 0xffff }),
  fc.integer({ min: 0x10000, max: 0x10ffff }),
);
const wellFormed = fc.array(codePoint, { maxLength: 6 }).map((cps) => String.fromCodePoint(...cps));

describe('compareKeyValues, S', () => {
  it("orders by UTF-8 bytes: 'Z' < 'a' < 'é'", () => {
    expect(['é', 'a', 'Z'].sort((a, b) => compareKeyValues(a, b, 'S'))).toEqual(['Z', 'a', 'é']);
  });

  it('puts astral characters (surrogate pairs) after U+E000–U+FFFF, unlike JS string order', () => {
    const astral = '\u{1F600}';
    expect(astral < '\uFFFD').toBe(true); // UTF-16 code units: 0xD83D < 0xFFFD
    expect(compareKeyValues(astral, '\uFFFD', 'S')).toBeGreaterThan(0);
    expect(compareKeyValues('\uE000', '\u{10000}', 'S')).toBeLessThan(0);
    expect(compareKeyValues('a\u{10000}', 'a\uFFFF', 'S')).toBeGreaterThan(0);
    expect(compareKeyValues('\u{10000}', '\u{10001}', 'S')).toBeLessThan(0);
  });

  it('orders a prefix first and equal strings as equal', () => {
    expect(compareKeyValues('ORDER#', 'ORDER#1', 'S')).toBeLessThan(0);
    expect(compareKeyValues('é', 'é', 'S')).toBe(0);
  });

  it('agrees in sign with a byte-by-byte comparison of the UTF-8 encoding', () => {
    fc.assert(
      fc.property(wellFormed, wellFormed, (a, b) => {
        expect(Math.sign(compareKeyValues(a, b, 'S'))).toBe(Math.sign(byUtf8Bytes(a, b)));
      }),
    );
  });
});

describe('compareKeyValues, N', () => {
  it('orders numerically, negatives and decimals included', () => {
    const values = [10, -2.5, 0.001, '1.5', 0, -10, '1'];
    expect(values.sort((a, b) => compareKeyValues(a, b, 'N'))).toEqual([-10, -2.5, 0, 0.001, '1', '1.5', 10]);
  });

  it('compares 38-digit strings exactly where doubles would round them to equal', () => {
    const a = '99999999999999999999999999999999999998';
    const b = '99999999999999999999999999999999999999';
    expect(Number(a)).toBe(Number(b));
    expect(compareKeyValues(a, b, 'N')).toBeLessThan(0);
    expect(compareKeyValues(`-${a}`, `-${b}`, 'N')).toBeGreaterThan(0);
    expect(compareKeyValues('0.00000000000000000000000000000000000001', 0, 'N')).toBeGreaterThan(0);
  });

  it('treats equal values in different notations as equal', () => {
    expect(compareKeyValues(1000, '1e3', 'N')).toBe(0);
    expect(compareKeyValues('1.50', 1.5, 'N')).toBe(0);
    expect(compareKeyValues('-0', 0, 'N')).toBe(0);
    expect(compareKeyValues('0010', '10.000', 'N')).toBe(0);
  });

  it('agrees with double comparison for doubles given as numbers or strings', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (a, b) => {
          const expected = Math.sign(a - b) || 0;
          expect(Math.sign(compareKeyValues(a, b, 'N')) || 0).toBe(expected);
          expect(Math.sign(compareKeyValues(String(a), b, 'N')) || 0).toBe(expected);
        },
      ),
    );
  });

  it('parses decimals exactly and knows what is numeric', () => {
    expect(parseDecimal('-00123.4500')).toEqual({ sign: -1, digits: '12345', exponent: 3 });
    expect(parseDecimal('0.05')).toEqual({ sign: 1, digits: '5', exponent: -1 });
    expect(parseDecimal('abc')).toBeUndefined();
    expect(isNumeric('1e5')).toBe(true);
    expect(isNumeric('.')).toBe(false);
    expect(isNumeric(Number.NaN)).toBe(false);
  });
});

describe('compareKeyValues, B', () => {
  it('orders by unsigned bytes of the decoded value, not by the base64 text', () => {
    // 0x00, 0x7f, 0x80, 0xff: as base64 text '/w==' would sort first.
    const values = ['/w==', 'gA==', 'fw==', 'AA=='];
    expect(values.sort((a, b) => compareKeyValues(a, b, 'B'))).toEqual(['AA==', 'fw==', 'gA==', '/w==']);
    expect(compareKeyValues('AA==', 'AAA=', 'B')).toBeLessThan(0); // [0] before [0, 0]
  });

  it('decodes base64 with or without padding', () => {
    expect([...decodeBase64('aGVsbG8=')]).toEqual([104, 101, 108, 108, 111]);
    expect([...decodeBase64('aGVsbG8')]).toEqual([104, 101, 108, 108, 111]);
    expect(decodeBase64('').length).toBe(0);
  });
});

describe('keyString', () => {
  it('gives one string per number whatever its notation', () => {
    expect(keyString(1, 'N')).toBe('1');
    expect(keyString('1.0', 'N')).toBe('1');
    expect(keyString('1e3', 'N')).toBe('1000');
    expect(keyString(-0.5, 'N')).toBe('-0.5');
    expect(canonicalNumber('1.23e-5')).toBe('0.0000123');
    expect(canonicalNumber('-000')).toBe('0');
  });

  it('keeps strings and binary as they are', () => {
    expect(keyString('CUSTOMER#c1', 'S')).toBe('CUSTOMER#c1');
    expect(keyString('AAEC', 'B')).toBe('AAEC');
  });
});
