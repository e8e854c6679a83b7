// The AWS page (CapacityUnitCalculations.html, "DynamoDB item sizes and formats") states rules, not
// worked numbers; each case below applies one quoted rule to a small item, with the arithmetic shown.
import { describe, expect, it } from 'vitest';
import { onlineStore } from '../test-support/index-fixtures.ts';
import { loadDesign } from '../test-support/request-designs.ts';
import { attributeTypesByEntity, itemSize, utf8Length } from './item-size.ts';

describe('itemSize', () => {
  it('"The size of a string is (number of UTF-8-encoded bytes of attribute name) + (number of UTF-8-encoded bytes)"', () => {
    expect(itemSize({ name: 'Ana' })).toBe(4 + 3);
    expect(itemSize({ name: 'Zoë' })).toBe(4 + 4); // ë is 2 bytes
    expect(itemSize({ é: '\u{1F600}' })).toBe(2 + 4); // a surrogate pair is one 4-byte character
  });

  it('"Numbers … Leading and trailing zeroes are trimmed … (1 byte per two significant digits) + (1 byte)"', () => {
    expect(itemSize({ total: 39.9 })).toBe(5 + 2 + 1); // 3 significant digits → ceil(3 / 2) + 1
    expect(itemSize({ total: 12 })).toBe(5 + 1 + 1); // 2 significant digits → 1 + 1
    expect(itemSize({ total: 123.45 })).toBe(5 + 3 + 1); // 5 digits → ceil(5 / 2) + 1
    expect(itemSize({ n: 1000 })).toBe(1 + 1 + 1); // trailing zeros trimmed: 1 digit
    expect(itemSize({ n: 0.0012 })).toBe(1 + 1 + 1); // leading zeros trimmed: 2 digits
    expect(itemSize({ n: '12345678901234567890123456789012345678' }, new Map([['n', 'N']]))).toBe(1 + 19 + 1);
  });

  it('sizes numbers in base-100 digit pairs aligned on the decimal point, a negative one byte more', () => {
    // Measured on DynamoDB Local 3.3 at the 1 KB write-unit boundary (test/integration/analysis/item-size.test.ts
    // repeats it): where the published approximation is exact (an integer, or pairs that happen to align)
    // it agrees; 1.5 is stored as 01|50.
    const size = (n: number) => itemSize({ n }) - 1;
    expect([0, 7, 100, 101, 1234, 0.05, 0.123, 39.9, 10.01].map(size)).toEqual([1, 2, 2, 3, 3, 2, 3, 3, 3]);
    expect([1.5, 12.5, 123.4, 1.05].map(size)).toEqual([3, 3, 4, 3]);
    expect([-7, -1.5, -0.5, -100, -12345].map(size)).toEqual([3, 4, 3, 3, 5]);
    expect([5e-10, 1e20, 1e-130].map(size)).toEqual([2, 2, 2]);
  });

  it('"the value\'s raw byte length is used" for binary, given the declared type B', () => {
    expect(itemSize({ data: 'AAECAw==' }, new Map([['data', 'B']]))).toBe(4 + 4);
    expect(itemSize({ data: 'AAECAw==' })).toBe(4 + 8); // undeclared: taken as a string
  });

  it('"The size of a null attribute or a Boolean attribute is … + (1 byte)"', () => {
    expect(itemSize({ ok: true, gone: null })).toBe(2 + 1 + 4 + 1);
  });

  it('"A List or Map … + sum (size of nested elements) + (3 bytes)", "Each List or Map element also requires 1 byte"', () => {
    expect(itemSize({ tags: [] })).toBe(4 + 3);
    expect(itemSize({ tags: ['ab', 7] })).toBe(4 + 3 + (1 + 2) + (1 + 2));
    expect(itemSize({ m: { k: 'v' } })).toBe(1 + 3 + (1 + 1 + 1));
    expect(itemSize({ m: { inner: { x: true } } })).toBe(1 + 3 + (1 + 5 + (3 + (1 + 1 + 1))));
  });

  it('prices a declared set as the sum of its elements', () => {
    expect(itemSize({ tags: ['ab', 'c'] }, new Map([['tags', 'SS']]))).toBe(4 + 2 + 1);
  });

  it('sizes binary by its decoded bytes: a binary set member by member, a binary key as its bytes', () => {
    // 1, 2 and 8 raw bytes, whose base64 text is 4, 4 and 12 characters.
    expect(itemSize({ bs: ['/w==', 'AAE=', 'AAECAwQFBgc='] }, new Map([['bs', 'BS']]))).toBe(2 + 1 + 2 + 8);
    expect(itemSize({ bs: ['/w==', 'AAE='] })).toBe(2 + 3 + (1 + 4) + (1 + 4)); // undeclared: a list of strings
    const design = loadDesign({
      format: 'keyplan/1',
      name: 'Blobs',
      table: { name: 'Blobs', partitionKey: { name: 'PK', type: 'B' } },
      entities: [
        {
          name: 'Blob',
          attributes: [
            { name: 'id', type: 'B', required: true },
            { name: 'parts', type: 'BS' },
          ],
          keys: { PK: '{id}' },
        },
      ],
    });
    const types = attributeTypesByEntity(design).get('Blob');
    expect(itemSize({ PK: 'AAECAw==', id: 'AAECAw==', parts: ['AA==', 'AAE='] }, types)).toBe(
      2 + 4 + (2 + 4) + (5 + 1 + 2),
    );
  });

  it('sizes a derived online-store order with its declared types', () => {
    const design = onlineStore();
    const types = attributeTypesByEntity(design).get('Order');
    expect(types?.get('GSI1SK')).toBe('S');
    expect(types?.get('total')).toBe('N');
    const order = { PK: 'CUSTOMER#c1', total: 39.9, entityType: 'Order' };
    expect(itemSize(order, types)).toBe(2 + 11 + (5 + 3) + (10 + 5));
  });

  it('counts UTF-8 bytes of lone surrogates as U+FFFD', () => {
    expect(utf8Length('\uD800')).toBe(3);
    expect(utf8Length('a\u00e9\u4e2d\u{1F600}')).toBe(1 + 2 + 3 + 4);
  });
});
