// What one session's tables may hold and one apply or load may write: tables, items, a design's item bytes.
// Each refusal is a 403 or 413 naming the limit and its value (LIMITS).
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { designItemBytes } from '../../src/core/model/key-limits.ts';
import type { Design } from '../../src/core/model/schema.ts';
import { ApiFailure } from '../errors.ts';
import { LIMITS, type Limits } from '../limits.ts';
import { partiqlTarget } from '../partiql.ts';
import { sessionTables } from '../service.ts';

const n = (value: number) => value.toLocaleString('en-US');

/** Items per table of the session (DynamoDB Local counts them live). */
async function itemCounts(client: DynamoDBClient, tables: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const TableName of tables) {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName }));
      counts.set(TableName, Table?.ItemCount ?? 0);
    } catch (error) {
      // Deleted meanwhile: it holds nothing.
      if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    }
  }
  return counts;
}

const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${n(Math.round(bytes / 1024 / 1024))} MB` : `${n(Math.round(bytes / 1024))} KB`;

/** Refuses a design whose items would take more than the server derives for one apply or load. */
export function checkDesignBytes(design: Design, limits: Limits = LIMITS): void {
  const bytes = designItemBytes(design, limits.designItemBytes);
  if (bytes > limits.designItemBytes)
    throw new ApiFailure(
      413,
      'DesignTooLarge',
      `the design's items come to more than ${megabytes(limits.designItemBytes)} with their keys (by DynamoDB's item sizes), the most the server writes in one apply or load; use fewer or smaller items, or shorter key templates`,
    );
}

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/**
 * Refuses an apply or load of `items` items into `tableName` that would give the session an 11th table,
 * or take its tables past their items, or that comes when they already hold that many.
 */
export async function checkLoadQuota(
  client: DynamoDBClient,
  prefix: string,
  tableName: string,
  items: number,
  limits: Limits = LIMITS,
): Promise<void> {
  const tables = await sessionTables(client, prefix);
  if (!tables.includes(tableName) && tables.length >= limits.tablesPerSession)
    throw new ApiFailure(
      403,
      'TableQuotaExceeded',
      `this session has ${tables.length} tables, the most it may (${limits.tablesPerSession}); delete some with Reset first`,
    );
  if (items === 0) return;
  const counts = await itemCounts(client, tables);
  const held = sum(counts.values());
  const others = held - (counts.get(tableName) ?? 0);
  if (held >= limits.itemsPerSession || others + items > limits.itemsPerSession)
    throw new ApiFailure(
      403,
      'ItemQuotaExceeded',
      `this session's tables may hold ${n(limits.itemsPerSession)} items in all; they hold ${n(held)} and this design has ${n(items)}; delete tables with Reset, or load fewer items`,
    );
}

/** Refuses a write of a session whose tables already hold all the items they may. */
export async function checkWriteQuota(
  client: DynamoDBClient,
  prefix: string,
  limits: Limits = LIMITS,
): Promise<void> {
  const held = sum((await itemCounts(client, await sessionTables(client, prefix))).values());
  if (held >= limits.itemsPerSession)
    throw new ApiFailure(
      403,
      'ItemQuotaExceeded',
      `this session's tables hold ${n(held)} items, the most they may (${n(limits.itemsPerSession)}); delete some before writing more`,
    );
}

const WRITES = new Set(['PutItem', 'UpdateItem', 'BatchWriteItem', 'TransactWriteItems']);

/**
 * Whether a run may add items (what the items quota counts): a put, an update (it may create the item),
 * a batch or transaction of them, a PartiQL INSERT or UPDATE. A body that is neither (or malformed) is
 * left to the run's own checks.
 */
export function runMayAddItems(body: unknown, patternOperation?: string): boolean {
  if (patternOperation !== undefined) return WRITES.has(patternOperation);
  if (!body || typeof body !== 'object') return false;
  const { operation, input } = body as { operation?: unknown; input?: { Statement?: unknown } };
  if (typeof operation !== 'string') return false;
  if (operation !== 'ExecuteStatement') return WRITES.has(operation);
  if (typeof input?.Statement !== 'string') return false;
  try {
    const { form } = partiqlTarget(input.Statement);
    return form === 'INSERT' || form === 'UPDATE';
  } catch {
    return false;
  }
}
