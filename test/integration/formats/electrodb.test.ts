// ElectroDB round trips on DynamoDB Local, run through ElectroDB itself: the module `keyplan export --to
// electrodb` writes puts every sample item, and the table then holds exactly the items Keyplan derives
// (typed; ElectroDB's own version marker aside); each read pattern run through the entities' access patterns
// returns what `keyplan query` predicts; import → export → import gives the same design. Hand-written modules
// (fixtures/electrodb/) import to designs whose derived keys are the ones ElectroDB writes.
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluateRead } from '../../../src/core/evaluate/evaluate.ts';
import { buildViewsFor } from '../../../src/core/indexes/views.ts';
import {
  ELECTRODB_ENTITY_ATTRIBUTE,
  ELECTRODB_VERSION_ATTRIBUTE,
} from '../../../src/core/io/electrodb/export.ts';
import { electroIndexNames } from '../../../src/core/io/electrodb/export-names.ts';
import { singleKeySchemas } from '../../../src/core/io/module-code.ts';
import { deriveKeys } from '../../../src/core/items/derive-item.ts';
import { parseKey, parseTemplate, placeholders } from '../../../src/core/keys/template.ts';
import { keySchemaFor } from '../../../src/core/model/indexes.ts';
import { type Design, designSchema, type Entity } from '../../../src/core/model/schema.ts';
import type { ReadSpec } from '../../../src/core/requests/read-spec.ts';
import { resolvePattern } from '../../../src/core/requests/resolve.ts';
import type { KeyValue, PlainItem } from '../../../src/core/values/item.ts';
import { normalizeItems } from '../codegen/support.ts';
import {
  derivedItems,
  expectSameKeysAfterRoundTrip,
  exportedContent,
  importedFixture,
  importedModule,
  type LoadedModule,
  libraryCases,
  libraryReads,
  libraryTables,
  loadModuleText,
  moduleDirectory,
  predictedRead,
  scannedItems,
  without,
} from './library-support.ts';

const { client, emptyTable } = libraryTables();
const { dir, remove } = moduleDirectory('electrodb');
afterAll(remove);

const exported = (design: Design) => exportedContent(design, 'electrodb');
const imported = (module: LoadedModule) => importedModule('electrodb', module);

/** ElectroDB's markers, unless the design's type attribute is one of them. */
function markers(design: Design): string[] {
  return [ELECTRODB_VERSION_ATTRIBUTE, ELECTRODB_ENTITY_ATTRIBUTE].filter(
    (name) => design.table.writeTypeAttribute === false || name !== design.table.typeAttribute,
  );
}

/** A key value read back into an entity's composite attributes, typed as the entity declares them. */
function composites(
  entity: Entity,
  template: string,
  value: KeyValue,
  partial = false,
): Record<string, unknown> | undefined {
  const text = String(value);
  let values = parseKey(template, text);
  if (!values && partial) {
    // A prefix ending inside a placeholder: ElectroDB's partial composites (`.begins({ createdAt: '2026-10' })`).
    const parts = parseTemplate(template);
    let rest = text;
    const found: Record<string, string> = {};
    for (const [i, part] of parts.entries()) {
      if (part.kind === 'literal') {
        if (!rest.startsWith(part.text)) return undefined;
        rest = rest.slice(part.text.length);
        continue;
      }
      const next = parts[i + 1];
      const end = next?.kind === 'literal' ? rest.indexOf(next.text[0]) : -1;
      if (end >= 0 && end < rest.length) {
        found[part.name] = rest.slice(0, end);
        rest = rest.slice(end);
        continue;
      }
      found[part.name] = rest;
      values = found;
      break;
    }
  }
  if (!values) return undefined;
  const numeric = new Set(entity.attributes.filter((a) => a.type === 'N').map((a) => a.name));
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, numeric.has(k) ? Number(v) : v]));
}

/** A read run through each entity's ElectroDB access pattern: per entity, the raw items it returns. */
async function electroRead(module: LoadedModule, design: Design, spec: ReadSpec): Promise<PlainItem[][]> {
  const out: PlainItem[][] = [];
  const schema = keySchemaFor(design, spec.index);
  if (!schema) throw new Error(`no index ${spec.index}`);
  const order = spec.scanIndexForward === false ? 'desc' : 'asc';
  // Each entity's access pattern names, as the export gave them.
  const names = electroIndexNames(design, singleKeySchemas(design).schemas);
  for (const entity of design.entities) {
    const library = module.entities[entity.name];
    if (spec.operation === 'Scan') {
      out.push((await library.scan.go({ data: 'includeKeys', pages: 'all' })).data);
      continue;
    }
    const pkTemplate = entity.keys[schema.partitionKey.name];
    const skTemplate = schema.sortKey ? entity.keys[schema.sortKey.name] : undefined;
    if (
      pkTemplate === undefined ||
      (schema.sortKey && skTemplate === undefined) ||
      spec.partition === undefined
    )
      continue;
    const sort = spec.sort;
    const ap = names.name(entity.name, schema.name);
    const definition = library.schema.indexes[ap];
    if (!definition) continue;
    // A key that is an attribute of its own (a sparse index's computed key) takes the key value itself.
    const own = (role: 'pk' | 'sk') => {
      const key = definition[role];
      return key?.template === undefined && key?.composite?.length === 1 && key.composite[0] === key.field;
    };
    const pk = own('pk')
      ? { [schema.partitionKey.name]: spec.partition }
      : composites(entity, pkTemplate, spec.partition);
    if (!pk) continue;
    if (spec.operation === 'Query' && sort && own('sk') && schema.sortKey) {
      const field = schema.sortKey.name;
      const from = { [field]: sort.value };
      const to = { [field]: sort.to };
      let query = library.query[ap](pk);
      const method = { begins_with: 'begins', '<': 'lt', '<=': 'lte', '>': 'gt', '>=': 'gte' }[
        sort.op as string
      ];
      query =
        sort.op === '='
          ? query.between(from, from)
          : sort.op === 'between'
            ? query.between(from, to)
            : query[method as string](from);
      out.push((await query.go({ data: 'includeKeys', order, pages: 'all' })).data);
      continue;
    }
    if (spec.operation === 'GetItem') {
      const sk = sort && skTemplate ? composites(entity, skTemplate, sort.value) : {};
      if (!sk) continue;
      const got = await library.get({ ...pk, ...sk }).go({ data: 'includeKeys' });
      if (got.data) out.push([got.data]);
      continue;
    }
    let query = library.query[ap](pk);
    if (sort && skTemplate) {
      const head = parseTemplate(skTemplate)[0];
      const literal = head?.kind === 'literal' ? head.text : '';
      if (sort.op === 'begins_with' && literal.startsWith(String(sort.value))) {
        // ElectroDB's own begins_with on the template's literal start: the same items of this entity.
      } else {
        const from = composites(entity, skTemplate, sort.value, true);
        const to = sort.to === undefined ? {} : composites(entity, skTemplate, sort.to, true);
        if (!from || !to) continue;
        const method = {
          '=': 'between',
          begins_with: 'begins',
          between: 'between',
          '<': 'lt',
          '<=': 'lte',
          '>': 'gt',
          '>=': 'gte',
        }[sort.op];
        query =
          sort.op === '='
            ? query.between(from, from)
            : sort.op === 'between'
              ? query.between(from, to)
              : query[method](from);
      }
    }
    // includeKeys: the items as stored, keys included, of this entity only (raw skips ElectroDB's ownership check).
    const options = {
      data: 'includeKeys',
      order,
      pages: spec.limit === undefined ? 'all' : 1,
      ...(spec.limit ? { limit: spec.limit } : {}),
    };
    out.push((await query.go(options)).data);
  }
  return out;
}

describe('ElectroDB: exported modules on DynamoDB Local', () => {
  for (const { name, design } of libraryCases()) {
    it(`${name}: puts every sample, holds Keyplan's items, answers each read as keyplan query`, async () => {
      const tableName = await emptyTable(`electrodb-${name}`, design);
      const module = await loadModuleText(dir, name, exported(design), tableName);
      module.app.setClient(client);
      expect(module.table).toBe(tableName);
      for (const entity of design.entities)
        for (const sample of design.items[entity.name] ?? [])
          await module.entities[entity.name].put(sample).go();

      const stored = without(await scannedItems(client, design, tableName), markers(design));
      expect(stored).toEqual(derivedItems(design));

      const reads = libraryReads(design);
      for (const pattern of reads) {
        const { spec, result } = predictedRead(design, pattern);
        expect(result.items.length, `${name} ${pattern.id} finds items`).toBeGreaterThan(0);
        // The type attribute is ElectroDB's identifier, which it does not return (the Scan above checks it).
        const unmarked = [...markers(design), design.table.typeAttribute];
        const perEntity = (await electroRead(module, design, spec)).map((items) =>
          without(normalizeItems(design, items), unmarked),
        );
        const predicted = without(normalizeItems(design, result.items), unmarked);
        const key = (item: PlainItem) =>
          JSON.stringify(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)));
        // The same items, and each entity's in the order DynamoDB returns them.
        expect(perEntity.flat().map(key).sort(), `${name} ${pattern.id}`).toEqual(predicted.map(key).sort());
        for (const items of perEntity) {
          const mine = new Set(items.map(key));
          expect(items.map(key), `${name} ${pattern.id}: order`).toEqual(
            predicted.filter((item) => mine.has(key(item))).map(key),
          );
        }
      }

      const first = imported(module);
      const again = imported(await loadModuleText(dir, `${name}-again`, exported(first), tableName));
      // The import describes the same keys: each sample's derived keys are the ones ElectroDB stored.
      expectSameKeysAfterRoundTrip(name, design, first, again);

      // Each collection of the Service, run through ElectroDB, holds what the imported design's collection
      // pattern answers over the same samples.
      const withItems = designSchema.parse({ ...first, items: design.items });
      for (const pattern of withItems.accessPatterns) {
        if (!pattern.id.startsWith('collection-') || pattern.operation !== 'Query') continue;
        const template = pattern.keyCondition.partition as string;
        const sample = design.items[pattern.returns?.[0] ?? '']?.[0] ?? {};
        const args = Object.fromEntries(placeholders(template).map((n) => [n, sample[n]]));
        const predicted = evaluateRead(
          withItems,
          buildViewsFor(withItems),
          resolvePattern(withItems, pattern, args),
        );
        expect(predicted.items.length, `${name} ${pattern.id} finds items`).toBeGreaterThan(0);
        const label = pattern.id.slice('collection-'.length);
        const found = await module.app.collections[label](args).go({ data: 'includeKeys', pages: 'all' });
        const unmarked = [...markers(design), design.table.typeAttribute];
        const key = (item: PlainItem) =>
          JSON.stringify(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)));
        const library = Object.values(found.data as Record<string, PlainItem[]>).flat();
        expect(
          without(normalizeItems(design, library), unmarked).map(key).sort(),
          `${name} ${pattern.id}`,
        ).toEqual(without(normalizeItems(design, predicted.items), unmarked).map(key).sort());
      }
    });
  }
});

/** Sample values of the hand-written modules, in the case ElectroDB's casing leaves as it is. */
const FIXTURES: { file: string; samples: Record<string, Record<string, unknown>[]> }[] = [
  {
    file: 'taskapp.ts',
    samples: {
      employees: [
        {
          employee: 'e1',
          firstName: 'Ada',
          lastName: 'Lovelace',
          office: 'gw',
          title: 'engineer',
          team: 'development',
          salary: 150000,
        },
        {
          employee: 'e2',
          firstName: 'Alan',
          lastName: 'Turing',
          office: 'gw',
          title: 'lead',
          team: 'product',
          salary: 99,
        },
      ],
      offices: [
        { office: 'gw', country: 'us', state: 'wa', city: 'seattle', zip: '98101', address: '1 Main St' },
      ],
      tasks: [{ task: 't-1', project: 'apollo', employee: 'e1', description: 'Launch', points: 5 }],
    },
  },
  {
    file: 'bank.ts',
    samples: {
      Account: [
        {
          accountId: '1001',
          owner: 'Ada',
          branch: 'north',
          openedOn: '2026-01-05',
          balance: 10,
          status: 'open',
        },
      ],
      Transaction: [
        { accountId: '1001', sequence: 42, amount: 12.5, postedAt: '2026-02-01T10:00:00Z', memo: 'Coffee' },
        { accountId: '1001', sequence: 7, amount: -3, postedAt: '2026-01-20T09:00:00Z' },
      ],
    },
  },
];

describe('ElectroDB: hand-written modules (fixtures/electrodb)', () => {
  for (const { file, samples } of FIXTURES) {
    it(`${file}: keyplan import gives the keys ElectroDB writes`, async () => {
      const { fixture, stderr, design } = await importedFixture('electrodb', file);
      expect(stderr).toMatch(/ElectroDB changes the case of the values in/);

      const tableName = await emptyTable('electrodb-fixture', design);
      const module: LoadedModule = await import(pathToFileURL(fixture).href);
      const libraryEntities = new Map(
        Object.values(module)
          .filter((value) => value?.schema?.model)
          .map((entity) => [entity.schema.model.entity, entity]),
      );
      let expected = 0;
      for (const entity of design.entities) {
        const library = libraryEntities.get(entity.name);
        for (const values of samples[entity.name] ?? []) {
          await library.put(values).go({ table: tableName, client });
          expected++;
        }
      }
      const stored = await scannedItems(client, design, tableName);
      expect(stored).toHaveLength(expected);
      for (const item of stored) {
        const entity = design.entities.find((e) => e.name === item[design.table.typeAttribute]) as Entity;
        const keyNames = Object.keys(entity.keys);
        const written = Object.fromEntries(keyNames.filter((k) => k in item).map((k) => [k, item[k]]));
        // The stored item holds the stored names (an attribute's field), which the design's templates use.
        expect(deriveKeys(design, entity, item), `${file} ${entity.name}`).toEqual(written);
      }
    });
  }
});
