// Test-only: a small lesson over a small shop design, with every kind of check, for the check engine's and
// `keyplan lesson check`'s tests. `shopDesign(patch)` builds a fresh design to break one thing at a time.

import type { Lesson } from '../features/lessons/lesson-types.ts';
import type { DesignInput } from '../model/schema.ts';
import { ExactNumber } from '../values/exact-json.ts';

/** A total no double holds: the checks must compare it as DynamoDB does, with every digit. */
export const BIG_TOTAL = '12345678901234567890.5';

type Draft = DesignInput & {
  entities: NonNullable<DesignInput['entities']>;
  accessPatterns: NonNullable<DesignInput['accessPatterns']>;
  items: NonNullable<DesignInput['items']>;
};

/** The step 1 solution, changed by `patch` (given a fresh copy). */
export function shopDesign(patch?: (design: Draft) => void): DesignInput {
  const design: Draft = {
    format: 'keyplan/1',
    name: 'Shop',
    table: {
      name: 'LessonShop',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      globalSecondaryIndexes: [
        {
          name: 'GSI1',
          partitionKey: { name: 'GSI1PK', type: 'S' },
          sortKey: { name: 'GSI1SK', type: 'S' },
        },
      ],
    },
    entities: [
      {
        name: 'Customer',
        attributes: [
          { name: 'customerId', type: 'S', required: true },
          { name: 'name', type: 'S' },
        ],
        keys: { PK: 'CUSTOMER#{customerId}', SK: 'PROFILE' },
      },
      {
        name: 'Order',
        attributes: [
          { name: 'customerId', type: 'S', required: true },
          { name: 'orderId', type: 'S', required: true },
          { name: 'createdAt', type: 'S', format: 'date-time', required: true },
          { name: 'status', type: 'S', required: true },
          { name: 'total', type: 'N' },
        ],
        keys: {
          PK: 'CUSTOMER#{customerId}',
          SK: 'ORDER#{createdAt}#{orderId}',
          GSI1PK: 'STATUS#{status}',
          GSI1SK: '{createdAt}',
        },
      },
    ],
    accessPatterns: [
      {
        id: 'customer-orders',
        name: "A customer's orders, newest first",
        operation: 'Query',
        keyCondition: { partition: 'CUSTOMER#{customerId}', sort: { op: 'begins_with', value: 'ORDER#' } },
        scanIndexForward: false,
        example: { customerId: 'c1' },
        rate: { perSecond: 1000 },
      },
      {
        id: 'orders-by-status',
        name: 'Orders with a status',
        operation: 'Query',
        index: 'GSI1',
        keyCondition: { partition: 'STATUS#{status}' },
        example: { status: 'PLACED' },
      },
    ],
    items: {
      Customer: [
        { customerId: 'c1', name: 'Ana' },
        { customerId: 'c2', name: 'Bo' },
      ],
      Order: [
        { customerId: 'c1', orderId: 'o1', createdAt: '2026-01-01T10:00:00Z', status: 'PLACED', total: 10 },
        {
          customerId: 'c1',
          orderId: 'o2',
          createdAt: '2026-02-01T10:00:00Z',
          status: 'SHIPPED',
          total: 20.5,
        },
        { customerId: 'c2', orderId: 'o3', createdAt: '2026-01-15T10:00:00Z', status: 'PLACED', total: 7 },
        {
          customerId: 'c1',
          orderId: 'o4',
          createdAt: '2026-03-01T10:00:00Z',
          status: 'PLACED',
          total: new ExactNumber(BIG_TOTAL),
        },
      ],
    },
  };
  patch?.(design);
  return design;
}

const order = (patch: Draft) => patch.entities[1];

/** Step 1's start: money as text, an optional status that o4 leaves out, and orders oldest first. */
export const shopStart = shopDesign((d) => {
  const attributes = order(d).attributes ?? [];
  order(d).attributes = attributes.map((a) =>
    a.name === 'total' ? { ...a, type: 'S' } : a.name === 'status' ? { ...a, required: false } : a,
  );
  d.items.Order = d.items.Order.map((o) => {
    const { total, status, ...rest } = o;
    const text = { ...rest, total: String(total instanceof ExactNumber ? total.value : total) };
    return o.orderId === 'o4' ? text : { ...text, status };
  });
  d.accessPatterns[0] = { ...d.accessPatterns[0], scanIndexForward: true } as Draft['accessPatterns'][number];
});

export const shopLesson: Lesson = {
  format: 'keyplan-lesson/1',
  id: 'shop-orders',
  title: 'Orders of a shop',
  level: 'beginner',
  summary: 'Query a customer’s orders newest first and orders by status through a GSI.',
  minutes: 10,
  steps: [
    {
      id: 'orders',
      title: 'Orders, newest first and by status',
      instructions: 'Make `customer-orders` return newest first and store money as numbers.',
      start: shopStart,
      hints: ['Set `scanIndexForward: false`.'],
      solution: shopDesign(),
      checks: [
        {
          id: 'newest-first',
          title: "A customer's orders come newest first",
          kind: 'returns',
          pattern: 'customer-orders',
          items: [
            { $entity: 'Order', orderId: 'o4', total: new ExactNumber(`${BIG_TOTAL}0`) },
            { $entity: 'Order', orderId: 'o2' },
            { $entity: 'Order', orderId: 'o1' },
          ],
          explain: 'DynamoDB returns a partition in sort key order; `scanIndexForward: false` reverses it.',
        },
        {
          id: 'by-status',
          title: 'Placed orders through GSI1',
          kind: 'returns',
          pattern: 'orders-by-status',
          items: [
            { $entity: 'Order', orderId: 'o1' },
            { $entity: 'Order', orderId: 'o3' },
            { $entity: 'Order', orderId: 'o4' },
          ],
          order: 'any',
        },
        {
          id: 'only-placed',
          title: 'Only placed orders',
          kind: 'returns',
          pattern: 'orders-by-status',
          every: { status: 'PLACED' },
          count: { min: 1 },
        },
        {
          id: 'sorted',
          title: 'Sorted by date, newest first',
          kind: 'returns',
          pattern: 'customer-orders',
          args: { customerId: 'c1' },
          sortedBy: { attribute: 'createdAt', direction: 'descending' },
          count: 3,
        },
        {
          id: 'served',
          title: 'Orders by status without a Scan',
          kind: 'served',
          pattern: 'orders-by-status',
        },
        { id: 'no-unserved', title: 'Every pattern is served', kind: 'lint', rule: 'pattern-unserved' },
        { id: 'one-gsi', title: 'One GSI is enough', kind: 'index-count', index: 'gsi', max: 1 },
        { id: 'few-items', title: 'A handful of samples', kind: 'bound', measure: 'items', max: 10 },
        { id: 'small-items', title: 'Small items', kind: 'bound', measure: 'max-item-bytes', max: 1000 },
        {
          id: 'cheap-read',
          title: 'One read unit',
          kind: 'bound',
          measure: 'pattern-rcu',
          pattern: 'customer-orders',
          max: 1,
        },
        { id: 'cost', title: 'Under $200 a month', kind: 'bound', measure: 'monthly-cost', max: 200 },
        {
          id: 'money',
          title: 'Money is a number',
          kind: 'attribute',
          entity: 'Order',
          attribute: 'total',
          type: 'N',
        },
        {
          id: 'status-required',
          title: 'Every order has a status',
          kind: 'attribute',
          entity: 'Order',
          attribute: 'status',
          required: true,
        },
        {
          id: 'status-key',
          title: 'GSI1 is keyed by status',
          kind: 'key-template',
          entity: 'Order',
          key: 'GSI1PK',
          includes: ['{status}'],
        },
        {
          id: 'customers-not-in-gsi',
          title: 'Customers stay out of GSI1',
          kind: 'key-template',
          entity: 'Customer',
          key: 'GSI1PK',
          present: false,
        },
        { id: 'real', title: 'DynamoDB Local agrees', kind: 'local-run', pattern: 'customer-orders' },
      ],
    },
    {
      id: 'profile',
      title: "A customer's profile",
      instructions: 'Add `get-customer`, a GetItem of the profile.',
      start: 'previous',
      hints: [],
      solution: shopDesign((d) => {
        d.accessPatterns.push({
          id: 'get-customer',
          name: "A customer's profile",
          operation: 'GetItem',
          keyCondition: { partition: 'CUSTOMER#{customerId}', sort: { op: '=', value: 'PROFILE' } },
          example: { customerId: 'c2' },
        });
      }),
      checks: [
        { id: 'get', title: 'The profile by id', kind: 'served', pattern: 'get-customer' },
        {
          id: 'get-returns',
          title: 'Profile of c2',
          kind: 'returns',
          pattern: 'get-customer',
          items: [{ $entity: 'Customer', name: 'Bo' }],
        },
        { id: 'get-real', title: 'DynamoDB Local agrees', kind: 'local-run', pattern: 'get-customer' },
      ],
    },
  ],
};
