// A live room under load on one machine: a real `keyplan serve` (its own process, on loopback) and 10 clients
// in one room — Node clients running the browser's own code (core/live: the design ↔ Yjs mapping, AES-GCM
// sealing, the relay protocol) — each making 5 edits a second for 30 s. Each client owns one entity whose
// description it rewrites (`c<i>#<n>`), and every tenth edit also renames the shared first pattern, so
// concurrent edits of one field happen all the time.
// Reported: edits made, whether every client converged to the same document afterwards (target: yes), the
// time from an edit to its appearance in each other client (p50/p99, target p99 ≤ 250 ms), snapshots the
// server asked for, and the server process's memory (RSS now and at its peak).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { getExample } from '../src/core/features/examples/index.ts';
import { randomToken } from '../src/core/features/live/crypto.ts';
import { designToDoc, docToDesign } from '../src/core/features/live/design-doc.ts';
import { LiveClient, REMOTE_ORIGIN, type SocketLike } from '../src/core/features/live/live-client.ts';
import { deriveRoomKeys } from '../src/core/features/live/room-keys.ts';
import { type Design, designSchema } from '../src/core/model/schema.ts';
import { stringifyExactJson } from '../src/core/values/exact-json.ts';
import { formatMs, printTable, quantiles } from './measure.ts';

const CLIENTS = 10;
const EDITS_PER_SECOND = 5;
const DURATION_MS = 30_000;
const TARGET_P99_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const bin = fileURLToPath(new URL('../bin/keyplan.mjs', import.meta.url));
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DYNAMODB_ENDPOINT: '' },
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    err += chunk;
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const url = /Keyplan is running at (\S+)/.exec(out)?.[1];
    if (url) return { child, url: url.replace(/\/$/, '') };
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`keyplan serve did not start: ${err}`);
    }
    await sleep(100);
  }
}

function processMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const benchEntity = (i: number) => `Bench${i}`;

function startDesign(): Design {
  const design = designSchema.parse(getExample('online-store')!.design);
  const extra = Array.from({ length: CLIENTS }, (_, i) => ({
    name: benchEntity(i),
    attributes: [],
    keys: { PK: `BENCH#${i}`, SK: 'META' },
  }));
  return { ...design, entities: [...design.entities, ...extra] };
}

export async function runLiveBench(): Promise<void> {
  const { child, url } = await startServer();
  const frames: string[] = [];
  try {
    const key = randomToken();
    const { verifier } = await deriveRoomKeys(key);
    const created = await fetch(`${url}/api/live/rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ verifier }),
    });
    const { roomId } = (await created.json()) as { roomId: string };
    /** sent[i][n]: when client i made its edit n. */
    const sent: number[][] = Array.from({ length: CLIENTS }, () => []);
    const latencies: number[] = [];
    const clients: LiveClient[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const client = new LiveClient({
        url: `${url.replace('http', 'ws')}/live/rooms/${roomId}/socket`,
        roomId,
        key,
        createSocket: (socketUrl) => {
          const socket = new WebSocket(socketUrl);
          socket.on('message', (data) => {
            if (data.toString().includes('"t":"compact"')) frames.push('compact');
          });
          return socket as unknown as SocketLike;
        },
        presence: { name: `client ${i}`, color: '#1c7ed6' },
      }).start();
      clients.push(client);
      // What this client has seen of each other's edits: the next n it waits for.
      const next = new Array<number>(CLIENTS).fill(0);
      client.doc.on('update', (_update: Uint8Array, origin: unknown) => {
        if (origin !== REMOTE_ORIGIN) return;
        const design = docToDesign(client.doc);
        if (!design) return;
        const now = performance.now();
        for (let j = 0; j < CLIENTS; j++) {
          if (j === i) continue;
          const description = design.entities.find((e) => e.name === benchEntity(j))?.description;
          const n = description ? Number(description.split('#')[1]) : -1;
          for (; next[j] <= n; next[j]++)
            if (sent[j][next[j]] !== undefined) latencies.push(now - sent[j][next[j]]);
        }
      });
    }
    await Promise.all(
      clients.map(async (client) => {
        for (let t = 0; client.status !== 'live' && t < 600; t++) await sleep(50);
      }),
    );
    designToDoc(clients[0].doc, startDesign());
    const want = stringifyExactJson(docToDesign(clients[0].doc));
    for (const client of clients)
      for (let t = 0; stringifyExactJson(docToDesign(client.doc)) !== want && t < 600; t++) await sleep(50);

    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const started = performance.now();
    const memoryBefore = processMemory(child.pid!);
    let edits = 0;
    await Promise.all(
      clients.map(async (client, i) => {
        await sleep(Math.random() * (1000 / EDITS_PER_SECOND));
        for (let n = 0; performance.now() - started < DURATION_MS; n++) {
          const design = docToDesign(client.doc)!;
          const next: Design = {
            ...design,
            entities: design.entities.map((e) =>
              e.name === benchEntity(i) ? { ...e, description: `c${i}#${n}` } : e,
            ),
            accessPatterns:
              n % 10 === 0
                ? design.accessPatterns.map((p, k) =>
                    k === 0 ? { ...p, name: `renamed by ${i} (${n})` } : p,
                  )
                : design.accessPatterns,
          };
          sent[i][n] = performance.now();
          designToDoc(client.doc, next, 'bench');
          edits++;
          const due = started + (n + 1) * (1000 / EDITS_PER_SECOND);
          await sleep(Math.max(0, due - performance.now()));
        }
      }),
    );
    // Every client ends with the same document.
    let converged = false;
    for (let t = 0; t < 200 && !converged; t++) {
      const texts = clients.map((c) => stringifyExactJson(docToDesign(c.doc)));
      converged = texts.every((text) => text === texts[0]);
      if (!converged) await sleep(50);
    }
    loop.disable();
    const memory = processMemory(child.pid!);
    const { median, p99 } = quantiles(latencies);
    printTable([
      ['measure', 'value', 'target'],
      ['clients × edits/s × s', `${CLIENTS} × ${EDITS_PER_SECOND} × ${DURATION_MS / 1000}`, ''],
      ['edits made', String(edits), `${CLIENTS * EDITS_PER_SECOND * (DURATION_MS / 1000)}`],
      ['edit appearances timed', String(latencies.length), ''],
      ['every client converged', converged ? 'yes' : 'NO', 'yes'],
      ['edit → other client p50', formatMs(median), ''],
      [
        'edit → other client p99',
        formatMs(p99),
        `≤ ${TARGET_P99_MS} ms ${p99 <= TARGET_P99_MS ? 'PASS' : 'FAIL'}`,
      ],
      ['snapshots asked for', String(frames.length), ''],
      [
        'bench process event-loop delay p99 (max)',
        `${formatMs(loop.percentile(99) / 1e6)} (${formatMs(loop.max / 1e6)})`,
        '',
      ],
      ['load average (1 min) at the end', os.loadavg()[0].toFixed(1), ''],
      ['server RSS before → after', `${mb(memoryBefore.rss)} → ${mb(memory.rss)}`, ''],
      ['server RSS peak', mb(memory.peak), ''],
    ]);
    for (const client of clients) client.close();
  } finally {
    child.kill('SIGTERM');
  }
}
