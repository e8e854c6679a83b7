// The check engine on a small lesson (test-lesson.ts): the reference solution passes every check, the
// starting design fails what the step teaches, and each kind of check fails on a design broken in one
// place with a reason that says what happened, what was expected and why.
import { describe, expect, it } from 'vitest';
import { buildViewsFor } from '../../indexes/views.ts';
import { designSchema } from '../../model/schema.ts';
import { shopDesign, shopLesson } from '../../test-support/test-lesson.ts';
import { checkOne, checkStep, lessonDesign, lessonStepStart } from './checks.ts';
import type { LessonCheck } from './lesson-types.ts';
import { parseLesson } from './parse.ts';

const step = shopLesson.steps[0];
const check = (id: string, override: Partial<LessonCheck> = {}) =>
  ({ ...step.checks.find((c) => c.id === id)!, ...override }) as LessonCheck;
/** The reason a check gives on a design built by shopDesign(patch), asserting it fails. */
function failure(patch: Parameters<typeof shopDesign>[0], id: string, override?: Partial<LessonCheck>) {
  const result = checkOne(lessonDesign(shopDesign(patch)), check(id, override));
  expect(result.status, result.reason).toBe('fail');
  return result.reason;
}

describe('checkStep on the shop lesson', () => {
  it('passes the reference solution on every check it can run in the browser, and says why', () => {
    expect(parseLesson(shopLesson).ok).toBe(true);
    const outcome = checkStep(lessonDesign(step.solution), step);
    const reasons = Object.fromEntries(outcome.results.map((r) => [r.checkId, `${r.status}: ${r.reason}`]));
    expect(reasons).toEqual({
      // The expected total 12345678901234567890.50 equals the stored 12345678901234567890.5, every digit compared.
      'newest-first': 'pass: customer-orders returns the 3 expected items in order',
      'by-status': 'pass: orders-by-status returns the 3 expected items',
      'only-placed': 'pass: orders-by-status returns 3 items',
      sorted: 'pass: customer-orders returns 3 items',
      served: 'pass: orders-by-status is served by a Query on index GSI1, without a Scan',
      'no-unserved': 'pass: lint finds no pattern-unserved error',
      'one-gsi': 'pass: the table has 1 GSI (GSI1)',
      'few-items': 'pass: the design has 6 items',
      'small-items': 'pass: the largest item is Order o4, 183 bytes',
      'cheap-read': 'pass: customer-orders consumes 0.5 RCU a request (it reads 3 items, 532 bytes)',
      cost: 'pass: the design costs $164.25 a month (on demand $164.25 + storage $0.00)',
      money: 'pass: Order.total exists of type N',
      'status-required': 'pass: Order.status exists, required',
      'status-key': "pass: Order's GSI1PK is STATUS#{status}",
      'customers-not-in-gsi': 'pass: Customer writes no GSI1PK: it stays out of that index',
      real: 'needs-server: runs customer-orders on DynamoDB Local and compares it with the prediction: needs the Keyplan server',
    });
    // A local-run check never blocks a step done in the browser alone.
    expect(outcome).toMatchObject({ passed: 15, total: 16, done: true });
  });

  it('reads the views the app already keeps for the design instead of keying its items again', () => {
    const design = lessonDesign(step.solution);
    const views = buildViewsFor(design);
    // The views given are the ones read: emptied of orders, the orders' patterns find nothing.
    const withoutOrders = new Map(
      [...views].map(([name, view]) => [
        name,
        { ...view, partitions: new Map(), partitionOrder: [], itemCount: 0 },
      ]),
    );
    expect(checkStep(lessonDesign(step.solution), step, { views }).passed).toBe(15);
    const starved = checkStep(design, step, { views: withoutOrders });
    expect(starved.results.find((r) => r.checkId === 'newest-first')?.status).toBe('fail');
  });

  it('fails the starting design where the step has something to teach', () => {
    const outcome = checkStep(lessonStepStart(shopLesson, 0), step);
    const failed = Object.fromEntries(
      outcome.results.filter((r) => r.status === 'fail').map((r) => [r.checkId, r.reason]),
    );
    expect(failed).toEqual({
      // Money as text: the item the check means is found by its id, and the difference named.
      'newest-first':
        'customer-orders returns 3 items, not the expected ones: Order o4 has total "12345678901234567890.5", expected 12345678901234567890.50 (another type)',
      // A missing item: which key keeps it out of the index the pattern reads, and the probable cause.
      'by-status':
        'orders-by-status returns 2 items, expected 3: Order o4 has no GSI1PK, so it is not in index GSI1 — its GSI1PK template STATUS#{status} needs {status}, which its sample leaves out — is `status` required?',
      sorted:
        'customer-orders is not sorted by createdAt descending: #1 Order o1 (2026-01-01T10:00:00Z) comes before #2 Order o2 (2026-02-01T10:00:00Z) — the order is that of sort key SK of the table, read ascending (the default)',
      money:
        'Order.total is of type S, expected N: a number stored as text sorts as text ("10" before "9") and cannot be added to — make it N',
      'status-required':
        'Order.status is optional, expected required: an item without it drops out of every key built from it',
    });
    expect(outcome.done).toBe(false);
    const newest = outcome.results.find((r) => r.checkId === 'newest-first');
    expect(newest).toMatchObject({
      explain: 'DynamoDB returns a partition in sort key order; `scanIndexForward: false` reverses it.',
      target: { kind: 'pattern', id: 'customer-orders' },
    });
    // The step after starts from this one's solution.
    expect(checkStep(lessonStepStart(shopLesson, 1), shopLesson.steps[1]).results[0].reason).toBe(
      'the design has no access pattern "get-customer" (it has customer-orders, orders-by-status): add one with this id',
    );
  });

  it('fails returns: the wrong order names the sort key, an extra item, a count, every', () => {
    expect(
      failure((d) => Object.assign(d.accessPatterns[0], { scanIndexForward: true }), 'newest-first'),
    ).toBe(
      'customer-orders returns 3 items in another order: #1 is Order o1, expected Order o4 — the order is that of sort key SK of the table, read ascending (the default): Order o1 has SK ORDER#2026-01-01T10:00:00Z#o1, Order o4 has ORDER#2026-03-01T10:00:00Z#o4',
    );
    expect(
      failure((d) => {
        d.accessPatterns[0] = {
          ...d.accessPatterns[0],
          keyCondition: { partition: 'CUSTOMER#{customerId}' },
        } as never;
      }, 'newest-first'),
    ).toBe(
      'customer-orders returns 4 items, expected 3: Customer c1 is not expected — narrow the key condition (a sort key prefix or range) or filter it out',
    );
    expect(
      failure((d) => {
        d.accessPatterns[0] = {
          ...d.accessPatterns[0],
          keyCondition: { partition: 'CUSTOMER#{customerId}', sort: { op: '<', value: 'ORDER#2026-02' } },
        } as never;
      }, 'newest-first'),
    ).toBe(
      'customer-orders returns 1 item, expected 3: Order o4 has SK ORDER#2026-03-01T10:00:00Z#o4, which does not meet the sort condition SK < ORDER#2026-02 (and 1 more item missing)',
    );
    expect(failure((d) => Object.assign(d.items.Order[3], { status: 'placed' }), 'by-status')).toBe(
      'orders-by-status returns 2 items, expected 3: Order o4 is in partition GSI1PK STATUS#placed, the pattern reads GSI1PK STATUS#PLACED',
    );
    expect(
      failure(
        (d) => Object.assign(d.accessPatterns[1], { filter: [{ attribute: 'total', op: '<', value: 100 }] }),
        'by-status',
      ),
    ).toBe(
      "orders-by-status returns 2 items, expected 3: the pattern's filter removes Order o4 (total < 100)",
    );
    expect(failure(undefined, 'sorted', { count: { min: 4 } })).toBe(
      'customer-orders returns 3 items, expected at least 4 — check its key condition',
    );
    const oneStatus = (d: Parameters<NonNullable<Parameters<typeof shopDesign>[0]>>[0]) => {
      d.entities[1].keys.GSI1PK = 'ORDERS';
      Object.assign(d.accessPatterns[1], { keyCondition: { partition: 'ORDERS' } });
    };
    expect(failure(oneStatus, 'only-placed')).toBe(
      'orders-by-status: item #3, Order o2, has status SHIPPED, expected PLACED — the key condition or filter lets it in',
    );
    expect(failure(oneStatus, 'status-key')).toBe('Order\'s GSI1PK is ORDERS, which lacks "{status}"');
  });

  it('fails a pattern that is missing, a Scan or reads keys nothing writes, without throwing', () => {
    expect(failure((d) => d.accessPatterns.pop(), 'served')).toBe(
      'the design has no access pattern "orders-by-status" (it has customer-orders): add one with this id',
    );
    expect(
      failure((d) => {
        d.accessPatterns[1] = {
          id: 'orders-by-status',
          name: 'Orders with a status',
          operation: 'Scan',
          filter: [{ attribute: 'status', op: '=', value: '{status}' }],
          example: { status: 'PLACED' },
        };
      }, 'served'),
    ).toBe(
      'orders-by-status is a Scan: it reads every item of the table and filters after — Query a key (or an index) whose partition holds exactly these items',
    );
    const misspelt = (d: Parameters<NonNullable<Parameters<typeof shopDesign>[0]>>[0]) =>
      Object.assign(d.accessPatterns[1], { keyCondition: { partition: 'STATE#{status}' } });
    expect(failure(misspelt, 'served')).toMatch(
      /^orders-by-status reads keys nothing is written under: orders-by-status asks GSI1PK = STATE#\{status\} on GSI1, but no entity writes such a GSI1PK: Order writes STATUS#\{status\}/,
    );
    expect(failure(misspelt, 'no-unserved')).toMatch(
      /^lint finds 1 finding \(pattern-unserved error\): pattern-unserved: orders-by-status asks GSI1PK = STATE#\{status\} .* \(at accessPatterns\[1\]\.keyCondition\.partition\) Fix: /,
    );
    expect(failure(misspelt, 'by-status')).toBe(
      'orders-by-status returns 0 items, expected 3: Order o1 is in partition GSI1PK STATUS#PLACED, the pattern reads GSI1PK STATE#PLACED (and 2 more items missing)',
    );
    // A design being edited may refer to an index it does not have (schema-valid, with reference problems):
    // the evaluator's refusal is the reason, never a throw.
    const edited = designSchema.parse(
      shopDesign((d) => Object.assign(d.accessPatterns[1], { index: 'GSI9' })),
    );
    expect(checkOne(edited, check('by-status'))).toMatchObject({
      status: 'fail',
      reason: expect.stringMatching(/^orders-by-status cannot be answered: .*GSI9/),
    });
    expect(checkStep(edited, step).results.filter((r) => r.status === 'fail').length).toBeGreaterThan(0);
  });

  it('fails index counts, bounds, attributes and key templates with what the design has', () => {
    expect(
      failure(
        (d) =>
          d.table.globalSecondaryIndexes?.push({ name: 'GSI2', partitionKey: { name: 'GSI2PK', type: 'S' } }),
        'one-gsi',
      ),
    ).toBe(
      'the table has 2 GSIs (GSI1, GSI2), at most 1 wanted: every index is another copy of its items to write and pay for — can one index serve several patterns (overloading its keys)?',
    );
    expect(failure(undefined, 'one-gsi', { max: 0 })).toBe(
      "the table has 1 GSI (GSI1), none wanted: every index is another copy of its items to write and pay for — serve its patterns from the table's own keys or another index",
    );
    expect(failure(undefined, 'one-gsi', { index: 'lsi', max: undefined, min: 1 })).toBe(
      'the table has 0 LSIs, at least 1 wanted: a pattern that reads by another key needs an index with that key',
    );
    expect(
      failure(
        (d) => {
          d.table.localSecondaryIndexes = [
            { name: 'LSI1', sortKey: { name: 'LSI1SK', type: 'S' }, projection: { type: 'ALL' } },
          ];
        },
        'one-gsi',
        { index: 'lsi', max: 0 },
      ),
    ).toBe(
      "the table has 1 LSI (LSI1), none wanted: an LSI exists only if created with the table, keeps the table's partition key and caps each partition's item collection at 10 GB — a GSI can be added or dropped later and has neither limit",
    );
    expect(failure(undefined, 'few-items', { max: 5 })).toBe(
      'the design has 6 items, more than 5: fewer samples (or copies) will do',
    );
    expect(failure(undefined, 'few-items', { entity: 'Order', max: 3 })).toBe(
      'the design has 4 items of Order, more than 3: fewer samples (or copies) will do',
    );
    expect(failure(undefined, 'small-items', { max: 100 })).toBe(
      'the largest item is Order o4, 183 bytes, more than 100 bytes: move what grows (a list, a long text) to items of its own',
    );
    expect(failure(undefined, 'cheap-read', { max: 0.25 })).toBe(
      'customer-orders consumes 0.5 RCU a request (it reads 3 items, 532 bytes), more than 0.25: read fewer or smaller items (a narrower key condition, a projected index, eventual consistency)',
    );
    expect(failure(undefined, 'cost', { max: 50 })).toBe(
      'the design costs $164.25 a month (on demand $164.25 + storage $0.00), more than $50.00; the costliest pattern is customer-orders ($164.25)',
    );
    expect(
      failure((d) => {
        d.entities[1].attributes = d.entities[1].attributes?.filter((a) => a.name !== 'total');
        d.items.Order = d.items.Order.map(({ total: _, ...order }) => order);
      }, 'money'),
    ).toBe('Order has no attribute total (it has customerId, orderId, createdAt, status): add it');
    expect(
      failure((d) => Object.assign(d.entities[0].keys, { GSI1PK: 'CUSTOMERS' }), 'customers-not-in-gsi'),
    ).toBe(
      'Customer writes GSI1PK CUSTOMERS, expected none: every Customer then lands in the index (a sparse index leaves the key out of the items it does not want)',
    );
    expect(failure((d) => delete d.entities[1].keys.GSI1PK, 'status-key')).toBe(
      'Order writes no GSI1PK (its keys: PK, SK, GSI1SK): give it a GSI1PK template',
    );
  });
});
