import { describe, expect, it } from 'vitest';
import { readDesignText } from '../checks/design-text.ts';
import { isExactNumber, numberFromText, parseExactJson, stringifyExactJson } from './exact-json.ts';

describe('exact JSON', () => {
  it('keeps every digit a double cannot hold and round-trips it', () => {
    const text =
      '{"big":12345678901234567890123,"max":9.9999999999999999999999999999999999999e125,"tiny":-1e-130,"set":[123456789012345678901234567890123456789,0.1],"s":"12345678901234567890"}';
    const value = parseExactJson(text) as Record<string, unknown>;
    expect(isExactNumber(value.big)).toBe(true);
    expect(value.tiny).toBe(-1e-130);
    expect(value.s).toBe('12345678901234567890');
    // One value, one text: DynamoDB's normal form, plain digits (what DynamoDB answers for it).
    expect(stringifyExactJson(value)).toBe(
      text.replace(
        '9.9999999999999999999999999999999999999e125',
        `99999999999999999999999999999999999999${'0'.repeat(88)}`,
      ),
    );
    expect(parseExactJson(stringifyExactJson(value))).toEqual(value);
  });

  it('gives a number one text however it is written, and keeps a number DynamoDB cannot store as written', () => {
    const same = ['12345678901234567890.50', '1.234567890123456789050E+19', '+12345678901234567890.5'];
    expect(same.map((text) => String(numberFromText(text)))).toEqual(Array(3).fill('12345678901234567890.5'));
    expect(String(numberFromText('-1.2345678901234567891E-120'))).toBe(
      `-0.${'0'.repeat(119)}12345678901234567891`,
    );
    expect(String(numberFromText('1e100000000'))).toBe('1e100000000');
    expect(numberFromText('+1.50')).toBe(1.5);
    expect(() => numberFromText('abc')).toThrow();
  });

  it('uses a plain number exactly when the double holds the decimal value', () => {
    expect(numberFromText('1.50')).toBe(1.5);
    expect(numberFromText('9007199254740992')).toBe(9007199254740992);
    expect(isExactNumber(numberFromText('9007199254740993'))).toBe(true);
    expect(isExactNumber(numberFromText('1e-400'))).toBe(true);
  });

  it('finds a long number after strings holding escaped quotes, digits and "e123" (which are no numbers)', () => {
    const value = parseExactJson(
      String.raw`{"a":"x\"1e123\\","b":"\\","c":"u-he682 and 1234567890123456789","n":[12345678901234567890123]}`,
    ) as Record<string, unknown[]>;
    expect(value.a).toBe('x"1e123\\');
    expect(isExactNumber(value.n[0])).toBe(true);
    expect(parseExactJson('{"id":"u-he682","phone":"12345678901234567","n":1.5}')).toEqual({
      id: 'u-he682',
      phone: '12345678901234567',
      n: 1.5,
    });
  });

  it('throws JSON.parse’s own error for bad text', () => {
    expect(() => parseExactJson('{"a": 12345678901234567890,')).toThrow(SyntaxError);
  });

  it('a design keeps a 23-digit sample number', () => {
    const result = readDesignText(
      JSON.stringify({
        format: 'keyplan/1',
        name: 'n',
        table: { name: 'T1x', partitionKey: { name: 'PK', type: 'S' } },
        entities: [{ name: 'A', attributes: [{ name: 'n', type: 'N' }], keys: { PK: 'A#x' } }],
        items: { A: [{ n: 0 }] },
      }).replace('"n":0', '"n":12345678901234567890123'),
    );
    expect(result.kind).toBe('design');
    if (result.kind !== 'design') return;
    expect(stringifyExactJson(result.design.items.A?.[0])).toBe('{"n":12345678901234567890123}');
  });

  it('a 23-digit number is not a map: a sample of an M attribute holding one is refused', () => {
    const result = readDesignText(
      '{"format":"keyplan/1","name":"n","table":{"name":"T1x","partitionKey":{"name":"PK","type":"S"}},' +
        '"entities":[{"name":"A","attributes":[{"name":"m","type":"M"}],"keys":{"PK":"A#x"}}],' +
        '"items":{"A":[{"m":12345678901234567890123}]}}',
    );
    expect(result.kind).toBe('design');
    if (result.kind !== 'design') return;
    expect(result.problems.map((p) => p.path)).toContain('items.A[0].m');
  });
});
