// Reading key-only values back out of old items: a key whose placeholders touch gives none, and says so.
import { describe, expect, it } from 'vitest';
import { type Design, designSchema } from '../../model/schema.ts';
import { itemTransformer } from './transform.ts';

const design = (sk: string, format?: 'ulid'): Design =>
  designSchema.parse({
    format: 'keyplan/1',
    name: 'Accounts',
    table: {
      name: 'Accounts',
      partitionKey: { name: 'pk', type: 'S' },
      sortKey: { name: 'sk', type: 'S' },
      typeAttribute: '_type',
    },
    entities: [
      {
        name: 'Account',
        attributes: [
          { name: 'id', type: 'S', ...(format ? { format } : {}) },
          { name: 'name', type: 'S', keyOnly: true },
        ],
        keys: { pk: 'account#{id}', sk },
      },
    ],
    accessPatterns: [],
  });

describe('itemTransformer over touching placeholders', () => {
  it('reads a key-only value where the placeholder before it has a fixed width', () => {
    const old = design('account#{id}{name}', 'ulid');
    const { transform, unreadable } = itemTransformer(old, design('account#{id}#{name}', 'ulid'));
    expect(unreadable).toEqual([]);
    const id = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
    const outcome = transform(
      { pk: `account#${id}`, sk: `account#${id}bob`, id, _type: 'Account' },
      { entity: 'Account' },
    );
    expect(outcome?.after?.sk).toBe(`account#${id}#bob`);
  });

  it('names the key and both placeholders where it cannot, and reads no value', () => {
    const { unreadable } = itemTransformer(design('account#{name}{id}'), design('account#{name}#{id}'));
    expect(unreadable).toHaveLength(1);
    expect(unreadable[0]).toMatch(
      /^Account's sk: key template account#\{name\}\{id\} cannot be read back: \{name\} and \{id\} touch/,
    );
  });
});
