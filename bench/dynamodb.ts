// Against one real DynamoDB Local, in one run: loading 10,000 and 100,000 items (the most a design holds)
// through Keyplan's apply path — in process, and through the app's HTTP API with its progress stream — vs a
// direct parallel BatchWriteItem client vs the seed's sequential put_item loop (targets: apply ≥ 0.9x the
// direct client at each size, ≥ 10x the loop), and the latency a request gains by going through Keyplan's
// proxy (target ≤ 1 ms median).

import http from 'node:http';
import {
  BatchWriteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { buildApp } from '../server/app.ts';
import { createDynamoClient } from '../server/dynamodb/client.ts';
import { DynamoDBLocal } from '../server/dynamodb/local.ts';
import { namespacedTable } from '../server/namespace.ts';
import { applyForSession, loadForSession, resetSession, sdkItems } from '../server/service.ts';
import { keepAliveAgent } from '../server/test-support/keep-alive-agent.ts';
import type { HealthResponse } from '../src/core/contract/contract.ts';
import { deriveItems } from '../src/core/items/derive.ts';
import { MAX_DESIGN_ITEMS } from '../src/core/model/design-limits.ts';
import type { Design } from '../src/core/model/schema.ts';
import { stringifyExactJson } from '../src/core/values/exact-json.ts';
import { benchDesign } from './core.ts';
import { formatMs, printTable, quantiles } from './measure.ts';

/** Sizes loaded, each in its own rounds; the largest is a design at the items limit. */
const SIZES = [10_000, MAX_DESIGN_ITEMS];
/** The sequential loop is slow: it is timed on a slice and reported as a rate. */
const LOOP_ITEMS = 1_000;
const LATENCY_REQUESTS = 400;
const ROUNDS = 3;

async function time<T>(fn: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** What a user would write without Keyplan: 25-item chunks, 8 in flight, the SDK client as is. */
async function directBatchWrite(
  client: DynamoDBClient,
  tableName: string,
  requests: WriteRequest[],
): Promise<void> {
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += 25) chunks.push(requests.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      let pending = chunks[next++];
      while (pending.length > 0) {
        const { UnprocessedItems } = await client.send(
          new BatchWriteItemCommand({ RequestItems: { [tableName]: pending } }),
        );
        pending = UnprocessedItems?.[tableName] ?? [];
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** The app's server on loopback, its sessions in the same DynamoDB Local, with the server's own limits. */
async function listeningApp(endpoint: string) {
  const client = createDynamoClient(endpoint);
  const app = buildApp({
    dynamo: { mode: 'external', status: async () => 'up', withClient: (work) => work(client) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    base,
    async close() {
      await app.close();
      client.destroy();
    },
  };
}

/** A new session of the app: its cookie and table prefix. */
async function appSession(base: string) {
  const health = await fetch(`${base}/api/health`);
  const cookie = health.headers.get('set-cookie')!.split(';')[0];
  return { cookie, prefix: ((await health.json()) as HealthResponse).namespace };
}

/**
 * Apply as the app sends it (src/api/client.ts): the design as exact JSON, the answer as a progress stream;
 * resolves with the progress lines read. Throws on an error line or a short answer.
 */
async function applyThroughApp(base: string, cookie: string, design: Design): Promise<number> {
  const response = await fetch(`${base}/api/apply`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/x-ndjson', cookie },
    body: stringifyExactJson({ design }),
  });
  if (!response.ok) throw new Error(`apply answered ${response.status}: ${await response.text()}`);
  const lines = (await response.text()).trim().split('\n');
  const last = JSON.parse(lines.at(-1)!);
  if (!last.result) throw new Error(`apply failed: ${lines.at(-1)}`);
  if (last.result.items.written !== last.result.items.total)
    throw new Error(`apply wrote ${last.result.items.written} of ${last.result.items.total} items`);
  return lines.length - 1;
}

export async function runDynamoBench(): Promise<void> {
  const local = new DynamoDBLocal();
  await local.start();
  const client = createDynamoClient(local.endpoint);
  const server = await listeningApp(local.endpoint);
  const prefixes: string[] = [];
  try {
    const freshTable = async (label: string, design: Design) => {
      const prefix = `bench-${label}-${prefixes.length}-`;
      prefixes.push(prefix);
      await applyForSession(client, prefix, design, { loadItems: false });
      return prefix;
    };
    await loadForSession(client, await freshTable('warmup', benchDesign(2_000)), benchDesign(2_000));
    let loopRate = 0;
    for (const items of SIZES) {
      const design = benchDesign(items);
      // Every contender starts from the same plain JSON items and pays for converting them to DynamoDB's
      // wire format: apply derives them from the design, the others marshall them as a user's client would.
      const plain = deriveItems(design).map((d) => d.item);
      // Rounds alternate the contenders on fresh tables, so none gets a warmer JVM or a quieter machine.
      const applyTimes: number[] = [];
      const httpTimes: number[] = [];
      const directTimes: number[] = [];
      let progressLines = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const applyPrefix = await freshTable('apply', design);
        const directPrefix = await freshTable('direct', design);
        // A new session of the app each round (a fresh table, and its items quota), its table made first
        // as the others' are.
        const session = await appSession(server.base);
        prefixes.push(session.prefix);
        await applyForSession(client, session.prefix, design, { loadItems: false });
        applyTimes.push(await time(() => loadForSession(client, applyPrefix, design)));
        directTimes.push(
          await time(() =>
            directBatchWrite(
              client,
              namespacedTable(directPrefix, design.table.name),
              plain.map((item) => ({ PutRequest: { Item: marshall(item) } })),
            ),
          ),
        );
        httpTimes.push(
          await time(async () => {
            progressLines += await applyThroughApp(server.base, session.cookie, design);
          }),
        );
        // Each table held `items` items: dropped before the next round, so DynamoDB Local's memory stays flat.
        for (const prefix of [applyPrefix, directPrefix, session.prefix]) await resetSession(client, prefix);
      }
      if (loopRate === 0) {
        const loopTable = namespacedTable(await freshTable('loop', design), design.table.name);
        const loopMs = await time(async () => {
          for (const item of plain.slice(0, LOOP_ITEMS))
            await client.send(new PutItemCommand({ TableName: loopTable, Item: marshall(item) }));
        });
        loopRate = (LOOP_ITEMS / loopMs) * 1000;
      }
      const rate = (ms: number) => (items / ms) * 1000;
      const applyRate = rate(quantiles(applyTimes).median);
      const httpRate = rate(quantiles(httpTimes).median);
      const directRate = rate(quantiles(directTimes).median);
      const vsDirect = (r: number) => `${(r / directRate).toFixed(2)}x`;
      printTable([
        ['loading', 'items', 'time (median)', 'items/s', 'vs direct'],
        [
          `keyplan apply (load), median of ${ROUNDS}`,
          String(items),
          formatMs(quantiles(applyTimes).median),
          applyRate.toFixed(0),
          vsDirect(applyRate),
        ],
        [
          `keyplan POST /api/apply (HTTP, ${Math.round(progressLines / ROUNDS)} progress lines)`,
          String(items),
          formatMs(quantiles(httpTimes).median),
          httpRate.toFixed(0),
          vsDirect(httpRate),
        ],
        [
          'direct parallel BatchWriteItem',
          String(items),
          formatMs(quantiles(directTimes).median),
          directRate.toFixed(0),
          '1.00x',
        ],
        ['sequential put_item loop (seed)', String(LOOP_ITEMS), '', loopRate.toFixed(0), vsDirect(loopRate)],
      ]);
      const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
      console.log(
        `${items} items: apply / direct = ${(applyRate / directRate).toFixed(2)}x (target ≥ 0.9x) ${pass(applyRate / directRate >= 0.9)}; ` +
          `through the app / direct = ${(httpRate / directRate).toFixed(2)}x (target ≥ 0.9x) ${pass(httpRate / directRate >= 0.9)}; ` +
          `apply / loop = ${(applyRate / loopRate).toFixed(1)}x (target ≥ 10x) ${pass(applyRate / loopRate >= 10)}\n`,
      );
    }

    await measureProxy(local.endpoint, client, benchDesign(SIZES[0]));
  } finally {
    for (const prefix of prefixes) await resetSession(client, prefix).catch(() => {});
    await server.close();
    client.destroy();
    await local.stop();
  }
}

// A plain keep-alive HTTP client, like the SDK's own, so the comparison measures the proxy, not fetch.
const agent = keepAliveAgent(1);

function postJson(url: string, body: string, cookie: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', cookie } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200)
            reject(new Error(`proxy answered ${response.statusCode}: ${text}`));
          else resolve(JSON.parse(text));
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The same GetItem straight through the SDK and through POST /api/run, interleaved so load hits both alike. */
async function measureProxy(
  endpoint: string,
  client: DynamoDBClient,
  design: ReturnType<typeof benchDesign>,
) {
  const proxyClient = createDynamoClient(endpoint);
  const app = buildApp({
    dynamo: { mode: 'external', status: async () => 'up', withClient: (work) => work(proxyClient) },
    // One session sends ~1,000 requests a second here: the proxy's latency is measured, not its rate limit.
    limits: { requestsPerSecond: 1_000_000, requestBurst: 1_000_000 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/run`;
  try {
    const health = await fetch(url.replace('/run', '/health'));
    const cookie = health.headers.get('set-cookie')!.split(';')[0];
    const prefix = ((await health.json()) as HealthResponse).namespace;
    await applyForSession(client, prefix, design, { loadItems: false });
    const tableName = namespacedTable(prefix, design.table.name);
    const item = sdkItems(design)[0];
    await client.send(new PutItemCommand({ TableName: tableName, Item: item }));
    const input = { TableName: tableName, Key: { PK: item.PK, SK: item.SK } };
    const body = JSON.stringify({ operation: 'GetItem', input });
    const direct: number[] = [];
    const proxied: number[] = [];
    for (let i = 0; i < LATENCY_REQUESTS + 50; i++) {
      const a = await time(() => client.send(new GetItemCommand(input)));
      const b = await time(() => postJson(url, body, cookie));
      if (i >= 50) {
        direct.push(a);
        proxied.push(b);
      }
    }
    const d = quantiles(direct);
    const p = quantiles(proxied);
    // Each proxied request ran right after its direct twin: the p99 of those differences, not a difference
    // of two p99s (which can come out negative).
    const added = quantiles(proxied.map((ms, i) => ms - direct[i]));
    printTable([
      ['GetItem latency', 'median', 'p99'],
      ['direct SDK client', formatMs(d.median), formatMs(d.p99)],
      ['through the proxy', formatMs(p.median), formatMs(p.p99)],
      ['added by the proxy', formatMs(p.median - d.median), formatMs(added.p99)],
    ]);
    console.log(
      `proxy overhead median ${formatMs(p.median - d.median)} (target ≤ 1 ms) ${p.median - d.median <= 1 ? 'PASS' : 'FAIL'}`,
    );
    await resetSession(client, prefix);
  } finally {
    await app.close();
    proxyClient.destroy();
  }
}
