// Item copies (entity.copies): validation, derived items, and the requests of writes that touch them, on
// seed 000's "order under the user and under its own id" design (fixtures/examples/order-copies.keyplan.json).
import { describe, expect, it } from 'vitest';
import { estimateDesign } from '../analysis/estimate.ts';
import { lintDesign } from '../analysis/lint.ts';
import { US_EAST_1_PRICES } from '../analysis/prices.ts';
import { estimateStorage } from '../analysis/storage.ts';
import { writableItems } from '../apply/writable.ts';
import { validateDesign } from '../checks/validate.ts';
import { buildViewsFor } from '../indexes/views.ts';
import { generateModule } from '../io/codegen/index.ts';
import { exportWorkbench } from '../io/nosql-workbench/export.ts';
import { importWorkbench } from '../io/nosql-workbench/import.ts';
import { Derivations } from '../items/derivations.ts';
import { deriveItems } from '../items/derive.ts';
import { deriveStoredItems } from '../items/derive-item.ts';
import { generateEntitySamples } from '../items/generate/entity.ts';
import { seedDesign } from '../items/generate/generate.ts';
import { sampleIndexOf } from '../items/sample-positions.ts';
import { buildRequest } from '../requests/build.ts';
import type { TransactWriteItemsInput } from '../requests/inputs.ts';
import { orderCopies } from '../test-support/request-designs.ts';
import { RequestError } from '../values/request-error.ts';
import { TABLE_INDEX } from './indexes.ts';
import {
  addPartitionQuery,
  addSampleToPartition,
  removeAttribute,
  updateAttribute,
  updateTable,
} from './ops/index.ts';
import type { AccessPattern, Design, DesignInput } from './schema.ts';

function build(design: Design, id: string, args?: Record<string, string | number>) {
  const pattern = design.accessPatterns.find((p) => p.id === id) as AccessPattern;
  return buildRequest(design, pattern, args ?? pattern.example ?? {});
}

function problemsOf(edit: (json: DesignInput) => void): string[] {
  const json = structuredClone(orderCopies()) as DesignInput;
  edit(json);
  const result = validateDesign(json);
  return result.ok ? [] : result.problems.map((p) => `${p.path}: ${p.message}`);
}

describe('item copies', () => {
  const design = orderCopies();

  it("carry the copy's typeValue as their type attribute, in memory and in every derivation path", () => {
    const typed = structuredClone(orderCopies()) as DesignInput;
    const order = typed.entities?.find((e) => e.name === 'Order');
    if (!order?.copies) throw new Error('the design has no copy');
    order.copies[0].typeValue = '_Unique';
    const checked = validateDesign(typed);
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    const typeOf = (item: Record<string, unknown>) => item[checked.design.table.typeAttribute];
    const copies = deriveItems(checked.design).filter((d) => d.entity === 'Order');
    expect(copies.map((d) => [d.copy, typeOf(d.item)])).toEqual([
      [undefined, 'Order'],
      [undefined, 'Order'],
      [undefined, 'Order'],
      ['ById', '_Unique'],
      ['ById', '_Unique'],
      ['ById', '_Unique'],
    ]);
    const entity = checked.design.entities.find((e) => e.name === 'Order');
    const sample = checked.design.items.Order[0];
    expect(deriveStoredItems(checked.design, entity as never, sample).map(typeOf)).toEqual([
      'Order',
      '_Unique',
    ]);
  });

  it('derive the entity item and one item per copy from the same sample values', () => {
    const derived = deriveItems(design);
    const orders = derived.filter((d) => d.entity === 'Order');
    expect(orders.map((d) => [d.copy, sampleIndexOf(design, d), d.item.PK, d.item.SK])).toEqual([
      [undefined, 0, 'USER#u1', 'ORDER#o1'],
      [undefined, 1, 'USER#u1', 'ORDER#o2'],
      [undefined, 2, 'USER#u2', 'ORDER#o3'],
      ['ById', 0, 'ORDER#o1', 'DETAILS'],
      ['ById', 1, 'ORDER#o2', 'DETAILS'],
      ['ById', 2, 'ORDER#o3', 'DETAILS'],
    ]);
    // The copy holds every attribute (none listed) with the same values, and the type attribute; only the
    // entity's own item has the GSI1 keys, which the copy does not template.
    const [own, copy] = [orders[1].item, orders[4].item];
    for (const name of ['orderId', 'userId', 'status', 'total', 'entityType'])
      expect(copy[name]).toBe(own[name]);
    expect(own.GSI1PK).toBe('ORDERSTATUS#SHIPPED');
    expect(copy.GSI1PK).toBeUndefined();
    // A copy listing attributes holds those alone.
    const byEmail = derived.find((d) => d.entity === 'User' && d.copy === 'ByEmail')!;
    expect(byEmail.item).toEqual({
      userId: 'u1',
      PK: 'EMAIL#ana@example.com',
      SK: 'EMAIL',
      entityType: 'User',
    });
  });

  it('are marked in the views the grid draws', () => {
    const table = buildViewsFor(design).get(TABLE_INDEX)!;
    const entry =
      table.partitions.get(JSON.stringify('ORDER#o2'))?.[0] ??
      [...table.partitions.values()].flat().find((e) => e.item.PK === 'ORDER#o2');
    expect(entry?.source).toMatchObject({ entity: 'Order', copy: 'ById' });
    expect(sampleIndexOf(design, entry!.source)).toBe(1);
    expect(table.itemCount).toBe(10);
  });

  it('are all written by a create, in one transaction, each guarded by the condition', () => {
    const built = build(design, 'create-order');
    expect(built.operation).toBe('TransactWriteItems');
    const items = (built.input as TransactWriteItemsInput).TransactItems;
    expect(items).toEqual([
      {
        Put: {
          TableName: 'AppTable',
          Item: {
            orderId: { S: 'o9' },
            userId: { S: 'u2' },
            status: { S: 'PENDING' },
            total: { N: '18.5' },
            PK: { S: 'USER#u2' },
            SK: { S: 'ORDER#o9' },
            GSI1PK: { S: 'ORDERSTATUS#PENDING' },
            GSI1SK: { S: 'ORDER#o9' },
            entityType: { S: 'Order' },
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          TableName: 'AppTable',
          Item: {
            orderId: { S: 'o9' },
            userId: { S: 'u2' },
            status: { S: 'PENDING' },
            total: { N: '18.5' },
            PK: { S: 'ORDER#o9' },
            SK: { S: 'DETAILS' },
            entityType: { S: 'Order' },
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ]);
    const user = (build(design, 'create-user').input as TransactWriteItemsInput).TransactItems;
    expect(user[1]).toEqual({
      Put: {
        TableName: 'AppTable',
        Item: {
          userId: { S: 'u3' },
          PK: { S: 'EMAIL#lea@example.com' },
          SK: { S: 'EMAIL' },
          entityType: { S: 'User' },
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    });
  });

  it('are updated and deleted with the entity item, in one transaction', () => {
    const update = build(design, 'pay-order');
    expect(update.operation).toBe('TransactWriteItems');
    const [own, copy] = (update.input as TransactWriteItemsInput).TransactItems.map(
      (i) => 'Update' in i && i.Update,
    );
    expect(own && [own.Key, own.UpdateExpression]).toEqual([
      { PK: { S: 'USER#u1' }, SK: { S: 'ORDER#o1' } },
      'SET #status = :status, GSI1PK = :GSI1PK',
    ]);
    expect(copy && [copy.Key, copy.UpdateExpression, copy.ConditionExpression]).toEqual([
      { PK: { S: 'ORDER#o1' }, SK: { S: 'DETAILS' } },
      'SET #status = :status',
      'attribute_exists(PK)',
    ]);
    const deleted = (build(design, 'delete-order').input as TransactWriteItemsInput).TransactItems;
    expect(deleted.map((i) => 'Delete' in i && i.Delete.Key.PK)).toEqual([
      { S: 'USER#u2' },
      { S: 'ORDER#o3' },
    ]);
  });

  it("refuse an update of an attribute a copy's primary key is built from", () => {
    const pattern: AccessPattern = {
      id: 'rename-email',
      name: 'Change the email',
      operation: 'UpdateItem',
      entity: 'User',
      set: ['email'],
    };
    expect(() => buildRequest(design, pattern, { userId: 'u1', email: 'x@example.com' })).toThrow(
      new RequestError(
        "cannot update email: it is part of the primary key of User's copy ByEmail, which would keep the old value (delete the item and put it again)",
      ),
    );
  });

  it('are validated: names, attributes, key templates, primary keys of their own', () => {
    expect(problemsOf(() => {})).toEqual([]);
    expect(
      problemsOf((json) => {
        const order = json.entities!.find((e) => e.name === 'Order')!;
        order.copies!.push(
          { name: 'ById', keys: { PK: 'X#{orderId}', SK: 'Y' } },
          { name: 'Bad', keys: { PK: 'X#{orderid}', GSI9: 'Z' }, attributes: ['total', 'nope', 'total'] },
          { name: 'Same', keys: { PK: 'USER#{userId}', SK: 'ORDER#{orderId}' } },
        );
      }),
    ).toEqual([
      'entities[1].copies[1].name: duplicate copy name "ById" (copies[0])',
      'entities[1].copies[2].attributes[1]: Order has no attribute "nope"',
      'entities[1].copies[2].attributes[2]: "total" is listed twice',
      'entities[1].copies[2].keys: missing a template for the table key SK',
      'entities[1].copies[2].keys.PK: unknown attribute {orderid}',
      'entities[1].copies[2].keys.GSI9: "GSI9" is not a key attribute of the table or of any index',
      "entities[1].copies[3].keys: copy Same has the same primary key templates as the entity's own item: each sample would be stored once, the later item replacing the earlier",
    ]);
  });

  it('lint as serving both reads, and flag an update that would leave a copy out of step', () => {
    const findings = lintDesign(design).filter((f) => f.severity !== 'info');
    expect(findings).toEqual([]);
    const json = structuredClone(design) as DesignInput;
    json.accessPatterns!.push({
      id: 'rename-email',
      name: 'Change the email',
      operation: 'UpdateItem',
      entity: 'User',
      set: ['name', 'email'],
    });
    const result = validateDesign(json);
    const flagged = lintDesign(result.design!).filter((f) => f.rule === 'copy-out-of-step');
    expect(flagged.map((f) => [f.severity, f.target])).toEqual([['error', 'accessPatterns[7].set[1]']]);
    expect(`${flagged[0].message} ${flagged[0].fix}`).toContain('leave ByEmail under the old email');
    // Without the copy the entity's reads conflict (one PK cannot serve both), as before copies.
    const single = structuredClone(design) as DesignInput;
    delete single.entities![1].copies;
    const conflict = lintDesign(validateDesign(single).design!).filter((f) => f.severity === 'error');
    expect(conflict.map((f) => f.rule)).toContain('entity-index-conflict');
  });

  it('are counted in write units and storage', () => {
    const estimates = new Map(estimateDesign(design).map((e) => [e.patternId, e]));
    // A transaction charges each table write twice: the order (1 KB) and its copy, plus its GSI1 entry once.
    expect(estimates.get('create-order')?.wcu).toBe(5);
    expect(estimates.get('delete-order')?.wcu).toBe(5);
    const counted = structuredClone(design) as DesignInput;
    counted.entities![1].expectedItems = 1000;
    const withCopies = validateDesign(counted).design!;
    const order = estimateStorage(withCopies, buildViewsFor(withCopies), US_EAST_1_PRICES).entities[1];
    const perItem = order.averageItemBytes! + US_EAST_1_PRICES.storage.overheadBytes;
    // Two items per order (averageItemBytes is rounded, so within 0.5 byte per item).
    expect(Math.abs(order.tableBytes - 1000 * 2 * perItem)).toBeLessThanOrEqual(1000);
  });

  it('are exported to NoSQL Workbench as facets of their own, and imported back as copies', () => {
    const model = exportWorkbench(design);
    const facets = model.DataModel[0].TableFacets.map((f) => [f.FacetName, f.TableData.length]);
    expect(facets).toEqual([
      ['User', 2],
      ['Order', 3],
      ['User.ByEmail', 2],
      ['Order.ById', 3],
    ]);
    const byId = model.DataModel[0].TableFacets[3];
    expect(byId.KeyAttributeAlias).toEqual({ PartitionKeyAlias: 'ORDER#{orderId}', SortKeyAlias: 'DETAILS' });
    expect(byId.TableData[1]).toMatchObject({
      PK: { S: 'ORDER#o2' },
      SK: { S: 'DETAILS' },
      total: { N: '24.5' },
    });
    const back = importWorkbench(JSON.parse(JSON.stringify(model)));
    expect(back.ok && back.warnings).toEqual([]);
    expect(back.ok && back.design).toEqual(design);
  });

  it('are written by generated code as Keyplan sends them: one transaction of the item and its copies', () => {
    for (const language of ['python', 'typescript'] as const) {
      const { code, skipped } = generateModule(design, language);
      expect(skipped).toEqual([]);
      expect(code).toMatch(/user_orders|userOrders/);
      expect(code).toMatch(/create_order|createOrder/);
      expect(code).toMatch(/transact_write_items|TransactWriteCommand/);
    }
  });

  it('follow the edits of the designer: attribute and key attribute renames, removed attributes', () => {
    const renamed = updateAttribute(design, 'User', 'email', { name: 'mail' });
    expect(renamed.entities[0].copies).toEqual([
      {
        name: 'ByEmail',
        description: design.entities[0].copies![0].description,
        keys: { PK: 'EMAIL#{mail}', SK: 'EMAIL' },
        attributes: ['userId'],
      },
    ]);
    const held = updateAttribute(design, 'User', 'userId', { name: 'id' });
    expect(held.entities[0].copies![0].attributes).toEqual(['id']);
    expect(removeAttribute(design, 'User', 'userId').entities[0].copies![0].attributes).toEqual([]);
    const keyed = updateTable(design, { partitionKey: { name: 'pk', type: 'S' } });
    expect(keyed.entities[1].copies![0].keys).toEqual({ pk: 'ORDER#{orderId}', SK: 'DETAILS' });
    expect(validateDesign(keyed).problems).toEqual([]);
  });

  it('get generated samples whose copies never collide: a copy key is drawn as unique as the entity key', () => {
    const json = structuredClone(design) as DesignInput;
    const user = json.entities![0];
    user.attributes!.push({ name: 'handle', type: 'S', required: true, format: 'word' });
    user.copies!.push({ name: 'ByHandle', keys: { PK: 'HANDLE#{handle}', SK: 'HANDLE' }, attributes: [] });
    json.items = {};
    const withHandle = validateDesign(json).design!;
    const seeded = seedDesign(withHandle, { count: 150, seed: 7 });
    const derived = deriveItems(seeded);
    const keys = derived.map((d) => `${d.item.PK}|${d.item.SK}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(derived.filter((d) => d.copy === 'ByHandle')).toHaveLength(150);
    // Adding samples keeps every key of every copy free too.
    const more = generateEntitySamples(seeded, 'User', { count: 50, seed: 8 }).samples;
    const all = deriveItems({ ...seeded, items: { ...seeded.items, User: [...seeded.items.User, ...more] } });
    const allKeys = all.map((d) => `${d.item.PK}|${d.item.SK}`);
    expect(new Set(allKeys).size).toBe(allKeys.length);
    // Each order's copy holds its own item's values: one sample, two items.
    const orders = new Map<number, Record<string, unknown>>();
    for (const d of derived.filter((d) => d.entity === 'Order')) {
      const { PK: _pk, SK: _sk, GSI1PK: _g, GSI1SK: _h, ...values } = d.item;
      const at = sampleIndexOf(seeded, d);
      if (orders.has(at)) expect(values).toEqual(orders.get(at));
      else orders.set(at, values);
    }
  });

  it('re-derive incrementally as the grid does: each edit gives the items a fresh derivation gives', () => {
    // What derivation must give, sample by sample, without any of its caches.
    const expected = (d: Design) =>
      d.entities.flatMap((entity) => {
        const perSample = (d.items[entity.name] ?? []).map((values) => deriveStoredItems(d, entity, values));
        return [entity.name, ...(entity.copies ?? []).map((c) => c.name)].flatMap((_, form) =>
          perSample.map((items) => items[form]),
        );
      });
    const order = (d: Design) => d.entities[1];
    const withOrder = (d: Design, change: (o: Design['entities'][number]) => Design['entities'][number]) => ({
      ...d,
      entities: [d.entities[0], change(order(d))],
    });
    const edits: ((d: Design) => Design)[] = [
      // A copy's template, then its held attributes, a sample's value, a second copy, a removed copy.
      (d) =>
        withOrder(d, (o) => ({
          ...o,
          copies: [{ ...o.copies![0], keys: { PK: 'ORDER#{orderId}', SK: 'V1' } }],
        })),
      (d) => withOrder(d, (o) => ({ ...o, copies: [{ ...o.copies![0], attributes: ['total'] }] })),
      (d) => ({
        ...d,
        items: { ...d.items, Order: d.items.Order.map((v, i) => (i === 1 ? { ...v, total: 7 } : v)) },
      }),
      (d) =>
        withOrder(d, (o) => ({
          ...o,
          copies: [...o.copies!, { name: 'ByStatus', keys: { PK: 'S#{status}', SK: '{orderId}' } }],
        })),
      (d) => withOrder(d, (o) => ({ ...o, copies: o.copies!.slice(1) })),
      (d) => withOrder(d, ({ copies: _gone, ...o }) => o),
    ];
    let current = design;
    // The grid's lineage (store/derived.ts), which lets each edit re-derive only what it changed.
    const derivations = new Derivations();
    deriveItems(current, derivations);
    for (const edit of edits) {
      current = edit(current);
      expect(deriveItems(current, derivations).map((d) => d.item)).toEqual(expected(current));
    }
  });

  it("start the grid's partition actions from a copy's own keys", () => {
    const query = addPartitionQuery(design, 'Order', TABLE_INDEX, 1, 'ById');
    expect(query.accessPatterns.at(-1)).toMatchObject({
      operation: 'Query',
      keyCondition: { partition: 'ORDER#{orderId}' },
      example: { orderId: 'o2' },
      returns: ['Order'],
    });
    expect(addSampleToPartition(design, 'Order', TABLE_INDEX, 1, 'ById').items.Order.at(-1)).toEqual({
      orderId: 'o2',
    });
    expect(addSampleToPartition(design, 'Order', TABLE_INDEX, 1).items.Order.at(-1)).toEqual({
      userId: 'u1',
    });
  });

  it('are checked before Apply: a copy whose key does not render is named with its own template', () => {
    const users = design.items.User.map((u, i) => (i === 0 ? { userId: u.userId, name: u.name } : u));
    const { problems, items } = writableItems({ ...design, items: { ...design.items, User: users } });
    expect(items).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0].path).toBe('items.User[0]');
    expect(problems[0].message).toMatch(
      /^no PK of its copy ByEmail, the table's partition key: .*EMAIL#\{email\}/,
    );
  });
});
