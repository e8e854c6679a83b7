// A 31st client for `npm run bench load` and `npm run bench workshop` (`--attack`): in a process of its own,
// so that its work does not slow the bench's honest attendees from within, it runs the attacks of #26 that
// aim at everyone else's service, for as long as the bench runs:
// - class 2, a design that would stall the event loop (40,000 entities; the server must refuse it at once);
// - class 3, bytes: one session fills its table with 25 × 350 KB batches until its byte quota refuses, resets
//   and starts again; and idle connections held from three other loopback addresses (127.0.0.2–4), reopened
//   as the server closes them;
// - class 6 (workshop only): joins from the attacker's address (127.0.0.5) with the right code until refused, ~1 MB a
//   second of reports from each fake attendee it got, and wrong join codes and presenter keys sent from the
//   honest room's own address (127.0.0.1, a NAT), which must never lock out a right code or key.
// Every loop is bounded in count and time. On SIGTERM (or after --seconds) it prints one JSON line: per attack,
// what was sent and the status codes that came back; the bench fails on any 5xx the attacker got.
import net from 'node:net';
import { parseArgs } from 'node:util';
import { type Answer, request } from '../server/test-support/http-client.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The attacker's own address: its session, joins and reports come from it, apart from the honest room's. */
const ATTACKER = '127.0.0.5';

export interface AttackTally {
  sent: number;
  statuses: Record<string, number>;
}

type Tallies = Record<string, AttackTally>;

const tallies: Tallies = {};

/** One answer of `status` to `attack`; `sent` says whether it also counts as one more attempt sent. */
function count(attack: string, status: number | string, sent = true): void {
  tallies[attack] ??= { sent: 0, statuses: {} };
  const tally = tallies[attack];
  if (sent) tally.sent++;
  tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
}

function send(
  base: string,
  path: string,
  options: { body?: unknown; cookie?: string; from?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return request(`${base}${path}`, {
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    localAddress: options.from,
    timeoutMs: 30_000,
    onFailure: 'answer',
  });
}

/** A design of `entities` entities, each with a key template and an attribute: valid, only too big. */
function wideDesign(entities: number) {
  return {
    format: 'keyplan/1',
    name: 'Wide',
    table: {
      name: 'Wide',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
    },
    entities: Array.from({ length: entities }, (_, i) => ({
      name: `E${i}`,
      attributes: [{ name: 'id', type: 'S', required: true }],
      keys: { PK: `E${i}#{id}`, SK: 'META' },
    })),
    accessPatterns: [],
    items: {},
  };
}

const byteDesign = {
  format: 'keyplan/1',
  name: 'Bytes',
  table: { name: 'Bytes', partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'SK', type: 'S' } },
  entities: [
    {
      name: 'Blob',
      attributes: [{ name: 'id', type: 'S', required: true }],
      keys: { PK: 'BLOB#{id}', SK: 'META' },
    },
  ],
  accessPatterns: [],
  items: {},
};

/** The table name apply made for the session (`kp-<hash>-Bytes`), from its answer. */
const tableOf = (answer: Answer) => (JSON.parse(answer.body) as { tableName?: string }).tableName;

async function stallAttack(base: string, cookie: () => string | undefined, until: number): Promise<void> {
  const body = { design: wideDesign(40_000) };
  for (let i = 0; i < 500 && Date.now() < until; i++) {
    const answer = await send(base, '/api/apply', { body, cookie: cookie(), from: ATTACKER });
    count('class 2: a 40,000-entity apply', answer.status);
    await sleep(200);
  }
}

async function bytesAttack(base: string, cookie: () => string | undefined, until: number): Promise<void> {
  const blob = 'x'.repeat(350 * 1024);
  let round = 0;
  while (Date.now() < until && round < 50) {
    round++;
    const applied = await send(base, '/api/apply', {
      body: { design: byteDesign },
      cookie: cookie(),
      from: ATTACKER,
    });
    count('class 3: apply the byte table', applied.status);
    const table = applied.status === 200 ? tableOf(applied) : undefined;
    if (!table) {
      await sleep(1000);
      continue;
    }
    for (let batch = 0; batch < 400 && Date.now() < until; batch++) {
      const input = {
        RequestItems: {
          [table]: Array.from({ length: 25 }, (_, i) => ({
            PutRequest: {
              Item: { PK: { S: `BLOB#${round}-${batch}-${i}` }, SK: { S: 'META' }, data: { S: blob } },
            },
          })),
        },
      };
      const answer = await send(base, '/api/run', {
        body: { operation: 'BatchWriteItem', input },
        cookie: cookie(),
        from: ATTACKER,
      });
      count('class 3: 25 × 350 KB BatchWriteItem', answer.status);
      if (answer.status === 403) break; // the byte quota: start again after a reset
      await sleep(50);
    }
    const reset = await send(base, '/api/reset', { body: {}, cookie: cookie(), from: ATTACKER });
    count('class 3: reset', reset.status);
  }
}

/** Idle connections from `from`, reopened as the server closes them, at most `cap` open. */
async function idleConnections(port: number, from: string, cap: number, until: number): Promise<void> {
  const open = new Set<net.Socket>();
  let opened = 0;
  const attack = `class 3: idle connections from ${from}`;
  while (Date.now() < until && opened < 20_000) {
    while (open.size < cap && opened < 20_000) {
      opened++;
      tallies[attack] ??= { sent: 0, statuses: {} };
      tallies[attack].sent++;
      const socket = net.connect({ host: '127.0.0.1', port, localAddress: from });
      socket.on('error', () => {});
      socket.on('close', () => {
        open.delete(socket);
        count(attack, 'closed by the server', false);
      });
      open.add(socket);
    }
    await sleep(500);
  }
  for (const socket of open) {
    socket.removeAllListeners('close');
    socket.destroy();
  }
}

async function joinFlood(base: string, code: string, until: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < 195 && Date.now() < until; i++) {
    const answer = await send(base, '/api/workshop/join', {
      body: { code, name: `Fake ${i}` },
      from: ATTACKER,
    });
    count('class 6: joins from one address', answer.status);
    if (answer.status === 200 && answer.cookie) cookies.push(answer.cookie);
  }
  return cookies;
}

async function reportFlood(base: string, cookies: string[], until: number): Promise<void> {
  // A design just under the report limit: 490 KB of description.
  const design = { ...byteDesign, description: 'y'.repeat(490 * 1024) };
  for (let round = 0; round < 300 && Date.now() < until; round++) {
    await Promise.all(
      cookies.slice(0, 10).map(async (cookie) => {
        const answer = await send(base, '/api/workshop/report', {
          body: { design },
          cookie,
          from: ATTACKER,
        });
        count('class 6: ~1 MB/s of reports per fake attendee', answer.status);
      }),
    );
    await sleep(500);
  }
}

async function wrongSecrets(base: string, until: number): Promise<void> {
  for (let i = 0; i < 600 && Date.now() < until; i++) {
    const code = await send(base, '/api/workshop/join', { body: { code: 'ZZZZZZ', name: 'Guess' } });
    count('class 6: wrong codes from the room’s address', code.status);
    const key = await send(base, '/api/workshop/presenter', {
      headers: { authorization: `Bearer ${'A'.repeat(43)}` },
    });
    count('class 6: wrong presenter keys from the room’s address', key.status);
    await sleep(100);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      code: { type: 'string' },
      seconds: { type: 'string', default: '90' },
    },
  });
  const base = values.url!;
  const port = Number(new URL(base).port);
  const until = Date.now() + Number(values.seconds) * 1000;
  let stopping = false;
  const finish = () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${JSON.stringify(tallies)}\n`);
    process.exit(0);
  };
  process.on('SIGTERM', finish);

  // The attacker's own session: in a workshop it joins like any attendee (it has the code on the wall).
  let cookie: string | undefined;
  if (values.code) {
    const joined = await send(base, '/api/workshop/join', {
      body: { code: values.code, name: 'Mallory' },
      from: ATTACKER,
    });
    count('class 6: the attacker joins', joined.status);
    cookie = joined.cookie;
  } else {
    cookie = (await send(base, '/api/health', { from: ATTACKER })).cookie;
  }
  const attacks: Promise<unknown>[] = [
    stallAttack(base, () => cookie, until),
    bytesAttack(base, () => cookie, until),
    ...['127.0.0.2', '127.0.0.3', '127.0.0.4'].map((from) => idleConnections(port, from, 900, until)),
  ];
  if (values.code) {
    const code = values.code;
    attacks.push(
      (async () => reportFlood(base, await joinFlood(base, code, until), until))(),
      wrongSecrets(base, until),
    );
  }
  await Promise.all(attacks);
  finish();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
