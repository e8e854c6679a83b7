// Every reason DynamoDB refuses an item is found before Apply writes anything, at the item's path.
import { describe, expect, it } from 'vitest';
import { validateDesign } from '../checks/validate.ts';
import { getExample } from '../features/examples/index.ts';
import type { Design } from '../model/schema.ts';
import { marshalledItems } from './applied.ts';
import { writableItems } from './writable.ts';

const store = (): Design => {
  const result = validateDesign(getExample('online-store')!.design);
  if (!result.ok) throw new Error('the online-store example must be valid');
  return result.design;
};

describe('writableItems', () => {
  it('gives the items Apply writes when DynamoDB takes them all', () => {
    const design = store();
    expect(writableItems(design)).toEqual({
      items: marshalledItems(design),
      problems: [],
      problemCount: 0,
    });
  });

  it('names each item DynamoDB would refuse, and writes none', () => {
    const design = store();
    const gsi = design.table.globalSecondaryIndexes[0];
    design.table = {
      ...design.table,
      globalSecondaryIndexes: [{ ...gsi, sortKey: { name: 'GSI1SK', type: 'N' } }],
    };
    design.entities = design.entities.map((e) =>
      e.name === 'LineItem'
        ? { ...e, keys: { ...e.keys, SK: 'ITEM#{sku}#{quantity}' } }
        : // An order's own GSI1SK attribute, with no template: a string where the index wants a number.
          e.name === 'Order'
          ? {
              ...e,
              keys: { PK: e.keys.PK, SK: e.keys.SK, GSI1PK: e.keys.GSI1PK },
              attributes: [...e.attributes, { name: 'GSI1SK', type: 'S' as const }],
            }
          : e,
    );
    design.items = {
      ...design.items,
      Customer: design.items.Customer.map((c, i) =>
        i === 0
          ? { ...c, customerId: 'é'.repeat(1100) }
          : i === 1
            ? { ...c, name: 'é'.repeat(205 * 1024) }
            : c,
      ),
      // No quantity: the SK template cannot render, so the item has no table sort key.
      LineItem: design.items.LineItem.map((l, i) => (i === 2 ? { ...l, quantity: null } : l)),
      Order: design.items.Order.map((o, i) => (i === 0 ? { ...o, GSI1SK: 'soon' } : o)),
    };
    const result = writableItems(design);
    expect(result.items).toEqual([]);
    const paths = result.problems.map((p) => p.path);
    expect(paths).toContain('items.Customer[0].PK');
    expect(paths).toContain('items.Customer[1]');
    expect(paths).toContain('items.LineItem[2]');
    const at = (path: string) => result.problems.filter((p) => p.path === path).map((p) => p.message);
    expect(at('items.Customer[0].PK')).toEqual([
      expect.stringMatching(
        /^the table's partition key PK: 2209 bytes, over DynamoDB's 2048-byte limit for a partition key value/,
      ),
    ]);
    expect(at('items.Customer[1]')).toEqual([
      expect.stringMatching(
        /^the item \(PK "CUSTOMER#c2", SK "PROFILE"\) is 410\.\d KB, over DynamoDB's 400 KB item limit$/,
      ),
    ]);
    expect(at('items.LineItem[2]')).toEqual([
      `no SK, the table's sort key: its template "ITEM#{sku}#{quantity}" lacks a value for a placeholder`,
    ]);
    expect(at('items.Order[0].GSI1SK')).toEqual([`index GSI1's sort key GSI1SK: "soon" is not a number`]);
    expect(result.problemCount).toBe(4);
  });

  it('refuses numbers DynamoDB cannot store, and nesting deeper than 32 levels', () => {
    let nested: unknown = 'bottom';
    for (let i = 0; i < 33; i++) nested = [nested];
    const design = store();
    design.entities = design.entities.map((e) =>
      e.name === 'Customer'
        ? { ...e, attributes: [...e.attributes, { name: 'extra', type: 'L' as const }] }
        : e,
    );
    design.items = {
      ...design.items,
      Customer: design.items.Customer.map((c, i) => (i === 0 ? { ...c, extra: nested } : c)),
      LineItem: design.items.LineItem.map((l, i) =>
        i === 0
          ? { ...l, price: 1e200 }
          : i === 1
            ? { ...l, quantity: '1234567890123456789012345678901234567890' }
            : l,
      ),
    } as Design['items'];
    expect(writableItems(design).problems).toEqual([
      { path: 'items.Customer[0].extra', message: 'lists and maps nest over 32 levels deep' },
      {
        path: 'items.LineItem[0].price',
        message: `"1e+200" is outside DynamoDB's number range (magnitude 1E-130 to 9.99E+125)`,
      },
      {
        path: 'items.LineItem[1].quantity',
        message: `"1234567890123456789012345678901234567890" has 39 significant digits; DynamoDB keeps at most 38`,
      },
    ]);
  });
});
