// Designs the request builder's tests share. The online-store example is read from fixtures/examples,
// as users get it; the variant adds what that example lacks (a number sort key, filters, gets,
// reserved and non-identifier names) without changing what it has.
import onlineStoreJson from '../../../fixtures/examples/online-store.keyplan.json' with { type: 'json' };
import orderCopiesJson from '../../../fixtures/examples/order-copies.keyplan.json' with { type: 'json' };
import { formatProblems, validateDesign } from '../checks/validate.ts';
import type { Design, DesignInput } from '../model/schema.ts';

export function loadDesign(input: unknown): Design {
  const result = validateDesign(input);
  if (!result.ok) throw new Error(`invalid test design:\n${formatProblems(result.problems)}`);
  return result.design;
}

export function onlineStore(): Design {
  return loadDesign(structuredClone(onlineStoreJson));
}

export function onlineStoreVariant(): Design {
  const json = structuredClone(onlineStoreJson) as unknown as DesignInput;
  json.table.globalSecondaryIndexes?.push({
    name: 'ByTotal',
    partitionKey: { name: 'GSI2PK', type: 'S' },
    sortKey: { name: 'GSI2SK', type: 'N' },
    projection: { type: 'ALL' },
  });
  const order = json.entities?.find((e) => e.name === 'Order');
  if (!order) throw new Error('the online-store example has no Order entity');
  Object.assign(order.keys, { GSI2PK: 'CUSTOMER#{customerId}', GSI2SK: '{total}' });
  order.attributes?.push({ name: 'tags', type: 'SS' }, { name: 'gift-note', type: 'S' });
  json.accessPatterns?.push(
    {
      id: 'orders-by-total',
      name: 'Orders of a customer by total',
      operation: 'Query',
      index: 'ByTotal',
      keyCondition: { partition: 'CUSTOMER#{customerId}', sort: { op: '>=', value: '{minTotal}' } },
      example: { customerId: 'c1', minTotal: 20 },
    },
    {
      id: 'filtered-orders',
      name: 'Orders of a customer with a status, over a total',
      operation: 'Query',
      keyCondition: { partition: 'CUSTOMER#{customerId}', sort: { op: 'begins_with', value: 'ORDER#' } },
      filter: [
        { attribute: 'status', op: '=', value: '{status}' },
        { attribute: 'total', op: '>', value: '{minTotal}' },
        { attribute: 'gift-note', op: 'exists' },
      ],
      projection: ['orderId', 'status', 'total', 'gift-note'],
      limit: 10,
      consistentRead: true,
      example: { customerId: 'c1', status: 'PLACED', minTotal: 10 },
    },
    {
      id: 'scan-customers',
      name: 'Customers with a name',
      operation: 'Scan',
      filter: [{ attribute: 'name', op: 'begins_with', value: '{prefix}' }],
      projection: ['customerId', 'name'],
      example: { prefix: 'A' },
    },
    {
      id: 'order-and-customer',
      name: 'An order and its customer at once',
      operation: 'TransactGetItems',
      gets: [
        { entity: 'Order', projection: ['status', 'total'] },
        { entity: 'Customer', key: { partition: 'CUSTOMER#{customerId}', sort: 'PROFILE' } },
      ],
      example: { customerId: 'c1', createdAt: '2026-10-08T14:30:00Z', orderId: 'o100' },
    },
    {
      id: 'line-items-batch',
      name: 'Several line items of an order',
      operation: 'BatchGetItem',
      gets: [{ entity: 'LineItem', projection: ['sku', 'quantity'] }],
      example: { orderId: 'o100', sku: ['sku-1', 'sku-2', 'sku-1'] },
    },
    {
      id: 'cancel-order',
      name: 'Delete an order that is still placed',
      operation: 'DeleteItem',
      entity: 'Order',
      condition: [{ attribute: 'status', op: '=', value: 'PLACED' }],
      example: { customerId: 'c1', createdAt: '2026-10-08T14:30:00Z', orderId: 'o100' },
    },
    {
      id: 'unship-order',
      name: 'Take an order out of the status index',
      operation: 'UpdateItem',
      entity: 'Order',
      set: ['total'],
      remove: ['status'],
      example: { customerId: 'c1', createdAt: '2026-10-08T14:30:00Z', orderId: 'o100', total: 12 },
    },
  );
  return loadDesign(json);
}

/** A table keyed on a binary sort key, with one entity holding a value of every binary and set type. */
export const BLOB_TABLE: DesignInput['table'] = {
  name: 'Blobs',
  partitionKey: { name: 'PK', type: 'S' },
  sortKey: { name: 'SK', type: 'B' },
};

export const BLOB_ENTITY: NonNullable<DesignInput['entities']>[number] = {
  name: 'Blob',
  attributes: [
    { name: 'owner', type: 'S', required: true },
    { name: 'key', type: 'B', required: true },
    { name: 'data', type: 'B' },
    { name: 'chunks', type: 'BS' },
    { name: 'tags', type: 'SS' },
    { name: 'sizes', type: 'NS' },
  ],
  keys: { PK: 'OWNER#{owner}', SK: '{key}' },
};

/**
 * Seed 000's order under the user and under its own id, with a copy (fixtures/examples/order-copies.keyplan.json;
 * the seed's wording is quoted in its description).
 */
export function orderCopies(): Design {
  return loadDesign(structuredClone(orderCopiesJson));
}
