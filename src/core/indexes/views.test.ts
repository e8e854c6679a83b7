import { describe, expect, it } from 'vitest';
import { TABLE_INDEX } from '../model/indexes.ts';
import { onlineStore, tableDesign, things } from '../test-support/index-fixtures.ts';
import { buildViews, buildViewsFor, entryComparator, type IndexView } from './views.ts';

const sks = (view: IndexView, pk: string) => view.partitions.get(pk)?.map((e) => e.sk);
const ids = (view: IndexView, pk: string) => view.partitions.get(pk)?.map((e) => e.source.item.orderId);

describe('buildViews over the online-store example', () => {
  const design = onlineStore();
  const views = buildViewsFor(design);
  const table = views.get(TABLE_INDEX)!;
  const gsi1 = views.get('GSI1')!;

  it('has one view for the table and one per index', () => {
    expect([...views.keys()]).toEqual([TABLE_INDEX, 'GSI1']);
    expect(table.schema.kind).toBe('table');
    expect(gsi1.schema.kind).toBe('gsi');
  });

  it('groups the table by partition key, partitions ascending, entries by sort key', () => {
    expect(table.partitionOrder).toEqual([
      'CUSTOMER#c1',
      'CUSTOMER#c2',
      'ORDER#o100',
      'ORDER#o101',
      'ORDER#o102',
    ]);
    expect(sks(table, 'CUSTOMER#c1')).toEqual([
      'ORDER#2026-10-08T14:30:00Z#o100',
      'ORDER#2026-10-12T09:05:00Z#o101',
      'PROFILE',
    ]);
    expect(sks(table, 'ORDER#o102')).toEqual(['ITEM#sku-1', 'ITEM#sku-3']);
    expect(table.itemCount).toBe(9);
    expect(table.excluded).toEqual([]);
    expect(table.overwritten).toEqual([]);
  });

  it('holds only orders in GSI1: customers and line items have no GSI1PK (sparse)', () => {
    expect(gsi1.itemCount).toBe(3);
    expect(gsi1.partitionOrder).toEqual(['STATUS#PLACED', 'STATUS#SHIPPED']);
    expect(ids(gsi1, 'STATUS#PLACED')).toEqual(['o100', 'o102']);
    expect(ids(gsi1, 'STATUS#SHIPPED')).toEqual(['o101']);
    expect(new Set(gsi1.excluded.map((d) => d.entity))).toEqual(new Set(['Customer', 'LineItem']));
    expect(gsi1.excluded).toHaveLength(6);
  });

  it('projects ALL: the index item is the whole item', () => {
    const entry = gsi1.partitions.get('STATUS#PLACED')![0];
    expect(entry.item).toEqual(entry.source.item);
    expect(entry.pk).toBe('STATUS#PLACED');
    expect(entry.sk).toBe('2026-10-08T14:30:00Z');
  });
});

describe('projections', () => {
  it('KEYS_ONLY keeps the table and index keys only, not even the type attribute', () => {
    const design = onlineStore((doc) => {
      doc.table.globalSecondaryIndexes[0].projection = { type: 'KEYS_ONLY' };
    });
    const entry = buildViewsFor(design).get('GSI1')!.partitions.get('STATUS#SHIPPED')![0];
    expect(entry.item).toEqual({
      PK: 'CUSTOMER#c1',
      SK: 'ORDER#2026-10-12T09:05:00Z#o101',
      GSI1PK: 'STATUS#SHIPPED',
      GSI1SK: '2026-10-12T09:05:00Z',
    });
    expect(entry.source.item.entityType).toBe('Order');
  });

  it('INCLUDE adds the named attributes to the keys', () => {
    const design = onlineStore((doc) => {
      doc.table.globalSecondaryIndexes[0].projection = {
        type: 'INCLUDE',
        attributes: ['total', 'entityType'],
      } as never;
    });
    const entry = buildViewsFor(design).get('GSI1')!.partitions.get('STATUS#SHIPPED')![0];
    expect(Object.keys(entry.item).sort()).toEqual(['GSI1PK', 'GSI1SK', 'PK', 'SK', 'entityType', 'total']);
    expect(entry.item.total).toBe(12.5);
  });
});

describe('ordering and exclusion rules', () => {
  const design = tableDesign({
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    globalSecondaryIndexes: [
      { name: 'ByStatus', partitionKey: { name: 'status', type: 'S' }, sortKey: { name: 'day', type: 'N' } },
      { name: 'ByKind', partitionKey: { name: 'kind', type: 'S' } },
    ],
    localSecondaryIndexes: [{ name: 'ByRank', sortKey: { name: 'rank', type: 'N' } }],
  });

  it('orders GSI entries by sort key, then ties as DynamoDB Local does (see local-order.test.ts)', () => {
    const views = buildViews(
      design,
      things([
        { PK: 'b', SK: '2', status: 'open', day: 5, kind: 'k' },
        { PK: 'a', SK: '9', status: 'open', day: 5, kind: 'k' },
        { PK: 'b', SK: '1', status: 'open', day: 5, kind: 'k' },
        { PK: 'a', SK: '1', status: 'open', day: 1, kind: 'k' },
      ]),
    );
    for (const index of ['ByStatus', 'ByKind']) {
      const view = views.get(index)!;
      const entries = [...view.partitions.values()][0];
      expect([...entries].sort(entryComparator(design, view.schema))).toEqual(entries);
    }
    const byStatus = views.get('ByStatus')!.partitions.get('open')!;
    expect(byStatus.map((e) => e.item.day)).toEqual([1, 5, 5, 5]);
    expect(byStatus[0].item.PK).toBe('a');
  });

  it('orders N sort keys numerically and keys an LSI by the table partition key', () => {
    const views = buildViews(
      design,
      things([
        { PK: 'p', SK: 'x', rank: 10 },
        { PK: 'p', SK: 'y', rank: -1.5 },
        { PK: 'p', SK: 'z', rank: 2 },
        { PK: 'q', SK: 'x', rank: 1 },
      ]),
    );
    const lsi = views.get('ByRank')!;
    expect(lsi.schema.partitionKey.name).toBe('PK');
    expect(lsi.partitions.get('p')!.map((e) => e.sk)).toEqual([-1.5, 2, 10]);
    expect(lsi.partitionOrder).toEqual(['p', 'q']);
  });

  it('excludes items whose key attribute is missing, empty or of the wrong type', () => {
    const derived = things([
      { PK: 'p', SK: 'ok', status: 'open', day: 1 },
      { PK: 'p', SK: 'text-day', status: 'open', day: '1' },
      { PK: 'p', SK: 'no-status', day: 1 },
      { PK: 'p', SK: 'empty-status', status: '', day: 1 },
      { PK: 7, SK: 'numeric-pk', status: 'open', day: 1 },
    ]);
    const views = buildViews(design, derived);
    const byStatus = views.get('ByStatus')!;
    expect(byStatus.itemCount).toBe(1);
    expect(byStatus.excluded.map((d) => d.item.SK)).toEqual([
      'text-day',
      'no-status',
      'empty-status',
      'numeric-pk',
    ]);
    // Not in the table, so in no index either.
    expect(views.get(TABLE_INDEX)!.excluded.map((d) => d.item.SK)).toEqual(['numeric-pk']);
  });

  it('keeps the later of two items with one primary key, as a PutItem would, and records the earlier', () => {
    const derived = things([
      { PK: 'p', SK: 's', v: 'first', status: 'old', day: 1 },
      { PK: 'p', SK: 's', v: 'second' },
    ]);
    const views = buildViews(design, derived);
    const table = views.get(TABLE_INDEX)!;
    expect(table.partitions.get('p')!.map((e) => e.item.v)).toEqual(['second']);
    expect(table.overwritten).toEqual([derived[0]]);
    expect(views.get('ByStatus')!.itemCount).toBe(0);
  });

  it('holds one entry per partition for a table without sort key, keyed canonically for N', () => {
    const hashOnly = tableDesign({ partitionKey: { name: 'id', type: 'N' } });
    const table = buildViews(hashOnly, things([{ id: 10 }, { id: 2 }, { id: 1.5 }])).get(TABLE_INDEX)!;
    expect(table.partitionOrder).toEqual(['1.5', '2', '10']);
    expect([...table.partitions.values()].every((entries) => entries.length === 1)).toBe(true);
    expect(table.partitions.get('10')![0].sk).toBeUndefined();
  });
});
