// What the tests that run generated code share: the designs, the arguments of each generated function
// from a pattern's example, `keyplan run`'s answers to compare with, and the checks of what writes did.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type AttributeValue,
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import { expect } from 'vitest';
import { namespacedTable } from '../../../server/namespace.ts';
import { runPatternForSession } from '../../../server/service.ts';
import { formatProblems, validateDesign } from '../../../src/core/checks/validate.ts';
import { EXAMPLES } from '../../../src/core/features/examples/index.ts';
import { type PatternPlan, planCode } from '../../../src/core/io/codegen/plan.ts';
import { deriveStoredItems } from '../../../src/core/items/derive-item.ts';
import { renderKeyValue } from '../../../src/core/keys/template.ts';
import { writtenForms } from '../../../src/core/model/copies.ts';
import { keyAttributeTypes, primaryKeyNames } from '../../../src/core/model/indexes.ts';
import type { AccessPattern, Design, DesignInput, JsonValue } from '../../../src/core/model/schema.ts';
import { buildRequest } from '../../../src/core/requests/build.ts';
import {
  findEntity,
  indexKeyUpdates,
  tableKeyTemplates,
  writeActions,
} from '../../../src/core/requests/pattern-arguments.ts';
import { coerceArguments, declaredTypes } from '../../../src/core/requests/typed-arguments.ts';
import { codegenTestDesign } from '../../../src/core/test-support/codegen-design.ts';
import {
  keyOnlyDesign,
  naturalKeysDesignWithoutBinary,
} from '../../../src/core/test-support/natural-keys-design.ts';
import { parseExactJson } from '../../../src/core/values/exact-json.ts';
import type { PlainItem } from '../../../src/core/values/item.ts';
import type { AttributeMap } from '../../../src/core/values/marshall.ts';
import { marshallItem, unmarshallItem } from '../../../src/core/values/marshall.ts';

export interface CodegenCase {
  name: string;
  design: Design;
}

/**
 * The golden multi-attribute design (GSIs keyed on 2+2 attributes, on 1+3, and on lists of one) with reads of
 * each index's key condition and writes that change its key attributes.
 */
function multiAttributeDesign(): unknown {
  const design = readFixture('src/core/io/golden/multi-attribute.keyplan.json') as DesignInput;
  const match = (matchId_: string, points: number, player: string, more = {}) => ({
    matchId_,
    regionName: 'eu',
    tierLevel: 1,
    roundName: 'final',
    points,
    player,
    seasonYear: 2026,
    ...more,
  });
  return {
    ...design,
    items: {
      Match: [
        ...(design.items?.Match ?? []),
        match('m3', 18, 'p1', { venueName: 'Arena' }),
        match('m4', 5, 'p1', { roundName: 'first' }),
        match('m5', 40, 'p2', { venueName: 'Arena', seasonYear: 2025 }),
      ],
    },
    accessPatterns: [
      ...(design.accessPatterns ?? []),
      {
        id: 'player-season-rounds',
        name: "A player's matches of a season in rounds beginning with a prefix",
        operation: 'Query',
        index: 'ByPlayer',
        keyCondition: {
          partitionKeys: { playerId: '{player}' },
          sortKeys: [
            { attribute: 'season', op: '=', value: '{seasonYear}' },
            { attribute: 'round', op: 'begins_with', value: 'fi' },
          ],
        },
        example: { player: 'p1', seasonYear: 2026 },
      },
      {
        id: 'venue-scores',
        name: 'Matches at a venue with a score in a range',
        operation: 'Query',
        index: 'ByVenue',
        keyCondition: {
          partitionKeys: { venue: '{venueName}' },
          sortKeys: [{ attribute: 'score', op: 'between', value: '{low}', to: '{high}' }],
        },
        scanIndexForward: false,
        example: { venueName: 'Arena', low: 10, high: 40 },
      },
      {
        id: 'rescore',
        name: "Change a match's points",
        operation: 'UpdateItem',
        entity: 'Match',
        set: ['points'],
        condition: 'exists',
        example: { matchId_: 'm2', points: 15 },
      },
      {
        id: 'add-match',
        name: 'Add a match',
        operation: 'PutItem',
        entity: 'Match',
        condition: 'not-exists',
        example: match('m9', 22, 'p3', { venueName: 'Arena' }),
      },
    ],
  };
}

/** The design on a table of its own name: the cases share one namespace, and online-store's is AppTable too. */
function renamedTable(input: unknown): DesignInput {
  const design = input as DesignInput;
  return { ...design, table: { ...design.table, name: 'OrderCopies' } };
}

function readFixture(file: string): unknown {
  return parseExactJson(readFileSync(path.join(import.meta.dirname, '..', '..', '..', file), 'utf8'));
}

/**
 * Both built-in examples, the generator's own test design, natural and key-only keys, and the seed's order
 * stored twice (item copies: every write of it is a transaction of both items).
 */
export function codegenCases(): CodegenCase[] {
  const inputs = [
    ...EXAMPLES.map((e) => ({ name: e.name, input: e.design })),
    { name: 'library', input: codegenTestDesign },
    { name: 'natural-keys', input: naturalKeysDesignWithoutBinary() },
    { name: 'key-only', input: keyOnlyDesign() },
    { name: 'order-copies', input: renamedTable(readFixture('fixtures/examples/order-copies.keyplan.json')) },
    { name: 'multi-attribute', input: multiAttributeDesign() },
  ];
  return inputs.map(({ name, input }) => {
    const result = validateDesign(input);
    if (!result.ok) throw new Error(`${name}: ${formatProblems(result.problems)}`);
    return { name, design: result.design };
  });
}

export const READS: ReadonlySet<AccessPattern['operation']> = new Set([
  'GetItem',
  'Query',
  'Scan',
  'TransactGetItems',
  'BatchGetItem',
]);

/** A pattern's example arguments, typed as the design declares them (what `keyplan run` uses). */
export function exampleArguments(design: Design, pattern: AccessPattern): Record<string, JsonValue> {
  return coerceArguments(design, pattern.example ?? {}) as Record<string, JsonValue>;
}

/**
 * The arguments of a generated function from `keyplan run`-style arguments: Python keyword arguments and the
 * TypeScript args object. List parameters zip the lists of their fields; sets become sets in TypeScript.
 */
export function callArguments(plan: PatternPlan, args: Record<string, JsonValue>) {
  const python: Record<string, unknown> = {};
  const typescript: Record<string, unknown> = {};
  const typed = (type: string, value: JsonValue) =>
    ['SS', 'NS', 'BS'].includes(type) && Array.isArray(value) ? new Set(value) : value;
  for (const param of plan.params) {
    if (args[param.name] === undefined) continue;
    python[param.py] = args[param.name];
    typescript[param.name] = typed(param.type, args[param.name]);
  }
  for (const list of plan.lists) {
    const length = (args[list.fields[0].name] as JsonValue[]).length;
    const elements = Array.from({ length }, (_, i) => {
      if (list.fields.length === 1) return (args[list.fields[0].name] as JsonValue[])[i];
      return Object.fromEntries(list.fields.map((f) => [f.name, (args[f.name] as JsonValue[])[i]]));
    });
    python[list.py] = elements;
    typescript[list.ts] = elements;
  }
  return { python, typescript };
}

/** The example with the first placeholder of the table key replaced, so that no item has that key. */
export function missingKeyArguments(design: Design, pattern: AccessPattern): Record<string, JsonValue> {
  const args = exampleArguments(design, pattern);
  const [action] = writeActions(pattern) ?? [];
  const [[, template]] = tableKeyTemplates(design, findEntity(design, action.entity));
  const name = /\{([^}:]+)/.exec(template)?.[1] as string;
  const type = declaredTypes(design).get(name);
  return { ...args, [name]: type === 'N' ? 987654 : 'keyplan-missing' };
}

/**
 * How a second run of a write pattern must fail: again with its example, or on a missing item; or not at all.
 * A write of an entity with item copies is a transaction, which fails as one.
 */
export function expectedFailure(
  design: Design,
  pattern: AccessPattern,
): { args: 'example' | 'missing'; code: string } | undefined {
  const actions = writeActions(pattern) ?? [];
  const transaction =
    pattern.operation === 'TransactWriteItems' ||
    actions.some((a) => writtenForms(findEntity(design, a.entity), a).length > 1);
  const code = transaction ? 'TransactionCanceledException' : 'ConditionalCheckFailedException';
  if (actions.some((a) => a.condition !== undefined && a.condition !== 'exists'))
    return { args: 'example', code };
  if (actions.some((a) => a.condition === 'exists') && pattern.operation !== 'TransactWriteItems')
    return { args: 'missing', code };
  return undefined;
}

/** Set attributes as sorted arrays (DynamoDB keeps no order in a set; Python and JavaScript give Sets). */
export function normalizeItems(design: Design, items: unknown[]): PlainItem[] {
  const types = declaredTypes(design);
  return items.map((item) =>
    Object.fromEntries(
      Object.entries(item as Record<string, unknown>).map(([name, value]) => {
        const set = value instanceof Set ? [...value] : value;
        const sorted =
          ['SS', 'NS', 'BS'].includes(types.get(name) ?? '') && Array.isArray(set) ? [...set].sort() : set;
        return [name, sorted as JsonValue];
      }),
    ),
  );
}

/** Items in key order, for results whose order DynamoDB does not define (BatchGetItem, a Scan of two tables). */
export function byKey(design: Design, items: PlainItem[]): PlainItem[] {
  const names = primaryKeyNames(design);
  const key = (item: PlainItem) => JSON.stringify(names.map((name) => item[name]));
  return [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** What `keyplan run` answers for a read pattern: its example, its first page of one item, every such page. */
export async function runReads(
  client: DynamoDBClient,
  prefix: string,
  design: Design,
  pattern: AccessPattern,
) {
  const run = (options: { limit?: number; exclusiveStartKey?: Record<string, unknown> } = {}) =>
    runPatternForSession(client, prefix, design, { patternId: pattern.id, ...options });
  const whole = await run();
  if (pattern.operation !== 'Query' && pattern.operation !== 'Scan') return { whole };
  const firstPage = await run({ limit: 1 });
  const pages = [...firstPage.items];
  let start = firstPage.lastEvaluatedKey;
  let pageCount = 1;
  for (; start && pageCount < 100; pageCount++) {
    const next = await run({ limit: 1, exclusiveStartKey: start });
    pages.push(...next.items);
    start = next.lastEvaluatedKey;
  }
  return { whole, firstPage, pages, pageCount };
}

export async function scanTable(
  client: DynamoDBClient,
  design: Design,
  tableName: string,
): Promise<PlainItem[]> {
  const items: PlainItem[] = [];
  let ExclusiveStartKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey }));
    items.push(...(page.Items ?? []).map((item) => unmarshallItem(item as AttributeMap)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return byKey(design, normalizeItems(design, items));
}

async function readItem(client: DynamoDBClient, tableName: string, key: Record<string, unknown>) {
  const { Item } = await client.send(
    new GetItemCommand({
      TableName: tableName,
      Key: key as Record<string, AttributeValue>,
      ConsistentRead: true,
    }),
  );
  return Item ? unmarshallItem(Item as AttributeMap) : undefined;
}

/**
 * Checks that a write pattern did what its request says, on the table it ran against: every put item is
 * there as built, and an update set its attributes and recomputed (or removed) the index keys built on them.
 */
export async function expectWritten(
  client: DynamoDBClient,
  prefix: string,
  design: Design,
  pattern: AccessPattern,
) {
  const tableName = namespacedTable(prefix, design.table.name);
  const args = exampleArguments(design, pattern);
  const { input } = buildRequest(design, pattern, args, { tableName });
  const requests =
    'TransactItems' in input
      ? (input.TransactItems as Record<string, Record<string, unknown>>[])
      : [{ [pattern.operation]: input }];
  const keyTypes = keyAttributeTypes(design);
  for (const [i, request] of requests.entries()) {
    const [[operation, fields]] = Object.entries(request);
    const label = `${pattern.id}, action ${i + 1} (${operation})`;
    if (operation === 'Put' || operation === 'PutItem') {
      const item = fields.Item as AttributeMap;
      const key = Object.fromEntries(primaryKeyNames(design).map((name) => [name, item[name]]));
      expect(await readItem(client, tableName, key), label).toEqual(
        normalizeItems(design, [unmarshallItem(item)])[0],
      );
    }
    if (operation === 'Delete' || operation === 'DeleteItem')
      expect(await readItem(client, tableName, fields.Key as Record<string, unknown>), label).toBeUndefined();
    const action = (writeActions(pattern) ?? [])[i];
    if ((operation === 'Update' || operation === 'UpdateItem') && action) {
      const stored = await readItem(client, tableName, fields.Key as Record<string, unknown>);
      expect(stored, label).toBeDefined();
      const entity = findEntity(design, action.entity);
      // A key-only attribute is stored in the keys it builds only (checked below), never as itself.
      const keyOnly = new Set(entity.attributes.filter((a) => a.keyOnly).map((a) => a.name));
      for (const name of action.set ?? [])
        expect(stored?.[name], `${label}: ${name}`).toEqual(keyOnly.has(name) ? undefined : args[name]);
      for (const name of action.remove ?? [])
        expect(stored, `${label}: ${name} removed`).not.toHaveProperty(name);
      for (const update of indexKeyUpdates(design, entity, action.set ?? [], action.remove ?? [])) {
        const values = { ...(stored as Record<string, JsonValue>), ...args };
        const expected =
          update.action === 'set'
            ? renderKeyValue(update.template, values, keyTypes.get(update.key) ?? 'S')
            : undefined;
        expect(stored?.[update.key], `${label}: index key ${update.key}`).toEqual(expected);
      }
    }
  }
}

/** Every plan of a design's patterns, by pattern id. */
export function plansById(design: Design): Map<string, PatternPlan> {
  const plan = planCode(design);
  expect(plan.skipped, 'every pattern has a generated function').toEqual([]);
  return new Map(plan.patterns.map((p) => [p.pattern.id, p]));
}

/**
 * What the put helper of each entity with item copies must write: the first sample's values (as the
 * helper's arguments) and every item they are stored as (the entity's own item, then each copy).
 */
export function copiedSamples(design: Design) {
  return design.entities
    .filter((entity) => (entity.copies ?? []).length > 0 && (design.items[entity.name] ?? []).length > 0)
    .map((entity) => {
      const values = design.items[entity.name][0] as Record<string, JsonValue>;
      const stored = deriveStoredItems(design, entity, values);
      return { entity, values, stored };
    });
}

function keyOf(design: Design, item: PlainItem): Record<string, AttributeValue> {
  const key = Object.fromEntries(primaryKeyNames(design).map((name) => [name, item[name]]));
  return marshallItem(key as PlainItem, keyAttributeTypes(design)) as Record<string, AttributeValue>;
}

/** Deletes these items (by their keys), so that a put helper must write each again. */
export async function deleteItems(
  client: DynamoDBClient,
  design: Design,
  tableName: string,
  items: PlainItem[],
) {
  for (const item of items)
    await client.send(new DeleteItemCommand({ TableName: tableName, Key: keyOf(design, item) }));
}

/** Each item is in the table, exactly. */
export async function expectItems(
  client: DynamoDBClient,
  design: Design,
  tableName: string,
  items: PlainItem[],
  label: string,
) {
  for (const [i, item] of items.entries())
    expect(await readItem(client, tableName, keyOf(design, item)), `${label}: item ${i + 1}`).toEqual(
      normalizeItems(design, [item])[0],
    );
}
