import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateDesign } from '../../checks/validate.ts';
import { deriveItems } from '../../items/derive.ts';
import { keyAttributeTypes } from '../../model/indexes.ts';
import type { Design } from '../../model/schema.ts';
import { modelRows, type RawModel, unkeptValues } from '../../test-support/workbench-models.ts';
import { ExactNumber } from '../../values/exact-json.ts';
import { importWorkbench, importWorkbenchText } from './import.ts';

const MODELS = new URL('../../../../fixtures/workbench-models/', import.meta.url);
const MODEL_FILES = readdirSync(MODELS).filter((file) => file.endsWith('.json'));
const load = (file: string): RawModel => JSON.parse(readFileSync(new URL(file, MODELS), 'utf8'));
/** Every (file, table) pair of the shared models. */
const TABLES = MODEL_FILES.flatMap((file) => load(file).DataModel.map((t) => [file, t.TableName] as const));

function imported(json: unknown, table?: string): { design: Design; warnings: string[] } {
  const result = importWorkbench(json, { table });
  if (!result.ok) throw new Error(result.message);
  return result;
}

/** The key attributes of an item, as the model's DynamoDB JSON or a derived plain item holds them. */
function keysOf(item: Record<string, unknown>, design: Design, raw: boolean): string {
  const out: Record<string, unknown> = {};
  for (const [name, type] of [...keyAttributeTypes(design)].sort()) {
    const value = item[name];
    if (value === undefined) continue;
    out[name] = raw
      ? type === 'N'
        ? Number(Object.values(value as object)[0])
        : Object.values(value as object)[0]
      : value;
  }
  return JSON.stringify(out);
}

describe('NoSQL Workbench import keeps every value', () => {
  it('of every item of every public model, as an independent reading of the file has it', () => {
    const lost = Object.fromEntries(
      TABLES.map(([file, table]) => [
        `${file} ${table}`,
        unkeptValues(load(file), table, imported(load(file), table).design),
      ]).filter(([, values]) => values.length > 0),
    );
    expect(lost).toEqual({});
  });
});

describe('NoSQL Workbench import', () => {
  it('covers every format the shared models come in', () => {
    const versions = new Set(
      MODEL_FILES.map(
        (file) => (load(file) as { ModelMetadata?: { Version?: string } }).ModelMetadata?.Version,
      ),
    );
    expect(versions).toEqual(new Set([undefined, '1.0', '2.0', '3.0']));
  });

  it.each(TABLES)(
    '%s (table %s) imports into a valid design whose items have every key of the model',
    (file, table) => {
      const model = load(file);
      const { design, warnings } = imported(model, table);
      expect(validateDesign(design).problems).toEqual([]);
      expect(warnings.filter((w) => /row dropped|value dropped/.test(w))).toEqual([]);
      const primaryKey = [
        design.table.partitionKey.name,
        ...(design.table.sortKey ? [design.table.sortKey.name] : []),
      ];
      const expected = modelRows(model, table, primaryKey).map((row) => keysOf(row, design, true));
      const derived = deriveItems(design).map(({ item }) => keysOf(item, design, false));
      expect(derived.sort()).toEqual(expected.sort());
    },
  );

  it('turns facets into entities with templates inferred from their items', () => {
    const { design, warnings } = imported(load('online-shop-facets.json'));
    expect(warnings).toEqual([]);
    expect(design.entities.map((e) => e.name)).toEqual([
      'Customer',
      'Product',
      'Warehouse',
      'WarehouseItem',
      'OrderItem',
      'Shipment',
      'ShipmentItem',
      'Invoice',
      'Payment',
    ]);
    const customer = design.entities[0];
    expect(customer.keys).toEqual({ PK: 'c#{cId}', SK: 'c#{cId}' });
    expect(customer.attributes.map((a) => `${a.name}:${a.type}`)).toEqual([
      'cId:S',
      'Email:S',
      'Name:S',
      'EntityType:S',
    ]);
    expect(design.items.Customer[0]).toEqual({
      cId: '12345',
      Email: 'samaneh@example.com',
      Name: 'Samaneh',
      EntityType: 'customer',
    });
    expect(design.entities[3].keys).toEqual({
      PK: 'p#{pId}',
      SK: 'w#{wId}',
      'GSI2-PK': 'w#{wId}',
      'GSI2-SK': 'p#{pId}',
    });
    expect(design.table.typeAttribute).toBe('entityType');
  });

  it("infers key templates from the facets' key aliases and from evidence all the items give, not from a coincidence in one", () => {
    const { design, warnings } = imported(load('schema-recurring-payments.json'));
    expect(warnings).toEqual([
      'ProvisionedCapacitySettings: auto scaling is not part of a Keyplan design; dropped',
    ]);
    const [subscription, receipts] = design.entities;
    // One subscription whose id and account id are both "123", and whose NextPaymentDate "2023-06-28"
    // ends in its PaymentDay "28": the aliases AccountId and "SubId#SKU" name the parts; the date is its own.
    expect(subscription.keys).toEqual({
      PK: 'ACC#{AccountId}',
      SK: 'SUB#{SubId}#SKU#{SKU}',
      // Index keys holding a whole value are natural keys: the item holds each date once.
      NextReminderDate: '{NextReminderDate}',
      LastReminderDate: '{LastReminderDate}',
      NextPaymentDate: '{NextPaymentDate}',
      LastPaymentDate: '{LastPaymentDate}',
    });
    // Parts of keys no attribute of the model holds live in the keys only, as in the model's items.
    expect(subscription.attributes.filter((a) => a.keyOnly).map((a) => a.name)).toEqual([
      'AccountId',
      'SubId',
    ]);
    expect(design.items.Subscription[0]).toMatchObject({
      AccountId: '123',
      SubId: '123',
      SKU: '999',
      PaymentDay: '28',
      NextPaymentDate: '2023-06-28',
    });
    // "ProcessedDate#SKU": the attribute ProcessedDate holds another value than the key's part.
    expect(receipts.keys).toEqual({ PK: 'ACC#{AccountId}', SK: 'REC#{recId}#SKU#{SKU}' });
    expect(design.items.Receipts[0]).toMatchObject({ recId: '12023-05-28T14:15:39.24', SKU: '999' });
  });

  it('reads key aliases that list literals and names ("ITEMS#ItemID", "#METEADATA#playerID")', () => {
    const { design } = imported(load('schema-game-player-profiles.json'));
    expect(Object.fromEntries(design.entities.map((e) => [e.name, e.keys]))).toEqual({
      Metadata: { PK: '{playerID}', SK: '#METADATA#{playerID}' },
      Friends: { PK: '{playerID}', SK: 'FRIENDS#{playerID}' },
      // A partition key no other key of the entity reads is a natural key: the player id held once, as PK.
      Items: { PK: '{PK}', SK: 'ITEMS#{ItemID}' },
      // One of its keys is "EQUIPMENTS#001EQUIPMENTS#002" (sic): the named part takes the rest.
      Equipments: { PK: '{PK}', SK: 'EQUIPMENTS#{EquipID}' },
      Tasks: { PK: '{PK}', SK: 'TASK#{TaskID}' },
      Activities: { PK: '{PK}', SK: 'ACTIVITY#{ActivityID}' },
    });
    expect(design.items.Equipments.map((sample) => sample.EquipID)).toEqual([
      '001',
      '001EQUIPMENTS#002',
      '003',
    ]);
    expect(design.items.Items[0].ItemAttributes).toEqual({ HP: 50 });
  });

  it('groups table data by the attribute that names each item type', () => {
    const { design } = imported(load('product-catalog.json'));
    expect(design.entities.map((e) => e.name)).toEqual(['Brand', 'Category', 'Product']);
    expect(design.entities[2].keys).toEqual({
      PK: 'P#{productId}',
      SK: 'METADATA',
      GSI1PK: 'B#{brandId}',
      GSI1SK: 'C#{categoryId}P#{productId}',
      GSI2PK: 'C#{categoryId}',
      GSI2SK: 'B#{brandId}P#{productId}',
    });
    expect(design.entities[0].keys).toEqual({ PK: 'BRANDS', SK: 'B#{brandId}' });
  });

  it('reads "3.0" billing and INCLUDE projections, and says what it drops', () => {
    const { design, warnings } = imported(load('product-catalog.json'));
    expect(design.table.billing).toEqual({ mode: 'PROVISIONED', read: 5, write: 5 });
    expect(design.table.globalSecondaryIndexes[0].projection).toEqual({
      type: 'INCLUDE',
      attributes: ['type', 'name', 'description', 'stockLevel', 'productId'],
    });
    expect(warnings).toEqual([
      'ProvisionedCapacitySettings: auto scaling is not part of a Keyplan design; dropped',
    ]);
  });

  it('uses ModelSchema templates that fit the data and says which do not', () => {
    const { design, warnings } = imported(load('viz-hospital.json'));
    const entity = (name: string) => design.entities.find((e) => e.name === name)!;
    expect(entity('Admission').keys.SK).toBe('{timestamp}#{roomId}');
    expect(entity('Treatment').keys.SK).toBe('{timestamp}#{sk}');
    expect(warnings).toEqual([
      `Treatment: the template "{timestamp}#{treatmentId}" for SK from ModelSchema does not fit: it does not give back the items' keys; inferred "{timestamp}#{sk}" instead`,
    ]);
  });

  it("gives a facet the table's items that its type attribute or key prefixes claim, the rest to the table", () => {
    const row = (pk: string, sk: string, extra: Record<string, unknown> = {}) => ({
      PK: { S: pk },
      SK: { S: sk },
      ...extra,
    });
    const model = {
      ModelName: 'Shop',
      DataModel: [
        {
          TableName: 'Shop',
          KeyAttributes: {
            PartitionKey: { AttributeName: 'PK', AttributeType: 'S' },
            SortKey: { AttributeName: 'SK', AttributeType: 'S' },
          },
          TableFacets: [
            { FacetName: 'customer', TableData: [row('c#1', 'c#1'), row('c#2', 'c#2')] },
            {
              FacetName: 'order',
              KeyAttributeAlias: { PartitionKeyAlias: 'o#{orderId}', SortKeyAlias: 'ORDER' },
            },
          ],
          TableData: [
            row('c#1', 'c#1'),
            row('c#3', 'c#3'),
            row('o#9', 'ORDER', { Type: { S: 'Order' } }),
            row('x', 'y'),
          ],
        },
      ],
    };
    const { design } = imported(model);
    expect(design.entities.map((e) => [e.name, e.keys])).toEqual([
      ['Customer', { PK: 'c#{cId}', SK: 'c#{cId}' }],
      ['Order', { PK: 'o#{orderId}', SK: 'ORDER' }],
      ['Shop', { PK: '{PK}', SK: '{SK}' }],
    ]);
    expect(design.items.Customer.map((sample) => sample.cId)).toEqual(['1', '2', '3']);
    expect(design.items.Order).toEqual([{ orderId: '9', Type: 'Order' }]);
  });

  it('makes an entity of a ModelSchema model without items, with its templates', () => {
    const { design } = imported(load('viz-hotel-reservations.json'));
    const checkin = design.entities.find((e) => e.name === 'Checkin')!;
    expect(checkin.keys).toEqual({ PK: '{PK}', SK: '{type}#{date}#{roomId}' });
    expect(design.items.Checkin).toBeUndefined();
  });

  it("maps the visualizer's saved queries to access patterns", () => {
    const { design } = imported(load('viz-flights-fares.json'));
    expect(design.accessPatterns).toEqual([
      {
        id: 'get-flights-and-fares',
        name: 'Get flights and fares',
        operation: 'Query',
        keyCondition: {
          partition: 'SFO',
          sort: { op: 'between', value: 'JFK#2021-08-01', to: 'JFK#2021-08-02' },
        },
      },
    ]);
  });

  it('makes a number attribute for a number key of an index', () => {
    const { design, warnings } = imported(load('leaderboard.json'));
    expect(design.table.globalSecondaryIndexes[0]).toMatchObject({
      name: 'HighScore',
      sortKey: { name: 'TopScore', type: 'N' },
      projection: { type: 'INCLUDE', attributes: ['UserID'] },
    });
    // The score is the index key itself (a natural key), stored once as a number.
    expect(design.entities[0].keys.TopScore).toBe('{TopScore}');
    expect(design.entities[0].attributes.find((a) => a.name === 'TopScore')?.type).toBe('N');
    expect(warnings).toEqual([
      'DataAccess: the MySQL import settings are not part of a Keyplan design; dropped',
    ]);
  });

  it('says which declared attributes no item holds: kept on the one entity there is, else not imported', () => {
    const chat = imported(load('schema-chat-system.json'));
    expect(chat.warnings).toContain(
      'table "Chat", NonKeyAttributes: UpdatedAt, CommentCreatedAt are declared but held by no item; kept as attributes of the one entity, without sample values',
    );
    expect(chat.design.entities[0].attributes).toContainEqual({ name: 'UpdatedAt', type: 'S' });
    const fares = imported(load('viz-flights-fares.json'));
    expect(fares.warnings).toEqual([
      'table "data", NonKeyAttributes: effective, data, passenger are declared but held by no item and listed by no facet or model; not imported (a Keyplan attribute belongs to an entity)',
    ]);
  });

  it('imports the first table of a model with several, or the one named', () => {
    const model = load('discussion-forum.json');
    const first = imported(model);
    expect(first.design.table.name).toBe('Forum');
    expect(first.warnings).toEqual([
      'the model holds 3 tables (Forum, Thread, Reply); imported Forum. Import another by its name (keyplan import --table NAME)',
    ]);
    const reply = imported(model, 'Reply').design;
    expect(reply.table.globalSecondaryIndexes.map((g) => g.name)).toEqual(['PostedBy-Message-Index']);
    expect(importWorkbench(model, { table: 'Posts' })).toEqual({
      ok: false,
      message: 'the model has no table named "Posts"; its tables: Forum, Thread, Reply',
    });
  });
});

describe('NoSQL Workbench import of broken or foreign files', () => {
  const minimal = () => ({
    ModelName: 'M',
    DataModel: [
      {
        TableName: 'Users',
        KeyAttributes: { PartitionKey: { AttributeName: 'PK', AttributeType: 'S' } },
        TableData: [{ PK: { S: 'USER#1' }, age: { N: '7' } }],
      },
    ],
  });

  it('names the line and column of a JSON syntax error', () => {
    expect(importWorkbenchText('{\n  "ModelName": "M"\n  "DataModel": []\n}')).toEqual({
      ok: false,
      message: "invalid JSON at line 3, column 3: Expected ',' or '}' after property value",
    });
  });

  it.each([
    [[1, 2], 'not a NoSQL Workbench model: expected a JSON object, got an array'],
    ['text', 'not a NoSQL Workbench model: expected a JSON object, got string "text"'],
    [
      { name: 'keyplan', version: '0.1.0', scripts: {} },
      'not a NoSQL Workbench model: missing DataModel (found keys: name, version, scripts)',
    ],
    [
      { format: 'keyplan/1', name: 'x', table: {} },
      'not a NoSQL Workbench model: this is a Keyplan design (keyplan/1); open it as a design instead',
    ],
    [{ DataModel: [] }, 'not a valid NoSQL Workbench model: DataModel: a model needs at least one table'],
    [
      { DataModel: [{ TableName: 'T1', KeyAttributes: {} }] },
      'not a valid NoSQL Workbench model: DataModel[0].KeyAttributes.PartitionKey: required',
    ],
    [
      {
        DataModel: [
          { TableName: 'T1', KeyAttributes: { PartitionKey: { AttributeName: 'PK', AttributeType: 'X' } } },
        ],
      },
      'not a valid NoSQL Workbench model: DataModel[0].KeyAttributes.PartitionKey.AttributeType: expected one of "S", "N", "B", got string "X"',
    ],
  ])('rejects %j with a message naming what is wrong', (json, message) => {
    expect(importWorkbench(json)).toEqual({ ok: false, message });
  });

  it('drops a value that cannot be read, and a row without its key, saying so', () => {
    const model = minimal();
    model.DataModel[0].TableData.push(
      { PK: { S: 'USER#2' }, age: { N: 'old' } } as never,
      { age: { N: '3' } } as never,
    );
    const result = imported(model);
    expect(result.design.items.Users).toEqual([{ userId: '1', age: 7 }, { userId: '2' }]);
    expect(result.warnings).toEqual([
      'table "Users", TableData[1].age: N needs a number, got "old"; value dropped',
      'table "Users", TableData[2]: no value for PK; row dropped',
    ]);
  });

  it('keeps values written as plain JSON, in a map or in place of a typed value', () => {
    const model = minimal();
    (model.DataModel[0].TableData as unknown[]) = [
      {
        PK: { S: 'USER#1' },
        address: { street: 'Main', no: 20, tags: ['a', { S: 'b' }], geo: null },
        prefs: { M: { dark: true, volume: { N: '7' }, lists: { L: [1, 'x'] } } },
        odd: { X: 1 },
        nick: 'ann',
      },
    ];
    const { design, warnings } = imported(model);
    expect(warnings).toEqual([]);
    expect(design.entities[0].attributes.map((a) => `${a.name}:${a.type}`)).toEqual([
      'userId:S',
      'address:M',
      'prefs:M',
      'odd:M',
      'nick:S',
    ]);
    expect(design.items.Users).toEqual([
      {
        userId: '1',
        address: { street: 'Main', no: 20, tags: ['a', 'b'], geo: null },
        prefs: { dark: true, volume: 7, lists: [1, 'x'] },
        odd: { X: 1 },
        nick: 'ann',
      },
    ]);
  });

  it('reads a map written inside another map as the inner map, and says what else it changes or cannot read', () => {
    const model = minimal();
    (model.DataModel[0].TableData as unknown[]) = [
      {
        PK: { S: 'USER#1' },
        stats: { M: { M: { HP: { N: '50' }, ATK: { N: '7' } } } },
        // A map with one member named "M" is a map, not a wrapper.
        box: { M: { M: { N: '5' } } },
        inner: { M: { tags: { SS: ['a', 'b'] }, raw: { B: 'AAE=' } } },
        twice: { NS: ['1', 2, '1.0', '12345678901234567890123', '1.2345678901234567890123E+22'] },
        big: { N: '12345678901234567890123' },
        text: { B: 'not base64' },
      },
    ];
    const { design, warnings } = imported(model);
    expect(design.items.Users).toEqual([
      {
        userId: '1',
        stats: { HP: 50, ATK: 7 },
        box: { M: 5 },
        inner: { tags: ['a', 'b'], raw: 'AAE=' },
        twice: [1, 2, new ExactNumber('12345678901234567890123')],
        big: new ExactNumber('12345678901234567890123'),
      },
    ]);
    expect(warnings).toEqual([
      'table "Users", TableData[0].stats: a map written inside another map ({"M":{"M":…}}); read as the inner map',
      'table "Users", TableData[0].inner.tags: a SS set inside a map or list is held as a list',
      'table "Users", TableData[0].inner.raw: binary inside a map or list is held as its base64 text',
      'table "Users", TableData[0].twice: NS lists a member more than once; kept once, as a DynamoDB set holds it',
      'table "Users", TableData[0].text: B needs base64 text; value dropped',
    ]);
  });

  it('keeps every digit of a number written as plain JSON in the file text', () => {
    const model = minimal();
    (model.DataModel[0].TableData as unknown[]) = [{ PK: { S: 'USER#1' }, doc: { M: { n: 'BIG' } } }];
    const text = JSON.stringify(model).replace('"BIG"', '-1.2345678901234567890123E+22');
    const result = importWorkbenchText(text);
    if (!result.ok) throw new Error(result.message);
    expect(result.design.items.Users).toEqual([
      { userId: '1', doc: { n: new ExactNumber('-12345678901234567890123') } },
    ]);
  });

  it('lists an item a facet and the table both hold once, saying so when the copies differ', () => {
    const model = minimal();
    const facetRows = [
      { PK: { S: 'USER#1' }, age: { N: '7' } },
      { PK: { S: 'USER#2' }, age: { N: '8' } },
    ];
    Object.assign(model.DataModel[0], {
      TableFacets: [{ FacetName: 'user', TableData: facetRows }],
      TableData: [facetRows[0], { PK: { S: 'USER#2' }, age: { N: '9' } }],
    });
    const { design, warnings } = imported(model);
    expect(design.items.User).toEqual([
      { userId: '1', age: 7 },
      { userId: '2', age: 8 },
    ]);
    expect(warnings).toEqual([
      'table "Users", TableData[1]: the same primary key as table "Users", TableFacets[0].TableData[1], with other values; the facet\'s copy kept, this one dropped',
    ]);
  });

  it('keeps one type per attribute, dropping the values of another type with a warning', () => {
    const model = minimal();
    model.DataModel[0].TableData.push(
      { PK: { S: 'USER#2' }, age: { N: '8' } } as never,
      { PK: { S: 'USER#3' }, age: { S: 'old' } } as never,
    );
    const result = imported(model);
    expect(result.design.entities[0].attributes).toContainEqual({ name: 'age', type: 'N' });
    expect(result.design.items.Users[2]).toEqual({ userId: '3' });
    expect(result.warnings).toEqual([
      'Users.age is of type N; the values of another type dropped (an attribute has one type in a Keyplan design): table "Users", TableData[2] (S)',
    ]);
  });
});
