// biome-ignore-all lint/suspicious/noTemplateCurlyInString: OneTable's value templates are ${…} in plain strings
// OneTable round trips on DynamoDB Local, run through dynamodb-onetable itself: the schema `keyplan export
// --to onetable` writes is given to OneTable's Table; every sample item is put through its Model API
// (create), and the table then holds exactly the items Keyplan derives (typed); each read pattern run through
// the Model API (get, find, scan) returns what `keyplan query` predicts; import → export → import gives the
// same design. Hand-written schemas (fixtures/onetable/) import to designs whose derived keys and items are
// the ones OneTable writes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateDesign } from '../../../src/core/checks/validate.ts';
import { importDesign } from '../../../src/core/io/index.ts';
import type { OneSchema } from '../../../src/core/io/onetable/schema.ts';
import { deriveKeys } from '../../../src/core/items/derive-item.ts';
import { gsiKeyAttributes } from '../../../src/core/model/indexes.ts';
import type { Design, Entity } from '../../../src/core/model/schema.ts';
import type { PlainItem } from '../../../src/core/values/item.ts';
import { normalizeItems } from '../codegen/support.ts';
import { oneRead, oneTable } from './library-reads.ts';
import {
  derivedItems,
  exportedContent,
  libraryCases,
  libraryReads,
  libraryTables,
  predictedRead,
  scannedItems,
  without,
} from './library-support.ts';

const { client, emptyTable } = libraryTables();

const exportedText = (design: Design) => exportedContent(design, 'onetable');

function imported(text: string): Design {
  const result = importDesign('onetable', { kind: 'text', text });
  if (!result.ok) throw new Error(result.message);
  return result.design;
}

/** The exported schema without Keyplan's own field: what OneTable alone says. */
function schemaOnly(text: string): string {
  const { keyplan: _keyplan, ...schema } = JSON.parse(text) as OneSchema;
  return JSON.stringify(schema);
}

describe('OneTable: exported schemas on DynamoDB Local', () => {
  for (const { name, design } of libraryCases()) {
    it(`${name}: puts every sample through OneTable, holds Keyplan's items, answers each read as keyplan query`, async () => {
      const tableName = await emptyTable(`onetable-${name}`, design);
      const text = exportedText(design);
      const table = oneTable(client, tableName, JSON.parse(text));
      for (const entity of design.entities)
        for (const sample of design.items[entity.name] ?? [])
          await table.getModel(entity.name).create(structuredClone(sample), { exists: null });

      // OneTable always writes its type field; a design that writes none (an imported Workbench model) is told so.
      const marker = design.table.writeTypeAttribute === false ? [design.table.typeAttribute] : [];
      expect(without(await scannedItems(client, design, tableName), marker)).toEqual(derivedItems(design));

      for (const pattern of libraryReads(design)) {
        const { spec, result } = predictedRead(design, pattern);
        expect(result.items.length, `${name} ${pattern.id} finds items`).toBeGreaterThan(0);
        const items = await oneRead(table, design, spec);
        expect(without(normalizeItems(design, items), marker), `${name} ${pattern.id}`).toEqual(
          without(normalizeItems(design, result.items), marker),
        );
      }

      const first = imported(text);
      expect(first).toEqual({ ...design, items: {} });
      expect(JSON.stringify(imported(exportedText(first)))).toBe(JSON.stringify(first));
      // Read from the OneTable part alone (no keyplan field): the same keys for every sample, and stable too.
      const fromSchema = imported(schemaOnly(text));
      expect(JSON.stringify(imported(schemaOnly(exportedText(fromSchema))))).toBe(JSON.stringify(fromSchema));
      // A multi-attribute GSI key has no OneTable index (the export warns): its attributes are computed values there.
      const multi = new Set(
        design.table.globalSecondaryIndexes
          .map(gsiKeyAttributes)
          .filter(({ partitionKeys, sortKeys }) => partitionKeys.length > 1 || sortKeys.length > 1)
          .flatMap(({ partitionKeys, sortKeys }) => [...partitionKeys, ...sortKeys].map((k) => k.name)),
      );
      const single = (keys: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(keys).filter(([key]) => !multi.has(key)));
      for (const entity of design.entities) {
        const read = fromSchema.entities.find((e) => e.name === entity.name) as Entity;
        for (const sample of design.items[entity.name] ?? []) {
          expect(single(deriveKeys(fromSchema, read, sample)), `${name} ${entity.name}`).toEqual(
            single(deriveKeys(design, entity, sample)),
          );
        }
      }
    });
  }
});

const FIXTURES = path.join(import.meta.dirname, '..', '..', '..', 'fixtures', 'onetable');
const ACCOUNT = '01J9ZQ3G7T8X2M4N6P8R0S2T4V';

/** Each schema as written, read as the CLI reads it, with sample properties for every model. */
const HAND_WRITTEN = [
  {
    file: 'saas.schema.js',
    samples: {
      Account: [{ id: ACCOUNT, name: 'Acme', plan: 'pro' }],
      User: [
        { accountId: ACCOUNT, email: 'ada@acme.test', name: 'Ada', role: 'admin' },
        { accountId: ACCOUNT, email: 'bob@acme.test', role: 'user' },
      ],
      Invoice: [
        { accountId: ACCOUNT, number: 42, total: 99.5, status: 'open' },
        { accountId: ACCOUNT, number: 7, total: 10, status: 'paid' },
      ],
    },
    warnings: [
      "models.Account.id.generate: Keyplan does not generate values on write (the samples give them); imported as the attribute's format ulid",
      'models.Account.id.validate: the regular expression /^[0-9A-Z]{26}$/: validation is not part of a Keyplan design',
      'models.Account.plan.default: "free": Keyplan does not fill in default values (the samples give them)',
      'models.User.email.validate: the regular expression /^[^@\\s]+@[^@\\s]+$/: validation is not part of a Keyplan design',
      'models.User.role.default: "user": Keyplan does not fill in default values (the samples give them)',
    ],
  },
  {
    file: 'blog.onetable.json',
    samples: {
      Author: [{ handle: 'ada', displayName: 'Ada L.', followers: 120 }],
      Post: [
        {
          handle: 'ada',
          slug: 'single-table',
          title: 'Single table',
          tag: 'dynamodb',
          published: '2026-03-01',
          draft: false,
        },
        {
          handle: 'ada',
          slug: 'gsi-overloading',
          title: 'Overloading',
          tag: 'dynamodb',
          published: '2026-04-12',
        },
        { handle: 'ada', slug: 'idea', title: 'An idea', draft: true },
      ],
      Session: [{ token: 's1', handle: 'ada', expires: 1893456000 }],
    },
    warnings: [],
  },
] as const;

async function readFixture(file: string) {
  const full = path.join(FIXTURES, file);
  const result = file.endsWith('.js')
    ? importDesign('onetable', { kind: 'module', exports: await import(pathToFileURL(full).href) })
    : importDesign('onetable', { kind: 'text', text: readFileSync(full, 'utf8') });
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe('OneTable: hand-written schemas (fixtures/onetable)', () => {
  for (const fixture of HAND_WRITTEN) {
    it(`${fixture.file}: imports to a design whose derived items are the ones OneTable writes`, async () => {
      const { design: read, warnings } = await readFixture(fixture.file);
      expect(warnings).toEqual(fixture.warnings);
      const checked = validateDesign({ ...read, items: fixture.samples });
      expect(checked.problems).toEqual([]);
      const design = checked.design as Design;

      const tableName = await emptyTable('onetable-fixture', design);
      const full = path.join(FIXTURES, fixture.file);
      const schema = file(full);
      const table = oneTable(client, tableName, await schema);
      for (const [model, samples] of Object.entries(fixture.samples))
        for (const sample of samples)
          await table.getModel(model).create(structuredClone(sample), { exists: null });
      expect(await scannedItems(client, design, tableName)).toEqual(derivedItems(design));

      const queries = (await schema).queries ?? {};
      for (const pattern of libraryReads(design)) {
        const { spec, result } = predictedRead(design, pattern);
        expect(result.items.length, `${pattern.id} finds items`).toBeGreaterThan(0);
        const { where } = queries[pattern.id]?.params ?? {};
        const items = await oneRead(table, design, spec, where ? { where } : {});
        expect(normalizeItems(design, items), pattern.id).toEqual(normalizeItems(design, result.items));
      }
      expect(JSON.stringify(imported(exportedText(design)))).toBe(JSON.stringify({ ...design, items: {} }));
    });
  }
});

/** The schema as OneTable is given it: the module's export, or the JSON file. */
async function file(full: string): Promise<OneSchema> {
  if (full.endsWith('.js')) return Object.values(await import(pathToFileURL(full).href))[0] as OneSchema;
  return JSON.parse(readFileSync(full, 'utf8'));
}

describe('OneTable: unique fields as item copies, on DynamoDB Local', () => {
  // Two unique fields: OneTable writes one extra item per value it is given. The optional one (phone) is not
  // modelled, as a Keyplan copy is never sparse (the import says so); the required one is a copy.
  const schema = {
    version: '0.0.1',
    indexes: { primary: { hash: 'pk', sort: 'sk' } },
    models: {
      User: {
        pk: { type: 'string', value: 'user#${id}' },
        sk: { type: 'string', value: 'user#' },
        id: { type: 'string', required: true },
        email: { type: 'string', required: true, unique: true },
        phone: { type: 'string', unique: true },
        name: { type: 'string' },
      },
    },
    params: { typeField: '_type', isoDates: true, timestamps: false },
  };
  const samples = [
    { id: 'u1', email: 'ada@example.com', phone: '+44 20 7946 0001', name: 'Ada' },
    { id: 'u2', email: 'bob@example.com', name: 'Bob' },
  ];

  it("holds OneTable's unique items as the copies' items, and exports the copies back as unique fields", async () => {
    const read = importDesign('onetable', { kind: 'text', text: JSON.stringify(schema) });
    if (!read.ok) throw new Error(read.message);
    const checked = validateDesign({ ...read.design, items: { User: samples } });
    expect(checked.problems).toEqual([]);
    const design = checked.design as Design;
    expect(design.entities[0].copies?.map((copy) => copy.name)).toEqual(['Unique_email']);
    expect(read.warnings).toContain(
      'models.User.phone.unique: true on an optional field: OneTable writes a unique item only for items that have phone, while a Keyplan item copy is stored for every item; not modelled (a required field would be)',
    );

    const tableName = await emptyTable('onetable-unique', design);
    const table = oneTable(client, tableName, schema as unknown as OneSchema);
    for (const sample of samples)
      await table.getModel('User').create(structuredClone(sample), { exists: null });
    // OneTable types its unique items "_Unique"; Keyplan's copies carry the entity's type (the import warns).
    const retyped = (items: PlainItem[]) =>
      items.map((item) =>
        String(item.pk).startsWith('_unique#') ? { ...item, _type: '(unique item)' } : item,
      );
    const stored = retyped(await scannedItems(client, design, tableName));
    const phone = (item: PlainItem) => String(item.pk).startsWith('_unique#User#phone#');
    expect(stored.filter((item) => !phone(item))).toEqual(retyped(derivedItems(design)));
    expect(stored.filter((item) => String(item.pk).startsWith('_unique#')).map((item) => item.pk)).toEqual([
      '_unique#User#email#ada@example.com',
      '_unique#User#email#bob@example.com',
      '_unique#User#phone#+44 20 7946 0001',
    ]);

    const exported = JSON.parse(exportedText(design)) as OneSchema;
    expect(exported.models.User.email.unique).toBe(true);
    expect(exported.models.User.phone.unique).toBeUndefined();
    const again = imported(schemaOnly(exportedText(design)));
    expect(again.entities[0].copies).toEqual(design.entities[0].copies);
  });
});
