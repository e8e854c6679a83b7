// OneTable round trips on DynamoDB Local, run through dynamodb-onetable itself: the schema `keyplan export
// --to onetable` writes is given to OneTable's Table; every sample item is put through its Model API
// (create), and the table then holds exactly the items Keyplan derives (typed); each read pattern run through
// the Model API (get, find, scan) returns what `keyplan query` predicts; import → export → import gives the
// same design. Hand-written schemas (fixtures/onetable/) import to designs whose derived keys and items are
// the ones OneTable writes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { Table } from 'dynamodb-onetable';
import { afterAll, describe, expect, it } from 'vitest';
import { exportFormat, importDesign } from '../../src/core/formats/index.ts';
import type { OneSchema } from '../../src/core/formats/onetable/schema.ts';
import { deriveKeys } from '../../src/core/items/derive.ts';
import { keySchemaFor } from '../../src/core/model/indexes.ts';
import type { PlainItem } from '../../src/core/model/item.ts';
import type { Design, Entity } from '../../src/core/model/schema.ts';
import type { ReadSpec } from '../../src/core/requests/read-spec.ts';
import { normalizeItems } from '../codegen/support.ts';
import { namespacedTable } from '../namespace.ts';
import { applyForSession, resetSession } from '../service.ts';
import { testClient, uniquePrefix } from '../test-support/dynamo.ts';
import {
  derivedItems,
  libraryCases,
  predictedRead,
  READ_OPERATIONS,
  scannedItems,
  without,
} from './library-support.ts';

const client = testClient();
const prefixes: string[] = [];
afterAll(async () => {
  for (const prefix of prefixes) await resetSession(client, prefix);
});

function exportedText(design: Design): string {
  const file = exportFormat(design, 'onetable');
  if (!file) throw new Error('no OneTable export');
  return file.content;
}

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

// biome-ignore lint/suspicious/noExplicitAny: OneTable's models are typed from a schema literal; this one is read at run time
type OneTable = any;

function oneTable(client: DynamoDBClient, name: string, schema: OneSchema): OneTable {
  return new Table({ client, name, schema: schema as never, partial: true });
}

/**
 * A read run through OneTable's Table API (queryItems, getItem, scanItems), as the spec `keyplan query`
 * resolved says: the items of every model the key range holds, as OneTable reads them.
 */
async function oneRead(table: OneTable, design: Design, spec: ReadSpec): Promise<PlainItem[]> {
  const params: Record<string, unknown> = { parse: true, hidden: true };
  if (spec.index) params.index = spec.index;
  if (spec.scanIndexForward === false) params.reverse = true;
  if (spec.limit !== undefined) params.limit = spec.limit;
  if (spec.consistentRead) params.consistent = true;
  if (spec.operation === 'Scan') return table.scanItems({}, params);
  const schema = keySchemaFor(design, spec.index);
  if (!schema || spec.partition === undefined) throw new Error('not a keyed read');
  const properties: Record<string, unknown> = { [schema.partitionKey.name]: spec.partition };
  const { sort } = spec;
  if (sort && schema.sortKey)
    properties[schema.sortKey.name] =
      sort.op === '='
        ? sort.value
        : sort.op === 'between'
          ? { between: [sort.value, sort.to] }
          : { [sort.op]: sort.value };
  if (spec.operation === 'GetItem') {
    const item = await table.getItem(properties, params);
    return item ? [item] : [];
  }
  return table.queryItems(properties, params);
}

describe('OneTable: exported schemas on DynamoDB Local', () => {
  for (const { name, design } of libraryCases()) {
    it(`${name}: puts every sample through OneTable, holds Keyplan's items, answers each read as keyplan query`, async () => {
      const prefix = uniquePrefix(`onetable-${name}`);
      prefixes.push(prefix);
      const tableName = namespacedTable(prefix, design.table.name);
      await applyForSession(client, prefix, design, { loadItems: false });
      const text = exportedText(design);
      const table = oneTable(client, tableName, JSON.parse(text));
      for (const entity of design.entities)
        for (const sample of design.items[entity.name] ?? [])
          await table.getModel(entity.name).create(structuredClone(sample), { exists: null });

      // OneTable always writes its type field; a design that writes none (an imported Workbench model) is told so.
      const marker = design.table.writeTypeAttribute === false ? [design.table.typeAttribute] : [];
      expect(without(await scannedItems(client, design, tableName), marker)).toEqual(derivedItems(design));

      for (const pattern of design.accessPatterns.filter((p) => READ_OPERATIONS.has(p.operation))) {
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
      for (const entity of design.entities) {
        const read = fromSchema.entities.find((e) => e.name === entity.name) as Entity;
        for (const sample of design.items[entity.name] ?? [])
          expect(deriveKeys(fromSchema, read, sample), `${name} ${entity.name}`).toEqual(
            deriveKeys(design, entity, sample),
          );
      }
    });
  }
});
