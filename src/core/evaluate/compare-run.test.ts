import { describe, expect, it } from 'vitest';
import { buildViews, buildViewsFor } from '../indexes/views.ts';
import { primaryKeyNames } from '../model/indexes.ts';
import type { ReadPattern } from '../model/schema.ts';
import type { ReadResult, ReadSpec } from '../requests/read-spec.ts';
import { resolvePattern } from '../requests/resolve.ts';
import { onlineStore, tableDesign, things } from '../test-support/index-fixtures.ts';
import { ExactNumber } from '../values/exact-json.ts';
import type { PlainItem } from '../values/item.ts';
import {
  canonicalJson,
  compareRunToPrediction,
  itemKeyLabel,
  LOCAL_PAGE_AFTER_FILTER,
  localPage,
  predictPage,
} from './compare-run.ts';
import { evaluateRead } from './evaluate.ts';

const keyNames = ['PK', 'SK'];
const a = { PK: 'C#1', SK: 'ORDER#1', total: 10 };
const b = { PK: 'C#1', SK: 'ORDER#2', total: 20 };
const c = { PK: 'C#1', SK: 'ORDER#3', total: 30 };
const page = (items: PlainItem[], extra: Partial<ReadResult> = {}): ReadResult => ({
  items,
  count: items.length,
  scannedCount: items.length,
  ...extra,
});

describe('compareRunToPrediction', () => {
  it('matches the same items in the same order with the same counts', () => {
    const result = compareRunToPrediction(page([a, b, c]), page([{ ...a }, { ...b }, { ...c }]), {
      keyNames,
    });
    expect(result).toEqual({ matches: true, matched: 3, total: 3, differences: [] });
  });

  it('matches two empty pages', () => {
    expect(compareRunToPrediction(page([]), page([]), { keyNames }).matches).toBe(true);
  });

  it('reports items in another order, position by position', () => {
    const result = compareRunToPrediction(page([a, b]), page([b, a]), { keyNames });
    expect(result.matches).toBe(false);
    expect(result.matched).toBe(0);
    expect(result.differences.map((d) => d.kind)).toEqual(['item', 'item']);
    expect(result.differences[0]).toMatchObject({
      position: 0,
      predicted: 'PK=C#1 · SK=ORDER#1',
      actual: 'PK=C#1 · SK=ORDER#2',
    });
  });

  it('reports a missing item and the count', () => {
    const result = compareRunToPrediction(page([a, b]), page([a]), { keyNames });
    expect(result.total).toBe(2);
    expect(result.matched).toBe(1);
    expect(result.differences).toEqual([
      { kind: 'count', predicted: 2, actual: 1, message: 'Count: predicted 2, DynamoDB 1' },
      { kind: 'scannedCount', predicted: 2, actual: 1, message: 'ScannedCount: predicted 2, DynamoDB 1' },
      {
        kind: 'item',
        position: 1,
        predicted: 'PK=C#1 · SK=ORDER#2',
        actual: undefined,
        message: '#2: predicted PK=C#1 · SK=ORDER#2, DynamoDB no item',
      },
    ]);
  });

  it('reports changed attribute values of the same item', () => {
    const result = compareRunToPrediction(page([a]), page([{ ...a, total: 11, extra: true }]), { keyNames });
    expect(result.differences).toEqual([
      expect.objectContaining({ kind: 'values', position: 0, attributes: ['extra', 'total'] }),
    ]);
  });

  it('tells numbers apart by every digit, and number sets by value whatever their order', () => {
    const big = (text: string) => new ExactNumber(text);
    const item = (total: unknown, sizes: unknown[]) => ({ ...a, total, sizes }) as PlainItem;
    const same = compareRunToPrediction(
      page([item(big('12345678901234567890123'), [big('12345678901234567890124'), 10, 9])]),
      page([item(big('1.2345678901234567890123E+22'), [9, 10, big('12345678901234567890124')])]),
      { keyNames },
    );
    expect(same.matches).toBe(true);
    const other = compareRunToPrediction(
      page([item(big('12345678901234567890123'), [1])]),
      page([item(big('12345678901234567890124'), [1])]),
      { keyNames },
    );
    expect(other.differences).toEqual([expect.objectContaining({ kind: 'values', attributes: ['total'] })]);
    expect(canonicalJson({ n: big('1.50E+22') })).toBe('{"n":15000000000000000000000}');
  });

  it('compares LastEvaluatedKey whatever the order of its attributes', () => {
    const key = { PK: 'C#1', SK: 'ORDER#2' };
    const same = compareRunToPrediction(
      page([a, b], { lastEvaluatedKey: key }),
      page([a, b], { lastEvaluatedKey: { SK: 'ORDER#2', PK: 'C#1' } }),
      { keyNames },
    );
    expect(same.matches).toBe(true);
    const missing = compareRunToPrediction(page([a, b], { lastEvaluatedKey: key }), page([a, b]), {
      keyNames,
    });
    expect(missing.differences).toEqual([
      expect.objectContaining({ kind: 'lastEvaluatedKey', actual: undefined }),
    ]);
  });

  it('counts filtered reads: ScannedCount differs while the items agree', () => {
    const result = compareRunToPrediction(page([a], { scannedCount: 3 }), page([a], { scannedCount: 2 }), {
      keyNames,
    });
    expect(result.matched).toBe(1);
    expect(result.differences.map((d) => d.kind)).toEqual(['scannedCount']);
  });

  it('compares a Scan as a set and ignores where its page ends', () => {
    const result = compareRunToPrediction(
      page([a, b, c], { lastEvaluatedKey: { PK: 'C#1', SK: 'ORDER#3' } }),
      page([c, a, b]),
      { keyNames, ordered: false },
    );
    expect(result).toMatchObject({ matches: true, matched: 3, total: 3 });
    const other = compareRunToPrediction(page([a, b]), page([a, c]), { keyNames, ordered: false });
    expect(other.differences.map((d) => d.message)).toEqual([
      'predicted PK=C#1 · SK=ORDER#2, which DynamoDB did not return',
      'DynamoDB returned PK=C#1 · SK=ORDER#3, which was not predicted',
    ]);
  });

  it('identifies projected items without their key by their whole value', () => {
    const result = compareRunToPrediction(page([{ total: 10 }]), page([{ total: 10 }]), { keyNames });
    expect(result.matches).toBe(true);
    expect(itemKeyLabel({ total: 10 }, keyNames)).toBe('{"total":10}');
  });

  it('agrees with itself on an evaluated Query of the online-store example', () => {
    const design = onlineStore();
    const views = buildViewsFor(design);
    const pattern = design.accessPatterns.find((p) => p.id === 'customer-orders')!;
    const spec = { ...resolvePattern(design, pattern, { customerId: 'c1' }), limit: 2 };
    const predicted = evaluateRead(design, views, spec);
    expect(predicted.lastEvaluatedKey).toBeDefined();
    const actual = JSON.parse(JSON.stringify(predicted));
    expect(compareRunToPrediction(predicted, actual, { keyNames: primaryKeyNames(design) })).toMatchObject({
      matches: true,
      matched: 2,
    });
  });
});

describe('canonicalJson', () => {
  it('sorts object keys and set-like arrays, keeps mixed lists in order', () => {
    expect(canonicalJson({ b: ['y', 'x'], a: 1 })).toBe('{"a":1,"b":["x","y"]}');
    expect(canonicalJson([{ b: 1 }, 'a'])).toBe('[{"b":1},"a"]');
  });
});

describe('predictPage', () => {
  const design = onlineStore();
  const views = buildViewsFor(design);
  const pattern = design.accessPatterns.find((p) => p.id === 'customer-orders') as ReadPattern;

  it('answers the read with the arguments and continues from a start key', () => {
    const first = predictPage(design, views, { ...pattern, limit: 1 }, { customerId: 'c1' })!;
    expect(first.items).toHaveLength(1);
    const next = predictPage(
      design,
      views,
      { ...pattern, limit: 1 },
      { customerId: 'c1' },
      first.lastEvaluatedKey,
    )!;
    expect(next.items[0]).not.toEqual(first.items[0]);
  });

  it('predicts nothing for a write', () => {
    const write = design.accessPatterns.find((p) => p.operation === 'UpdateItem')!;
    expect(predictPage(design, views, write, {})).toBeUndefined();
  });
});

describe('a page where DynamoDB Local departs from what AWS documents', () => {
  it('is marked "DynamoDB Local differs here (known)" with why: a filtered Query counts 1 MB after its filter', () => {
    const design = tableDesign({
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'N' },
    });
    const pad = 'x'.repeat(300_000);
    const items = Array.from({ length: 8 }, (_, i) => ({ PK: 'p', SK: i, pad, keep: i % 2 === 0 }));
    const views = buildViews(design, things(items));
    const spec: ReadSpec = {
      operation: 'Query',
      partition: 'p',
      filter: [{ attribute: 'keep', op: '=', value: true }],
    };
    const aws = evaluateRead(design, views, spec);
    // AWS: 1 MB read (4 items of 300 KB), then filtered.
    expect(aws).toMatchObject({ count: 2, scannedCount: 4, lastEvaluatedKey: { PK: 'p', SK: 3 } });
    const local = localPage(design, views, spec);
    expect(local?.reason).toBe(LOCAL_PAGE_AFTER_FILTER);
    // DynamoDB Local (checked): 1 MB of kept items (4 of them), 7 read.
    expect(local?.result).toMatchObject({ count: 4, scannedCount: 7, lastEvaluatedKey: { PK: 'p', SK: 6 } });

    const options = { keyNames: ['PK', 'SK'], local };
    const known = compareRunToPrediction(aws, local!.result, options);
    expect(known.matches).toBe(false);
    expect(known.known).toBe(`DynamoDB Local differs here (known): ${LOCAL_PAGE_AFTER_FILTER}`);
    // Any other page is a plain difference.
    expect(compareRunToPrediction(aws, page([]), options).known).toBeUndefined();
    // Without a filter Local and AWS agree: nothing to mark.
    expect(localPage(design, views, { ...spec, filter: undefined })).toBeUndefined();
  });
});
