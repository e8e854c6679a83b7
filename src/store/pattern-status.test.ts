import { describe, expect, it } from 'vitest';
import { lintDesign } from '../core/analysis/lint.ts';
import { validateDesign } from '../core/checks/validate.ts';
import { getExample } from '../core/features/examples/index.ts';
import type { Design } from '../core/model/schema.ts';
import { type DesignFinding, findingsOf } from './analysis.ts';
import { patternStatuses } from './pattern-status.ts';

function example(name = 'ecommerce'): Design {
  const result = validateDesign(getExample(name)!.design);
  if (!result.ok) throw new Error('invalid example');
  return result.design;
}

describe('patternStatuses', () => {
  it('gives every pattern of a valid example a verdict, memoized per design', () => {
    const design = example();
    const statuses = patternStatuses(design);
    expect(statuses.size).toBe(design.accessPatterns.length);
    expect(patternStatuses(design)).toBe(statuses);
    const reads = design.accessPatterns.filter((p) => p.operation === 'Query' || p.operation === 'GetItem');
    expect(reads.some((p) => statuses.get(p.id)?.tone === 'ok')).toBe(true);
  });

  it('flags a pattern that reads a missing index as an error, a Scan as a warning', () => {
    const design = example();
    const query = design.accessPatterns.find((p) => p.operation === 'Query')!;
    const broken = {
      ...design,
      accessPatterns: [
        { ...query, id: 'broken', index: 'NOPE' },
        { id: 'scan', name: 'All', operation: 'Scan' as const },
      ],
    };
    const statuses = patternStatuses(broken);
    expect(statuses.get('broken')?.tone).toBe('error');
    expect(statuses.get('broken')?.reason).toMatch(/NOPE/);
    expect(statuses.get('scan')?.tone).toBe('warn');
  });

  it('warns when the example arguments find nothing', () => {
    const design = example();
    const query = design.accessPatterns.find((p) => p.operation === 'Query' && p.example)!;
    const example2 = Object.fromEntries(Object.keys(query.example!).map((k) => [k, 'no-such-value']));
    const empty = { ...design, accessPatterns: [{ ...query, example: example2 }] };
    expect(patternStatuses(empty).get(query.id)?.tone).toBe('warn');
  });

  it('shows the worst lint finding on a pattern that returns items: an error, not ✓', () => {
    const store = example('online-store');
    const i = store.accessPatterns.findIndex((p) => p.id === 'customer-orders');
    const orders = store.accessPatterns[i];
    // It also says it returns line items, which live in another partition: a lint error on returns[1].
    const design = {
      ...store,
      accessPatterns: store.accessPatterns.map((p) =>
        p === orders ? { ...orders, returns: ['Order', 'LineItem'] } : p,
      ),
    };
    const findings = findingsOf(design, lintDesign(design));
    expect(findings).toContainEqual(
      expect.objectContaining({ severity: 'error', target: `accessPatterns[${i}].returns[1]` }),
    );
    // Without the linter's word the in-memory answer alone looks fine…
    expect(patternStatuses(design).get('customer-orders')?.tone).toBe('ok');
    // …with it, the sidebar says what is wrong.
    const status = patternStatuses(design, findings).get('customer-orders');
    expect(status?.tone).toBe('error');
    expect(status?.reason).toMatch(/^returns\[1\]: customer-orders/);
    expect(patternStatuses(store, findingsOf(store, lintDesign(store))).get('customer-orders')?.tone).toBe(
      'ok',
    );
  });

  it('ranks error over warning over a note, and a note never lowers ✓', () => {
    const design = example('online-store');
    const i = design.accessPatterns.findIndex((p) => p.id === 'customer-orders');
    const at = (severity: DesignFinding['severity'], field: string, message: string): DesignFinding => ({
      rule: 'some-rule',
      severity,
      message,
      target: `accessPatterns[${i}].${field}`,
    });
    const statusWith = (...findings: DesignFinding[]) =>
      patternStatuses(design, findings).get('customer-orders');
    expect(statusWith(at('info', 'limit', 'a note'))).toMatchObject({
      tone: 'ok',
      reason: /^Returns \d+ items/,
    });
    expect(statusWith(at('info', 'limit', 'a note'), at('warning', 'filter', 'watch out'))).toEqual({
      tone: 'warn',
      reason: 'filter: watch out (and 1 more finding)',
    });
    expect(
      statusWith(
        at('warning', 'filter', 'watch out'),
        at('error', 'keyCondition', 'broken'),
        at('info', 'x', 'n'),
      ),
    ).toEqual({ tone: 'error', reason: 'keyCondition: broken (and 2 more findings)' });
    // Another pattern's findings are not this one's (accessPatterns[1] is not accessPatterns[10]).
    const other = { ...at('error', 'limit', 'elsewhere'), target: `accessPatterns[${i}0].limit` };
    expect(statusWith(other)?.tone).toBe('ok');
  });
});
