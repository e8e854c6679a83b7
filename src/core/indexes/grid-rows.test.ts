import { describe, expect, it } from 'vitest';
import { TABLE_INDEX } from '../model/indexes.ts';
import { itemSize } from '../model/item-size.ts';
import { onlineStore } from '../test-support/index-fixtures.ts';
import type { DerivedItem } from '../values/item.ts';
import {
  allRows,
  entityCounts,
  type GridItemRow,
  type GridRow,
  gridRows,
  itemContains,
  missingKeys,
  partitionSize,
} from './grid-rows.ts';
import { buildViewsFor } from './views.ts';

const idOf = (source: DerivedItem) => `${source.entity}:${source.rank}`;
const items = (rows: GridRow[]) => rows.filter((row): row is GridItemRow => row.kind === 'item');
const rowsOf = (...args: Parameters<typeof gridRows>) => allRows(gridRows(...args));

describe('gridRows', () => {
  const views = buildViewsFor(onlineStore());
  const table = views.get(TABLE_INDEX)!;
  const gsi1 = views.get('GSI1')!;

  it('lists partitions in the view order and entries in sort-key order, never re-sorted', () => {
    const grid = gridRows(table, idOf);
    const { partitions, shown } = grid;
    const rows = allRows(grid);
    const expected = table.partitionOrder.flatMap((key) => table.partitions.get(key)!.map((e) => e.item.SK));
    expect(items(rows).map((row) => row.item.SK)).toEqual(expected);
    expect(partitions).toBe(table.partitionOrder.length);
    expect(shown).toBe(table.itemCount);
  });

  it('puts the rows of a partition in one block: its start, size, position of each row', () => {
    const rows = items(rowsOf(table, idOf));
    const c1 = rows.filter((row) => row.item.PK === 'CUSTOMER#c1');
    expect(c1.map((row) => row.position)).toEqual([0, 1, 2]);
    const block = c1[0].block!;
    expect(c1.every((row) => row.block === block)).toBe(true);
    expect(block).toMatchObject({ rows: 3, entries: table.partitions.get('CUSTOMER#c1') });
    expect(rows[block.start]).toBe(c1[0]);
    expect(rows[0].block!.index).toBe(0);
    expect(rows[rows.length - 1].block!.index).toBe(table.partitionOrder.length - 1);
  });

  it('filters by entity and text and keeps the grouping of what is left', () => {
    const orders = gridRows(table, idOf, { entities: ['Order'] });
    const orderRows = items(allRows(orders));
    expect(orderRows.every((row) => row.source.entity === 'Order')).toBe(true);
    const c1 = orderRows.filter((row) => row.item.PK === 'CUSTOMER#c1');
    expect(c1.map((row) => row.position)).toEqual([0, 1]);
    expect(c1[0].block).toMatchObject({ rows: 2, entries: table.partitions.get('CUSTOMER#c1') });
    // Partitions without an order (line items) are skipped, so shading ordinals stay consecutive.
    const ordinals = orderRows.map((row) => row.block!.index);
    expect(ordinals.every((n, i) => i === 0 || n - ordinals[i - 1] <= 1)).toBe(true);
    expect(ordinals[ordinals.length - 1]).toBe(orders.partitions - 1);
    expect(entityCounts(table)).toEqual(
      new Map([
        ['Customer', 2],
        ['Order', 3],
        ['LineItem', 4],
      ]),
    );
    const text = rowsOf(table, idOf, { search: '  ANA@ ' });
    expect(items(text).map((row) => row.id)).toEqual(['Customer:0']);
  });

  it('appends excluded items after a group row only when asked', () => {
    expect(items(rowsOf(gsi1, idOf)).some((row) => row.excluded)).toBe(false);
    const grid = gridRows(gsi1, idOf, { includeExcluded: true, excludedLabel: 'Not in GSI1' });
    const { shown } = grid;
    const rows = allRows(grid);
    const group = rows.findIndex((row) => row.kind === 'group');
    expect(group).toBe(shown);
    expect(rows[group]).toMatchObject({ kind: 'group', label: 'Not in GSI1', count: gsi1.excluded.length });
    expect(items(rows.slice(group + 1)).every((row) => row.excluded && !row.block)).toBe(true);
    expect(rows.length - group - 1).toBe(gsi1.excluded.length);
  });

  it('gives every row a distinct id', () => {
    const rows = rowsOf(gsi1, idOf, { includeExcluded: true });
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  });

  it('builds a row once, when asked for, and finds rows by id without building them all', () => {
    const grid = gridRows(table, idOf, { includeExcluded: true });
    expect(grid.rowAt(3)).toBe(grid.rowAt(3));
    const rows = allRows(grid);
    const target = rows[rows.length - 2].id;
    const isTarget = (id: string) => id === target;
    expect(grid.findIndex(isTarget)).toBe(rows.length - 2);
    expect(grid.findIndex(() => false)).toBe(-1);
    expect(() => grid.rowAt(grid.count)).toThrow(RangeError);
  });
});

describe('helpers', () => {
  it('searches values of every type, nested ones too', () => {
    const item = { a: 'Hello', n: 42, m: { deep: ['Needle'] }, z: null, b: true };
    expect(itemContains(item, 'hello')).toBe(true);
    expect(itemContains(item, '42')).toBe(true);
    expect(itemContains(item, 'needle')).toBe(true);
    expect(itemContains(item, 'true')).toBe(true);
    expect(itemContains(item, 'absent')).toBe(false);
  });

  it('sums the item sizes of a partition', () => {
    const table = buildViewsFor(onlineStore()).get(TABLE_INDEX)!;
    const entries = table.partitions.get('CUSTOMER#c1')!;
    const expected = entries.reduce((sum, e) => sum + itemSize(e.item), 0);
    expect(partitionSize(entries, () => undefined)).toBe(expected);
  });

  it('says which index key the excluded items lack', () => {
    const gsi1 = buildViewsFor(onlineStore()).get('GSI1')!;
    expect(missingKeys(gsi1)).toEqual([{ attribute: 'GSI1PK', count: gsi1.excluded.length }]);
  });
});
