// The app holds the one limit on a design's items (src/core/model/design-limits.ts) that the server and the
// CLI hold, and no work is lost to it: Open of a file past it says so and opens nothing, and an edit (a
// Generate) that would take the design past it is refused with the limit named while the design stays.
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { MAX_DESIGN_ITEMS } from '../../core/model/design-limits.ts';
import { setSamples } from '../../core/model/ops/index.ts';
import type { Design } from '../../core/model/schema.ts';
import { createDesignSlice } from '../../store/design-slice.ts';
import type { DesignSlice } from '../../store/types.ts';
import { readDesignFile } from './design-file.ts';

const orders = (count: number) => ({
  format: 'keyplan/1',
  name: 'Orders',
  table: { name: 'Orders', partitionKey: { name: 'PK', type: 'S' } },
  entities: [
    { name: 'Order', attributes: [{ name: 'id', type: 'S', required: true }], keys: { PK: 'ORDER#{id}' } },
  ],
  items: { Order: Array.from({ length: count }, (_, i) => ({ id: `o${i}` })) },
  accessPatterns: [],
});

const file = (count: number) => new File([JSON.stringify(orders(count), null, 2)], 'orders.keyplan.json');

describe('the items limit in the app', () => {
  it('opens a design at the limit, refuses a file past it, and keeps the design an edit past it would lose', async () => {
    const opened = await readDesignFile(file(MAX_DESIGN_ITEMS));
    if (!opened.ok) throw new Error(opened.message);

    const refused = await readDesignFile(file(MAX_DESIGN_ITEMS + 1));
    expect(refused).toEqual({
      ok: false,
      message:
        'orders.keyplan.json was not opened: the design has 100,001 sample items, more than the 100,000 a design may hold; remove some, or split the design.',
    });

    const store = createStore<DesignSlice>()((...a) =>
      createDesignSlice(...(a as unknown as Parameters<typeof createDesignSlice>)),
    );
    store.getState().openDesign(opened.design);
    const one = (design: Design) => setSamples(design, 'Order', [...design.items.Order, { id: 'one-more' }]);
    expect(store.getState().commit(one)).toBe(false);
    expect(store.getState().opError).toBe(
      'this would give the design 100,001 sample items, more than the 100,000 a design may hold; remove some, or split the design',
    );
    expect(store.getState().design).toBe(opened.design);
  });
});
