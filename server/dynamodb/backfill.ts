// The backfill run directly (`keyplan migrate`): a parallel segmented Scan of the table, every item run
// through the new design (src/core/features/diff/transform.ts) and written as backfill-requests.ts says, safe against
// concurrent writers; rate-limited; resumable from a checkpoint file (per segment: where its Scan got to);
// idempotent (an item already in its new version is left alone; a new item is only Put where none is).
import { readFile } from 'node:fs/promises';
import {
  ConditionalCheckFailedException,
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  ScanCommand,
  TransactionCanceledException,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { type BackfillWrite, backfillWrites } from '../../src/core/features/diff/backfill-requests.ts';
import { itemTransformer } from '../../src/core/features/diff/transform.ts';
import { primaryKeyNames } from '../../src/core/model/indexes.ts';
import type { Design } from '../../src/core/model/schema.ts';
import { type AttributeMap, unmarshallItem } from '../../src/core/values/marshall.ts';
import { writeAtomically } from '../atomic-write.ts';

export interface BackfillCounts {
  scanned: number;
  /** Items moved to a new primary key (Put new + Delete old in one transaction). */
  moved: number;
  /** Items updated in place (index keys or other attributes). */
  updated: number;
  /** New copies created. */
  created: number;
  /** Items already as the new design has them (or that need nothing). */
  unchanged: number;
  /** Items no entity of the old design stores (left alone). */
  unknown: number;
  /** Writes retried because a concurrent writer changed the item after it was read. */
  conflicts: number;
}

export interface BackfillOptions {
  tableName: string;
  /** Parallel Scan segments (default 4). */
  segments?: number;
  /** Writes per second at most (default: as fast as DynamoDB takes them). */
  rate?: number;
  /** A file holding each segment's progress: a killed backfill started again resumes from it. */
  checkpoint?: string;
  /** Count what would be written; write nothing. */
  dryRun?: boolean;
  /** Items per Scan page, so per checkpoint of a segment (default 250). */
  pageSize?: number;
  /** Items written at once within a segment (default 16). */
  concurrency?: number;
  onProgress?: (counts: BackfillCounts) => void;
  /** Called with each item before its writes are sent (tests use it to write concurrently). */
  beforeWrite?: (item: AttributeMap) => Promise<void>;
}

interface SegmentState {
  done: boolean;
  lastKey?: AttributeMap;
}

interface Checkpoint {
  table: string;
  segments: SegmentState[];
  counts: BackfillCounts;
}

const emptyCounts = (): BackfillCounts => ({
  scanned: 0,
  moved: 0,
  updated: 0,
  created: 0,
  unchanged: 0,
  unknown: 0,
  conflicts: 0,
});

/** At most `rate` takes per second, shared by every segment. */
function rateLimiter(rate: number | undefined): () => Promise<void> {
  if (!rate) return async () => {};
  let next = performance.now();
  const interval = 1000 / rate;
  return async () => {
    const now = performance.now();
    const at = Math.max(next, now);
    next = at + interval;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
}

async function readCheckpoint(
  path: string,
  tableName: string,
  segments: number,
): Promise<Checkpoint | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const saved = JSON.parse(text) as Checkpoint;
  if (saved.table !== tableName || saved.segments.length !== segments)
    throw new Error(
      `${path}: a checkpoint of table ${saved.table} with ${saved.segments.length} segments; this backfill is of ${tableName} with ${segments}: start it with the same --segments, or delete the file`,
    );
  return saved;
}

/** Runs the backfill from the old design to the new on a table; returns what it did. */
export async function runBackfill(
  client: DynamoDBClient,
  oldDesign: Design,
  newDesign: Design,
  options: BackfillOptions,
): Promise<BackfillCounts> {
  const { tableName, dryRun } = options;
  const segments = options.segments ?? 4;
  const concurrency = options.concurrency ?? 16;
  const keyNames = primaryKeyNames(oldDesign);
  const { transform, isNew } = itemTransformer(oldDesign, newDesign);
  const take = rateLimiter(options.rate);
  const saved =
    options.checkpoint && !dryRun ? await readCheckpoint(options.checkpoint, tableName, segments) : undefined;
  const state: Checkpoint = saved ?? {
    table: tableName,
    segments: Array.from({ length: segments }, () => ({ done: false })),
    counts: emptyCounts(),
  };
  const counts = state.counts;
  let saving = Promise.resolve();
  const save = () => {
    if (!options.checkpoint || dryRun) return Promise.resolve();
    const path = options.checkpoint;
    const text = JSON.stringify(state);
    // One write at a time, each complete (a temporary file renamed over the checkpoint).
    saving = saving.then(() => writeAtomically(path, text, 0o666));
    return saving;
  };

  async function send(write: BackfillWrite): Promise<'done' | 'conflict' | 'exists'> {
    try {
      if (write.kind === 'move') await client.send(new TransactWriteItemsCommand(write.input as never));
      else if (write.kind === 'update') await client.send(new UpdateItemCommand(write.input as never));
      else await client.send(new PutItemCommand(write.input as never));
      return 'done';
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException)
        return write.kind === 'create' ? 'exists' : 'conflict';
      if (error instanceof TransactionCanceledException) {
        const [put, del] = error.CancellationReasons ?? [];
        // The old version changed (or is gone): read it again. Else the new key is taken by a newer write.
        if (del?.Code === 'ConditionalCheckFailed') return 'conflict';
        if (put?.Code === 'ConditionalCheckFailed') return 'exists';
      }
      throw error;
    }
  }

  async function migrateItem(stored: AttributeMap): Promise<void> {
    let current: AttributeMap | undefined = stored;
    for (let attempt = 0; current && attempt < 10; attempt++) {
      const item = unmarshallItem(current);
      const outcome = transform(item);
      if (!outcome) {
        if (isNew(item)) counts.unchanged++;
        else counts.unknown++;
        return;
      }
      const writes = backfillWrites(tableName, newDesign, outcome, current);
      if (writes.length === 0) {
        counts.unchanged++;
        return;
      }
      if (dryRun) {
        for (const w of writes)
          counts[w.kind === 'move' ? 'moved' : w.kind === 'update' ? 'updated' : 'created']++;
        return;
      }
      await options.beforeWrite?.(current);
      let conflict = false;
      for (const write of writes) {
        await take();
        const result = await send(write);
        if (result === 'conflict') {
          conflict = true;
          break;
        }
        if (result === 'exists' && write.kind === 'move') {
          // A newer writer already wrote the new item: only the old one is left to remove, if unchanged.
          const [, { Delete }] = write.input.TransactItems;
          try {
            await client.send(new DeleteItemCommand(Delete as never));
            counts.moved++;
          } catch (error) {
            if (!(error instanceof ConditionalCheckFailedException)) throw error;
            conflict = true;
            break;
          }
          continue;
        }
        if (result === 'done')
          counts[write.kind === 'move' ? 'moved' : write.kind === 'update' ? 'updated' : 'created']++;
      }
      if (!conflict) return;
      counts.conflicts++;
      const key: AttributeMap = {};
      for (const name of keyNames) key[name] = current[name];
      current = (
        await client.send(
          new GetItemCommand({ TableName: tableName, Key: key as never, ConsistentRead: true }),
        )
      ).Item as AttributeMap | undefined;
    }
  }

  async function runSegment(segment: number): Promise<void> {
    const s = state.segments[segment];
    while (!s.done) {
      const page = await client.send(
        new ScanCommand({
          TableName: tableName,
          Segment: segment,
          TotalSegments: segments,
          ExclusiveStartKey: s.lastKey as never,
          ConsistentRead: true,
          // Pages small enough that a checkpoint is written every few hundred items.
          Limit: options.pageSize ?? 250,
        }),
      );
      const items = (page.Items ?? []) as AttributeMap[];
      for (let i = 0; i < items.length; i += concurrency)
        await Promise.all(items.slice(i, i + concurrency).map(migrateItem));
      counts.scanned += items.length;
      if (page.LastEvaluatedKey) s.lastKey = page.LastEvaluatedKey as AttributeMap;
      else {
        s.done = true;
        delete s.lastKey;
      }
      await save();
      options.onProgress?.(counts);
    }
  }

  await Promise.all(state.segments.map((_, i) => runSegment(i)));
  await saving;
  return counts;
}
