// The AWS DynamoDB MCP data model on DynamoDB Local: the fixture (fixtures/mcp) imported and applied holds
// exactly the file's items, and each read pattern's implementation, run as the file writes it, returns what
// `keyplan query` predicts for the pattern Keyplan read from it. The same for the implementations Keyplan's
// export writes for both built-in examples and the public Workbench models.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GetItemCommand, QueryCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { namespacedTable } from '../../../server/namespace.ts';
import { applyForSession, resetSession } from '../../../server/service.ts';
import { testClient, uniquePrefix } from '../../../server/test-support/dynamo.ts';
import { exportFormat, importDesign } from '../../../src/core/io/index.ts';
import { parseCliCommand } from '../../../src/core/io/mcp/cli.ts';
import type { McpDataModel } from '../../../src/core/io/mcp/export.ts';
import type { Design } from '../../../src/core/model/schema.ts';
import { parseExactJson } from '../../../src/core/values/exact-json.ts';
import type { PlainItem } from '../../../src/core/values/item.ts';
import { type AttributeMap, unmarshallItem } from '../../../src/core/values/marshall.ts';
import { byKey, normalizeItems } from '../codegen/support.ts';
import { libraryCases, predictedRead, scannedItems } from './library-support.ts';

/** Every read pattern, multi-attribute keys included: an implementation is a plain DynamoDB request. */
const READS = new Set(['GetItem', 'Query', 'Scan']);

const client = testClient();
const prefixes: string[] = [];
afterAll(async () => {
  for (const prefix of prefixes) await resetSession(client, prefix);
});

/** Runs an implementation's read on `tableName`, as the AWS CLI would send it. */
async function run(implementation: string, tableName: string): Promise<PlainItem[]> {
  const parsed = parseCliCommand(implementation);
  if (!parsed.ok) throw new Error(parsed.why);
  const input = { ...parsed.request.input, TableName: tableName } as never;
  const command =
    parsed.request.operation === 'GetItem'
      ? new GetItemCommand(input)
      : parsed.request.operation === 'Query'
        ? new QueryCommand(input)
        : new ScanCommand(input);
  const out = (await client.send(command as never)) as { Item?: AttributeMap; Items?: AttributeMap[] };
  return (out.Items ?? (out.Item ? [out.Item] : [])).map((item) => unmarshallItem(item));
}

async function checkReads(name: string, design: Design, model: McpDataModel) {
  const prefix = uniquePrefix(`mcp-${name}`);
  prefixes.push(prefix);
  const tableName = namespacedTable(prefix, design.table.name);
  await applyForSession(client, prefix, design, { loadItems: true });
  const fileItems = byKey(
    design,
    normalizeItems(
      design,
      (model.items[design.table.name] ?? []).map((r) => unmarshallItem(r.PutRequest.Item as AttributeMap)),
    ),
  );
  expect(await scannedItems(client, design, tableName)).toEqual(fileItems);
  let reads = 0;
  for (const pattern of design.accessPatterns.filter((p) => READS.has(p.operation))) {
    const entry = model.access_patterns.find((p) => p.pattern === pattern.id);
    if (!entry?.implementation) throw new Error(`${pattern.id}: no implementation`);
    const { result } = predictedRead(design, pattern);
    expect(result.items.length, `${name} ${pattern.id} finds items`).toBeGreaterThan(0);
    const items = await run(entry.implementation, tableName);
    expect(normalizeItems(design, items), `${name} ${pattern.id}`).toEqual(
      normalizeItems(design, result.items),
    );
    reads++;
  }
  return reads;
}

describe('MCP data model on DynamoDB Local', () => {
  it('the fixture: its items applied as they are, each read implementation answering as keyplan query', async () => {
    const text = readFileSync(
      path.join(import.meta.dirname, '..', '..', '..', 'fixtures', 'mcp', 'dynamodb_data_model.json'),
      'utf8',
    );
    const result = importDesign('mcp', { kind: 'text', text });
    if (!result.ok) throw new Error(result.message);
    expect(await checkReads('fixture', result.design, parseExactJson(text) as McpDataModel)).toBe(5);
  });

  for (const { name, design } of libraryCases()) {
    it(`${name}: the exported implementations answer as keyplan query`, async () => {
      const file = exportFormat(design, 'mcp');
      if (!file) throw new Error('no MCP export');
      await checkReads(name, design, parseExactJson(file.content) as McpDataModel);
    });
  }
});
