// A workshop on one server: `keyplan serve` as it runs (its own DynamoDB Local), on loopback, and 30 attendees,
// each with a session of its own, for 60 s: each applies the online-store example and a 2,000-item design,
// runs the example's read patterns about ten times a second, polls health every 5 s as the page does,
// applies again now and then, and resets at the end. Every loop is bounded in time and in requests.
// Reported: errors (target 0), the latency of /api/run (p50, p99), and Node's memory before the attendees
// come (after a warm-up and a GC), at its peak, and after they leave (after a GC): back within 20%.
import v8 from 'node:v8';
import vm from 'node:vm';
import { startServer } from '../server/server.ts';
import { type Answer, request } from '../server/test-support/http-client.ts';
import { keepAliveAgent } from '../server/test-support/keep-alive-agent.ts';
import { getExample } from '../src/core/features/examples/index.ts';
import { reportAttacks, startAttacker } from './attack-mode.ts';
import { benchDesign } from './core.ts';
import { formatMs, printTable, quantiles } from './measure.ts';
import type { BenchOptions } from './run.ts';

const ATTENDEES = 30;
const DURATION_MS = 60_000;
/** Requests one attendee makes at most, whatever the time left. */
const MAX_REQUESTS = 1_500;
const THINK_MS = 100;
const HEALTH_EVERY_MS = 5_000;
const REAPPLY_EVERY_MS = 20_000;
const LARGE_ITEMS = 2_000;
const MEMORY_TARGET = 1.2;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function settledMemory(): Promise<NodeJS.MemoryUsage> {
  for (let i = 0; i < 3; i++) {
    gc();
    await sleep(200);
  }
  return process.memoryUsage();
}

const agent = keepAliveAgent(ATTENDEES * 2);

interface Tally {
  requests: number;
  errors: string[];
  runMs: number[];
  applyMs: number[];
}

async function attendee(base: string, index: number, until: number, tally: Tally): Promise<void> {
  const example = getExample('online-store')!.design;
  const reads = (example.accessPatterns ?? [])
    .filter((p) => p.operation === 'Query' || p.operation === 'GetItem')
    .map((p) => p.id);
  const large = JSON.stringify({ design: benchDesign(LARGE_ITEMS) });
  let cookie: string | undefined;
  let sent = 0;
  const call = async (path: string, body?: unknown, what = path): Promise<Answer | undefined> => {
    sent++;
    tally.requests++;
    try {
      const answer = await request(`${base}${path}`, {
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        headers: cookie ? { cookie } : {},
        agent,
        timeoutMs: 120_000,
      });
      cookie ??= answer.cookie;
      if (answer.status !== 200) tally.errors.push(`${what}: ${answer.status} ${answer.body.slice(0, 200)}`);
      return answer;
    } catch (error) {
      tally.errors.push(`${what}: ${(error as Error).message}`);
      return undefined;
    }
  };
  // Attendees arrive over the first 3 s, as a room does.
  await sleep((index * 3000) / ATTENDEES);
  await call('/api/health');
  const applied = await call('/api/apply', { design: example }, 'apply');
  if (applied) tally.applyMs.push(applied.ms);
  const loaded = await call('/api/apply', large, 'apply (2,000 items)');
  if (loaded) tally.applyMs.push(loaded.ms);
  let nextHealth = Date.now() + HEALTH_EVERY_MS;
  let nextApply = Date.now() + REAPPLY_EVERY_MS;
  for (let i = 0; Date.now() < until && sent < MAX_REQUESTS; i++) {
    const patternId = reads[(index + i) % reads.length];
    const run = await call('/api/run', { design: example, patternId }, `run ${patternId}`);
    if (run?.status === 200) tally.runMs.push(run.ms);
    if (Date.now() > nextHealth) {
      await call('/api/health');
      nextHealth += HEALTH_EVERY_MS;
    }
    if (Date.now() > nextApply) {
      const again = await call('/api/apply', { design: example }, 'apply');
      if (again) tally.applyMs.push(again.ms);
      nextApply += REAPPLY_EVERY_MS;
    }
    await sleep(THINK_MS);
  }
  await call('/api/reset', {}, 'reset');
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export async function runLoadBench({ attack }: BenchOptions): Promise<void> {
  // The attendees stand for 30 machines but all come from loopback: one address may start only 20 sessions
  // at once (then one a second), so that one is raised to let each start its own; the server's stays.
  const server = await startServer({
    port: 0,
    staticDir: '/nonexistent',
    log: () => {},
    limits: { addressNewSessionBurst: ATTENDEES + 1 },
  });
  let peak = { rss: 0, heapUsed: 0 };
  const sampler = setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    peak = { rss: Math.max(peak.rss, rss), heapUsed: Math.max(peak.heapUsed, heapUsed) };
  }, 200);
  try {
    // A warm-up attendee, so that what every server loads once (schemas, the SDK) is in the baseline.
    const warmup: Tally = { requests: 0, errors: [], runMs: [], applyMs: [] };
    await attendee(server.url, 0, Date.now() + 2_000, warmup);
    if (warmup.errors.length > 0) throw new Error(`the warm-up failed: ${warmup.errors.join('; ')}`);
    const before = await settledMemory();
    peak = { rss: before.rss, heapUsed: before.heapUsed };

    const tally: Tally = { requests: 0, errors: [], runMs: [], applyMs: [] };
    const started = Date.now();
    const until = started + DURATION_MS;
    const attacker = attack ? startAttacker(server.url) : undefined;
    await Promise.all(Array.from({ length: ATTENDEES }, (_, i) => attendee(server.url, i, until, tally)));
    const attackerErrors = attacker ? reportAttacks(await attacker.stop()) : 0;
    const seconds = (Date.now() - started) / 1000;
    const after = await settledMemory();

    const run = quantiles(tally.runMs);
    const apply = quantiles(tally.applyMs);
    printTable([
      ['load', 'value', 'note'],
      ['attendees', String(ATTENDEES), `${seconds.toFixed(0)} s, loopback`],
      ['requests', String(tally.requests), `${(tally.requests / seconds).toFixed(0)} a second`],
      ['errors', String(tally.errors.length), 'target 0'],
      ['/api/run p50', formatMs(run.median), `${tally.runMs.length} runs`],
      ['/api/run p99', formatMs(run.p99), ''],
      ['/api/apply p50', formatMs(apply.median), `${tally.applyMs.length} applies (27 or 2,000 items)`],
      ['/api/apply p99', formatMs(apply.p99), ''],
    ]);
    console.log('');
    printTable([
      ['Node memory', 'before', 'peak', 'after', 'after / before'],
      [
        'heapUsed',
        mb(before.heapUsed),
        mb(peak.heapUsed),
        mb(after.heapUsed),
        `${(after.heapUsed / before.heapUsed).toFixed(2)}x`,
      ],
      ['rss', mb(before.rss), mb(peak.rss), mb(after.rss), `${(after.rss / before.rss).toFixed(2)}x`],
    ]);
    for (const error of tally.errors.slice(0, 5)) console.log(`  error: ${error}`);
    const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    console.log(
      `errors = ${tally.errors.length} (target 0${attack ? ', with the attacker' : ''}) ${pass(tally.errors.length === 0 && attackerErrors === 0)}; ` +
        `heapUsed after = ${(after.heapUsed / before.heapUsed).toFixed(2)}x before (target ≤ ${MEMORY_TARGET}x) ${pass(after.heapUsed <= before.heapUsed * MEMORY_TARGET)}; ` +
        `rss after = ${(after.rss / before.rss).toFixed(2)}x before (target ≤ ${MEMORY_TARGET}x) ${pass(after.rss <= before.rss * MEMORY_TARGET)}\n`,
    );
  } finally {
    clearInterval(sampler);
    agent.destroy();
    await server.close();
  }
}
