// Seed 000 ("Design a DynamoDB single-table schema for serverless apps"): users, orders, order items and
// products, made consistent. The seed's own code contradicts its access-pattern list in places; the
// descriptions below say, next to each key, which reading was kept and why.
import type { DesignInput } from '../../model/schema.ts';

const ORDER_SORT = 'ORDER#{createdAt}#{orderId}';

export const ecommerce: DesignInput = {
  format: 'keyplan/1',
  name: 'E-commerce',
  description:
    "Users, orders, order items and products in one table (seed 000), every one of the seed's eight access " +
    'patterns served. Decisions: an order lives in its own partition ORDER#{orderId} with its items, as ' +
    "access patterns 3 and 4 and the seed's get_order_with_items expect (its put_order wrote it under USER#, " +
    "where nothing reads it); a user's orders are listed through GSI2 instead. Orders by status (GSI1) and by " +
    'date (GSI3) cannot share GSI1: an item has one GSI1PK. Published products form a sparse part of GSI2.',
  table: {
    name: 'AppTable',
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    billing: { mode: 'PAY_PER_REQUEST' },
    globalSecondaryIndexes: [
      {
        name: 'GSI1',
        partitionKey: { name: 'GSI1PK', type: 'S' },
        sortKey: { name: 'GSI1SK', type: 'S' },
        projection: { type: 'ALL' },
      },
      {
        name: 'GSI2',
        partitionKey: { name: 'GSI2PK', type: 'S' },
        sortKey: { name: 'GSI2SK', type: 'S' },
        projection: { type: 'ALL' },
      },
      {
        name: 'GSI3',
        partitionKey: { name: 'GSI3PK', type: 'S' },
        sortKey: { name: 'GSI3SK', type: 'S' },
        projection: { type: 'ALL' },
      },
    ],
    localSecondaryIndexes: [],
    typeAttribute: 'entityType',
  },
  entities: [
    {
      name: 'User',
      description: 'A customer account: the PROFILE item of its own partition USER#{userId}.',
      attributes: [
        { name: 'userId', type: 'S', required: true },
        { name: 'name', type: 'S', required: true, format: 'person-name' },
        { name: 'email', type: 'S', required: true, format: 'email' },
        { name: 'createdAt', type: 'S', required: true, format: 'date-time' },
      ],
      keys: { PK: 'USER#{userId}', SK: 'PROFILE' },
    },
    {
      name: 'Order',
      description:
        'The DETAILS item of the partition ORDER#{orderId}, next to its OrderItems: one GetItem reads the order by ' +
        'id and one Query reads it with its items, without knowing the user; the order and its items are written ' +
        "in one transaction. GSI1 groups orders by status, GSI2 lists a user's orders (the seed read them from " +
        "the table's USER# partition), GSI3 lists orders by date. Every index sorts an order by " +
        `${ORDER_SORT}: ISO-8601 timestamps sort chronologically and the id keeps equal times apart.`,
      attributes: [
        { name: 'orderId', type: 'S', required: true },
        { name: 'userId', type: 'S', required: true },
        {
          name: 'status',
          type: 'S',
          required: true,
          enum: ['PENDING', 'PAID', 'SHIPPED', 'DELIVERED', 'CANCELLED'],
        },
        { name: 'total', type: 'N', required: true },
        { name: 'createdAt', type: 'S', required: true, format: 'date-time' },
        {
          name: 'createdMonth',
          type: 'S',
          required: true,
          description:
            'YYYY-MM of createdAt, the GSI3 bucket: stored because a key template cannot cut a substring.',
        },
      ],
      keys: {
        PK: 'ORDER#{orderId}',
        SK: 'DETAILS',
        GSI1PK: 'ORDERSTATUS#{status}',
        GSI1SK: ORDER_SORT,
        GSI2PK: 'USER#{userId}',
        GSI2SK: ORDER_SORT,
        GSI3PK: 'ORDERBYDATE#{createdMonth}',
        GSI3SK: ORDER_SORT,
      },
    },
    {
      name: 'OrderItem',
      description: 'One line of an order, in the order partition ORDER#{orderId} under ITEM#{itemId}.',
      attributes: [
        { name: 'orderId', type: 'S', required: true },
        { name: 'itemId', type: 'S', required: true },
        { name: 'productId', type: 'S', required: true },
        { name: 'quantity', type: 'N', required: true },
        { name: 'price', type: 'N', required: true },
      ],
      keys: { PK: 'ORDER#{orderId}', SK: 'ITEM#{itemId}' },
    },
    {
      name: 'Product',
      description:
        'The DETAILS item of PRODUCT#{productId}; GSI1 groups products by category, drafts included. Only ' +
        'published products have publishedAt and publishedMonth, so only they get the GSI2 keys: GSI2 is ' +
        'sparse for products, and drafts cost it nothing. The seed\'s constant GSI2PK "PUBLISHED" would be on ' +
        'every product (a template without a placeholder always renders); the month makes it sparse and bounds ' +
        'each partition: a "new arrivals" feed, newest first, one month per partition.',
      attributes: [
        { name: 'productId', type: 'S', required: true },
        { name: 'name', type: 'S', required: true },
        { name: 'category', type: 'S', required: true },
        { name: 'price', type: 'N', required: true },
        {
          name: 'publishedAt',
          type: 'S',
          format: 'date-time',
          description: 'Set when the product is published, removed when it is withdrawn; absent on drafts.',
        },
        {
          name: 'publishedMonth',
          type: 'S',
          description: 'YYYY-MM of publishedAt, the GSI2 partition; present exactly when publishedAt is.',
        },
      ],
      keys: {
        PK: 'PRODUCT#{productId}',
        SK: 'DETAILS',
        GSI1PK: 'CATEGORY#{category}',
        GSI1SK: 'PRODUCT#{productId}',
        GSI2PK: 'PUBLISHED#{publishedMonth}',
        GSI2SK: 'PRODUCT#{publishedAt}#{productId}',
      },
    },
  ],
  accessPatterns: [
    {
      id: 'get-user',
      name: 'Get a user by id',
      description: 'Seed access pattern 1.',
      operation: 'GetItem',
      keyCondition: { partition: 'USER#{userId}', sort: { op: '=', value: 'PROFILE' } },
      returns: ['User'],
      example: { userId: 'u1' },
    },
    {
      id: 'user-orders',
      name: "List a user's orders, newest first, 20 per page",
      description:
        'Seed access pattern 2 and its pagination example: pass LastEvaluatedKey back as ExclusiveStartKey ' +
        'for the next page. Read from GSI2 because orders live in their own partitions; GSI reads are ' +
        'eventually consistent, so right after checkout the app reads the new order by id (get-order).',
      operation: 'Query',
      index: 'GSI2',
      keyCondition: { partition: 'USER#{userId}', sort: { op: 'begins_with', value: 'ORDER#' } },
      scanIndexForward: false,
      limit: 20,
      returns: ['Order'],
      example: { userId: 'u1' },
    },
    {
      id: 'get-order',
      name: 'Get an order by id',
      description: 'Seed access pattern 3, exactly as listed: PK=ORDER#<id>, SK=DETAILS.',
      operation: 'GetItem',
      keyCondition: { partition: 'ORDER#{orderId}', sort: { op: '=', value: 'DETAILS' } },
      returns: ['Order'],
      example: { orderId: 'o2' },
    },
    {
      id: 'order-with-items',
      name: 'Get an order with its items in one query',
      description:
        "The seed's get_order_with_items: the whole ORDER# partition, DETAILS first (it sorts before ITEM#).",
      operation: 'Query',
      keyCondition: { partition: 'ORDER#{orderId}' },
      returns: ['Order', 'OrderItem'],
      example: { orderId: 'o2' },
    },
    {
      id: 'order-items',
      name: 'Get the items of an order',
      description: 'Seed access pattern 4.',
      operation: 'Query',
      keyCondition: { partition: 'ORDER#{orderId}', sort: { op: 'begins_with', value: 'ITEM#' } },
      returns: ['OrderItem'],
      example: { orderId: 'o2' },
    },
    {
      id: 'orders-by-status',
      name: 'List orders with a status, oldest first',
      description:
        'Seed access pattern 5. GSI1SK carries the creation time (the seed had ORDER#<id>), so the oldest ' +
        'order waiting is first and a date range within a status is a sort key condition.',
      operation: 'Query',
      index: 'GSI1',
      keyCondition: { partition: 'ORDERSTATUS#{status}' },
      returns: ['Order'],
      example: { status: 'PENDING' },
    },
    {
      id: 'orders-by-date',
      name: 'List the orders placed in a date range',
      description:
        'Seed access pattern 6, which wanted GSI1PK=ORDERBYDATE on the items that already use GSI1 for their ' +
        'status: it moves to GSI3. One constant partition would hold every order ever placed, so orders are ' +
        'bucketed by month; a range across months is one Query per month. With the order id after the time, ' +
        '"between {from} and {to}" includes from and excludes to. All new orders still land in the current ' +
        "month's partition: at high order rates add a write shard (seed 003).",
      operation: 'Query',
      index: 'GSI3',
      keyCondition: {
        partition: 'ORDERBYDATE#{createdMonth}',
        sort: { op: 'between', value: 'ORDER#{from}', to: 'ORDER#{to}' },
      },
      returns: ['Order'],
      example: { createdMonth: '2026-10', from: '2026-10-01T00:00:00Z', to: '2026-10-16T00:00:00Z' },
    },
    {
      id: 'get-product',
      name: 'Get a product by id',
      description: 'Seed access pattern 7.',
      operation: 'GetItem',
      keyCondition: { partition: 'PRODUCT#{productId}', sort: { op: '=', value: 'DETAILS' } },
      returns: ['Product'],
      example: { productId: 'p1' },
    },
    {
      id: 'products-by-category',
      name: 'List the products of a category',
      description: 'Seed access pattern 8, on the overloaded GSI1; drafts included (a back-office view).',
      operation: 'Query',
      index: 'GSI1',
      keyCondition: { partition: 'CATEGORY#{category}', sort: { op: 'begins_with', value: 'PRODUCT#' } },
      returns: ['Product'],
      example: { category: 'electronics' },
    },
    {
      id: 'published-products',
      name: 'List the products published in a month, newest first, 20 per page',
      description:
        "The seed's sparse GSI variant: drafts have no GSI2 keys, so the storefront never reads them.",
      operation: 'Query',
      index: 'GSI2',
      keyCondition: { partition: 'PUBLISHED#{publishedMonth}' },
      scanIndexForward: false,
      limit: 20,
      returns: ['Product'],
      example: { publishedMonth: '2026-10' },
    },
    {
      id: 'create-user',
      name: 'Create a user',
      description: "The seed's put_user, guarded so that it never overwrites an existing profile.",
      operation: 'PutItem',
      entity: 'User',
      condition: 'not-exists',
      example: {
        userId: 'u5',
        name: 'Eve Adams',
        email: 'eve@example.com',
        createdAt: '2026-10-22T08:00:00Z',
      },
    },
    {
      id: 'create-order',
      name: 'Create an order with its items',
      description:
        "The seed's create_order_with_items, with the not-exists conditions it lacked: a retried request " +
        'cannot overwrite an order. All puts share the partition ORDER#{orderId}; a transaction holds at most ' +
        '100 actions, so an order has at most 99 items.',
      operation: 'TransactWriteItems',
      actions: [
        { operation: 'PutItem', entity: 'Order', condition: 'not-exists' },
        { operation: 'PutItem', entity: 'OrderItem', condition: 'not-exists' },
      ],
      example: {
        orderId: 'o10',
        userId: 'u2',
        status: 'PENDING',
        total: 48.9,
        createdAt: '2026-10-22T09:30:00Z',
        createdMonth: '2026-10',
        itemId: 'i1',
        productId: 'p5',
        quantity: 1,
        price: 48.9,
      },
    },
    {
      id: 'update-order-status',
      name: "Change an order's status",
      description:
        "The seed's update_order_status: only the order id is needed now, and GSI1PK follows the new status " +
        'because keys are derived from the templates.',
      operation: 'UpdateItem',
      entity: 'Order',
      set: ['status'],
      condition: 'exists',
      example: { orderId: 'o3', status: 'PAID' },
    },
    {
      id: 'create-product',
      name: 'Create a product',
      description: 'Without publishedAt and publishedMonth the product is a draft, outside GSI2.',
      operation: 'PutItem',
      entity: 'Product',
      condition: 'not-exists',
      example: {
        productId: 'p9',
        name: 'Bamboo Cutting Board',
        category: 'kitchen',
        price: 22,
        publishedAt: '2026-10-22T10:00:00Z',
        publishedMonth: '2026-10',
      },
    },
    {
      id: 'publish-product',
      name: 'Publish a product',
      description: 'Setting publishedAt and publishedMonth gives the product its GSI2 keys.',
      operation: 'UpdateItem',
      entity: 'Product',
      set: ['publishedAt', 'publishedMonth'],
      condition: 'exists',
      example: { productId: 'p3', publishedAt: '2026-10-22T10:00:00Z', publishedMonth: '2026-10' },
    },
    {
      id: 'withdraw-product',
      name: 'Withdraw a published product',
      description: 'Removing publishedAt and publishedMonth takes the product out of GSI2.',
      operation: 'UpdateItem',
      entity: 'Product',
      remove: ['publishedAt', 'publishedMonth'],
      condition: 'exists',
      example: { productId: 'p6' },
    },
  ],
  items: {
    User: [
      { userId: 'u1', name: 'Alice Martin', email: 'alice@example.com', createdAt: '2026-01-14T09:12:00Z' },
      { userId: 'u2', name: 'Bruno Costa', email: 'bruno@example.com', createdAt: '2026-03-02T17:40:00Z' },
      { userId: 'u3', name: 'Chen Wei', email: 'chen@example.com', createdAt: '2026-05-21T11:05:00Z' },
      { userId: 'u4', name: 'Dana Okafor', email: 'dana@example.com', createdAt: '2026-08-30T20:15:00Z' },
    ],
    Order: [
      order('o1', 'u1', 'DELIVERED', 59.99, '2026-09-03T10:15:00Z'),
      order('o2', 'u1', 'SHIPPED', 117, '2026-10-02T08:40:00Z'),
      order('o3', 'u1', 'PENDING', 88.5, '2026-10-20T19:05:00Z'),
      order('o4', 'u2', 'DELIVERED', 42, '2026-09-25T14:00:00Z'),
      order('o5', 'u2', 'PAID', 97.9, '2026-10-12T11:30:00Z'),
      order('o6', 'u3', 'PENDING', 75, '2026-10-21T07:45:00Z'),
      order('o7', 'u3', 'CANCELLED', 24.5, '2026-10-06T16:20:00Z'),
      order('o8', 'u4', 'SHIPPED', 119.98, '2026-10-15T13:10:00Z'),
      order('o9', 'u4', 'PAID', 80.9, '2026-10-19T10:00:00Z'),
    ],
    OrderItem: [
      { orderId: 'o1', itemId: 'i1', productId: 'p1', quantity: 1, price: 59.99 },
      { orderId: 'o2', itemId: 'i1', productId: 'p6', quantity: 1, price: 75 },
      { orderId: 'o2', itemId: 'i2', productId: 'p4', quantity: 1, price: 42 },
      { orderId: 'o3', itemId: 'i1', productId: 'p8', quantity: 2, price: 32 },
      { orderId: 'o3', itemId: 'i2', productId: 'p2', quantity: 1, price: 24.5 },
      { orderId: 'o4', itemId: 'i1', productId: 'p4', quantity: 1, price: 42 },
      { orderId: 'o5', itemId: 'i1', productId: 'p5', quantity: 1, price: 48.9 },
      { orderId: 'o5', itemId: 'i2', productId: 'p2', quantity: 2, price: 24.5 },
      { orderId: 'o6', itemId: 'i1', productId: 'p6', quantity: 1, price: 75 },
      { orderId: 'o7', itemId: 'i1', productId: 'p2', quantity: 1, price: 24.5 },
      { orderId: 'o8', itemId: 'i1', productId: 'p1', quantity: 2, price: 59.99 },
      { orderId: 'o9', itemId: 'i1', productId: 'p5', quantity: 1, price: 48.9 },
      { orderId: 'o9', itemId: 'i2', productId: 'p8', quantity: 1, price: 32 },
    ],
    Product: [
      published('p1', 'Wireless Earbuds', 'electronics', 59.99, '2026-09-02T10:00:00Z'),
      published('p2', 'USB-C Charger', 'electronics', 24.5, '2026-10-05T08:30:00Z'),
      { productId: 'p3', name: 'Mechanical Keyboard', category: 'electronics', price: 119 },
      published('p4', 'The Pragmatic Programmer', 'books', 42, '2026-09-20T12:00:00Z'),
      published('p5', 'Designing Data-Intensive Applications', 'books', 48.9, '2026-10-11T15:45:00Z'),
      published('p6', "Chef's Knife", 'kitchen', 75, '2026-10-01T07:00:00Z'),
      { productId: 'p7', name: 'Cast Iron Skillet', category: 'kitchen', price: 39.95 },
      published('p8', 'Pour-Over Coffee Set', 'kitchen', 32, '2026-10-18T09:20:00Z'),
    ],
  },
};

// The month buckets are written from their timestamps, as the application would, so they cannot disagree.
function order(orderId: string, userId: string, status: string, total: number, createdAt: string) {
  return { orderId, userId, status, total, createdAt, createdMonth: createdAt.slice(0, 7) };
}

function published(productId: string, name: string, category: string, price: number, publishedAt: string) {
  return { productId, name, category, price, publishedAt, publishedMonth: publishedAt.slice(0, 7) };
}
