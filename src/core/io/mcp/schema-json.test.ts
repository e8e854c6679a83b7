// The MCP repo-generation schema.json read as a design: fields typed, templates kept exactly, GSI keys from
// gsi_mappings, each access pattern's operation, index, range condition and parameters mapped, and what has
// no Keyplan form a warning naming the pattern by its place in the file.
import { describe, expect, it } from 'vitest';
import { importDesign } from '../index.ts';

const schema = {
  tables: [
    {
      table_config: { table_name: 'Shop', partition_key: 'pk', sort_key: 'sk' },
      gsi_list: [
        {
          name: 'ByStatus',
          partition_key: 'gsi1pk',
          sort_key: 'gsi1sk',
          projection: 'INCLUDE',
          included_attributes: ['total'],
        },
        { name: 'ByRegion', partition_key: ['region', 'country'], sort_key: 'placed_at' },
      ],
      entities: {
        Order: {
          entity_type: 'ORDER',
          pk_template: 'CUSTOMER#{customer_id}',
          sk_template: 'ORDER#{placed_at}#{order_id}',
          gsi_mappings: [{ name: 'ByStatus', pk_template: 'STATUS#{status}', sk_template: '{placed_at}' }],
          fields: [
            { name: 'customer_id', type: 'string', required: true },
            { name: 'order_id', type: 'uuid', required: true },
            { name: 'placed_at', type: 'string', required: true },
            { name: 'status', type: 'string', required: true },
            { name: 'total', type: 'decimal', required: true },
            { name: 'lines', type: 'integer', required: false },
            { name: 'gift', type: 'boolean', required: false },
            { name: 'tags', type: 'array', item_type: 'string', required: false },
            { name: 'address', type: 'object', required: false },
            { name: 'region', type: 'string', required: true },
            { name: 'country', type: 'string', required: true },
          ],
          access_patterns: [
            {
              pattern_id: 1,
              name: 'get_order',
              operation: 'GetItem',
              consistent_read: true,
              parameters: [
                { name: 'customer_id', type: 'string' },
                { name: 'placed_at', type: 'string' },
                { name: 'order_id', type: 'string' },
              ],
              return_type: 'single_entity',
            },
            {
              pattern_id: 2,
              name: 'orders_between',
              operation: 'Query',
              range_condition: 'between',
              parameters: [
                { name: 'customer_id', type: 'string' },
                { name: 'from', type: 'string' },
                { name: 'to', type: 'string' },
              ],
              return_type: 'entity_list',
            },
            {
              pattern_id: 3,
              name: 'orders_by_status',
              operation: 'Query',
              index_name: 'ByStatus',
              range_condition: '>=',
              parameters: [
                { name: 'status', type: 'string' },
                { name: 'since', type: 'string' },
              ],
              return_type: 'entity_list',
            },
            {
              pattern_id: 4,
              name: 'orders_on_day',
              operation: 'Query',
              parameters: [
                { name: 'customer_id', type: 'string' },
                { name: 'placed_at', type: 'string' },
              ],
              return_type: 'entity_list',
            },
            {
              pattern_id: 5,
              name: 'set_status',
              operation: 'UpdateItem',
              parameters: [
                { name: 'customer_id', type: 'string' },
                { name: 'placed_at', type: 'string' },
                { name: 'order_id', type: 'string' },
                { name: 'status', type: 'string' },
              ],
              return_type: 'single_entity',
            },
            {
              pattern_id: 6,
              name: 'get_orders',
              operation: 'BatchGetItem',
              parameters: [{ name: 'customer_id', type: 'string' }],
              return_type: 'entity_list',
            },
            {
              pattern_id: 7,
              name: 'put_orders',
              operation: 'BatchWriteItem',
              parameters: [{ name: 'orders', type: 'entity', entity_type: 'Order' }],
              return_type: 'void',
            },
            {
              pattern_id: 8,
              name: 'all_orders',
              operation: 'Scan',
              parameters: [{ name: 'min_total', type: 'integer' }],
              return_type: 'entity_list',
            },
          ],
        },
        Receipt: {
          entity_type: 'RECEIPT',
          pk_template: 'CUSTOMER#{customer_id}',
          sk_template: 'RECEIPT#{receipt_no}',
          fields: [{ name: 'customer_id', type: 'string', required: true }],
          access_patterns: [
            {
              pattern_id: 9,
              name: 'add_receipt',
              operation: 'PutItem',
              parameters: [{ name: 'r', type: 'entity', entity_type: 'Receipt' }],
              return_type: 'void',
            },
          ],
        },
      },
    },
    {
      table_config: { table_name: 'Audit', partition_key: 'id' },
      entities: {
        Entry: {
          entity_type: 'E',
          pk_template: '{id}',
          fields: [{ name: 'id', type: 'string', required: true }],
          access_patterns: [],
        },
      },
    },
  ],
  cross_table_access_patterns: [
    {
      name: 'order_with_receipt',
      operation: 'TransactWrite',
      entities_involved: [
        { action: 'Put', entity: 'Order', table: 'Shop', condition: 'attribute_not_exists(pk)' },
        { action: 'Put', entity: 'Receipt', table: 'Shop' },
      ],
      parameters: [],
    },
    {
      name: 'order_and_audit',
      operation: 'TransactWrite',
      entities_involved: [
        { action: 'Put', entity: 'Order', table: 'Shop' },
        { action: 'Put', entity: 'Entry', table: 'Audit' },
      ],
      parameters: [],
    },
  ],
};

const read = (json: unknown, table?: string) =>
  importDesign('mcp', { kind: 'text', text: JSON.stringify(json) }, table ? { table } : {});

function imported(table?: string) {
  const result = read(schema, table);
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe('MCP schema.json: tables and entities', () => {
  const { design, warnings } = imported();

  it('imports the first table and names the others', () => {
    expect(design.table.name).toBe('Shop');
    expect(warnings[0]).toBe(
      'the model holds 2 tables (Shop, Audit); imported Shop. Import another by its name (keyplan import --table NAME)',
    );
    expect(imported('Audit').design.table.partitionKey).toEqual({ name: 'id', type: 'S' });
    const missing = read(schema, 'Nope');
    expect(missing.ok || missing.message).toBe(
      'the model has no table named "Nope"; its tables: Shop, Audit',
    );
  });

  it('keeps the GSIs with their projections and multi-attribute keys', () => {
    expect(design.table.globalSecondaryIndexes).toEqual([
      {
        name: 'ByStatus',
        partitionKey: { name: 'gsi1pk', type: 'S' },
        sortKey: { name: 'gsi1sk', type: 'S' },
        projection: { type: 'INCLUDE', attributes: ['total'] },
      },
      {
        name: 'ByRegion',
        partitionKeys: [
          { name: 'region', type: 'S' },
          { name: 'country', type: 'S' },
        ],
        sortKey: { name: 'placed_at', type: 'S' },
        projection: { type: 'ALL' },
      },
    ]);
  });

  it('types the fields, keeps required, and takes the key templates exactly as written', () => {
    const order = design.entities.find((e) => e.name === 'Order');
    expect(order?.keys).toEqual({
      pk: 'CUSTOMER#{customer_id}',
      sk: 'ORDER#{placed_at}#{order_id}',
      gsi1pk: 'STATUS#{status}',
      gsi1sk: '{placed_at}',
      // ByRegion's key attributes are fields of Order: each is its own natural key.
      region: '{region}',
      country: '{country}',
      placed_at: '{placed_at}',
    });
    expect(order?.attributes.map((a) => [a.name, a.type, a.required ?? false, a.format ?? ''])).toEqual([
      ['customer_id', 'S', true, ''],
      ['order_id', 'S', true, 'uuid'],
      ['placed_at', 'S', true, ''],
      ['status', 'S', true, ''],
      ['total', 'N', true, ''],
      ['lines', 'N', false, ''],
      ['gift', 'BOOL', false, ''],
      ['tags', 'L', false, ''],
      ['address', 'M', false, ''],
      ['region', 'S', true, ''],
      ['country', 'S', true, ''],
    ]);
  });

  it('adds a placeholder no field declares as a key-only string, with a warning, and generates samples', () => {
    const receipt = design.entities.find((e) => e.name === 'Receipt');
    expect(receipt?.attributes.find((a) => a.name === 'receipt_no')).toEqual({
      name: 'receipt_no',
      type: 'S',
      keyOnly: true,
    });
    expect(warnings).toContain(
      'tables[0].entities.Receipt: the sk template "RECEIPT#{receipt_no}" reads {receipt_no}, which fields does not declare; added as a key-only string',
    );
    expect(design.items.Order).toHaveLength(3);
    expect(Object.keys(design.items.Order[0])).not.toContain('unknown');
    expect(JSON.stringify(imported().design)).toBe(JSON.stringify(design));
  });
});

describe('MCP schema.json: access patterns', () => {
  const { design, warnings } = imported();
  const pattern = (id: string) => design.accessPatterns.find((p) => p.id === id) as Record<string, unknown>;

  it('maps keys, indexes, range conditions and consistent reads', () => {
    expect(pattern('get_order')).toMatchObject({
      operation: 'GetItem',
      keyCondition: {
        partition: 'CUSTOMER#{customer_id}',
        sort: { op: '=', value: 'ORDER#{placed_at}#{order_id}' },
      },
      consistentRead: true,
    });
    expect(pattern('orders_between')).toMatchObject({
      operation: 'Query',
      keyCondition: {
        partition: 'CUSTOMER#{customer_id}',
        sort: { op: 'between', value: 'ORDER#{from}', to: 'ORDER#{to}' },
      },
    });
    expect(pattern('orders_by_status')).toMatchObject({
      index: 'ByStatus',
      keyCondition: { partition: 'STATUS#{status}', sort: { op: '>=', value: '{since}' } },
    });
    expect(Object.keys(pattern('orders_by_status').example as object).sort()).toEqual(['since', 'status']);
    expect(pattern('orders_on_day')).toMatchObject({
      keyCondition: { sort: { op: 'begins_with', value: 'ORDER#{placed_at}#' } },
    });
    expect(pattern('set_status')).toMatchObject({
      operation: 'UpdateItem',
      entity: 'Order',
      set: ['status'],
    });
    // Write patterns take their example from the entity's first sample, so their requests can be built.
    expect(Object.keys(pattern('set_status').example as object).sort()).toEqual([
      'customer_id',
      'order_id',
      'placed_at',
      'status',
    ]);
    expect(Object.keys(pattern('add_receipt').example as object).sort()).toEqual([
      'customer_id',
      'receipt_no',
    ]);
    expect(pattern('get_orders')).toMatchObject({
      operation: 'BatchGetItem',
      gets: [
        {
          entity: 'Order',
          key: { partition: 'CUSTOMER#{customer_id}', sort: 'ORDER#{placed_at}#{order_id}' },
        },
      ],
    });
    expect(pattern('add_receipt')).toMatchObject({ operation: 'PutItem', entity: 'Receipt' });
    expect(pattern('order_with_receipt')).toMatchObject({
      operation: 'TransactWriteItems',
      actions: [
        { operation: 'PutItem', entity: 'Order', condition: 'not-exists' },
        { operation: 'PutItem', entity: 'Receipt' },
      ],
    });
  });

  it('names every pattern it cannot express, and every parameter nothing reads', () => {
    expect(warnings).toContain(
      'tables[0].entities.Order.access_patterns[6] (put_orders): BatchWriteItem has no Keyplan pattern; not imported',
    );
    expect(warnings).toContain(
      'tables[0].entities.Order.access_patterns[7] (all_orders): parameter min_total is read by no key condition Keyplan derives; not part of the pattern',
    );
    expect(warnings).toContain(
      'tables[0].entities.Order.access_patterns[3] (orders_on_day): no range_condition, but placed_at leads the sk template "ORDER#{placed_at}#{order_id}"; read as sk begins_with "ORDER#{placed_at}#"',
    );
    expect(warnings).toContain(
      'cross_table_access_patterns[1] (order_and_audit): it also touches Audit; not imported',
    );
    expect(design.accessPatterns.map((p) => p.id)).not.toContain('put_orders');
  });
});

describe('MCP: neither format', () => {
  it('says what each format needs', () => {
    const result = read({ tables: [{ TableName: 'T' }] });
    expect(result.ok || result.message).toBe(
      'not an MCP data model: a dynamodb_data_model.json needs tables, items and access_patterns (missing items, access_patterns), a repo-generation schema.json needs tables with table_config and entities (found keys: tables)',
    );
    const broken = read({
      tables: [{ table_config: { table_name: 'T', partition_key: 'pk' }, entities: { A: { fields: [] } } }],
    });
    expect(broken.ok || broken.message).toBe(
      'MCP schema.json: tables[0].entities.A.pk_template: required (a string)',
    );
  });
});
