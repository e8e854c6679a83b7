// Worked examples from AWS's documentation, quoted, computed with the unit functions:
// - "DynamoDB read and write operations" (developerguide/read-write-operations.html, formerly
//   "Item sizes and capacity unit consumption", CapacityUnitCalculations.html);
// - the on-demand and provisioned pricing pages (aws.amazon.com/dynamodb/pricing/on-demand/, …/provisioned/).
import { describe, expect, it } from 'vitest';
import { readBlocks, readUnits, writeUnits } from './units.ts';

const KB = 1024;

describe('read units', () => {
  it('"reading a 3,500-byte item consumes the same throughput as reading a 4 KB item"', () => {
    expect(readBlocks(3500)).toBe(readBlocks(4 * KB));
    expect(readUnits(readBlocks(3500), 'strong')).toBe(1);
  });

  it('"if you read an item that is 3.5 KB, DynamoDB rounds the item size to 4 KB. If you read an item of 10 KB, … to 12 KB"', () => {
    expect(readBlocks(3.5 * KB) * 4).toBe(4);
    expect(readBlocks(10 * KB) * 4).toBe(12);
  });

  it('"a strongly consistent read of an 8 KB item requires two …, eventually consistent … one …, transactional … four"', () => {
    const blocks = readBlocks(8 * KB);
    expect([
      readUnits(blocks, 'strong'),
      readUnits(blocks, 'eventual'),
      readUnits(blocks, 'transactional'),
    ]).toEqual([2, 1, 4]);
  });

  it('"if BatchGetItem reads a 1.5 KB item and a 6.5 KB item, DynamoDB will calculate the size as 12 KB (4 KB + 8 KB), not 8 KB"', () => {
    expect((readBlocks(1.5 * KB) + readBlocks(6.5 * KB)) * 4).toBe(12);
    expect(readBlocks(1.5 * KB + 6.5 * KB) * 4).toBe(8);
  });

  it('"your query returns 10 items whose combined size is 40.8 KB. DynamoDB rounds the item size for the operation to 44 KB"', () => {
    expect(readBlocks(40.8 * KB) * 4).toBe(44);
  });

  it('"If a query returns 1500 items of 64 bytes each, the cumulative size is 96 KB"', () => {
    expect(readBlocks(1500 * 64) * 4).toBe(96);
  });

  it('"For an eventually consistent read, if total item size is 80 KB, the operation consumes only 10 capacity units"', () => {
    expect(readUnits(readBlocks(80 * KB), 'eventual')).toBe(10);
  });

  it('"If you perform a read operation on an item that does not exist, … strongly consistent … one …, eventually consistent … 0.5"', () => {
    expect([readUnits(readBlocks(0), 'strong'), readUnits(readBlocks(0), 'eventual')]).toEqual([1, 0.5]);
  });
});

describe('write units', () => {
  it('"if you put or delete an item of 1.6 KB, DynamoDB rounds the item size up to 2 KB"', () => {
    expect(writeUnits(1.6 * KB)).toBe(2);
  });

  it('"if BatchWriteItem writes a 500 byte item and a 3.5 KB item, DynamoDB will calculate the size as 5 KB (1 KB + 4 KB)"', () => {
    expect(writeUnits(500) + writeUnits(3.5 * KB)).toBe(5);
  });

  it('"a standard write request of a 3 KB item would require three WCUs, … a transactional write request of a 3 KB item … six"', () => {
    expect(writeUnits(3 * KB)).toBe(3);
    expect(2 * writeUnits(3 * KB)).toBe(6);
  });

  it('"a failed conditional write of a 1 KB item would consume one …; if the item were twice that size, … two"; "If the item does not exist, … one"', () => {
    expect([writeUnits(1 * KB), writeUnits(2 * KB), writeUnits(0)]).toEqual([1, 2, 1]);
  });
});
