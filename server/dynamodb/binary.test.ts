import { describe, expect, it } from 'vitest';
import { fromSdk, toSdk } from './binary.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('binary at the SDK edge', () => {
  it('decodes every B and BS of an input, wherever it sits, and nothing else', () => {
    const input = {
      TableName: 'T',
      Item: {
        B: { S: 'an attribute named B holds a string' },
        data: { B: 'AAE=' },
        parts: { BS: ['AAE=', '/w=='] },
        nested: { M: { B: { B: '/w==' }, list: { L: [{ B: 'AQID' }, { S: 'AAE=' }] } } },
        tags: { SS: ['AAE='] },
      },
      ExpressionAttributeNames: { '#B': 'B' },
      ExpressionAttributeValues: { ':b': { B: 'gA==' } },
    };
    expect(toSdk(input)).toEqual({
      TableName: 'T',
      Item: {
        B: { S: 'an attribute named B holds a string' },
        data: { B: bytes(0, 1) },
        parts: { BS: [bytes(0, 1), bytes(0xff)] },
        nested: { M: { B: { B: bytes(0xff) }, list: { L: [{ B: bytes(1, 2, 3) }, { S: 'AAE=' }] } } },
        tags: { SS: ['AAE='] },
      },
      ExpressionAttributeNames: { '#B': 'B' },
      ExpressionAttributeValues: { ':b': { B: bytes(0x80) } },
    });
  });

  it('leaves bytes as they are and copies nothing without binary', () => {
    const item = { PK: { S: 'a' }, n: { N: '1' } };
    expect(toSdk(item)).toBe(item);
    const raw = { B: bytes(1) };
    expect(toSdk(raw)).toBe(raw);
  });

  it('writes the bytes of an answer as base64, so that they read back the same', () => {
    const answer = {
      Items: [{ SK: { B: bytes(0, 0xff) }, s: { BS: [bytes(1), bytes()] } }],
      LastEvaluatedKey: { SK: { B: bytes(0, 0xff) } },
      Count: 1,
    };
    const json = fromSdk(answer);
    expect(json).toEqual({
      Items: [{ SK: { B: 'AP8=' }, s: { BS: ['AQ==', ''] } }],
      LastEvaluatedKey: { SK: { B: 'AP8=' } },
      Count: 1,
    });
    expect(toSdk(json)).toEqual(answer);
  });
});
