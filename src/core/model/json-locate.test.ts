import { describe, expect, it } from 'vitest';
import { lineColumnAt, locateJsonPath, parseJsonPath } from './json-locate.ts';

const text = JSON.stringify(
  {
    name: 'x',
    table: { globalSecondaryIndexes: [{ name: 'GSI1' }, { name: 'GSI1' }] },
    entities: [
      { name: 'A', keys: { PK: 'A#{id}' } },
      { name: 'B', keys: { PK: 'B#{id}', GSI1PK: 'S#{statuz}' }, attributes: [] },
    ],
    items: { 'Odd.Name': [{ total: 'x' }] },
  },
  null,
  2,
);

const marked = (path: string) => {
  const range = locateJsonPath(text, path);
  return range && { text: text.slice(range.start, range.end), exact: range.exact };
};

describe('parseJsonPath', () => {
  it('splits names and indexes', () => {
    expect(parseJsonPath('entities[1].keys.GSI1PK')).toEqual(['entities', 1, 'keys', 'GSI1PK']);
    expect(parseJsonPath('(document)')).toEqual([]);
  });
});

describe('locateJsonPath', () => {
  it('marks a scalar with its property name', () => {
    expect(marked('entities[1].keys.GSI1PK')).toEqual({ text: '"GSI1PK": "S#{statuz}"', exact: true });
    expect(marked('table.globalSecondaryIndexes[1].name')).toEqual({ text: '"name": "GSI1"', exact: true });
    expect(text.indexOf('"name": "GSI1"', text.indexOf('"name": "GSI1"') + 1)).toBe(
      locateJsonPath(text, 'table.globalSecondaryIndexes[1].name')?.start,
    );
  });

  it('marks only the name of an object or array, or the bracket of an array element', () => {
    expect(marked('entities[1].keys')).toEqual({ text: '"keys"', exact: true });
    expect(marked('entities[1].attributes')).toEqual({ text: '"attributes"', exact: true });
    expect(marked('entities[0]')).toEqual({ text: '{', exact: true });
  });

  it('falls back to the deepest existing ancestor', () => {
    expect(marked('entities[1].keys.SK')).toEqual({ text: '"keys"', exact: false });
    expect(marked('entities[7].name')).toEqual({ text: '"entities"', exact: false });
    expect(marked('(document)')).toEqual({ text: '{', exact: true });
  });

  it('is undefined for text that is not JSON', () => {
    expect(locateJsonPath('{"a": ', 'a')).toBeUndefined();
  });

  it('handles escapes and a key with a dot only by its parts', () => {
    const escaped = '{"a\\"b": {"c": [1, "x\\"]"]}}';
    expect(locateJsonPath(escaped, 'a"b.c[1]')).toBeDefined();
    expect(marked('items')?.text).toBe('"items"');
  });
});

describe('lineColumnAt', () => {
  it('counts from 1', () => {
    expect(lineColumnAt('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumnAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
