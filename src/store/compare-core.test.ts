import { describe, expect, it } from 'vitest';
import { entityIn, storeDesign } from '../core/test-support/analysis-designs.ts';
import { stringifyExactJson } from '../core/values/exact-json.ts';
import { compareDesigns } from './compare-core.ts';
import { createComparer } from './compare-worker.ts';

// The online store: Order SK is ORDER#{createdAt}#{orderId}; its first order is c1's o100.
const old = storeDesign();
const next = storeDesign((doc) => {
  entityIn(doc, 'Order').keys.SK = 'ORDER#{orderId}';
});

describe('compareDesigns: what compare mode shows', () => {
  it('gives each changed key old → new per sample, the verdict and the plan', () => {
    const { diff, plan, keyChanges } = compareDesigns(old, next);
    expect(diff.verdict).toBe('backfill');
    expect(diff.reasons).toContain('10 of 10 Order items move to a new primary key');
    expect(Object.keys(keyChanges).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `Order:${i}`).sort());
    expect(keyChanges['Order:0']).toEqual({
      SK: { before: 'ORDER#2026-10-08T14:30:00Z#o100', after: 'ORDER#o100' },
    });
    expect(plan.steps.map((s) => s.kind)).toEqual(['dual-write', 'backfill', 'switch-readers']);
    expect('newItems' in diff).toBe(false);
  });

  it('the worker keeps the other version and the unchanged parts between requests', () => {
    const compare = createComparer();
    const parts = (design: typeof next) => {
      const { table, entities, items, ...rest } = design;
      return {
        rest: stringifyExactJson(rest),
        table: stringifyExactJson(table),
        entities: stringifyExactJson(entities),
        itemLists: Object.keys(items),
        items: Object.fromEntries(Object.entries(items).map(([k, v]) => [k, stringifyExactJson(v)])),
      };
    };
    const first = compare({ id: 1, old: stringifyExactJson(old), ...parts(next) });
    expect('comparison' in first && first.comparison.diff.verdict).toBe('backfill');
    // Back to the old templates, items and the other version not sent again: compatible.
    const { entities } = parts(old);
    const second = compare({ id: 2, ...parts(old), table: undefined, entities, items: {} });
    expect('comparison' in second && second.comparison.diff.verdict).toBe('compatible');
    expect('comparison' in second && second.comparison.keyChanges).toEqual({});
  });
});
