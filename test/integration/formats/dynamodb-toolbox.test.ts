// DynamoDB-Toolbox v2 round trips on DynamoDB Local, run through DynamoDB-Toolbox itself: the module `keyplan
// export --to dynamodb-toolbox` writes puts every sample (PutItemCommand), and the table then holds exactly
// the items Keyplan derives (typed); each read pattern run through the table's QueryCommand / ScanCommand
// returns what `keyplan query` predicts; import → export → import gives the same design. Hand-written modules
// (fixtures/dynamodb-toolbox/) import to designs whose derived keys are the ones DynamoDB-Toolbox writes,
// and a key computation that is no template is reported, by entity and key.
import { pathToFileURL } from 'node:url';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PutItemCommand } from 'dynamodb-toolbox';
import { afterAll, describe, expect, it } from 'vitest';
import { deriveKeys } from '../../../src/core/items/derive-item.ts';
import type { Design, Entity } from '../../../src/core/model/schema.ts';
import { normalizeItems } from '../codegen/support.ts';
import { pointAtLocal, toolboxRead } from './library-reads.ts';
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
} from './library-support.ts';

const { client, emptyTable } = libraryTables();
const { dir, remove } = moduleDirectory('dynamodb-toolbox');
afterAll(remove);

const exported = (design: Design) => exportedContent(design, 'dynamodb-toolbox');
const imported = (module: LoadedModule) => importedModule('dynamodb-toolbox', module);

describe('DynamoDB-Toolbox: exported modules on DynamoDB Local', () => {
  for (const { name, design } of libraryCases()) {
    it(`${name}: puts every sample, holds Keyplan's items, answers each read as keyplan query`, async () => {
      const tableName = await emptyTable(`toolbox-${name}`, design);
      const module = await loadModuleText(dir, name, exported(design), tableName);
      pointAtLocal(module, client);
      for (const entity of design.entities)
        for (const sample of design.items[entity.name] ?? [])
          await module.entities[entity.name].build(PutItemCommand).item(sample).send();

      expect(await scannedItems(client, design, tableName)).toEqual(derivedItems(design));

      const reads = libraryReads(design);
      for (const pattern of reads) {
        const { spec, result } = predictedRead(design, pattern);
        expect(result.items.length, `${name} ${pattern.id} finds items`).toBeGreaterThan(0);
        const items = await toolboxRead(module, spec);
        expect(normalizeItems(design, items), `${name} ${pattern.id}`).toEqual(
          normalizeItems(design, result.items),
        );
      }

      const first = imported(module);
      const again = imported(await loadModuleText(dir, `${name}-again`, exported(first), tableName));
      expectSameKeysAfterRoundTrip(name, design, first, again);
    });
  }
});

/** Sample values of the hand-written modules, by entity name. */
const FIXTURES: { file: string; samples: Record<string, Record<string, unknown>[]>; warnings: RegExp[] }[] = [
  {
    file: 'pokedex.ts',
    samples: {
      Pokemon: [
        { pokemonId: 'pikachu-1', name: 'Pikachu', level: 12, trainerId: 'ash', captureLevel: 5 },
        { pokemonId: 'mew-7', name: 'Mew', level: 40 },
      ],
      Trainer: [{ trainerId: 'ash', region: 'Kanto', name: 'Ash' }],
    },
    warnings: [/entity Pokemon: DynamoDB-Toolbox writes its timestamps/],
  },
  {
    file: 'store.ts',
    samples: {
      Order: [
        {
          customerId: 'C-1',
          orderId: 'O-9',
          placedAt: '2026-11-02T08:00:00Z',
          status: 'placed',
          total: 12.5,
        },
        { customerId: 'C-1', orderId: 'O-10', placedAt: '2026-11-03T09:30:00Z', status: 'shipped', total: 7 },
      ],
      Invoice: [
        { customerId: 'C-1', invoiceNo: 42, amount: 19.5 },
        { customerId: 'C-2', invoiceNo: 1234567, amount: 3 },
      ],
    },
    warnings: [
      /entity Customer\.computeKey \(PK\): not a key template: for \{"email":"Ab0x"\} it gives "CUSTOMER#ab0x", not "CUSTOMER#Ab0x"/,
    ],
  },
];

describe('DynamoDB-Toolbox: hand-written modules (fixtures/dynamodb-toolbox)', () => {
  for (const { file, samples, warnings } of FIXTURES) {
    it(`${file}: keyplan import gives the keys DynamoDB-Toolbox writes, and names what is no template`, async () => {
      const { fixture, stderr, design } = await importedFixture('dynamodb-toolbox', file);
      for (const warning of warnings) expect(stderr).toMatch(warning);

      const tableName = await emptyTable('toolbox-fixture', design);
      const module: LoadedModule = await import(pathToFileURL(fixture).href);
      const libraryEntities = new Map(
        Object.values(module)
          .filter((value) => value?.type === 'entity')
          .map((entity) => [entity.entityName, entity]),
      );
      const expectedKeys: Record<string, unknown>[] = [];
      for (const entity of design.entities) {
        const library = libraryEntities.get(entity.name);
        library.table.documentClient = DynamoDBDocumentClient.from(client);
        for (const values of samples[entity.name] ?? []) {
          await library.build(PutItemCommand).item(values).options({ tableName }).send();
          expectedKeys.push(deriveKeys(design, entity, values as Record<string, never>));
        }
      }
      expect(expectedKeys.length).toBeGreaterThan(0);
      const stored = await scannedItems(client, design, tableName);
      const storedKeys = stored.map((item) => {
        const entity = design.entities.find((e) => e.name === item[design.table.typeAttribute]) as Entity;
        return Object.fromEntries(
          Object.keys(entity.keys)
            .filter((k) => k in item)
            .map((k) => [k, item[k]]),
        );
      });
      const sorted = (keys: Record<string, unknown>[]) =>
        keys.map((k) => JSON.stringify(Object.entries(k).sort())).sort();
      expect(sorted(storedKeys)).toEqual(sorted(expectedKeys));
    });
  }
});
