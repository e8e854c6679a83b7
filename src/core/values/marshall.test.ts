import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../model/schema.ts';
import { parseExactJson } from './exact-json.ts';
import {
  type AttributeValue,
  marshallItem,
  marshallValue,
  plainType,
  unmarshallItem,
  unmarshallValue,
} from './marshall.ts';
import { RequestError } from './request-error.ts';

// JSON values the SDK marshalls: numbers within its safe range (it throws beyond), no "__proto__" keys
// (the SDK assigns them, which sets a prototype instead of an attribute).
const jsonValue: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.string().filter((key) => key !== '__proto__'),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;

const jsonObject = fc.dictionary(
  fc.string().filter((key) => key !== '__proto__'),
  jsonValue,
  { maxKeys: 5 },
);

describe('plain marshalling', () => {
  it("agrees with @aws-sdk/util-dynamodb's marshall", () => {
    fc.assert(
      fc.property(jsonValue, (value) => {
        expect(marshallValue(value)).toEqual(marshall(value, { convertTopLevelContainer: true }));
      }),
    );
  });

  it('agrees with its unmarshall, and round-trips (but -0, which DynamoDB has not)', () => {
    fc.assert(
      fc.property(jsonObject, (item) => {
        const marshalled = marshallItem(item);
        expect(unmarshallItem(marshalled)).toEqual(unmarshall(marshalled as never));
        expect(unmarshallItem(marshalled)).toEqual(JSON.parse(JSON.stringify(item)));
      }),
    );
  });

  it('plainType names the type each value is marshalled as, an exact number N', () => {
    fc.assert(
      fc.property(jsonValue, (value) => {
        expect(Object.keys(marshallValue(value))).toEqual([plainType(value)]);
      }),
    );
    const exact = parseExactJson('12345678901234567890.5') as JsonValue;
    expect(Object.keys(marshallValue(exact))).toEqual([plainType(exact)]);
    expect(plainType(exact)).toBe('N');
  });

  it('maps each JSON type to its AttributeValue', () => {
    expect(marshallItem({ s: 'x', n: 1.5, t: true, z: null, l: [1, 'a'], m: { k: -2 } })).toEqual({
      s: { S: 'x' },
      n: { N: '1.5' },
      t: { BOOL: true },
      z: { NULL: true },
      l: { L: [{ N: '1' }, { S: 'a' }] },
      m: { M: { k: { N: '-2' } } },
    });
  });
});

describe('typed marshalling', () => {
  it('makes sets of arrays, without duplicates', () => {
    expect(marshallValue(['a', 'b', 'a'], 'SS')).toEqual({ SS: ['a', 'b'] });
    expect(marshallValue([1, '2.5', 1], 'NS')).toEqual({ NS: ['1', '2.5'] });
    expect(marshallValue(['AQID', 'BAU='], 'BS')).toEqual({ BS: ['AQID', 'BAU='] });
  });

  it('reads N from numbers and numeric strings, B from base64', () => {
    expect(marshallValue('42', 'N')).toEqual({ N: '42' });
    expect(marshallValue(7, 'S')).toEqual({ S: '7' });
    expect(marshallValue('AQID', 'B')).toEqual({ B: 'AQID' });
    expect(marshallValue(true, 'BOOL')).toEqual({ BOOL: true });
    expect(marshallValue(null, 'NULL')).toEqual({ NULL: true });
    expect(marshallValue([1], 'L')).toEqual({ L: [{ N: '1' }] });
  });

  it('types an item by the declared types and leaves the others to their JSON type', () => {
    const types = new Map([
      ['tags', 'SS'],
      ['score', 'N'],
    ] as const);
    expect(marshallItem({ tags: ['x'], score: '3', other: ['x'] }, types)).toEqual({
      tags: { SS: ['x'] },
      score: { N: '3' },
      other: { L: [{ S: 'x' }] },
    });
  });

  it.each([
    ['abc', 'N'],
    ['', 'N'],
    [[], 'SS'],
    ['not base64!', 'B'],
    ['yes', 'BOOL'],
    [{ a: 1 }, 'S'],
    ['x', 'M'],
  ] as const)('rejects %j as %s with a RequestError', (value, type) => {
    expect(() => marshallValue(value as JsonValue, type)).toThrow(RequestError);
  });
});

describe('unmarshalling', () => {
  it('gives sets as arrays and numbers as numbers, as the CLI contract says', () => {
    const item: Record<string, AttributeValue> = {
      ss: { SS: ['a', 'b'] },
      ns: { NS: ['1', '2.5'] },
      bs: { BS: ['AQID'] },
      b: { B: 'AQID' },
      n: { N: '10' },
    };
    expect(unmarshallItem(item)).toEqual({ ss: ['a', 'b'], ns: [1, 2.5], bs: ['AQID'], b: 'AQID', n: 10 });
    const sdk = unmarshall({ ns: { NS: ['1', '2.5'] }, ss: { SS: ['a', 'b'] } });
    expect(unmarshallValue({ NS: ['1', '2.5'] })).toEqual([...sdk.ns]);
    expect(unmarshallValue({ SS: ['a', 'b'] })).toEqual([...sdk.ss]);
  });
});
