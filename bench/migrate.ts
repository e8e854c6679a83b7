// The backfill of `keyplan migrate` against direct parallel writers on the same DynamoDB Local. Each moves
// the 3,334 orders of a 10,002-item online store to a new sort key. The backfill: a parallel segmented Scan
// (4 segments), each item through the transformer, one conditional TransactWriteItems per item (Put if
// absent + Delete if unchanged), 16 at a time per segment, a checkpoint per page. The direct transactional
// writer (the target: backfill ≥ 0.8x its items/s): the same writes, unconditional, precomputed before the
// clock starts, 64 in flight, no Scan: what the writes alone cost. The direct batch writer, for context: a
// segmented Scan and unconditional BatchWriteItem (Put new + Delete old, 25 per batch, 4 batches in flight
// per segment), as a script that ignores concurrent writers would do it. Items/s: items moved per second of
// wall time. Fresh tables each round, the contenders alternating.
import {
  BatchWriteItemCommand,
  type BatchWriteItemCommandOutput,
  type DynamoDBClient,
  ScanCommand,
  TransactWriteItemsCommand,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { runBackfill } from '../server/dynamodb/backfill.ts';
import { createDynamoClient } from '../server/dynamodb/client.ts';
import { DynamoDBLocal } from '../server/dynamodb/local.ts';
import { namespacedTable } from '../server/namespace.ts';
import { applyForSession } from '../server/service.ts';
import { validateDesign } from '../src/core/checks/validate.ts';
import { itemTransformer } from '../src/core/features/diff/transform.ts';
import { onlineStore } from '../src/core/features/examples/online-store.ts';
import { deriveItems } from '../src/core/items/derive.ts';
import { seedDesign } from '../src/core/items/generate/generate.ts';
import type { Design } from '../src/core/model/schema.ts';
import { findEntity } from '../src/core/requests/pattern-arguments.ts';
import { declaredTypes } from '../src/core/requests/typed-arguments.ts';
import { type AttributeMap, marshallItem, unmarshallItem } from '../src/core/values/marshall.ts';
import { printTable, quantiles } from './measure.ts';

const ROUNDS = 3;
const SEGMENTS = 4;

function designs(): { old: Design; next: Design } {
  const result = validateDesign(onlineStore);
  if (!result.ok) throw new Error('invalid example');
  const old = seedDesign(result.design, { count: 3334, seed: 20, refDate: '2026-06-01' });
  const next = {
    ...old,
    entities: old.entities.map((e) =>
      e.name === 'Order' ? { ...e, keys: { ...e.keys, SK: 'ORDER#{orderId}' } } : e,
    ),
  };
  return { old, next };
}

/** Scan every segment in parallel; per page, the moved items as Put new + Delete old, in batches of 25. */
async function directWriter(
  client: DynamoDBClient,
  table: string,
  old: Design,
  next: Design,
): Promise<number> {
  const { transform } = itemTransformer(old, next);
  let moved = 0;
  const segment = async (i: number) => {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new ScanCommand({
          TableName: table,
          Segment: i,
          TotalSegments: SEGMENTS,
          ExclusiveStartKey: start as never,
        }),
      );
      const requests: WriteRequest[] = [];
      for (const stored of (page.Items ?? []) as AttributeMap[]) {
        const outcome = transform(unmarshallItem(stored));
        if (outcome?.action !== 'rewrite') continue;
        const types = declaredTypes(next, findEntity(next, outcome.entity));
        requests.push(
          { PutRequest: { Item: marshallItem(outcome.after!, types) as never } },
          { DeleteRequest: { Key: { PK: stored.PK, SK: stored.SK } as never } },
        );
        moved++;
      }
      const batches: WriteRequest[][] = [];
      for (let k = 0; k < requests.length; k += 25) batches.push(requests.slice(k, k + 25));
      for (let k = 0; k < batches.length; k += 4)
        await Promise.all(
          batches.slice(k, k + 4).map(async (batch) => {
            let pending: WriteRequest[] | undefined = batch;
            while (pending?.length) {
              const result: BatchWriteItemCommandOutput = await client.send(
                new BatchWriteItemCommand({ RequestItems: { [table]: pending } }),
              );
              pending = result.UnprocessedItems?.[table];
            }
          }),
        );
      start = page.LastEvaluatedKey;
    } while (start);
  };
  await Promise.all(Array.from({ length: SEGMENTS }, (_, i) => segment(i)));
  return moved;
}

/** The same moves as the backfill, as unconditional transactions computed beforehand, 64 in flight. */
async function directTransactions(client: DynamoDBClient, table: string, old: Design, next: Design) {
  const { transform } = itemTransformer(old, next);
  const types = declaredTypes(next, findEntity(next, 'Order'));
  const moves = deriveItems(old).flatMap((d) => {
    const outcome = transform(d.item, { entity: d.entity, copy: d.copy });
    if (outcome?.action !== 'rewrite') return [];
    const key = marshallItem({ PK: d.item.PK, SK: d.item.SK });
    return [
      new TransactWriteItemsCommand({
        TransactItems: [
          { Put: { TableName: table, Item: marshallItem(outcome.after!, types) as never } },
          { Delete: { TableName: table, Key: key as never } },
        ],
      }),
    ];
  });
  const started = performance.now();
  let next_ = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next_ < moves.length) await client.send(moves[next_++]);
    }),
  );
  return moves.length / ((performance.now() - started) / 1000);
}

export async function runMigrateBench(): Promise<void> {
  const local = new DynamoDBLocal();
  await local.start();
  const client = createDynamoClient(local.endpoint, { callTimeoutMs: 60_000 });
  const { old, next } = designs();
  let tables = 0;
  const fresh = async () => {
    const prefix = `bench-migrate-${tables++}-`;
    await applyForSession(client, prefix, old, {});
    return namespacedTable(prefix, old.table.name);
  };
  const rates = { backfill: [] as number[], transactions: [] as number[], direct: [] as number[] };
  try {
    // Warm-up: the JVM, the SDK and the transformer, on a table of its own.
    await directWriter(client, await fresh(), old, next);
    for (let round = 0; round < ROUNDS; round++) {
      const a = await fresh();
      const b = await fresh();
      const c = await fresh();
      let started = performance.now();
      const counts = await runBackfill(client, old, next, { tableName: a, segments: SEGMENTS });
      rates.backfill.push(counts.moved / ((performance.now() - started) / 1000));
      rates.transactions.push(await directTransactions(client, c, old, next));
      started = performance.now();
      const moved = await directWriter(client, b, old, next);
      rates.direct.push(moved / ((performance.now() - started) / 1000));
    }
  } finally {
    client.destroy();
    await local.stop();
  }
  const median = (xs: number[]) => quantiles(xs).median;
  const backfill = median(rates.backfill);
  const transactions = median(rates.transactions);
  const direct = median(rates.direct);
  const row = (label: string, rate: number, target = '') => [
    label,
    Math.round(rate).toLocaleString('en-US'),
    `${(rate / transactions).toFixed(2)}x`,
    target,
  ];
  printTable([
    ['10,002 items, 3,334 move (median of 3)', 'items/s', 'vs direct transactions', 'target'],
    row('keyplan migrate backfill (Scan + conditional TransactWriteItems)', backfill, '≥ 0.8x'),
    row('direct parallel writer (the same transactions, unconditional)', transactions),
    row('direct parallel writer (Scan + unconditional BatchWriteItem)', direct),
  ]);
}
