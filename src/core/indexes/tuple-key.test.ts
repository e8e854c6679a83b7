// A view of a multi-attribute GSI key groups items by the partition tuple and orders a partition by the
// sort attributes in turn, each in its type's order (DynamoDB Local agrees: server/multi-key.test.ts).
import { describe, expect, it } from 'vitest';
import { validateDesign } from '../checks/validate.ts';
import EXAMPLE from '../io/golden/multi-attribute.keyplan.json' with { type: 'json' };
import { missingKeys } from './grid-rows.ts';
import { tupleToken } from './tuple-key.ts';
import { buildViewsFor } from './views.ts';

describe('multi-attribute key views', () => {
  it('groups by the partition tuple and sorts by each sort attribute in turn', () => {
    const input = structuredClone(EXAMPLE);
    input.items.Match = [
      { matchId_: 'a', regionName: 'eu', tierLevel: 1, roundName: 'final', points: 100 },
      { matchId_: 'b', regionName: 'eu', tierLevel: 1, roundName: 'final', points: 9 },
      { matchId_: 'c', regionName: 'eu', tierLevel: 1, roundName: 'fin', points: 50 },
      { matchId_: 'd', regionName: 'eu', tierLevel: 2, roundName: 'final', points: 1 },
      { matchId_: 'e', regionName: 'eu', tierLevel: 1, roundName: 'final' },
    ] as never;
    const result = validateDesign(input);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const view = buildViewsFor(result.design).get('ByRegionTier')!;
    const partitions = [...view.partitions.values()].map((entries) => entries.map((e) => e.item.PK));
    // (eu, 1) and (eu, 2); "fin" < "final", then 9 < 100 as numbers (not as text); e has no score.
    expect(partitions).toEqual([['MATCH#c', 'MATCH#b', 'MATCH#a'], ['MATCH#d']]);
    expect(view.excluded.map((d) => d.item.PK)).toEqual(['MATCH#e']);
    // The grid says why: the attribute it lacks, whichever of the key's attributes it is.
    expect(missingKeys(view)).toEqual([{ attribute: 'score', count: 1 }]);
  });

  it('orders tokens as tuples: a shorter value first, numbers by value, bytes after text', () => {
    const sorted = [
      ['a', 5],
      ['a\u0000', 1],
      ['a', -3],
      ['ab', 0],
      ['a', 100],
      ['', 7],
    ]
      .map((tuple) => ({ tuple, token: tupleToken(tuple as [string, number], ['S', 'N']) }))
      .sort((x, y) => (x.token < y.token ? -1 : x.token > y.token ? 1 : 0))
      .map((x) => x.tuple);
    expect(sorted).toEqual([
      ['', 7],
      ['a', -3],
      ['a', 5],
      ['a', 100],
      ['a\u0000', 1],
      ['ab', 0],
    ]);
  });
});
