import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deriveItems } from '../../items/derive.ts';
import { keyAttributeTypes } from '../../model/indexes.ts';
import type { Design } from '../../model/schema.ts';
import { validateDesign } from '../../model/validate.ts';
import { importWorkbench, importWorkbenchText } from './import.ts';

const MODELS = new URL('../../../../fixtures/workbench-models/', import.meta.url);
const MODEL_FILES = readdirSync(MODELS).filter((file) => file.endsWith('.json'));

type RawRow = Record<string, Record<string, unknown>>;
interface RawModel {
  DataModel: { TableName: string; TableData?: RawRow[]; TableFacets?: { TableData?: RawRow[] }[] }[];
}

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

/** The model's items of one table, each once (facets and table data may both list an item). */
function modelRows(model: RawModel, tableName: string, primaryKey: string[]): RawRow[] {
  const table = model.DataModel.find((t) => t.TableName === tableName)!;
  const rows = [...(table.TableFacets ?? []).flatMap((f) => f.TableData ?? []), ...(table.TableData ?? [])];
  const seen = new Set<string>();
  return rows.filter((row) => {
    const id = JSON.stringify(primaryKey.map((name) => row[name]));
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

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
      ['Shop', { PK: '{pk}', SK: '{sk}' }],
    ]);
    expect(design.items.Customer.map((sample) => sample.cId)).toEqual(['1', '2', '3']);
    expect(design.items.Order).toEqual([{ orderId: '9', Type: 'Order' }]);
  });

  it('makes an entity of a ModelSchema model without items, with its templates', () => {
    const { design } = imported(load('viz-hotel-reservations.json'));
    const checkin = design.entities.find((e) => e.name === 'Checkin')!;
    expect(checkin.keys).toEqual({ PK: '{pk}', SK: '{type}#{date}#{roomId}' });
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
    expect(design.entities[0].keys.TopScore).toBe('{topScore}');
    expect(design.entities[0].attributes.find((a) => a.name === 'topScore')?.type).toBe('N');
    expect(warnings).toEqual([
      'DataAccess: the MySQL import settings are not part of a Keyplan design; dropped',
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

  it('drops a value that is not DynamoDB JSON, and a row without its key, saying so', () => {
    const model = minimal();
    model.DataModel[0].TableData.push(
      { PK: { S: 'USER#2' }, age: { X: 1 } } as never,
      { age: { N: '3' } } as never,
    );
    const result = imported(model);
    expect(result.design.items.Users).toEqual([{ userId: '1', age: 7 }, { userId: '2' }]);
    expect(result.warnings).toEqual([
      'TableData[1].age: unknown type "X"; value dropped',
      'TableData[2]: no value for PK; row dropped',
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
      'Users.age: 1 value not of type N dropped (an attribute has one type in a Keyplan design)',
    ]);
  });
});
