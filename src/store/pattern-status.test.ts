import { describe, expect, it } from 'vitest';
import { getExample } from '../core/examples/index.ts';
import { validateDesign } from '../core/model/validate.ts';
import { patternStatuses } from './pattern-status.ts';

function example() {
  const result = validateDesign(getExample('ecommerce')!.design);
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
});
