// biome-ignore-all lint/suspicious/noTemplateCurlyInString: OneTable's value templates are ${…} in plain strings
// Reading OneTable schemas: what is not a schema is refused with the reason; what does not map is a warning
// naming the model, field or query; a schema edited since Keyplan exported it is read from the schema, not
// from its stale keyplan field.
import { describe, expect, it } from 'vitest';
import { validateDesign } from '../../checks/validate.ts';
import { getExample } from '../../features/examples/index.ts';
import type { Design } from '../../model/schema.ts';
import { exportOneTable } from './export.ts';
import { importOneTable } from './import.ts';

const base = {
  version: '0.0.1',
  indexes: { primary: { hash: 'pk', sort: 'sk' } },
  params: { typeField: 'type', timestamps: true },
};

describe('importOneTable', () => {
  it('refuses what is not a OneTable schema, naming what is missing', () => {
    expect(importOneTable({})).toEqual({
      ok: false,
      message: 'not a OneTable schema: missing version, indexes, models (found keys: none)',
    });
    expect(importOneTable({ version: '1', indexes: {}, models: {} })).toEqual({
      ok: false,
      message: 'indexes.primary: a OneTable schema needs a primary index ({ "hash": "pk", "sort": "sk" })',
    });
  });

  it('warns about each thing a design cannot hold, naming where', () => {
    const result = importOneTable({
      ...base,
      models: {
        Order: {
          pk: { type: 'string', value: 'order#${id}' },
          sk: { type: 'string', value: 'line#${n:4:x}' },
          id: { type: 'string', required: true, crypt: true },
          n: { type: 'number' },
        },
        'gift-card': {
          pk: { type: 'string', value: 'card#${code}' },
          sk: { type: 'string', value: '${type}' },
          code: { type: 'string', required: true, unique: true },
        },
      },
      queries: {
        'all-lines': { operation: 'find', properties: { pk: 'order#${id}', sk: { contains: 'x' } } },
        other: { operation: 'transact' },
      },
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.warnings).toEqual([
      "params.timestamps: OneTable adds created and updated dates to every item it writes; Keyplan's derived items do not have them",
      'models.Order.sk.value: ${n:4:x} pads with "x"; a Keyplan key template pads numbers with 0 only; the key is left out',
      'models.Order.id.crypt: true: Keyplan does not encrypt values',
      'models.Order: no value for the table key sk; not imported',
      'models.gift-card: named GiftCard in Keyplan; OneTable writes "gift-card" as its type, Keyplan "GiftCard"',
      'models.gift-card.code.unique: true: imported as the item copy Unique_code, the item OneTable writes per value (pk "_unique#gift-card#code#{code}", sk "_unique#"); its type is "_Unique", as OneTable writes it',
      'queries.all-lines: properties.sk: {"contains":"x"} is not a sort key condition; not imported',
      'queries.other: operation "transact" is not one of get, find, scan, create, update, remove; not imported',
    ]);
    expect(result.design.table.typeAttribute).toBe('type');
    // ${type} is the type field: the model's name, as OneTable writes it.
    expect(result.design.entities).toHaveLength(1);
    expect(result.design.entities[0]).toMatchObject({
      name: 'GiftCard',
      keys: { pk: 'card#{code}', sk: 'gift-card' },
      // The unique field's item, keyed by the OneTable model's own name, as OneTable writes it.
      copies: [
        {
          name: 'Unique_code',
          keys: { pk: '_unique#gift-card#code#{code}', sk: '_unique#' },
          attributes: [],
        },
      ],
    });
  });

  it('reads a schema edited since the export from the schema, saying its keyplan field is stale', () => {
    const design = validateDesign(getExample('online-store')?.design).design as Design;
    const { schema } = exportOneTable(design);
    const order = schema.models.Order;
    const edited = {
      ...schema,
      models: { ...schema.models, Order: { ...order, SK: { ...order.SK, value: 'ORDER#${orderId}' } } },
    };
    const result = importOneTable(JSON.parse(JSON.stringify(edited)));
    if (!result.ok) throw new Error(result.message);
    expect(result.warnings[0]).toBe(
      'keyplan: the schema was changed since Keyplan exported it; the design is read from the schema',
    );
    expect(result.design.entities.find((e) => e.name === 'Order')?.keys.SK).toBe('ORDER#{orderId}');
  });

  it('reads a field mapped to a key attribute as that key, and says how renamed and packed fields are stored', () => {
    // As mappedSchema.ts in OneTable's own tests (fixtures/wild/onetable/): key properties renamed to the index attributes.
    const result = importOneTable({
      ...base,
      params: {},
      indexes: { primary: { hash: 'pk', sort: 'sk' }, gs1: { hash: 'pk1', sort: 'sk1' } },
      models: {
        User: {
          primaryHash: { type: String, value: 'us#${id}', map: 'pk' },
          primarySort: { type: String, value: 'us#', map: 'sk' },
          id: { type: String },
          email: { type: String, map: 'em' },
          zip: { type: String, map: 'data.zip' },
          gs1sk: { type: String, value: 'us#${email}', map: 'sk1' },
        },
      },
    });
    if (!result.ok) throw new Error(result.message);
    const user = result.design.entities[0];
    expect(user.keys).toEqual({ pk: 'us#{id}', sk: 'us#', sk1: 'us#{email}' });
    expect(user.attributes.map((a) => a.name)).toEqual(['id', 'email', 'zip']);
    expect(result.warnings).toContain(
      'models.User.primaryHash.map: "pk": the field is the index key attribute pk; imported as that key',
    );
    expect(result.warnings).toContain(
      'models.User.email.map: "em": OneTable stores email under the attribute name em; Keyplan has no storage names, so its items hold email where OneTable\'s hold em',
    );
    expect(result.warnings).toContain(
      'models.User.zip.map: "data.zip": OneTable packs zip into the map attribute data as its member zip; Keyplan has no packed attributes, so its items hold zip as a top-level attribute where OneTable\'s hold data.zip',
    );
  });

  it('reads a binary field as the base64 text OneTable writes (a string), and says so', () => {
    // The nestedSchema of sensedeep/dynamodb-onetable's tests (in the wild corpus): `buffer: { type: ArrayBuffer }`.
    const result = importOneTable({
      ...base,
      models: {
        User: {
          pk: { type: 'string', value: 'user#${id}' },
          sk: { type: 'string', value: 'user#' },
          id: { type: 'string', required: true },
          buffer: { type: 'arraybuffer' },
        },
      },
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.design.entities[0].attributes.find((a) => a.name === 'buffer')?.type).toBe('S');
    expect(result.warnings).toContain(
      'models.User.buffer: OneTable writes a field of type arraybuffer as base64 text, a DynamoDB string (S); imported as a string holding that text',
    );
  });

  it('imports a key template whose placeholders touch, as OneTable overview sample writes it', () => {
    const result = importOneTable({
      ...base,
      indexes: { primary: { hash: 'pk', sort: 'sk' }, gs1: { hash: 'gs1pk', sort: 'gs1sk' } },
      models: {
        Account: {
          pk: { type: String, value: 'account#${id}' },
          sk: { type: String, value: 'account#' },
          gs1pk: { type: String, value: 'account#' },
          gs1sk: { type: String, value: 'account#${name}${id}' },
          id: { type: String },
          name: { type: String },
        },
      },
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.design.entities[0].keys.gs1sk).toBe('account#{name}{id}');
  });
});
