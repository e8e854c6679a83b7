import { describe, expect, it } from 'vitest';
import type { AccessPattern, Design } from '../model/schema.ts';
import { onlineStore, onlineStoreVariant } from '../test-support/request-designs.ts';
import { RequestError } from '../values/request-error.ts';
import { patternArguments } from './pattern-arguments.ts';
import { resolvePattern } from './resolve.ts';
import { coerceArguments } from './typed-arguments.ts';

function pattern(design: Design, id: string): AccessPattern {
  const found = design.accessPatterns.find((p) => p.id === id);
  if (!found) throw new Error(`no pattern ${id}`);
  return found;
}

describe('patternArguments', () => {
  const design = onlineStore();

  it.each([
    ['get-customer', ['customerId']],
    ['customer-orders', ['customerId']],
    ['order-line-items', ['orderId']],
    ['orders-by-status', ['status']],
    // Put: every attribute the key templates use (index keys too), then the required ones.
    ['place-order', ['customerId', 'createdAt', 'orderId', 'sku']],
    // Update: the table key's, the set attributes, and those of GSI1PK, which is recomputed from status.
    ['ship-order', ['customerId', 'createdAt', 'orderId', 'status']],
  ])('%s needs %j', (id, expected) => {
    expect(patternArguments(design, pattern(design, id))).toEqual(expected);
  });

  it('collects filter, get and condition placeholders', () => {
    const variant = onlineStoreVariant();
    expect(patternArguments(variant, pattern(variant, 'filtered-orders'))).toEqual([
      'customerId',
      'status',
      'minTotal',
    ]);
    expect(patternArguments(variant, pattern(variant, 'scan-customers'))).toEqual(['prefix']);
    expect(patternArguments(variant, pattern(variant, 'order-and-customer'))).toEqual([
      'customerId',
      'createdAt',
      'orderId',
    ]);
    // A removed attribute takes its index key out; the key's other placeholders are not needed.
    expect(patternArguments(variant, pattern(variant, 'unship-order'))).toEqual([
      'customerId',
      'createdAt',
      'orderId',
      'total',
    ]);
  });
});

describe('coerceArguments', () => {
  const design = onlineStore();

  it('turns CLI strings into numbers for attributes declared N, in lists too', () => {
    expect(coerceArguments(design, { total: '12', quantity: ['1', '2'], orderId: '12' })).toEqual({
      total: 12,
      quantity: [1, 2],
      orderId: '12',
    });
  });

  it('rejects a string that is not a number', () => {
    expect(() => coerceArguments(design, { total: 'twelve' })).toThrow('argument total must be a number');
  });
});

describe('resolvePattern', () => {
  it('renders the key condition of customer-orders', () => {
    const design = onlineStore();
    expect(resolvePattern(design, pattern(design, 'customer-orders'), { customerId: 'c1' })).toEqual({
      operation: 'Query',
      partition: 'CUSTOMER#c1',
      sort: { op: 'begins_with', value: 'ORDER#' },
      scanIndexForward: false,
    });
  });

  it('reads a GSI and keeps a number sort key a number', () => {
    const design = onlineStoreVariant();
    expect(
      resolvePattern(design, pattern(design, 'orders-by-total'), { customerId: 'c1', minTotal: '20' }),
    ).toEqual({
      operation: 'Query',
      index: 'ByTotal',
      partition: 'CUSTOMER#c1',
      sort: { op: '>=', value: 20 },
    });
  });

  it('types filter values by the declared attribute type', () => {
    const design = onlineStoreVariant();
    const spec = resolvePattern(design, pattern(design, 'filtered-orders'), {
      customerId: 'c1',
      status: 'PLACED',
      minTotal: '10',
    });
    expect(spec.filter).toEqual([
      { attribute: 'status', op: '=', value: 'PLACED' },
      { attribute: 'total', op: '>', value: 10 },
      { attribute: 'gift-note', op: 'exists' },
    ]);
    expect(spec).toMatchObject({
      limit: 10,
      consistentRead: true,
      projection: ['orderId', 'status', 'total', 'gift-note'],
    });
  });

  it('names the pattern and the missing arguments', () => {
    const design = onlineStoreVariant();
    expect(() => resolvePattern(design, pattern(design, 'customer-orders'), {})).toThrow(
      new RequestError('pattern customer-orders needs argument customerId'),
    );
    expect(() =>
      resolvePattern(design, pattern(design, 'filtered-orders'), { customerId: 'c1', status: '' }),
    ).toThrow('pattern filtered-orders needs arguments status, minTotal');
  });

  it('refuses a write pattern', () => {
    const design = onlineStore();
    expect(() => resolvePattern(design, pattern(design, 'ship-order'), {})).toThrow(RequestError);
  });
});
