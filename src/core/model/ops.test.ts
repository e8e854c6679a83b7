import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatProblems, validateDesign } from '../checks/validate.ts';
import { evaluateRead } from '../evaluate/evaluate.ts';
import { buildViewsFor } from '../indexes/views.ts';
import { resolvePattern } from '../requests/resolve.ts';
import { TABLE_INDEX } from './indexes.ts';
import {
  addAttribute,
  addEntity,
  addGsi,
  addLsi,
  addPartitionQuery,
  addPattern,
  addSample,
  addSampleToPartition,
  blankDesign,
  changePatternOperation,
  DesignOpError,
  duplicatePattern,
  lowerCamel,
  moveAttribute,
  moveEntity,
  movePattern,
  removeAttribute,
  removeEntity,
  removeGsi,
  removeLsi,
  removePattern,
  removeSample,
  renameDesign,
  renameEntity,
  renamePlaceholder,
  setDesignDescription,
  setEntityDescription,
  setEntityExpectedItems,
  setEntityKey,
  setPatternExample,
  setPatternOperation,
  setPatternRate,
  setSamples,
  updateAttribute,
  updateGsi,
  updateLsi,
  updatePattern,
  updateSample,
  updateTable,
  upperSnake,
} from './ops/index.ts';
import { type AccessPattern, type Design, designSchema } from './schema.ts';

const exampleJson = JSON.parse(
  readFileSync(new URL('../../../fixtures/examples/online-store.keyplan.json', import.meta.url), 'utf8'),
);

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The online-store example, frozen so that an op that mutates its input throws. */
const store = (): Design => deepFreeze(designSchema.parse(structuredClone(exampleJson)));

/** Applies an op to a frozen design, checks the input is untouched and the result schema-valid. */
function edit(design: Design, op: (d: Design) => Design): Design {
  deepFreeze(design);
  const before = structuredClone(design);
  const next = op(design);
  expect(design).toEqual(before);
  expect(() => designSchema.parse(next)).not.toThrow();
  return next;
}

function problems(design: Design): string {
  return formatProblems(validateDesign(design).problems);
}

function pattern(design: Design, id: string): AccessPattern {
  const found = design.accessPatterns.find((p) => p.id === id);
  if (!found) throw new Error(`no pattern ${id}`);
  return found;
}

const entity = (design: Design, name: string) => design.entities.find((e) => e.name === name)!;

describe('design and table', () => {
  it('starts from a blank, valid single-table design', () => {
    const blank = blankDesign();
    expect(blank.name).toBe('Untitled design');
    expect(blank.table).toEqual({
      name: 'AppTable',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      billing: { mode: 'PAY_PER_REQUEST' },
      globalSecondaryIndexes: [],
      localSecondaryIndexes: [],
      typeAttribute: 'entityType',
    });
    expect(validateDesign(blank).problems).toEqual([]);
    expect(blankDesign('Shop').name).toBe('Shop');
  });

  it('renames and describes the design', () => {
    const d = store();
    expect(edit(d, (x) => renameDesign(x, 'Shop')).name).toBe('Shop');
    expect(() => renameDesign(d, '')).toThrow(new DesignOpError('design name: must not be empty'));
    expect(edit(d, (x) => setDesignDescription(x, 'Orders')).description).toBe('Orders');
    expect(edit(d, (x) => setDesignDescription(x, '')).description).toBeUndefined();
  });

  it('renames a table key attribute in every entity key map', () => {
    const d = store();
    const next = edit(d, (x) => updateTable(x, { partitionKey: { name: 'pk', type: 'S' } }));
    expect(next.table.partitionKey.name).toBe('pk');
    expect(next.entities.map((e) => e.keys.pk)).toEqual([
      'CUSTOMER#{customerId}',
      'CUSTOMER#{customerId}',
      'ORDER#{orderId}',
    ]);
    expect(next.entities.every((e) => !('PK' in e.keys))).toBe(true);
    expect(Object.keys(entity(next, 'Order').keys)).toEqual(['pk', 'SK', 'GSI1PK', 'GSI1SK']);
    expect(next.accessPatterns).toBe(d.accessPatterns);
    expect(problems(next)).toBe('');
  });

  it('leaves templates of a key attribute another index still uses', () => {
    // An inverted index reads SK as its partition key, so the SK templates keep serving it.
    const inverted = edit(store(), (d) =>
      addGsi(d, { name: 'Inverted', partitionKey: { name: 'SK', type: 'S' } }),
    );
    const next = edit(inverted, (d) => updateTable(d, { sortKey: { name: 'sk', type: 'S' } }));
    expect(entity(next, 'Customer').keys).toEqual({ PK: 'CUSTOMER#{customerId}', SK: 'PROFILE' });
  });

  it('removes optional settings given as undefined and drops templates of a removed sort key', () => {
    const withTtl = edit(store(), (d) =>
      updateTable(d, { ttlAttribute: 'expiresAt', stream: 'NEW_IMAGE', pointInTimeRecovery: true }),
    );
    expect(withTtl.table).toMatchObject({
      ttlAttribute: 'expiresAt',
      stream: 'NEW_IMAGE',
      pointInTimeRecovery: true,
    });
    const without = edit(withTtl, (d) => updateTable(d, { ttlAttribute: undefined, stream: undefined }));
    expect('ttlAttribute' in without.table || 'stream' in without.table).toBe(false);
    const noSort = edit(store(), (d) => updateTable(d, { sortKey: undefined }));
    expect(noSort.table.sortKey).toBeUndefined();
    expect(entity(noSort, 'Customer').keys).toEqual({ PK: 'CUSTOMER#{customerId}' });
    const provisioned = edit(store(), (d) =>
      updateTable(d, { billing: { mode: 'PROVISIONED', read: 5, write: 5 } }),
    );
    expect(provisioned.table.billing).toEqual({ mode: 'PROVISIONED', read: 5, write: 5 });
  });

  it('refuses a table the schema or DynamoDB would refuse', () => {
    const d = store();
    expect(() => updateTable(d, { name: 'a b' })).toThrow(/^table name: may only contain letters/);
    expect(() => updateTable(d, { sortKey: { name: 'PK', type: 'S' } })).toThrow(
      'table: the partition key and the sort key must be different attributes',
    );
    expect(() => updateTable(d, { billing: { mode: 'PROVISIONED', read: 0, write: 1 } })).toThrow(
      DesignOpError,
    );
  });
});

describe('secondary indexes', () => {
  it('adds the next free GSI<n> with string keys projecting ALL', () => {
    const blank = edit(blankDesign(), (d) => addGsi(d));
    expect(blank.table.globalSecondaryIndexes).toEqual([
      {
        name: 'GSI1',
        partitionKey: { name: 'GSI1PK', type: 'S' },
        sortKey: { name: 'GSI1SK', type: 'S' },
        projection: { type: 'ALL' },
      },
    ]);
    const next = edit(store(), (d) => addGsi(d));
    expect(next.table.globalSecondaryIndexes[1].name).toBe('GSI2');
    const custom = edit(store(), (d) =>
      addGsi(d, { name: 'ByEmail', sortKey: undefined, projection: { type: 'KEYS_ONLY' } }),
    );
    expect(custom.table.globalSecondaryIndexes[1]).toEqual({
      name: 'ByEmail',
      partitionKey: { name: 'ByEmailPK', type: 'S' },
      projection: { type: 'KEYS_ONLY' },
    });
  });

  it('refuses duplicate names, bad names and a 21st GSI', () => {
    expect(() => addGsi(store(), { name: 'GSI1' })).toThrow(
      new DesignOpError('an index named GSI1 already exists'),
    );
    expect(() => addGsi(store(), { name: 'ab' })).toThrow('index name: must be 3 to 255 characters');
    let d = blankDesign();
    for (let i = 0; i < 20; i++) d = addGsi(d);
    expect(d.table.globalSecondaryIndexes.at(-1)?.name).toBe('GSI20');
    expect(() => addGsi(d)).toThrow('a table can have at most 20 global secondary indexes');
    expect(() => updateGsi(store(), 'GSI9', {})).toThrow('no global secondary index named GSI9');
    expect(() => removeGsi(store(), 'GSI9')).toThrow('no global secondary index named GSI9');
  });

  it('renames an index in the patterns that read it', () => {
    const d = store();
    const next = edit(d, (x) => updateGsi(x, 'GSI1', { name: 'ByStatus' }));
    expect(next.table.globalSecondaryIndexes[0].name).toBe('ByStatus');
    expect(pattern(next, 'orders-by-status')).toMatchObject({ index: 'ByStatus' });
    expect(next.entities).toBe(d.entities);
    expect(problems(next)).toBe('');
  });

  it('renames key attributes in entity keys unless another index still uses them', () => {
    const next = edit(store(), (d) =>
      updateGsi(d, 'GSI1', {
        partitionKey: { name: 'StatusPK', type: 'S' },
        sortKey: { name: 'StatusSK', type: 'S' },
      }),
    );
    expect(entity(next, 'Order').keys).toEqual({
      PK: 'CUSTOMER#{customerId}',
      SK: 'ORDER#{createdAt}#{orderId}',
      StatusPK: 'STATUS#{status}',
      StatusSK: '{createdAt}',
    });
    expect(problems(next)).toBe('');

    const shared = edit(store(), (d) =>
      addGsi(d, { name: 'GSI2', partitionKey: { name: 'GSI1PK', type: 'S' } }),
    );
    const renamed = edit(shared, (d) =>
      updateGsi(d, 'GSI1', { partitionKey: { name: 'OtherPK', type: 'S' } }),
    );
    expect(entity(renamed, 'Order').keys.GSI1PK).toBe('STATUS#{status}');
    expect(entity(renamed, 'Order').keys.OtherPK).toBeUndefined();
  });

  it('drops the templates of a removed index sort key', () => {
    const next = edit(store(), (d) => updateGsi(d, 'GSI1', { sortKey: undefined }));
    expect(next.table.globalSecondaryIndexes[0].sortKey).toBeUndefined();
    expect(entity(next, 'Order').keys.GSI1SK).toBeUndefined();
  });

  it('removes an index and its templates, leaving patterns for validation to flag', () => {
    const next = edit(store(), (d) => removeGsi(d, 'GSI1'));
    expect(next.table.globalSecondaryIndexes).toEqual([]);
    expect(entity(next, 'Order').keys).toEqual({
      PK: 'CUSTOMER#{customerId}',
      SK: 'ORDER#{createdAt}#{orderId}',
    });
    expect(pattern(next, 'orders-by-status')).toMatchObject({ index: 'GSI1' });
    expect(problems(next)).toBe('accessPatterns[3].index: no index is named "GSI1"');
  });

  it('adds, updates and removes local secondary indexes', () => {
    const added = edit(store(), (d) => addLsi(d));
    expect(added.table.localSecondaryIndexes).toEqual([
      { name: 'LSI1', sortKey: { name: 'LSI1SK', type: 'S' }, projection: { type: 'ALL' } },
    ]);
    const keyed = edit(added, (d) => setEntityKey(d, 'Order', 'LSI1SK', '{total}'));
    const renamed = edit(keyed, (d) =>
      updateLsi(d, 'LSI1', { name: 'ByTotal', sortKey: { name: 'TotalSK', type: 'S' } }),
    );
    expect(renamed.table.localSecondaryIndexes[0]).toMatchObject({
      name: 'ByTotal',
      sortKey: { name: 'TotalSK' },
    });
    expect(entity(renamed, 'Order').keys.TotalSK).toBe('{total}');
    expect(entity(renamed, 'Order').keys.LSI1SK).toBeUndefined();
    const removed = edit(renamed, (d) => removeLsi(d, 'ByTotal'));
    expect(removed.table.localSecondaryIndexes).toEqual([]);
    expect(entity(removed, 'Order').keys.TotalSK).toBeUndefined();
    expect(problems(removed)).toBe('');
  });

  it('refuses a sixth LSI, a duplicate name and an LSI on a table without sort key', () => {
    let d = store();
    for (let i = 0; i < 5; i++) d = addLsi(d);
    expect(() => addLsi(d)).toThrow('a table can have at most 5 local secondary indexes');
    expect(() => addLsi(store(), { name: 'GSI1' })).toThrow('an index named GSI1 already exists');
    expect(() => updateLsi(d, 'LSI1', { name: 'GSI1' })).toThrow('an index named GSI1 already exists');
    const noSort = updateTable(store(), { sortKey: undefined });
    expect(() => addLsi(noSort)).toThrow('a local secondary index needs a table with a sort key');
    expect(() => removeLsi(store(), 'LSI1')).toThrow('no local secondary index named LSI1');
  });
});

describe('entities', () => {
  it("gives a renamed entity the new name's defaults while it still has the ones it was added with", () => {
    const added = edit(blankDesign(), (d) => addSample(addEntity(d), 'Entity1', { entity1Id: 'x1' }));
    const renamed = edit(added, (d) => renameEntity(d, 'Entity1', 'LineItem'));
    expect(renamed.entities[0]).toEqual({
      name: 'LineItem',
      attributes: [{ name: 'lineItemId', type: 'S', required: true }],
      keys: { PK: 'LINE_ITEM#{lineItemId}', SK: 'LINE_ITEM' },
      color: 0,
    });
    expect(renamed.items).toEqual({ LineItem: [{ lineItemId: 'x1' }] });
    const customised = edit(added, (d) => setEntityKey(d, 'Entity1', 'SK', 'META'));
    const kept = edit(customised, (d) => renameEntity(d, 'Entity1', 'LineItem'));
    expect(kept.entities[0].keys).toEqual({ PK: 'ENTITY1#{entity1Id}', SK: 'META' });
  });

  it('adds an entity with an id attribute and one-item-per-id keys', () => {
    const next = edit(blankDesign(), (d) => addEntity(d, { name: 'Order' }));
    expect(next.entities).toEqual([
      {
        name: 'Order',
        attributes: [{ name: 'orderId', type: 'S', required: true }],
        keys: { PK: 'ORDER#{orderId}', SK: 'ORDER' },
        color: 0,
      },
    ]);
    expect(problems(next)).toBe('');
    const defaults = edit(next, (d) => addEntity(d));
    expect(defaults.entities[1]).toMatchObject({
      name: 'Entity1',
      keys: { PK: 'ENTITY1#{entity1Id}', SK: 'ENTITY1' },
    });
    const line = edit(next, (d) =>
      addEntity(d, { name: 'LineItem', attributes: [{ name: 'sku', type: 'S' }] }),
    );
    expect(line.entities[1]).toMatchObject({
      attributes: [{ name: 'lineItemId' }, { name: 'sku' }],
      keys: { PK: 'LINE_ITEM#{lineItemId}', SK: 'LINE_ITEM' },
    });
    const noSort = edit(updateTable(blankDesign(), { sortKey: undefined }), (d) =>
      addEntity(d, { name: 'User' }),
    );
    expect(noSort.entities[0].keys).toEqual({ PK: 'USER#{userId}' });
    const explicit = edit(blankDesign(), (d) =>
      addEntity(d, { name: 'Config', keys: { PK: 'CONFIG', SK: 'CONFIG' } }),
    );
    expect(explicit.entities[0]).toEqual({
      name: 'Config',
      attributes: [],
      keys: { PK: 'CONFIG', SK: 'CONFIG' },
      color: 0,
    });
  });

  it('spells ids and prefixes from entity names', () => {
    expect(['Order', 'LineItem', 'URLMap', 'SKU2', 'Entity1'].map(lowerCamel)).toEqual([
      'order',
      'lineItem',
      'urlMap',
      'sku2',
      'entity1',
    ]);
    expect(['Order', 'LineItem', 'URLMap', 'Entity1'].map(upperSnake)).toEqual([
      'ORDER',
      'LINE_ITEM',
      'URL_MAP',
      'ENTITY1',
    ]);
  });

  it('refuses a duplicate or invalid entity name', () => {
    expect(() => addEntity(store(), { name: 'Order' })).toThrow(
      new DesignOpError('an entity named Order already exists'),
    );
    expect(() => addEntity(store(), { name: '1st' })).toThrow(/^entity name: must start with a letter/);
    expect(() => renameEntity(store(), 'Order', 'Customer')).toThrow(
      'an entity named Customer already exists',
    );
    expect(() => renameEntity(store(), 'Shipment', 'Parcel')).toThrow('no entity named Shipment');
    expect(() => renameEntity(store(), 'Order', 'my order')).toThrow(
      /^entity name: must start with a letter/,
    );
  });

  it('refuses an entity name that differs from another only in case, but lets an entity change its own case', () => {
    const inCase = new DesignOpError(
      'an entity named Order already exists: entity names must differ in more than case',
    );
    expect(() => addEntity(store(), { name: 'order' })).toThrow(inCase);
    expect(() => renameEntity(store(), 'Customer', 'ORDER')).toThrow(
      'an entity named Order already exists: entity names must differ in more than case',
    );
    const recased = edit(store(), (d) => renameEntity(d, 'LineItem', 'Lineitem'));
    expect(recased.entities.map((e) => e.name)).toEqual(['Customer', 'Order', 'Lineitem']);
    expect(problems(recased)).toBe('');
    // A new entity's default name skips one taken in another case.
    const withLower = edit(blankDesign(), (d) => addEntity(d, { name: 'entity1' }));
    expect(edit(withLower, (d) => addEntity(d)).entities.map((e) => e.name)).toEqual(['entity1', 'Entity2']);
  });

  it('renames an entity in its samples and every pattern that names it', () => {
    const withGets = addPattern(store(), {
      id: 'orders-at-once',
      operation: 'BatchGetItem',
      gets: [{ entity: 'Order' }, { entity: 'Customer' }],
    });
    const next = edit(withGets, (d) => renameEntity(d, 'Order', 'Purchase'));
    expect(next.entities.map((e) => e.name)).toEqual(['Customer', 'Purchase', 'LineItem']);
    expect(Object.keys(next.items)).toEqual(['Customer', 'Purchase', 'LineItem']);
    expect(next.items.Purchase).toBe(withGets.items.Order);
    expect(pattern(next, 'customer-orders')).toMatchObject({ returns: ['Purchase'] });
    expect(pattern(next, 'orders-by-status')).toMatchObject({ returns: ['Purchase'] });
    expect(pattern(next, 'ship-order')).toMatchObject({ entity: 'Purchase' });
    expect(pattern(next, 'place-order')).toMatchObject({
      actions: [{ entity: 'Purchase' }, { entity: 'LineItem' }],
    });
    expect(pattern(next, 'orders-at-once')).toMatchObject({
      gets: [{ entity: 'Purchase' }, { entity: 'Customer' }],
    });
    expect(pattern(next, 'get-customer')).toBe(pattern(withGets, 'get-customer'));
    expect(problems(next)).toBe('');
    expect(renameEntity(withGets, 'Order', 'Order')).toBe(withGets);
  });

  it('removes an entity and its samples, leaving patterns for validation to flag', () => {
    const d = store();
    const next = edit(d, (x) => removeEntity(x, 'LineItem'));
    expect(next.entities.map((e) => e.name)).toEqual(['Customer', 'Order']);
    expect(Object.keys(next.items)).toEqual(['Customer', 'Order']);
    expect(next.accessPatterns).toBe(d.accessPatterns);
    expect(problems(next)).toBe(
      [
        'accessPatterns[2].returns[0]: no entity is named "LineItem"',
        'accessPatterns[4].actions[1].entity: no entity is named "LineItem"',
      ].join('\n'),
    );
  });

  it('moves an entity, clamping the target position', () => {
    const names = (d: Design) => d.entities.map((e) => e.name);
    expect(names(edit(store(), (d) => moveEntity(d, 'LineItem', 0)))).toEqual([
      'LineItem',
      'Customer',
      'Order',
    ]);
    expect(names(edit(store(), (d) => moveEntity(d, 'Customer', 99)))).toEqual([
      'Order',
      'LineItem',
      'Customer',
    ]);
    const d = store();
    expect(moveEntity(d, 'Order', 1)).toBe(d);
  });

  it('sets and removes key templates and descriptions', () => {
    const d = store();
    const set = edit(d, (x) => setEntityKey(x, 'Customer', 'GSI1PK', 'EMAIL#{email}'));
    expect(entity(set, 'Customer').keys).toEqual({
      PK: 'CUSTOMER#{customerId}',
      SK: 'PROFILE',
      GSI1PK: 'EMAIL#{email}',
    });
    expect(set.entities[1]).toBe(d.entities[1]);
    const removed = edit(store(), (d) => setEntityKey(d, 'Order', 'GSI1SK', undefined));
    expect(Object.keys(entity(removed, 'Order').keys)).toEqual(['PK', 'SK', 'GSI1PK']);
    expect(() => setEntityKey(store(), 'Shipment', 'PK', 'X')).toThrow('no entity named Shipment');
    const described = edit(store(), (d) => setEntityDescription(d, 'Order', 'A placed order'));
    expect(entity(described, 'Order').description).toBe('A placed order');
    const cleared = edit(described, (d) => setEntityDescription(d, 'Order', ''));
    expect('description' in entity(cleared, 'Order')).toBe(false);
  });

  it('sets and removes the expected item count used by storage estimates', () => {
    const counted = edit(store(), (d) => setEntityExpectedItems(d, 'Order', 2_000_000));
    expect(entity(counted, 'Order').expectedItems).toBe(2_000_000);
    expect(setEntityExpectedItems(counted, 'Order', 2_000_000)).toBe(counted);
    const uncounted = edit(counted, (d) => setEntityExpectedItems(d, 'Order', undefined));
    expect('expectedItems' in entity(uncounted, 'Order')).toBe(false);
    expect(() => setEntityExpectedItems(store(), 'Order', 1.5)).toThrow(/^expected items: /);
    expect(() => setEntityExpectedItems(store(), 'Order', -1)).toThrow(/^expected items: /);
  });
});

describe('attributes', () => {
  it('adds an attribute, by default the next free attribute<n> string', () => {
    const d = store();
    const next = edit(d, (x) =>
      addAttribute(x, 'Order', { name: 'note', type: 'S', description: 'gift note' }),
    );
    expect(entity(next, 'Order').attributes.at(-1)).toEqual({
      name: 'note',
      type: 'S',
      description: 'gift note',
    });
    expect(next.table).toBe(d.table);
    expect(next.entities[0]).toBe(d.entities[0]);
    expect(next.accessPatterns).toBe(d.accessPatterns);
    expect(next.items).toBe(d.items);
    const defaults = edit(next, (x) => addAttribute(addAttribute(x, 'Order'), 'Order'));
    expect(entity(defaults, 'Order').attributes.slice(-2)).toEqual([
      { name: 'attribute1', type: 'S' },
      { name: 'attribute2', type: 'S' },
    ]);
    expect(() => addAttribute(d, 'Order', { name: 'status' })).toThrow(
      new DesignOpError('Order already has an attribute named status'),
    );
    expect(() => addAttribute(d, 'Order', { name: '' })).toThrow('attribute name: must not be empty');
  });

  it("makes an attribute named like a key attribute a natural key: its template {name}, its type the key's", () => {
    const d = edit(store(), (x) => addGsi(x));
    const gsi = d.table.globalSecondaryIndexes.at(-1)!;
    const added = edit(d, (x) => addAttribute(x, 'Order', { name: gsi.partitionKey!.name }));
    expect(entity(added, 'Order').attributes.at(-1)).toEqual({ name: gsi.partitionKey!.name, type: 'S' });
    expect(entity(added, 'Order').keys[gsi.partitionKey!.name]).toBe(`{${gsi.partitionKey!.name}}`);
    expect(problems(added)).toBe('');
    // Renamed to a key attribute's name, the same; a template the entity already has stays for validation to explain.
    const renamed = edit(d, (x) =>
      updateAttribute(x, 'Order', 'total', { name: gsi.sortKey!.name, type: 'S' }),
    );
    expect(entity(renamed, 'Order').keys[gsi.sortKey!.name]).toBe(`{${gsi.sortKey!.name}}`);
    const kept = edit(d, (x) => addAttribute(x, 'Order', { name: 'SK' }));
    expect(entity(kept, 'Order').keys.SK).toBe(entity(d, 'Order').keys.SK);
    expect(problems(kept)).toMatch(/its template must be "\{SK\}"/);
  });

  it('renames an attribute in key templates, samples and the writes of its entity', () => {
    const d = store();
    const next = edit(d, (x) => updateAttribute(x, 'Order', 'status', { name: 'state' }));
    const order = entity(next, 'Order');
    expect(order.attributes[3]).toEqual({
      name: 'state',
      type: 'S',
      enum: ['PLACED', 'SHIPPED', 'DELIVERED'],
    });
    expect(order.keys.GSI1PK).toBe('STATUS#{state}');
    expect(Object.keys(next.items.Order[0])).toEqual([
      'customerId',
      'orderId',
      'createdAt',
      'state',
      'total',
    ]);
    expect(next.items.Order.map((o) => o.state)).toEqual(['PLACED', 'SHIPPED', 'PLACED']);
    expect(pattern(next, 'ship-order')).toMatchObject({ set: ['state'] });
    // A pattern's placeholders are its own arguments, not attribute references.
    expect(pattern(next, 'orders-by-status')).toBe(pattern(d, 'orders-by-status'));
    expect(next.items.Customer).toBe(d.items.Customer);
    expect(problems(next)).toBe('');
  });

  it('renames in transaction actions and conditions of that entity only', () => {
    const d = addPattern(store(), {
      id: 'restock',
      operation: 'TransactWriteItems',
      actions: [
        {
          operation: 'UpdateItem',
          entity: 'LineItem',
          set: ['quantity'],
          condition: [{ attribute: 'quantity', op: '>', value: 0 }],
        },
        { operation: 'UpdateItem', entity: 'Order', set: ['total'] },
      ],
    });
    const next = edit(d, (x) => updateAttribute(x, 'LineItem', 'quantity', { name: 'qty' }));
    expect(pattern(next, 'restock')).toMatchObject({
      actions: [
        { set: ['qty'], condition: [{ attribute: 'qty', op: '>', value: 0 }] },
        { entity: 'Order', set: ['total'] },
      ],
    });
    expect(problems(next)).toBe('');
  });

  it('keeps the width of a padded placeholder and renames inside a half-typed template', () => {
    expect(renamePlaceholder('RANK#{score:6}#{score}#{scores}', 'score', 'points')).toBe(
      'RANK#{points:6}#{points}#{scores}',
    );
    expect(renamePlaceholder('X#{a.b}', 'a.b', 'c')).toBe('X#{c}');
    const d = setEntityKey(store(), 'Order', 'GSI1SK', '{createdAt}#{tot');
    const next = edit(d, (x) => updateAttribute(x, 'Order', 'createdAt', { name: 'placedAt' }));
    expect(entity(next, 'Order').keys).toMatchObject({
      SK: 'ORDER#{placedAt}#{orderId}',
      GSI1SK: '{placedAt}#{tot',
    });
  });

  it('changes other fields; undefined removes an optional one', () => {
    const d = store();
    const next = edit(d, (x) => updateAttribute(x, 'Order', 'status', { enum: undefined, required: true }));
    expect(entity(next, 'Order').attributes[3]).toEqual({ name: 'status', type: 'S', required: true });
    expect(next.accessPatterns).toBe(d.accessPatterns);
    expect(() => updateAttribute(store(), 'Order', 'total', { name: 'status' })).toThrow(
      'Order already has an attribute named status',
    );
    expect(() => updateAttribute(store(), 'Order', 'colour', {})).toThrow(
      'Order has no attribute named colour',
    );
    expect(() => updateAttribute(store(), 'Order', 'status', { enum: [] })).toThrow(/^attribute enum: /);
  });

  it('removes an attribute and its sample values, leaving templates for validation to flag', () => {
    const next = edit(store(), (d) => removeAttribute(d, 'Order', 'status'));
    expect(entity(next, 'Order').attributes.map((a) => a.name)).toEqual([
      'customerId',
      'orderId',
      'createdAt',
      'total',
    ]);
    expect(next.items.Order.every((o) => !('status' in o))).toBe(true);
    expect(entity(next, 'Order').keys.GSI1PK).toBe('STATUS#{status}');
    expect(problems(next)).toBe(
      [
        'entities[1].keys.GSI1PK: unknown attribute {status}',
        'accessPatterns[5].set[0]: "status" is not an attribute of Order',
      ].join('\n'),
    );
  });

  it('moves an attribute', () => {
    const next = edit(store(), (d) => moveAttribute(d, 'Order', 'total', 0));
    expect(entity(next, 'Order').attributes.map((a) => a.name)).toEqual([
      'total',
      'customerId',
      'orderId',
      'createdAt',
      'status',
    ]);
    expect(() => moveAttribute(store(), 'Order', 'colour', 0)).toThrow('Order has no attribute named colour');
  });
});

describe('samples', () => {
  it('adds, updates, removes and replaces samples', () => {
    const d = store();
    const added = edit(d, (x) => addSample(x, 'Customer', { customerId: 'c3' }));
    expect(added.items.Customer).toHaveLength(3);
    expect(added.items.Order).toBe(d.items.Order);
    const updated = edit(added, (d) => updateSample(d, 'Customer', 2, 'name', 'Cy'));
    expect(updated.items.Customer[2]).toEqual({ customerId: 'c3', name: 'Cy' });
    const deleted = edit(updated, (d) => updateSample(d, 'Customer', 2, 'name', undefined));
    expect(deleted.items.Customer[2]).toEqual({ customerId: 'c3' });
    const removed = edit(deleted, (d) => removeSample(d, 'Customer', 0));
    expect(removed.items.Customer.map((c) => c.customerId)).toEqual(['c2', 'c3']);
    const replaced = edit(removed, (d) => setSamples(d, 'Customer', [{ customerId: 'c9' }]));
    expect(replaced.items.Customer).toEqual([{ customerId: 'c9' }]);
    expect(problems(replaced)).toBe('');
  });

  it('keeps no entry for an entity without samples', () => {
    const one = edit(addEntity(blankDesign(), { name: 'Order' }), (d) => addSample(d, 'Order'));
    expect(one.items).toEqual({ Order: [{}] });
    expect(edit(one, (d) => removeSample(d, 'Order', 0)).items).toEqual({});
    expect(edit(one, (d) => setSamples(d, 'Order', [])).items).toEqual({});
  });

  it('refuses an unknown entity or position', () => {
    expect(() => addSample(store(), 'Shipment')).toThrow('no entity named Shipment');
    expect(() => updateSample(store(), 'Order', 9, 'total', 1)).toThrow(
      new DesignOpError('Order has no sample at position 9'),
    );
    expect(() => removeSample(store(), 'Order', -1)).toThrow('Order has no sample at position -1');
  });
});

describe('starting from an item in the grid', () => {
  it('queries the partition an item is in, on an index, and the query returns that partition', () => {
    const d = store();
    const next = edit(d, (x) => addPartitionQuery(x, 'Order', 'GSI1', 0));
    const query = next.accessPatterns[next.accessPatterns.length - 1];
    expect(query).toMatchObject({
      operation: 'Query',
      index: 'GSI1',
      returns: ['Order'],
      keyCondition: { partition: 'STATUS#{status}' },
      example: { status: 'PLACED' },
    });
    expect(problems(next)).toBe('');
    const views = buildViewsFor(next);
    const spec = resolvePattern(next, query, query.example ?? {});
    const result = evaluateRead(next, views, spec);
    expect(result.items.map((item) => item.orderId)).toEqual(
      views
        .get('GSI1')!
        .partitions.get('STATUS#PLACED')!
        .map((entry) => entry.item.orderId),
    );
    expect(result.count).toBeGreaterThan(1);
  });

  it('adds an item to the partition: the values its partition key reads, not its whole key', () => {
    const next = edit(store(), (x) => addSampleToPartition(x, 'Order', TABLE_INDEX, 0));
    expect(next.items.Order[next.items.Order.length - 1]).toEqual({ customerId: 'c1' });
    const onIndex = edit(store(), (x) => addSampleToPartition(x, 'Order', 'GSI1', 0));
    expect(onIndex.items.Order[onIndex.items.Order.length - 1]).toEqual({ status: 'PLACED' });
  });

  it('refuses an item that is in no partition of the view', () => {
    expect(() => addPartitionQuery(store(), 'Customer', 'GSI1', 0)).toThrow(
      new DesignOpError('Customer has no GSI1PK template, so no item of it is in GSI1'),
    );
    const withoutStatus = edit(store(), (x) => updateSample(x, 'Order', 0, 'status', undefined));
    expect(() => addSampleToPartition(withoutStatus, 'Order', 'GSI1', 0)).toThrow(
      'Order sample 1 has no status, so it is in no partition',
    );
    expect(() => addPartitionQuery(store(), 'Order', 'GSI9', 0)).toThrow('no index GSI9');
  });
});

describe('access patterns', () => {
  const ids = (d: Design) => d.accessPatterns.map((p) => p.id);

  it('adds a Query of the first entity partition by default', () => {
    const next = edit(store(), (d) => addPattern(d));
    expect(next.accessPatterns.at(-1)).toEqual({
      id: 'p1',
      name: 'New access pattern',
      operation: 'Query',
      keyCondition: { partition: 'CUSTOMER#{customerId}' },
      returns: ['Customer'],
    });
    expect(edit(next, (d) => addPattern(d)).accessPatterns.at(-1)?.id).toBe('p2');
    expect(edit(blankDesign(), (d) => addPattern(d)).accessPatterns).toEqual([
      { id: 'p1', name: 'New access pattern', operation: 'Query', keyCondition: { partition: '' } },
    ]);
  });

  it('fills the defaults of another operation and lets the input override them', () => {
    const d = store();
    expect(edit(d, (x) => addPattern(x, { operation: 'GetItem' })).accessPatterns.at(-1)).toMatchObject({
      keyCondition: { partition: 'CUSTOMER#{customerId}', sort: { op: '=', value: 'PROFILE' } },
      returns: ['Customer'],
    });
    expect(
      edit(d, (x) =>
        addPattern(x, { operation: 'DeleteItem', entity: 'Order', condition: 'exists' }),
      ).accessPatterns.at(-1),
    ).toEqual({
      id: 'p1',
      name: 'New access pattern',
      operation: 'DeleteItem',
      entity: 'Order',
      condition: 'exists',
    });
    expect(() => addPattern(d, { id: 'get-customer' })).toThrow(
      new DesignOpError('an access pattern with id get-customer already exists'),
    );
    expect(() => addPattern(d, { id: 'a b' })).toThrow(/^access pattern id: may only contain/);
    expect(() => addPattern(blankDesign(), { operation: 'PutItem' })).toThrow(
      'add an entity before making a PutItem pattern',
    );
  });

  it('converts a pattern to another operation, keeping what still applies', () => {
    const d = deepFreeze(store());
    const convert = (id: string, operation: AccessPattern['operation']) => {
      const next = changePatternOperation(pattern(d, id), operation, d);
      expect(() => designSchema.shape.accessPatterns.parse([next])).not.toThrow();
      return next;
    };
    const orders = pattern(d, 'customer-orders');
    const common = {
      id: 'customer-orders',
      name: orders.name,
      example: { customerId: 'c1' },
      returns: ['Order'],
    };
    // A GetItem names the whole key: the Query's partition, and "=" on the returned entity's sort template.
    expect(convert('customer-orders', 'GetItem')).toEqual({
      ...common,
      operation: 'GetItem',
      keyCondition: {
        partition: 'CUSTOMER#{customerId}',
        sort: { op: '=', value: 'ORDER#{createdAt}#{orderId}' },
      },
    });
    // From a GSI, whose keys are not the table's, both come from the entity's table templates.
    expect(convert('orders-by-status', 'GetItem')).toMatchObject({
      operation: 'GetItem',
      keyCondition: {
        partition: 'CUSTOMER#{customerId}',
        sort: { op: '=', value: 'ORDER#{createdAt}#{orderId}' },
      },
    });
    expect(convert('orders-by-status', 'GetItem')).not.toHaveProperty('index');
    expect(convert('customer-orders', 'Scan')).toEqual({ ...common, operation: 'Scan' });
    // Back to a Query, the key condition comes from the returned entity's templates for that index.
    const scan = convert('orders-by-status', 'Scan');
    expect(scan).toMatchObject({ operation: 'Scan', index: 'GSI1' });
    expect(changePatternOperation(scan, 'Query', d)).toEqual(pattern(d, 'orders-by-status'));

    const ship = pattern(d, 'ship-order');
    const shipBase = { id: 'ship-order', name: ship.name, example: ship.example };
    expect(convert('ship-order', 'TransactWriteItems')).toEqual({
      ...shipBase,
      operation: 'TransactWriteItems',
      actions: [{ operation: 'UpdateItem', entity: 'Order', condition: 'exists', set: ['status'] }],
    });
    expect(convert('ship-order', 'PutItem')).toEqual({
      ...shipBase,
      operation: 'PutItem',
      entity: 'Order',
      condition: 'exists',
    });
    expect(convert('ship-order', 'GetItem')).toEqual({
      ...shipBase,
      operation: 'GetItem',
      keyCondition: {
        partition: 'CUSTOMER#{customerId}',
        sort: { op: '=', value: 'ORDER#{createdAt}#{orderId}' },
      },
      returns: ['Order'],
    });
    expect(convert('place-order', 'PutItem')).toEqual({
      id: 'place-order',
      name: 'Place an order with its line items',
      operation: 'PutItem',
      entity: 'Order',
      condition: 'not-exists',
    });

    const gets = convert('get-customer', 'TransactGetItems');
    expect(gets).toMatchObject({
      gets: [{ entity: 'Customer', key: { partition: 'CUSTOMER#{customerId}', sort: 'PROFILE' } }],
    });
    expect(changePatternOperation(gets, 'GetItem', d)).toEqual(pattern(d, 'get-customer'));
    expect(changePatternOperation(gets, 'BatchGetItem', d)).toEqual({ ...gets, operation: 'BatchGetItem' });
    expect(convert('get-customer', 'GetItem')).toBe(pattern(d, 'get-customer'));
  });

  it('a Query of a partition switched to GetItem on a blank design is a valid GetItem of the full key', () => {
    let d = edit(blankDesign(), (x) => addEntity(x));
    d = edit(d, (x) => addPattern(x));
    expect(pattern(d, 'p1')).toMatchObject({
      operation: 'Query',
      keyCondition: { partition: 'ENTITY1#{entity1Id}' },
    });
    const get = edit(d, (x) => setPatternOperation(x, 'p1', 'GetItem'));
    expect(pattern(get, 'p1')).toMatchObject({
      operation: 'GetItem',
      keyCondition: { partition: 'ENTITY1#{entity1Id}', sort: { op: '=', value: 'ENTITY1' } },
    });
    expect(problems(get)).toBe('');
    // An "=" the Query already had is kept; a table without a sort key needs none.
    const equal = edit(d, (x) =>
      updatePattern(x, 'p1', {
        ...pattern(x, 'p1'),
        keyCondition: { partition: 'ENTITY1#{entity1Id}', sort: { op: '=', value: 'ENTITY1#v2' } },
      } as AccessPattern),
    );
    expect(changePatternOperation(pattern(equal, 'p1'), 'GetItem', equal)).toMatchObject({
      keyCondition: { partition: 'ENTITY1#{entity1Id}', sort: { op: '=', value: 'ENTITY1#v2' } },
    });
    const noSort = edit(d, (x) => updateTable(x, { sortKey: undefined }));
    const bare = changePatternOperation(pattern(noSort, 'p1'), 'GetItem', noSort);
    expect(bare).toMatchObject({ keyCondition: { partition: 'ENTITY1#{entity1Id}' } });
    expect(bare).not.toHaveProperty('keyCondition.sort');
  });

  it('changes the operation of a stored pattern', () => {
    const d = store();
    const next = edit(d, (x) => setPatternOperation(x, 'ship-order', 'DeleteItem'));
    expect(pattern(next, 'ship-order')).toEqual({
      id: 'ship-order',
      name: 'Mark an order shipped',
      operation: 'DeleteItem',
      entity: 'Order',
      condition: 'exists',
      example: pattern(d, 'ship-order').example,
    });
    expect(setPatternOperation(d, 'ship-order', 'UpdateItem')).toBe(d);
    expect(() => setPatternOperation(d, 'nope', 'Scan')).toThrow('no access pattern with id nope');
  });

  it('replaces a pattern; a new id must be free', () => {
    const d = store();
    const get = pattern(d, 'get-customer');
    const next = edit(d, (x) =>
      updatePattern(x, 'get-customer', { ...get, id: 'customer', name: 'Customer profile' }),
    );
    expect(next.accessPatterns[0]).toEqual({ ...get, id: 'customer', name: 'Customer profile' });
    expect(next.accessPatterns[1]).toBe(d.accessPatterns[1]);
    expect(() => updatePattern(d, 'get-customer', { ...get, id: 'ship-order' })).toThrow(
      'an access pattern with id ship-order already exists',
    );
    expect(() => updatePattern(d, 'get-customer', { ...get, name: '' })).toThrow(
      'access pattern name: must not be empty',
    );
    expect(() => updatePattern(d, 'nope', get)).toThrow(new DesignOpError('no access pattern with id nope'));
  });

  it('removes, moves and duplicates patterns', () => {
    const d = store();
    const all = ids(d);
    expect(ids(edit(d, (x) => removePattern(x, 'ship-order')))).toEqual(all.slice(0, 5));
    expect(ids(edit(d, (x) => movePattern(x, 'ship-order', 0)))).toEqual(['ship-order', ...all.slice(0, 5)]);
    expect(movePattern(d, 'get-customer', -3)).toBe(d);
    const once = edit(d, (x) => duplicatePattern(x, 'get-customer'));
    const twice = edit(once, (x) => duplicatePattern(x, 'get-customer'));
    expect(ids(twice).slice(0, 3)).toEqual(['get-customer', 'get-customer-copy-2', 'get-customer-copy']);
    expect(twice.accessPatterns[1]).toEqual({
      ...pattern(d, 'get-customer'),
      id: 'get-customer-copy-2',
      name: "Get a customer's profile (copy)",
    });
    expect(problems(twice)).toBe('');
    expect(() => removePattern(d, 'nope')).toThrow('no access pattern with id nope');
  });

  it('sets and removes example values and rates', () => {
    const d = store();
    const set = edit(d, (x) => setPatternExample(x, 'order-line-items', 'orderId', 'o101'));
    expect(pattern(set, 'order-line-items').example).toEqual({ orderId: 'o101' });
    const cleared = edit(set, (x) => setPatternExample(x, 'order-line-items', 'orderId', undefined));
    expect('example' in pattern(cleared, 'order-line-items')).toBe(false);
    expect(
      pattern(
        edit(d, (x) => setPatternExample(x, 'place-order', 'orderId', 'o1')),
        'place-order',
      ).example,
    ).toEqual({
      orderId: 'o1',
    });
    const rated = edit(d, (x) => setPatternRate(x, 'get-customer', { perSecond: 50 }));
    expect(pattern(rated, 'get-customer').rate).toEqual({ perSecond: 50 });
    const unrated = edit(rated, (x) => setPatternRate(x, 'get-customer', undefined));
    expect('rate' in pattern(unrated, 'get-customer')).toBe(false);
    expect(() => setPatternRate(d, 'get-customer', { perSecond: -1 })).toThrow(/^rate perSecond: /);
  });
});

describe('building the online-store example from a blank page', () => {
  it('ends with the shared example, and it validates', () => {
    const example = structuredClone(exampleJson);
    let design = blankDesign('Online store');
    const step = (op: (d: Design) => Design) => {
      design = edit(design, op);
    };
    step((d) => setDesignDescription(d, example.description));
    step((d) => addGsi(d));

    step((d) => addEntity(d, { name: 'Customer' }));
    step((d) => setEntityKey(d, 'Customer', 'SK', 'PROFILE'));
    step((d) => addAttribute(d, 'Customer', { name: 'name', type: 'S' }));
    step((d) => addAttribute(d, 'Customer', { name: 'email', type: 'S' }));

    step((d) => addEntity(d, { name: 'Order' }));
    step((d) => addAttribute(d, 'Order', { name: 'customerId', type: 'S', required: true }));
    step((d) => moveAttribute(d, 'Order', 'customerId', 0));
    step((d) => addAttribute(d, 'Order'));
    step((d) =>
      updateAttribute(d, 'Order', 'attribute1', { name: 'createdAt', format: 'date-time', required: true }),
    );
    step((d) =>
      addAttribute(d, 'Order', { name: 'state', type: 'S', enum: ['PLACED', 'SHIPPED', 'DELIVERED'] }),
    );
    step((d) => addAttribute(d, 'Order', { name: 'total', type: 'N' }));
    step((d) => setEntityKey(d, 'Order', 'PK', 'CUSTOMER#{customerId}'));
    step((d) => setEntityKey(d, 'Order', 'SK', 'ORDER#{createdAt}#{orderId}'));
    step((d) => setEntityKey(d, 'Order', 'GSI1PK', 'STATUS#{state}'));
    step((d) => setEntityKey(d, 'Order', 'GSI1SK', '{createdAt}'));
    step((d) => updateAttribute(d, 'Order', 'state', { name: 'status' }));

    step((d) => addEntity(d));
    step((d) => renameEntity(d, 'Entity1', 'LineItem'));
    // The rename gave the untouched default entity LineItem's defaults (lineItemId, LINE_ITEM#…).
    step((d) => updateAttribute(d, 'LineItem', 'lineItemId', { name: 'sku' }));
    step((d) => addAttribute(d, 'LineItem', { name: 'orderId', type: 'S', required: true }));
    step((d) => moveAttribute(d, 'LineItem', 'orderId', 0));
    step((d) => addAttribute(d, 'LineItem', { name: 'quantity', type: 'N' }));
    step((d) => addAttribute(d, 'LineItem', { name: 'price', type: 'N' }));
    step((d) => setEntityKey(d, 'LineItem', 'PK', 'ORDER#{orderId}'));
    step((d) => setEntityKey(d, 'LineItem', 'SK', 'ITEM#{sku}'));

    step((d) => addPattern(d, { operation: 'GetItem' }));
    step((d) =>
      updatePattern(d, 'p1', { ...pattern(d, 'p1'), id: 'get-customer', name: "Get a customer's profile" }),
    );
    step((d) => setPatternExample(d, 'get-customer', 'customerId', 'c1'));
    step((d) => duplicatePattern(d, 'get-customer'));
    step((d) =>
      updatePattern(d, 'get-customer-copy', {
        ...pattern(d, 'get-customer-copy'),
        id: 'customer-orders',
        name: "List a customer's orders, newest first",
        operation: 'Query',
        keyCondition: { partition: 'CUSTOMER#{customerId}', sort: { op: 'begins_with', value: 'ORDER#' } },
        scanIndexForward: false,
        returns: ['Order'],
      }),
    );
    step((d) =>
      addPattern(d, {
        id: 'order-line-items',
        name: 'Get the line items of an order',
        keyCondition: { partition: 'ORDER#{orderId}', sort: { op: 'begins_with', value: 'ITEM#' } },
        returns: ['LineItem'],
        example: { orderId: 'o100' },
      }),
    );
    step((d) =>
      addPattern(d, {
        id: 'orders-by-status',
        name: 'List orders with a status, oldest first',
        operation: 'Scan',
        index: 'GSI1',
        returns: ['Order'],
      }),
    );
    step((d) =>
      updatePattern(
        d,
        'orders-by-status',
        changePatternOperation(pattern(d, 'orders-by-status'), 'Query', d),
      ),
    );
    step((d) => setPatternExample(d, 'orders-by-status', 'status', 'PLACED'));
    step((d) =>
      addPattern(d, {
        id: 'place-order',
        name: 'Place an order with its line items',
        operation: 'TransactWriteItems',
        actions: example.accessPatterns[4].actions,
      }),
    );
    step((d) => addPattern(d, { ...example.accessPatterns[5], example: undefined }));
    for (const [name, value] of Object.entries(example.accessPatterns[5].example))
      step((d) => setPatternExample(d, 'ship-order', name, value as string));

    for (const customer of example.items.Customer) step((d) => addSample(d, 'Customer', customer));
    example.items.Order.forEach((order: Record<string, string | number>, i: number) => {
      step((d) => addSample(d, 'Order'));
      for (const [name, value] of Object.entries(order))
        step((d) => updateSample(d, 'Order', i, name, value));
    });
    step((d) => setSamples(d, 'LineItem', example.items.LineItem));

    expect(validateDesign(design).problems).toEqual([]);
    // Added one by one, the entities took the first free colours; the shared example has none (it shows the same).
    expect(design.entities.map((e) => e.color)).toEqual([0, 1, 2]);
    const uncoloured = { ...design, entities: design.entities.map(({ color: _, ...e }) => e) };
    expect(designSchema.parse(uncoloured)).toEqual(designSchema.parse(exampleJson));
  });
});
