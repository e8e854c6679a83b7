// ElectroDB round trips on DynamoDB Local, run through ElectroDB itself: the module `keyplan export --to
// electrodb` writes puts every sample item, and the table then holds exactly the items Keyplan derives
// (typed; ElectroDB's own version marker aside); each read pattern run through the entities' access patterns
// returns what `keyplan query` predicts; import → export → import gives the same design. Hand-written modules
// (fixtures/electrodb/) import to designs whose derived keys are the ones ElectroDB writes.
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluateRead } from '../../../src/core/evaluate/evaluate.ts';
import { buildViewsFor } from '../../../src/core/indexes/views.ts';
import { deriveKeys } from '../../../src/core/items/derive-item.ts';
import { placeholders } from '../../../src/core/keys/template.ts';
import { type Design, designSchema, type Entity } from '../../../src/core/model/schema.ts';
import { resolvePattern } from '../../../src/core/requests/resolve.ts';
import type { PlainItem } from '../../../src/core/values/item.ts';
import { normalizeItems } from '../codegen/support.ts';
import { electroMarkers, electroRead } from './library-reads.ts';
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

      const stored = without(await scannedItems(client, design, tableName), electroMarkers(design));
      expect(stored).toEqual(derivedItems(design));

      const reads = libraryReads(design);
      for (const pattern of reads) {
        const { spec, result } = predictedRead(design, pattern);
        expect(result.items.length, `${name} ${pattern.id} finds items`).toBeGreaterThan(0);
        // The type attribute is ElectroDB's identifier, which it does not return (the Scan above checks it).
        const unmarked = [...electroMarkers(design), design.table.typeAttribute];
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
        const unmarked = [...electroMarkers(design), design.table.typeAttribute];
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
