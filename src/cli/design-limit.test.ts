// The CLI holds the one limit on a design's items (src/core/model/design-limits.ts) that the app and the
// server hold: a design at it is read by every command, one past it is refused naming the limit, and
// `seed` does not make a design past it.
import { describe, expect, it } from 'vitest';
import { MAX_DESIGN_ITEMS } from '../core/model/design-limits.ts';
import { runKeyplan } from './run-in-process.ts';

function design(items: number) {
  return {
    format: 'keyplan/1',
    name: 'Orders',
    table: { name: 'Orders', partitionKey: { name: 'PK', type: 'S' } },
    entities: [
      { name: 'Order', attributes: [{ name: 'id', type: 'S', required: true }], keys: { PK: 'ORDER#{id}' } },
    ],
    items: { Order: Array.from({ length: items }, (_, i) => ({ id: `o${i}` })) },
    accessPatterns: [],
  };
}

describe('the items limit in the CLI', () => {
  it('reads a design at the limit, refuses one past it naming the limit, and seeds none past it', async () => {
    expect(MAX_DESIGN_ITEMS).toBeGreaterThanOrEqual(100_000);
    const atLimit = await runKeyplan(['validate', '-'], JSON.stringify(design(MAX_DESIGN_ITEMS)));
    expect(atLimit.code, atLimit.stderr).toBe(0);

    const past = await runKeyplan(['validate', '-'], JSON.stringify(design(MAX_DESIGN_ITEMS + 1)));
    expect(past.code).toBe(1);
    expect(past.stderr).toContain(
      '<stdin>: items: the design has 100,001 sample items, more than the 100,000 a design may hold; remove some, or split the design',
    );

    const seeded = await runKeyplan(['seed', '-', '--count', '100001'], JSON.stringify(design(0)));
    expect(seeded.code).toBe(2);
    expect(seeded.stdout).toBe('');
    expect(seeded.stderr).toContain(
      '--count 100001 for 1 entity would give the design 100,001 sample items, more than the 100,000 a design may hold',
    );
  });
});
