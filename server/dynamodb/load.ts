// Writes items with BatchWriteItem: chunks of 25 (DynamoDB's maximum), several chunks in flight, and
// UnprocessedItems retried with exponential backoff, reporting progress as items are confirmed written.
import {
  type AttributeValue,
  BatchWriteItemCommand,
  type DynamoDBClient,
  ScanCommand,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';

export type AttributeMap = Record<string, AttributeValue>;

export interface LoadProgress {
  written: number;
  total: number;
}

export interface LoadOptions {
  /** Chunks in flight at once. */
  concurrency?: number;
  onProgress?: (progress: LoadProgress) => void;
  /** Gives up on a chunk after this many retries of its unprocessed items. */
  maxRetries?: number;
}

const CHUNK = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function writeChunk(
  client: DynamoDBClient,
  tableName: string,
  requests: WriteRequest[],
  maxRetries: number,
  onWritten: (n: number) => void,
) {
  let pending = requests;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > maxRetries)
      throw new Error(`${pending.length} items stayed unprocessed after ${maxRetries} retries`);
    if (attempt > 0) await sleep(Math.min(50 * 2 ** attempt, 2000) * (0.5 + Math.random() / 2));
    const { UnprocessedItems } = await client.send(
      new BatchWriteItemCommand({ RequestItems: { [tableName]: pending } }),
    );
    const left = UnprocessedItems?.[tableName] ?? [];
    onWritten(pending.length - left.length);
    pending = left;
  }
}

/** Runs BatchWriteItem over all requests; resolves with the number written. */
export async function batchWrite(
  client: DynamoDBClient,
  tableName: string,
  requests: WriteRequest[],
  options: LoadOptions = {},
): Promise<number> {
  const { concurrency = 8, maxRetries = 10, onProgress } = options;
  const total = requests.length;
  let written = 0;
  onProgress?.({ written, total });
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += CHUNK) chunks.push(requests.slice(i, i + CHUNK));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++];
      await writeChunk(client, tableName, chunk, maxRetries, (n) => {
        written += n;
        onProgress?.({ written, total });
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
  return written;
}

export function putRequests(items: AttributeMap[]): WriteRequest[] {
  return items.map((Item) => ({ PutRequest: { Item } }));
}

/** The primary keys of every item in the table. */
export async function scanKeys(
  client: DynamoDBClient,
  tableName: string,
  keyNames: string[],
): Promise<AttributeMap[]> {
  const names = Object.fromEntries(keyNames.map((name, i) => [`#k${i}`, name]));
  const keys: AttributeMap[] = [];
  let ExclusiveStartKey: AttributeMap | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        ProjectionExpression: Object.keys(names).join(', '),
        ExpressionAttributeNames: names,
        ExclusiveStartKey,
      }),
    );
    keys.push(...((page.Items ?? []) as AttributeMap[]));
    ExclusiveStartKey = page.LastEvaluatedKey as AttributeMap | undefined;
  } while (ExclusiveStartKey);
  return keys;
}

const keyId = (item: AttributeMap, keyNames: string[]) => JSON.stringify(keyNames.map((name) => item[name]));

/**
 * Makes the table hold exactly these items: deletes the ones whose key is not among them, then writes them all.
 * Progress counts the writes of the new items.
 */
export async function replaceItems(
  client: DynamoDBClient,
  tableName: string,
  keyNames: string[],
  items: AttributeMap[],
  options: LoadOptions = {},
): Promise<{ written: number; deleted: number }> {
  // BatchWriteItem rejects two writes of one key in a chunk; the last item with a key wins, as PutItem would.
  const unique = [...new Map(items.map((item) => [keyId(item, keyNames), item])).values()];
  const wanted = new Set(unique.map((item) => keyId(item, keyNames)));
  const stale = (await scanKeys(client, tableName, keyNames)).filter(
    (key) => !wanted.has(keyId(key, keyNames)),
  );
  const deleted = await batchWrite(
    client,
    tableName,
    stale.map((Key) => ({ DeleteRequest: { Key } })),
    { ...options, onProgress: undefined },
  );
  const written = await batchWrite(client, tableName, putRequests(unique), options);
  return { written, deleted };
}
