// A workshop room on one machine: a real `keyplan serve --workshop` (its own process and DynamoDB Local, on
// loopback), a presenter holding the room view's event stream, and 30 attendees for 60 s, each as a browser
// in a lesson would be: join with the code, hold its own event stream, apply the lesson's design, report
// progress (and every other time its design) every 2–4 s as the lesson panel does after an edit settles,
// run a pattern every 2–4 s, poll health every 5 s, apply again every ~20 s. Midway the presenter pushes a
// design and reveals a hint to the room. Every loop is bounded in time and in requests.
// Reported: errors (target 0), /api/run p50/p99 (target p99 ≤ 250 ms), the latency from sending a report to
// the room view's event that shows it (p50/p99, target p99 ≤ 1 s), the latency of the push to every
// attendee's stream, and the server process's memory (RSS now and at its peak) at the end.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type Answer, request } from '../server/test-support/http-client.ts';
import { keepAliveAgent } from '../server/test-support/keep-alive-agent.ts';
import type { AttendeeRow, PresenterEvent } from '../src/core/contract/workshop-contract.ts';
import { getExample } from '../src/core/features/examples/index.ts';
import { reportAttacks, startAttacker } from './attack-mode.ts';
import { formatMs, printTable, quantiles } from './measure.ts';
import type { BenchOptions } from './run.ts';

const ATTENDEES = 30;
const DURATION_MS = 60_000;
/** Requests one attendee makes at most, whatever the time left. */
const MAX_REQUESTS = 400;
const REPORT_EVERY_MS = [2_000, 4_000] as const;
const RUN_EVERY_MS = [2_000, 4_000] as const;
const HEALTH_EVERY_MS = 5_000;
const REAPPLY_EVERY_MS = 20_000;
const RUN_TARGET_MS = 250;
const ROOM_TARGET_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = ([low, high]: readonly [number, number]) => low + Math.random() * (high - low);

const agent = keepAliveAgent(ATTENDEES * 4);

/** An event stream, read as EventSource would; `onEvent` gets each event's data, parsed. */
function openStream(
  url: string,
  headers: Record<string, string>,
  onEvent: (event: { type: string } & Record<string, unknown>) => void,
  onError: (message: string) => void,
): { close: () => void } {
  let closing = false;
  const req = http.get(url, { headers }, (response) => {
    if (response.statusCode !== 200) onError(`stream ${url}: ${response.statusCode}`);
    let buffer = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        buffer = buffer.slice(end + 2);
        if (data) onEvent(JSON.parse(data));
      }
    });
    response.on('end', () => {
      if (!closing) onError(`stream ${url} ended`);
    });
  });
  req.on('error', (error) => {
    if (!closing) onError(`stream ${url}: ${error.message}`);
  });
  return {
    close: () => {
      closing = true;
      req.destroy();
    },
  };
}

interface Tally {
  requests: number;
  errors: string[];
  runMs: number[];
  reportMs: number[];
  /** Report sent → the room view's event showing it. */
  roomMs: number[];
  /** Presenter's push sent → each attendee's stream. */
  pushMs: number[];
}

/** When each attendee's n-th report was sent, until the room view shows it. */
const pendingReports = new Map<string, Map<number, number>>();

function roomShows(row: AttendeeRow, tally: Tally): void {
  const pending = pendingReports.get(row.id);
  if (!pending) return;
  const now = performance.now();
  for (const [n, sentAt] of pending)
    if (n <= row.reports) {
      tally.roomMs.push(now - sentAt);
      pending.delete(n);
    }
}

async function attendee(
  base: string,
  code: string,
  index: number,
  until: number,
  tally: Tally,
  pushes: Map<number, number>,
): Promise<void> {
  const example = getExample('online-store')!.design;
  const reads = (example.accessPatterns ?? []).filter(
    (p) => p.operation === 'Query' || p.operation === 'GetItem',
  );
  let cookie = '';
  let sent = 0;
  const call = async (path: string, body?: unknown, what = path): Promise<Answer | undefined> => {
    sent++;
    tally.requests++;
    try {
      const answer = await request(`${base}${path}`, {
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: cookie ? { cookie } : {},
        agent,
        timeoutMs: 60_000,
      });
      if (answer.status !== 200) tally.errors.push(`${what}: ${answer.status} ${answer.body.slice(0, 200)}`);
      return answer;
    } catch (error) {
      tally.errors.push(`${what}: ${(error as Error).message}`);
      return undefined;
    }
  };
  // Attendees arrive over the first 5 s, as a room does.
  await sleep((index * 5000) / ATTENDEES);
  const joined = await call('/api/workshop/join', { code, name: `Attendee ${index + 1}` }, 'join');
  if (!joined?.cookie) return;
  cookie = joined.cookie;
  const id = (JSON.parse(joined.body) as { attendee: { id: string } }).attendee.id;
  const pending = new Map<number, number>();
  pendingReports.set(id, pending);
  const stream = openStream(
    `${base}/api/workshop/events`,
    { cookie },
    (event) => {
      const sentAt = typeof event.pushId === 'number' ? pushes.get(event.pushId) : undefined;
      if (sentAt !== undefined) tally.pushMs.push(performance.now() - sentAt);
    },
    (message) => {
      if (Date.now() < until) tally.errors.push(`attendee ${index + 1}: ${message}`);
    },
  );
  try {
    await call('/api/apply', { design: example }, 'apply');
    let reports = 0;
    let nextReport = Date.now() + between(REPORT_EVERY_MS);
    let nextRun = Date.now() + between(RUN_EVERY_MS);
    let nextHealth = Date.now() + HEALTH_EVERY_MS;
    let nextApply = Date.now() + REAPPLY_EVERY_MS;
    for (let i = 0; Date.now() < until && sent < MAX_REQUESTS; i++) {
      const now = Date.now();
      if (now >= nextReport) {
        const step = Math.min(3, Math.floor(reports / 5));
        const passed = reports % 4;
        const progress = {
          lessonId: 'access-patterns-first',
          stepId: `step-${step + 1}`,
          stepIndex: step,
          passed,
          total: 3,
          done: passed === 3,
          checks: [0, 1, 2].map((c) => ({ checkId: `check-${c + 1}`, status: c < passed ? 'pass' : 'fail' })),
        };
        reports++;
        pending.set(reports, performance.now());
        const answer = await call(
          '/api/workshop/report',
          reports % 2 === 1 ? { progress, design: example } : { progress },
          'report',
        );
        if (answer?.status === 200) tally.reportMs.push(answer.ms);
        else pending.delete(reports);
        nextReport = Date.now() + between(REPORT_EVERY_MS);
      }
      if (now >= nextRun) {
        const patternId = reads[(index + i) % reads.length].id;
        const run = await call('/api/run', { design: example, patternId }, `run ${patternId}`);
        if (run?.status === 200) tally.runMs.push(run.ms);
        nextRun = Date.now() + between(RUN_EVERY_MS);
      }
      if (now >= nextHealth) {
        await call('/api/health');
        nextHealth += HEALTH_EVERY_MS;
      }
      if (now >= nextApply) {
        await call('/api/apply', { design: example }, 'apply');
        nextApply += REAPPLY_EVERY_MS;
      }
      await sleep(Math.max(50, Math.min(nextReport, nextRun, nextHealth, nextApply) - Date.now()));
    }
    await call('/api/reset', {}, 'reset');
  } finally {
    stream.close();
  }
}

/** `keyplan serve --workshop` in a process of its own; resolves with its URL, code and presenter key. */
async function startWorkshopServer(): Promise<{
  child: ChildProcess;
  url: string;
  code: string;
  key: string;
  /** What the server has written to stderr so far. */
  serverErrors: () => string;
}> {
  const bin = fileURLToPath(new URL('../bin/keyplan.mjs', import.meta.url));
  const child = spawn(process.execPath, [bin, 'serve', '--workshop', '--port', '0'], {
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
    const code = /Code: {2}((?:[A-Z0-9] ?){6})/.exec(out)?.[1]?.replace(/ /g, '');
    const key = /#key=([A-Za-z0-9_-]{43})/.exec(out)?.[1];
    if (url && code && key) return { child, url, code, key, serverErrors: () => err };
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`keyplan serve --workshop did not start: ${err}`);
    }
    await sleep(100);
  }
}

/** The process's resident memory now and at its peak (Linux /proc). */
function processMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** CPU seconds a process has used (user + system, Linux /proc), and its children's pids. */
function processCpu(pid: number): { seconds: number; children: number[] } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {}
  return { seconds: ticks / 100, children };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export async function runWorkshopBench({ attack }: BenchOptions): Promise<void> {
  const { child, url, code, key, serverErrors } = await startWorkshopServer();
  const tally: Tally = { requests: 0, errors: [], runMs: [], reportMs: [], roomMs: [], pushMs: [] };
  const presenter = { authorization: `Bearer ${key}` };
  let roomEvents = 0;
  const room = openStream(
    `${url}/api/workshop/presenter/events`,
    presenter,
    (event) => {
      roomEvents++;
      const rows = (event as PresenterEvent).type === 'attendees' ? (event.attendees as AttendeeRow[]) : [];
      for (const row of rows) roomShows(row, tally);
    },
    (message) => tally.errors.push(`presenter: ${message}`),
  );
  const pushes = new Map<number, number>();
  // How late this process's own timers fire: the machine's contention, which the server's latencies include.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  try {
    const started = Date.now();
    const until = started + DURATION_MS;
    const cpuBefore = processCpu(child.pid!);
    const javaPid = cpuBefore.children[0];
    const javaBefore = javaPid ? processCpu(javaPid).seconds : 0;
    const attacker = attack ? startAttacker(url, code) : undefined;
    const presenterWork = (async () => {
      await sleep(DURATION_MS / 2);
      const sentAt = performance.now();
      const pushed = await request(`${url}/api/workshop/presenter/push-design`, {
        body: JSON.stringify({ design: getExample('online-store')!.design }),
        headers: presenter,
        agent,
        timeoutMs: 60_000,
      });
      if (pushed.status !== 200)
        tally.errors.push(`push-design: ${pushed.status} ${pushed.body.slice(0, 200)}`);
      else pushes.set((JSON.parse(pushed.body) as { pushId: number }).pushId, sentAt);
      const hint = await request(`${url}/api/workshop/presenter/reveal-hint`, {
        body: JSON.stringify({ lessonId: 'access-patterns-first', stepId: 'orders-newest-first' }),
        headers: presenter,
        agent,
        timeoutMs: 60_000,
      });
      if (hint.status !== 200) tally.errors.push(`reveal-hint: ${hint.status} ${hint.body.slice(0, 200)}`);
    })();
    await Promise.all([
      presenterWork,
      ...Array.from({ length: ATTENDEES }, (_, i) => attendee(url, code, i, until, tally, pushes)),
    ]);
    const attackerErrors = attacker ? reportAttacks(await attacker.stop()) : 0;
    // The last reports' room events are on their way.
    await sleep(1_500);
    const seconds = (Date.now() - started) / 1000;
    const unseen = [...pendingReports.values()].reduce((n, pending) => n + pending.size, 0);
    const memory = processMemory(child.pid!);
    const serverCpu = processCpu(child.pid!).seconds - cpuBefore.seconds;
    const javaCpu = javaPid ? processCpu(javaPid).seconds - javaBefore : 0;

    const run = quantiles(tally.runMs);
    const report = quantiles(tally.reportMs);
    const roomView = quantiles(tally.roomMs);
    const push = quantiles(tally.pushMs);
    printTable([
      ['workshop', 'value', 'note'],
      [
        'attendees',
        String(ATTENDEES),
        `${seconds.toFixed(0)} s, loopback, keyplan serve --workshop in its own process`,
      ],
      ['requests', String(tally.requests), `${(tally.requests / seconds).toFixed(0)} a second`],
      ['errors', String(tally.errors.length), 'target 0'],
      ['/api/run p50', formatMs(run.median), `${tally.runMs.length} runs`],
      ['/api/run p99', formatMs(run.p99), `target ≤ ${RUN_TARGET_MS} ms`],
      ['/api/workshop/report p99', formatMs(report.p99), `${tally.reportMs.length} reports`],
      [
        'report → room view p50',
        formatMs(roomView.median),
        `${tally.roomMs.length} reports seen, ${unseen} not seen`,
      ],
      [
        'report → room view p99',
        formatMs(roomView.p99),
        `target ≤ ${ROOM_TARGET_MS} ms; ${roomEvents} room events`,
      ],
      ['push → attendee p99', formatMs(push.p99), `${tally.pushMs.length} of ${ATTENDEES} streams`],
      [
        'server RSS at the end',
        mb(memory.rss),
        `peak ${mb(memory.peak)} (Node; DynamoDB Local's Java apart)`,
      ],
      [
        'server CPU',
        `${((serverCpu / seconds) * 100).toFixed(0)}%`,
        `of one core (${serverCpu.toFixed(1)} s); DynamoDB Local's Java ${((javaCpu / seconds) * 100).toFixed(0)}%`,
      ],
      [
        'bench client event-loop delay p99',
        formatMs(loopDelay.percentile(99) / 1e6),
        `max ${formatMs(loopDelay.max / 1e6)}: the machine's contention`,
      ],
    ]);
    for (const error of tally.errors.slice(0, 5)) console.log(`  error: ${error}`);
    const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    console.log(
      `errors = ${tally.errors.length} (target 0${attack ? ', with the attacker' : ''}) ${pass(tally.errors.length === 0 && unseen === 0 && attackerErrors === 0)}; ` +
        `run p99 = ${formatMs(run.p99)} (target ≤ ${RUN_TARGET_MS} ms) ${pass(run.p99 <= RUN_TARGET_MS)}; ` +
        `room view p99 = ${formatMs(roomView.p99)} (target ≤ ${ROOM_TARGET_MS} ms) ${pass(roomView.p99 <= ROOM_TARGET_MS)}\n`,
    );
  } finally {
    loopDelay.disable();
    room.close();
    agent.destroy();
    if (child.exitCode !== null || child.signalCode !== null) {
      // A server that died under the run: say so (its own words), and FAIL, rather than wait for an exit gone by.
      console.log(
        `FAIL: keyplan serve --workshop exited (${child.exitCode ?? child.signalCode}) during the run:`,
      );
      console.log(serverErrors().split('\n').slice(-20).join('\n'));
    } else {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
}
