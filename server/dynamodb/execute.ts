// Sends one allowlisted DynamoDB operation with ReturnConsumedCapacity=INDEXES and answers with what came
// back, what it cost and how long it took. DynamoDB's own errors come back structured, never thrown raw.
import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  DeleteItemCommand,
  type DynamoDBClient,
  DynamoDBServiceException,
  ExecuteStatementCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  TransactGetItemsCommand,
  TransactionCanceledException,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import type { ConsumedCapacityEntry } from '../../src/core/contract/contract.ts';
import type { PlainItem } from '../../src/core/values/item.ts';
import { unmarshallItem } from '../../src/core/values/marshall.ts';
import { fromSdk, toSdk } from './binary.ts';

export const ALLOWED_OPERATIONS = [
  'GetItem',
  'Query',
  'Scan',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchGetItem',
  'BatchWriteItem',
  'TransactGetItems',
  'TransactWriteItems',
  'ExecuteStatement',
] as const;
export type AllowedOperation = (typeof ALLOWED_OPERATIONS)[number];

// biome-ignore lint/suspicious/noExplicitAny: each command class takes its own input type; inputs are validated upstream
const COMMANDS: Record<AllowedOperation, new (input: any) => any> = {
  GetItem: GetItemCommand,
  Query: QueryCommand,
  Scan: ScanCommand,
  PutItem: PutItemCommand,
  UpdateItem: UpdateItemCommand,
  DeleteItem: DeleteItemCommand,
  BatchGetItem: BatchGetItemCommand,
  BatchWriteItem: BatchWriteItemCommand,
  TransactGetItems: TransactGetItemsCommand,
  TransactWriteItems: TransactWriteItemsCommand,
  ExecuteStatement: ExecuteStatementCommand,
};

export interface ExecuteResult {
  operation: AllowedOperation;
  items: PlainItem[];
  count: number;
  scannedCount: number;
  lastEvaluatedKey?: PlainItem;
  consumedCapacity: { total: number; entries: ConsumedCapacityEntry[] };
  latencyMs: number;
  /** The raw response, without $metadata, for the Response JSON view. */
  response: Record<string, unknown>;
}

export interface DynamoErrorBody {
  code: string;
  message: string;
  /** TransactionCanceled: one reason per action, in order (`None` where the action was fine). */
  cancellationReasons?: { code: string; message?: string }[];
}

/** A DynamoDB answer that is the caller's to fix (condition failed, validation…): an HTTP 400, not a 500. */
export class DynamoRequestError extends Error {
  constructor(readonly body: DynamoErrorBody) {
    super(`${body.code}: ${body.message}`);
  }
}

type RawCapacity = {
  TableName?: string;
  CapacityUnits?: number;
  Table?: { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<
    string,
    { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number }
  >;
  LocalSecondaryIndexes?: Record<
    string,
    { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number }
  >;
};

function capacityEntries(raw: RawCapacity[]): ExecuteResult['consumedCapacity'] {
  const entries: ConsumedCapacityEntry[] = [];
  let total = 0;
  for (const c of raw) {
    const table = c.TableName ?? '';
    total += c.CapacityUnits ?? 0;
    const push = (
      target: string,
      u: { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number },
    ) =>
      entries.push({
        target,
        table,
        capacityUnits: u.CapacityUnits ?? 0,
        readCapacityUnits: u.ReadCapacityUnits,
        writeCapacityUnits: u.WriteCapacityUnits,
      });
    if (c.Table) push('table', c.Table);
    for (const [name, u] of Object.entries(c.GlobalSecondaryIndexes ?? {})) push(name, u);
    for (const [name, u] of Object.entries(c.LocalSecondaryIndexes ?? {})) push(name, u);
    if (!c.Table && !c.GlobalSecondaryIndexes && !c.LocalSecondaryIndexes)
      push('table', { CapacityUnits: c.CapacityUnits });
  }
  return { total, entries };
}

function itemsOf(operation: AllowedOperation, response: Record<string, unknown>): PlainItem[] {
  const toPlain = (item: unknown) => unmarshallItem(item as Parameters<typeof unmarshallItem>[0]);
  switch (operation) {
    case 'GetItem':
      return response.Item ? [toPlain(response.Item)] : [];
    case 'Query':
    case 'Scan':
    case 'ExecuteStatement':
      return ((response.Items as unknown[]) ?? []).map(toPlain);
    case 'BatchGetItem':
      return Object.values((response.Responses as Record<string, unknown[]>) ?? {}).flatMap((items) =>
        items.map(toPlain),
      );
    case 'TransactGetItems':
      return ((response.Responses as { Item?: unknown }[]) ?? [])
        .filter((r) => r.Item)
        .map((r) => toPlain(r.Item));
    default:
      return response.Attributes ? [toPlain(response.Attributes)] : [];
  }
}

export function toErrorBody(error: unknown): DynamoErrorBody | undefined {
  if (error instanceof TransactionCanceledException) {
    return {
      code: 'TransactionCanceledException',
      message: error.message,
      cancellationReasons: (error.CancellationReasons ?? []).map((r) => ({
        code: r.Code ?? 'None',
        message: r.Message,
      })),
    };
  }
  if (error instanceof DynamoDBServiceException && error.$fault === 'client') {
    return { code: error.name, message: error.message };
  }
  return undefined;
}

/**
 * DynamoDB Local fails inside (InternalFailure, an HTTP 500) on some NextTokens it did not issue, where AWS
 * answers ValidationException: a token that is not the previous page's is the caller's to fix.
 */
function unreadableToken(error: unknown, input: Record<string, unknown>): DynamoErrorBody | undefined {
  if (input.NextToken === undefined || !(error instanceof DynamoDBServiceException)) return undefined;
  if (error.name !== 'InternalFailure') return undefined;
  return {
    code: 'InvalidNextToken',
    message: 'DynamoDB could not read this NextToken: pass the NextToken of the previous page as it came',
  };
}

/**
 * Runs one operation; DynamoDB's client-side errors become DynamoRequestError, anything else is rethrown.
 * `input` holds binary as base64 (DynamoDB's JSON), which is sent as its bytes; the answer holds it as
 * base64 again (items, LastEvaluatedKey, the raw response), so it can go back as an ExclusiveStartKey.
 */
export async function execute(
  client: DynamoDBClient,
  operation: AllowedOperation,
  input: Record<string, unknown>,
): Promise<ExecuteResult> {
  const Command = COMMANDS[operation];
  const started = performance.now();
  let response: Record<string, unknown>;
  try {
    response = (await client.send(
      new Command({ ...toSdk(input), ReturnConsumedCapacity: 'INDEXES' }),
    )) as unknown as Record<string, unknown>;
  } catch (error) {
    const body = toErrorBody(error) ?? unreadableToken(error, input);
    if (body) throw new DynamoRequestError(body);
    throw error;
  }
  const latencyMs = performance.now() - started;
  const { $metadata: _, ...answer } = response;
  const rest = fromSdk(answer);
  const items = itemsOf(operation, rest);
  const rawCapacity = rest.ConsumedCapacity;
  const capacity = Array.isArray(rawCapacity) ? rawCapacity : rawCapacity ? [rawCapacity] : [];
  const lastKey = rest.LastEvaluatedKey;
  return {
    operation,
    items,
    count: typeof rest.Count === 'number' ? rest.Count : items.length,
    scannedCount: typeof rest.ScannedCount === 'number' ? rest.ScannedCount : items.length,
    lastEvaluatedKey: lastKey ? unmarshallItem(lastKey as Parameters<typeof unmarshallItem>[0]) : undefined,
    consumedCapacity: capacityEntries(capacity as RawCapacity[]),
    latencyMs: Math.round(latencyMs * 100) / 100,
    response: rest,
  };
}
