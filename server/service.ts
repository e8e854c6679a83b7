// What the API does for one session's namespace: apply a design (table + items), run a pattern or a raw
// request, and reset. Pure orchestration over the core (requests) and server/dynamodb (I/O).
import { type DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { marshalledItems } from '../src/core/apply/applied.ts';
import { createTableInput } from '../src/core/apply/create-table.ts';
import { writableItems } from '../src/core/apply/writable.ts';
import { formatProblems } from '../src/core/checks/validate.ts';
import type { ApplyResponse, RunResponse } from '../src/core/contract/contract.ts';
import { MAX_PAGE_LIMIT } from '../src/core/contract/contract.ts';
import { primaryKeyNames } from '../src/core/model/indexes.ts';
import type { Arguments, Design } from '../src/core/model/schema.ts';
import { patternRequest } from '../src/core/requests/build.ts';
import { stringifyExactJson } from '../src/core/values/exact-json.ts';
import type { PlainItem } from '../src/core/values/item.ts';
import { absentTable, type DestructiveStep, type FoundTable, planApply } from './apply-plan.ts';
import {
  applyDesign,
  deleteTable,
  describeTable,
  KeySchemaChangedError,
  recreateReasons,
} from './dynamodb/apply.ts';
import { toSdk } from './dynamodb/binary.ts';
import { ALLOWED_OPERATIONS, type AllowedOperation, execute } from './dynamodb/execute.ts';
import {
  type AttributeMap,
  batchWrite,
  deleteKeys,
  keysNotIn,
  type LoadProgress,
  putRequests,
  scanKeys,
  uniqueByKey,
} from './dynamodb/load.ts';
import { ApiFailure } from './errors.ts';
import { namespacedTable, tablesNamedBy } from './namespace.ts';
import { checkRawInput } from './raw-input.ts';

/** The design's items in the SDK's form: the core's marshalledItems with binary (B, BS) as bytes. */
export function sdkItems(design: Design): AttributeMap[] {
  return toSdk(marshalledItems(design)) as AttributeMap[];
}

/**
 * The design's items as Apply writes them (in the SDK's form, binary as bytes), after checking every one
 * against what DynamoDB would refuse; an ApiFailure naming each refused item (its path in the design)
 * otherwise, before anything is changed.
 */
export function checkedItems(design: Design): AttributeMap[] {
  const { items, problems, problemCount } = writableItems(design);
  if (problemCount === 0) return toSdk(items) as AttributeMap[];
  const more = problemCount > 5 ? `\n(and ${problemCount - 5} more)` : '';
  throw new ApiFailure(
    400,
    'InvalidItems',
    `DynamoDB would refuse ${problemCount === 1 ? 'this item' : 'these items'}, so nothing was changed:\n${formatProblems(problems.slice(0, 5))}${more}`,
    problems,
  );
}

export interface ApplyOptions {
  /** Confirms a recreate (its items deleted) when the key schema or the LSIs changed. */
  recreate?: boolean;
  /** Deletes the table's items that are not in the design (by default they are kept). */
  replace?: boolean;
  /** Writes the design's items (default true). */
  loadItems?: boolean;
  onProgress?: (p: LoadProgress) => void;
  /**
   * The design's items already checked and made one per primary key (a large design's, by a worker thread:
   * design-check.ts); derived from the design otherwise.
   */
  items?: AttributeMap[];
  /** Told each destructive step before it is taken (the CLI prints it). */
  onStep?: (step: DestructiveStep) => void;
  /**
   * Called with the items it will write (none for the table alone) once every check has passed, before the
   * first change: the server reserves the bytes they may take (stored-bytes.ts), or refuses.
   */
  beforeWrite?: (items: AttributeMap[]) => Promise<void>;
}

/** What the table holds now, for planApply, and the keys of its items (what a replace compares). */
async function inspectTable(
  client: DynamoDBClient,
  tableName: string,
  design: Design,
  items: AttributeMap[] | undefined,
): Promise<{ found: FoundTable; keys: AttributeMap[] }> {
  const current = await describeTable(client, tableName);
  if (!current) return { found: absentTable(tableName), keys: [] };
  const reasons = recreateReasons(current, createTableInput(design, tableName));
  if (reasons.length === 0 && !items)
    return { found: { tableName, exists: true, recreateReasons: [], items: 0, notInDesign: 0 }, keys: [] };
  const keyNames = (current.KeySchema ?? []).map((k) => k.AttributeName!);
  const keys = await scanKeys(client, tableName, keyNames);
  const notInDesign = reasons.length === 0 && items ? keysNotIn(keys, items, keyNames).length : 0;
  return {
    found: { tableName, exists: true, recreateReasons: reasons, items: keys.length, notInDesign },
    keys,
  };
}

/**
 * Brings the session's table in line with the design and writes the design's items over it. Nothing is
 * changed when an item would be refused, or when the design needs a recreate not confirmed; items not in
 * the design are kept unless `replace` says to delete them (after the design's items are written).
 */
export async function applyForSession(
  client: DynamoDBClient,
  prefix: string,
  design: Design,
  options: ApplyOptions,
): Promise<ApplyResponse> {
  const started = performance.now();
  const tableName = namespacedTable(prefix, design.table.name);
  const loadItems = options.loadItems !== false;
  if (options.replace && !loadItems)
    throw new ApiFailure(
      400,
      'InvalidRequest',
      'replace deletes the items not in the design, so it needs the design written: it cannot go with loadItems: false',
    );
  const keyNames = primaryKeyNames(design);
  const items = loadItems ? (options.items ?? uniqueByKey(checkedItems(design), keyNames)) : undefined;
  const { found, keys } = await inspectTable(client, tableName, design, items);
  const plan = planApply(found, { recreate: options.recreate, replace: options.replace });
  if (plan.refused?.kind === 'recreate')
    throw new KeySchemaChangedError(tableName, plan.refused.reasons, plan.refused.items);
  await options.beforeWrite?.(items ?? []);
  const recreating = plan.steps.find((step) => step.kind === 'recreate');
  if (recreating) options.onStep?.(recreating);
  const applied = await applyDesign(client, design, { tableName, recreate: Boolean(recreating) });
  let written = 0;
  let deleted = 0;
  if (items) {
    written = await batchWrite(client, tableName, putRequests(items), { onProgress: options.onProgress });
    const deleting = plan.steps.find((step) => step.kind === 'delete-items');
    if (deleting) {
      options.onStep?.(deleting);
      deleted = await deleteKeys(client, tableName, keysNotIn(keys, items, keyNames));
    }
  }
  return {
    tableName,
    action: applied.action,
    changes: applied.changes,
    items: { written, deleted, total: items?.length ?? 0, notInDesign: plan.notInDesign },
    ms: Math.round(performance.now() - started),
  };
}

/**
 * Writes the design's items to the session's table, leaving the table as it is; with `replace`, then deletes
 * the items not in the design. Nothing is written when an item would be refused.
 */
export async function loadForSession(
  client: DynamoDBClient,
  prefix: string,
  design: Design,
  options: Pick<ApplyOptions, 'replace' | 'onProgress' | 'beforeWrite' | 'items'> = {},
): Promise<ApplyResponse['items']> {
  const keyNames = primaryKeyNames(design);
  const items = options.items ?? uniqueByKey(checkedItems(design), keyNames);
  const tableName = namespacedTable(prefix, design.table.name);
  const stale = keysNotIn(await scanKeys(client, tableName, keyNames), items, keyNames);
  await options.beforeWrite?.(items);
  const written = await batchWrite(client, tableName, putRequests(items), { onProgress: options.onProgress });
  const deleted = options.replace ? await deleteKeys(client, tableName, stale) : 0;
  return { written, deleted, total: items.length, notInDesign: stale.length - deleted };
}

export interface PatternRun {
  patternId: string;
  args?: Record<string, unknown>;
  limit?: number;
  exclusiveStartKey?: Record<string, unknown>;
}

/** The request a run of one of the design's patterns sends, in the session's namespace `prefix`. */
export function buildPatternRequest(
  prefix: string,
  design: Design,
  run: PatternRun,
): { operation: string; input: Record<string, unknown> } {
  const pattern = design.accessPatterns.find((p) => p.id === run.patternId);
  if (!pattern)
    throw new ApiFailure(404, 'PatternNotFound', `the design has no access pattern "${run.patternId}"`);
  const request = patternRequest(design, pattern, (run.args ?? {}) as Arguments, {
    tableName: namespacedTable(prefix, design.table.name),
    limit: run.limit,
    exclusiveStartKey: run.exclusiveStartKey as PlainItem | undefined,
  });
  return { operation: request.operation, input: request.input as unknown as Record<string, unknown> };
}

export async function runPatternForSession(
  client: DynamoDBClient,
  prefix: string,
  design: Design,
  run: PatternRun,
  /** As runRawForSession's, with the request the pattern became. */
  beforeSend?: BeforeSend,
): Promise<RunResponse> {
  return runBuiltRequest(client, buildPatternRequest(prefix, design, run), beforeSend);
}

/** Sends a pattern's request (buildPatternRequest) and answers as a run does. */
export async function runBuiltRequest(
  client: DynamoDBClient,
  request: { operation: string; input: Record<string, unknown> },
  /** As runRawForSession's, with the request the pattern became. */
  beforeSend?: BeforeSend,
): Promise<RunResponse> {
  const result = await sendChecked(client, request.operation as AllowedOperation, request.input, beforeSend);
  return { ...result, request };
}

export async function runRawForSession(
  client: DynamoDBClient,
  prefix: string,
  operation: string,
  input: Record<string, unknown>,
  beforeSend?: BeforeSend,
): Promise<RunResponse> {
  if (!(ALLOWED_OPERATIONS as readonly string[]).includes(operation)) {
    throw new ApiFailure(
      400,
      'UnknownOperation',
      `"${operation}" is not an operation Keyplan runs; allowed: ${ALLOWED_OPERATIONS.join(', ')}`,
    );
  }
  checkRawInput(operation as AllowedOperation, input);
  const tables = tablesNamedBy(operation, input);
  if (tables.length === 0) throw new ApiFailure(400, 'InvalidRequest', `${operation} names no table`);
  const outside = tables.filter((t) => !t.startsWith(prefix));
  if (outside.length > 0) {
    throw new ApiFailure(
      403,
      'OutsideNamespace',
      `table ${outside.map((t) => `"${t}"`).join(', ')} is outside this session's namespace "${prefix}"`,
    );
  }
  const paged = cappedLimit(operation, input);
  const result = await sendChecked(client, operation as AllowedOperation, paged, beforeSend);
  return { ...result, request: { operation, input: paged } };
}

/**
 * Runs once a request has passed every check, just before it is sent (a quota that costs a DynamoDB call);
 * what it returns runs once the request is done, whether it succeeded or not (the quota measures again).
 */
export type BeforeSend = (
  operation: AllowedOperation,
  input: Record<string, unknown>,
) => Promise<(() => Promise<void>) | undefined>;

async function sendChecked(
  client: DynamoDBClient,
  operation: AllowedOperation,
  input: Record<string, unknown>,
  beforeSend?: BeforeSend,
) {
  const after = await beforeSend?.(operation, input);
  try {
    return await execute(client, operation, input);
  } finally {
    await after?.();
  }
}

const PAGED = new Set(['Query', 'Scan', 'ExecuteStatement']);

/**
 * A raw request's Limit, checked and capped like a pattern's page: a positive integer, at most
 * MAX_PAGE_LIMIT, and MAX_PAGE_LIMIT when a paged read (PartiQL included) gives none.
 */
function cappedLimit(operation: string, input: Record<string, unknown>): Record<string, unknown> {
  const limit = input.Limit;
  if (limit !== undefined && !(typeof limit === 'number' && Number.isInteger(limit) && limit >= 1)) {
    throw new ApiFailure(
      400,
      'InvalidLimit',
      `input.Limit must be a positive integer (at most ${MAX_PAGE_LIMIT}); got ${stringifyExactJson(limit)}`,
    );
  }
  if (typeof limit === 'number') return limit > MAX_PAGE_LIMIT ? { ...input, Limit: MAX_PAGE_LIMIT } : input;
  return PAGED.has(operation) ? { ...input, Limit: MAX_PAGE_LIMIT } : input;
}

/** The tables of the session's namespace, in DynamoDB's order. */
export async function sessionTables(client: DynamoDBClient, prefix: string): Promise<string[]> {
  const names: string[] = [];
  let ExclusiveStartTableName: string | undefined;
  do {
    const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName }));
    names.push(...(page.TableNames ?? []).filter((name) => name.startsWith(prefix)));
    ExclusiveStartTableName = page.LastEvaluatedTableName;
  } while (ExclusiveStartTableName);
  return names;
}

/** Deletes every table of the session's namespace. */
export async function resetSession(client: DynamoDBClient, prefix: string): Promise<string[]> {
  const names = await sessionTables(client, prefix);
  for (const name of names) await deleteTable(client, name);
  return names;
}
