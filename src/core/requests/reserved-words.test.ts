import { describe, expect, it } from 'vitest';
import { isReservedWord, RESERVED_WORDS } from './reserved-words.ts';

describe('reserved words', () => {
  it("holds AWS's full list: 573 words, unique, upper case, alphabetical", () => {
    expect(RESERVED_WORDS).toHaveLength(573);
    expect(new Set(RESERVED_WORDS).size).toBe(573);
    expect(RESERVED_WORDS.every((word) => /^[A-Z]+$/.test(word))).toBe(true);
    expect([...RESERVED_WORDS].sort()).toEqual(RESERVED_WORDS);
    expect(RESERVED_WORDS[0]).toBe('ABORT');
    expect(RESERVED_WORDS.at(-1)).toBe('ZONE');
  });

  it.each([
    'STATUS',
    'NAME',
    'DATE',
    'DATA',
    'COUNT',
    'USER',
    'ORDER',
    'TTL',
    'TIMESTAMP',
    'SIZE',
    'VALUE',
    'KEY',
    'TYPE',
    'COMMENT',
    'TOTAL',
    'YEAR',
    'ITEMS',
  ])('reserves %s', (word) => {
    expect(isReservedWord(word)).toBe(true);
  });

  it('ignores case, as DynamoDB does', () => {
    expect(isReservedWord('status')).toBe(true);
    expect(isReservedWord('Status')).toBe(true);
    expect(isReservedWord('timeStamp')).toBe(true);
  });

  it.each([
    'PK',
    'SK',
    'GSI1PK',
    'customerId',
    'email',
    'price',
    'quantity',
    'sku',
    'createdAt',
    'entityType',
  ])('leaves %s free', (word) => {
    expect(isReservedWord(word)).toBe(false);
  });
});
