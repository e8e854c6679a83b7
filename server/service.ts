// What the API does for one session's namespace: apply a design (table + items), run a pattern or a raw
// request, and reset. Pure orchestration over the core (requests) and server/dynamodb (I/O).
import { type DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import type { ApplyResponse, RunResponse } from '../src/core/api/contract.ts';
import { MAX_PAGE_LIMIT } from '../src/core/api/contract.ts';
import { marshalledItems } from '../src/core/items/applied.ts';
import { primaryKeyNames } from '../src/core/model/indexes.ts';
import type { PlainItem } from '../src/core/model/item.ts';
import type { Arguments, Design } from '../src/core/model/schema.ts';
import { buildRequest } from '../src/core/requests/build.ts';
import { coerceArguments } from '../src/core/requests/resolve.ts';
import { applyDesign, deleteTable } from './dynamodb/apply.ts';
import { ALLOWED_OPERATIONS, type AllowedOperation, execute } from './dynamodb/execute.ts';
import { type AttributeMap, type LoadProgress, replaceItems } from './dynamodb/load.ts';
import { ApiFailure } from './errors.ts';
import { namespacedTable, tablesNamedBy } from './namespace.ts';
import { checkRawInput } from './raw-input.ts';

/** The design's items in DynamoDB's form (the core's marshalledItems, typed for the SDK). */
export function sdkItems(design: Design): AttributeMap[] {
  return marshalledItems(design) as AttributeMap[];
}

export async function applyForSession(
  client: DynamoDBClient,
  prefix: string,
  design: Design,
  options: { recreate?: boolean; loadItems?: boolean; onProgress?: (p: LoadProgress) => void },
): Promise<ApplyResponse> {
  const started = performance.now();
  const tableName = namespacedTable(prefix, design.table.name);
  const applied = await applyDesign(client, design, { tableName, recreate: options.recreate });
  const items = options.loadItems === false ? [] : sdkItems(design);
  const loaded =
    options.loadItems === false
      ? { written: 0, deleted: 0 }
      : await replaceItems(client, tableName, primaryKeyNames(design), items, {
          onProgress: options.onProgress,
        });
  return {
    tableName,
    action: applied.action,
    changes: applied.changes,
    items: { ...loaded, total: items.length },
    ms: Math.round(performance.now() - started),
  };
}

/** Replaces the items of the session's table with the design's, leaving the table as it is. */
export async function loadForSession(
  client: DynamoDBClient,
  prefix: string,
  design: Design,
  onProgress?: (p: LoadProgress) => void,
): Promise<ApplyResponse['items']> {
  const items = sdkItems(design);
  const tableName = namespacedTable(prefix, design.table.name);
  const loaded = await replaceItems(client, tableName, primaryKeyNames(design), items, { onProgress });
  return { ...loaded, total: items.length };
}

export async function runPatternForSession(
  client: DynamoDBClient,
  prefix: string,
  design: Design,
  run: {
    patternId: string;
    args?: Record<string, unknown>;
    limit?: number;
    exclusiveStartKey?: Record<string, unknown>;
  },
): Promise<RunResponse> {
  const pattern = design.accessPatterns.find((p) => p.id === run.patternId);
  if (!pattern)
    throw new ApiFailure(404, 'PatternNotFound', `the design has no access pattern "${run.patternId}"`);
  const args = coerceArguments(design, { ...(pattern.example ?? {}), ...((run.args ?? {}) as Arguments) });
  const request = buildRequest(design, pattern, args, {
    tableName: namespacedTable(prefix, design.table.name),
    limit: run.limit,
    exclusiveStartKey: run.exclusiveStartKey as PlainItem | undefined,
  });
  const result = await execute(
    client,
    request.operation as AllowedOperation,
    request.input as unknown as Record<string, unknown>,
  );
  return {
    ...result,
    request: { operation: request.operation, input: request.input as unknown as Record<string, unknown> },
  };
}

export async function runRawForSession(
  client: DynamoDBClient,
  prefix: string,
  operation: string,
  input: Record<string, unknown>,
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
  const result = await execute(client, operation as AllowedOperation, paged);
  return { ...result, request: { operation, input: paged } };
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
      `input.Limit must be a positive integer (at most ${MAX_PAGE_LIMIT}); got ${JSON.stringify(limit)}`,
    );
  }
  if (typeof limit === 'number') return limit > MAX_PAGE_LIMIT ? { ...input, Limit: MAX_PAGE_LIMIT } : input;
  return PAGED.has(operation) ? { ...input, Limit: MAX_PAGE_LIMIT } : input;
}

/** Deletes every table of the session's namespace. */
export async function resetSession(client: DynamoDBClient, prefix: string): Promise<string[]> {
  const names: string[] = [];
  let ExclusiveStartTableName: string | undefined;
  do {
    const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName }));
    names.push(...(page.TableNames ?? []).filter((name) => name.startsWith(prefix)));
    ExclusiveStartTableName = page.LastEvaluatedTableName;
  } while (ExclusiveStartTableName);
  for (const name of names) await deleteTable(client, name);
  return names;
}
