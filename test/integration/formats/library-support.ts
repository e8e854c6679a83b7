// What the round trips through ElectroDB and DynamoDB-Toolbox share: the designs (both built-in examples and
// public NoSQL Workbench models), loading an exported module from a temporary file, the items Keyplan
// derives and a Scan of the table in one typed form, and what `keyplan query` predicts for a read pattern.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, expect } from 'vitest';
import { namespacedTable } from '../../../server/namespace.ts';
import { applyForSession, resetSession } from '../../../server/service.ts';
import { testClient, uniquePrefix } from '../../../server/test-support/dynamo.ts';
import { argumentsFor } from '../../../src/cli/pattern-args.ts';
import { runKeyplan } from '../../../src/cli/run-in-process.ts';
import { marshalledItems } from '../../../src/core/apply/applied.ts';
import { formatProblems, validateDesign } from '../../../src/core/checks/validate.ts';
import { evaluateRead } from '../../../src/core/evaluate/evaluate.ts';
import { EXAMPLES } from '../../../src/core/features/examples/index.ts';
import { buildViewsFor } from '../../../src/core/indexes/views.ts';
import type { FormatId } from '../../../src/core/io/catalogue.ts';
import { exportFormat, importDesign } from '../../../src/core/io/index.ts';
import { singleKeySchemas } from '../../../src/core/io/module-code.ts';
import { importWorkbenchText } from '../../../src/core/io/nosql-workbench/import.ts';
import { deriveKeys } from '../../../src/core/items/derive-item.ts';
import { isReadPattern } from '../../../src/core/model/read-pattern.ts';
import {
  type AccessPattern,
  type Design,
  designSchema,
  type Entity,
} from '../../../src/core/model/schema.ts';
import { resolvePattern } from '../../../src/core/requests/resolve.ts';
import { parseExactJson } from '../../../src/core/values/exact-json.ts';
import type { PlainItem } from '../../../src/core/values/item.ts';
import { unmarshallItem } from '../../../src/core/values/marshall.ts';
import { byKey, normalizeItems, scanTable } from '../codegen/support.ts';

export interface LibraryCase {
  name: string;
  design: Design;
}

/** Public NoSQL Workbench models of fixtures/workbench-models whose items hold every attribute their keys use. */
export const WORKBENCH_MODELS = ['viz-flights-fares', 'product-catalog', 'leaderboard'] as const;

const ROOT = path.join(import.meta.dirname, '..', '..', '..');

export function libraryCases(): LibraryCase[] {
  const cases: LibraryCase[] = EXAMPLES.map((example) => {
    const result = validateDesign(example.design);
    if (!result.ok) throw new Error(`${example.name}: ${formatProblems(result.problems)}`);
    return { name: example.name, design: result.design };
  });
  // The golden designs: every table feature (LSIs, a sparse GSI, sets, binary) and multi-attribute GSI keys;
  // a fixture with zero-padded table and sparse index keys, and text keys made of number attributes.
  const designFiles = [
    ...['full-featured', 'multi-attribute'].map((name) => ({
      name,
      dir: ['src', 'core', 'io', 'golden'],
    })),
    { name: 'padded-orders', dir: ['fixtures', 'library-designs'] },
  ];
  for (const { name, dir } of designFiles) {
    const text = readFileSync(path.join(ROOT, ...dir, `${name}.keyplan.json`), 'utf8');
    const result = validateDesign(parseExactJson(text));
    if (!result.ok) throw new Error(`${name}: ${formatProblems(result.problems)}`);
    cases.push({ name, design: result.design });
  }
  for (const model of WORKBENCH_MODELS) {
    const text = readFileSync(path.join(ROOT, 'fixtures', 'workbench-models', `${model}.json`), 'utf8');
    const result = importWorkbenchText(text, {});
    if (!result.ok) throw new Error(`${model}: ${result.message}`);
    cases.push({ name: model, design: result.design });
  }
  return cases;
}

/** A directory under the repository, so that a module's `electrodb` and `@aws-sdk` imports resolve. */
export function moduleDirectory(label: string): { dir: string; remove: () => void } {
  const dir = path.join(ROOT, 'node_modules', '.cache', `keyplan-${label}`, randomBytes(4).toString('hex'));
  mkdirSync(dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

// biome-ignore lint/suspicious/noExplicitAny: a module written at run time
export type LoadedModule = Record<string, any>;

/** Writes the module text to `dir/name.ts` and imports it with TABLE_NAME set (the module reads it once). */
export async function loadModuleText(
  dir: string,
  name: string,
  text: string,
  tableName?: string,
): Promise<LoadedModule> {
  const file = path.join(dir, `${name}.ts`);
  writeFileSync(file, text);
  const previous = process.env.TABLE_NAME;
  if (tableName) process.env.TABLE_NAME = tableName;
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    if (previous === undefined) delete process.env.TABLE_NAME;
    else process.env.TABLE_NAME = previous;
  }
}

/** Leaves out the attributes a library writes of its own (its entity and version markers). */
export function without(items: PlainItem[], names: readonly string[]): PlainItem[] {
  return items.map((item) =>
    Object.fromEntries(Object.entries(item).filter(([name]) => !names.includes(name))),
  );
}

/** The items Keyplan derives from the design's samples, as DynamoDB types them, in key order. */
export function derivedItems(design: Design): PlainItem[] {
  return byKey(design, normalizeItems(design, marshalledItems(design).map(unmarshallItem)));
}

/** Every item of the table, as DynamoDB types them, in key order. */
export async function scannedItems(
  client: DynamoDBClient,
  design: Design,
  tableName: string,
): Promise<PlainItem[]> {
  return scanTable(client, design, tableName);
}

/** What `keyplan query FILE PATTERN` answers (its example arguments), computed by the same functions. */
export function predictedRead(design: Design, pattern: AccessPattern) {
  const args = argumentsFor(design, pattern, undefined);
  const spec = resolvePattern(design, pattern, args);
  return { spec, result: evaluateRead(design, buildViewsFor(design), spec) };
}

/** The keys of the indexes a library declares: all but those only multi-attribute GSI keys use. */
export function declaredKeys(design: Design, keys: Record<string, unknown>): Record<string, unknown> {
  const declared = new Set(
    singleKeySchemas(design).schemas.flatMap((s) => [...s.partitionKeys, ...s.sortKeys].map((k) => k.name)),
  );
  return Object.fromEntries(Object.entries(keys).filter(([name]) => declared.has(name)));
}

/**
 * The read patterns a library runs: all but those of a multi-attribute GSI key, which the modules compute
 * the key attributes of but cannot declare as an index.
 */
export function libraryReads(design: Design): AccessPattern[] {
  const multi = new Set(
    design.table.globalSecondaryIndexes.filter((g) => g.partitionKeys || g.sortKeys).map((g) => g.name),
  );
  return design.accessPatterns.filter(
    (p) => isReadPattern(p) && !('index' in p && p.index !== undefined && multi.has(p.index)),
  );
}

/**
 * The DynamoDB Local client of a test file and its tables: `emptyTable` creates the design's table (no items)
 * in a session namespace of its own and gives its name; every such session is removed after the file.
 */
export function libraryTables(): {
  client: DynamoDBClient;
  emptyTable: (label: string, design: Design) => Promise<string>;
} {
  const client = testClient();
  const prefixes: string[] = [];
  afterAll(async () => {
    for (const prefix of prefixes) await resetSession(client, prefix);
  });
  return {
    client,
    async emptyTable(label, design) {
      const prefix = uniquePrefix(label);
      prefixes.push(prefix);
      await applyForSession(client, prefix, design, { loadItems: false });
      return namespacedTable(prefix, design.table.name);
    },
  };
}

/** What `keyplan export --to FORMAT` writes for the design. */
export function exportedContent(design: Design, format: FormatId): string {
  const file = exportFormat(design, format);
  if (!file) throw new Error(`no ${format} export`);
  return file.content;
}

/** The design `keyplan import --from FORMAT` reads from a loaded module's exports. */
export function importedModule(format: FormatId, module: LoadedModule): Design {
  const result = importDesign(format, { kind: 'module', exports: module });
  if (!result.ok) throw new Error(result.message);
  return result.design;
}

/**
 * An import → export → import round trip keeps the design (`again` is `first`), and `first` describes the same
 * keys as the original design: each sample's derived keys, those of the indexes a library declares.
 */
export function expectSameKeysAfterRoundTrip(name: string, design: Design, first: Design, again: Design) {
  expect(JSON.stringify(again)).toBe(JSON.stringify(first));
  for (const entity of first.entities) {
    const original = design.entities.find((e) => e.name === entity.name) as Entity;
    for (const sample of design.items[entity.name] ?? [])
      expect(deriveKeys(first, entity, sample), `${name} ${entity.name}`).toEqual(
        declaredKeys(design, deriveKeys(design, original, sample)),
      );
  }
}

/**
 * `keyplan import fixtures/FORMAT/FILE --from FORMAT --trust-code` (the module loaded in the sandbox, as a user
 * loads it), which must succeed: the fixture's path, its stderr and the design.
 */
export async function importedFixture(
  format: FormatId,
  file: string,
): Promise<{ fixture: string; stderr: string; design: Design }> {
  const fixture = path.join(ROOT, 'fixtures', format, file);
  const run = await runKeyplan(['import', fixture, '--from', format, '--trust-code']);
  expect(run.code, run.stderr).toBe(0);
  return { fixture, stderr: run.stderr, design: designSchema.parse(run.json()) };
}
