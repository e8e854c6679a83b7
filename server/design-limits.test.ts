// #26 class 2 on a listening server (startServer, as keyplan serve runs it) with the tests' DynamoDB Local:
// a design past any of its limits (DESIGN_LIMITS, the items) is refused naming the limit and its value, a
// design at every limit at once is answered, never with a 500, and meanwhile another session's health
// answers within 100 ms: no design, however large within the body limit, holds the event loop. The fuzz
// throws random designs up to the limits at the routes that take them, with no 500, no stall and no
// crossing into another session's tables. The designs are built and sent by a client in a process of its
// own (test-support/send-designs.ts), so that only the server shares the event loop the health check times.
import { execFile } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESIGN_LIMITS, type DesignLimit, MAX_DESIGN_ITEMS } from '../src/core/model/design-limits.ts';
import { namespacedTable } from './namespace.ts';
import { type RunningServer, startServer } from './server.ts';
import { SMALL } from './test-support/design-cases.ts';
import { keepAliveAgent } from './test-support/keep-alive-agent.ts';
import type { DesignSize } from './test-support/scaled-design.ts';

/** The most a health check of another session may take while a design is checked. */
const HEALTH_MS = 100;
const SENDER = fileURLToPath(new URL('./test-support/send-designs.ts', import.meta.url));

let server: RunningServer;
const agent = keepAliveAgent(2);

interface Answer {
  status: number;
  body: string;
  json: () => { error?: { code: string; message: string }; items?: unknown[]; namespace?: string };
}

function request(method: string, path: string, cookie: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = cookie ? { cookie } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const call = http.request(`${server.url}${path}`, { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, body: text, json: () => JSON.parse(text) });
      });
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end(body);
  });
}

async function newSession(): Promise<string> {
  const health = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get(`${server.url}/api/health`, { agent }, resolve).on('error', reject),
  );
  health.resume();
  return String(health.headers['set-cookie']).split(';')[0];
}

interface Send {
  path: '/api/apply' | '/api/load' | '/api/run';
  /** A case of design-cases.ts: `past:<limit>`, `items`, `maximal`, `issue`, or a DesignSize as JSON. */
  design: string;
  body?: Record<string, unknown>;
}
type Sent = { status: number; body: string; design: string; path: string };

/** Sends the designs from a client process of their own, as `cookie`'s session, one after another. */
function sendDesigns(cookie: string, sends: Send[]): Promise<Sent[]> {
  const args = JSON.stringify({ url: server.url, cookie, sends });
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', SENDER, args],
      {
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else
          resolve(
            stdout
              .trim()
              .split('\n')
              .filter(Boolean)
              .map((line) => JSON.parse(line)),
          );
      },
    ),
  );
}

/** Polls /api/health as `cookie`'s session every ~20 ms while `work` runs: the slowest answer, and the work's. */
async function whileHealthPolled<T>(
  cookie: string,
  work: () => Promise<T>,
): Promise<{ result: T; maxMs: number }> {
  let maxMs = 0;
  let done = false;
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      const health = await request('GET', '/api/health', cookie);
      maxMs = Math.max(maxMs, performance.now() - started);
      expect(health.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    return { result: await work(), maxMs };
  } finally {
    done = true;
    await poll;
  }
}

const count = (n: number) => n.toLocaleString('en-US');
const messageOf = (sent: Sent) =>
  (JSON.parse(sent.body) as { error?: { message: string } }).error?.message ?? '';

beforeAll(async () => {
  server = await startServer({
    port: 0,
    endpoint: inject('dynamoEndpoint'),
    staticDir: '/nonexistent',
    log: () => {},
  });
  // The server starts its design workers as it starts (seconds on a busy machine), without waiting for
  // them; once a large design has been checked they are up, as in a server that has run a while.
  const [warm] = await sendDesigns(await newSession(), [
    { path: '/api/apply', design: 'past:attributes', body: { loadItems: false } },
  ]);
  expect(warm.status).toBe(413);
}, 120_000);

afterAll(async () => {
  agent.destroy();
  await server?.close();
});

// The 100 ms bound is the issue's, on a shared 2-core machine where DynamoDB Local (which health asks) and other
// test files run beside the server: a miss is tried again twice. A stall is not a miss of a few ms: on beab113
// the 40,000-entity design held another session's health for 24 s, which no retry passes.
const TIMED = { retry: 2 };

describe('#26 class 2: one request cannot stall the server for everyone', TIMED, () => {
  it('refuses the 40,000-entity design at once, while another session keeps its health within 100 ms', async () => {
    const [attacker, other] = [await newSession(), await newSession()];
    const { result, maxMs } = await whileHealthPolled(other, () =>
      sendDesigns(attacker, [{ path: '/api/apply', design: 'issue', body: { loadItems: false } }]),
    );
    const [sent] = result;
    expect(sent.status, sent.body).toBe(413);
    expect(messageOf(sent)).toContain(`more than the ${count(DESIGN_LIMITS.entities)}`);
    expect(messageOf(sent)).toContain('DESIGN_LIMITS.entities');
    expect(maxMs).toBeLessThan(HEALTH_MS);
  }, 120_000);

  it('refuses a design past each limit with 413 (400 for the items) naming it, to apply and to run', async () => {
    const [attacker, other] = [await newSession(), await newSession()];
    const limits = Object.keys(DESIGN_LIMITS) as DesignLimit[];
    const sends = limits.flatMap((limit): Send[] => [
      { path: '/api/apply', design: `past:${limit}`, body: { loadItems: false } },
      { path: '/api/run', design: `past:${limit}`, body: { patternId: 'p00000' } },
    ]);
    const { result, maxMs } = await whileHealthPolled(other, () =>
      sendDesigns(attacker, [...sends, { path: '/api/apply', design: 'items' }]),
    );
    for (const sent of result.slice(0, -1)) {
      const limit = sent.design.slice(5) as DesignLimit;
      expect(sent.status, `${sent.design} ${sent.path}: ${sent.body.slice(0, 300)}`).toBe(413);
      expect(messageOf(sent), sent.design).toContain(`DESIGN_LIMITS.${limit}`);
      expect(messageOf(sent), sent.design).toContain(`more than the ${count(DESIGN_LIMITS[limit])}`);
    }
    const items = result[result.length - 1];
    expect(items.status, items.body.slice(0, 300)).toBe(400);
    expect(messageOf(items)).toContain(`more than the ${count(MAX_DESIGN_ITEMS)}`);
    expect(result).toHaveLength(sends.length + 1);
    expect(maxMs).toBeLessThan(HEALTH_MS);
  }, 300_000);

  it('answers a design at every limit at once, never with a 500, while health stays within 100 ms', async () => {
    const [author, other] = [await newSession(), await newSession()];
    const { result, maxMs } = await whileHealthPolled(other, () =>
      sendDesigns(author, [
        { path: '/api/run', design: 'maximal', body: { patternId: 'p00000' } },
        { path: '/api/apply', design: 'maximal', body: { loadItems: false } },
      ]),
    );
    for (const sent of result) {
      expect(sent.status, sent.body.slice(0, 500)).toBeGreaterThanOrEqual(200);
      expect(sent.status, sent.body.slice(0, 500)).toBeLessThan(500);
    }
    expect(result[1].status, result[1].body.slice(0, 500)).toBe(200);
    expect(maxMs).toBeLessThan(HEALTH_MS);
    await request('POST', '/api/reset', author, '{}');
  }, 300_000);
});

describe('#26 class 2: random designs up to the limits', TIMED, () => {
  it('never answer 500, never stall another session, never reach its tables', async () => {
    const [owner, attacker] = [await newSession(), await newSession()];
    // The other session's table, and what it holds.
    const mine = { ...SMALL, items: 9 };
    const [applied] = await sendDesigns(owner, [{ path: '/api/apply', design: JSON.stringify(mine) }]);
    expect(applied.status, applied.body).toBe(200);
    const { namespace } = (await request('GET', '/api/health', owner)).json();
    const scan = async () => {
      const input = { TableName: namespacedTable(namespace!, 'Scaled') };
      const answer = await request('POST', '/api/run', owner, JSON.stringify({ operation: 'Scan', input }));
      expect(answer.status, answer.body).toBe(200);
      return answer.json().items;
    };
    const before = await scan();
    expect(before).toHaveLength(9);
    const size: fc.Arbitrary<DesignSize> = fc.record({
      entities: fc.integer({ min: 0, max: DESIGN_LIMITS.entities }),
      patterns: fc.integer({ min: 0, max: DESIGN_LIMITS.accessPatterns }),
      gsis: fc.integer({ min: 0, max: 20 }),
      lsis: fc.integer({ min: 0, max: DESIGN_LIMITS.localSecondaryIndexes }),
      attributesPerEntity: fc.integer({ min: 3, max: 20 }),
      items: fc.integer({ min: 0, max: 3_000 }),
      copiesPerEntity: fc.integer({ min: 0, max: 2 }),
      comments: fc.integer({ min: 0, max: 2_000 }),
      enumValues: fc.integer({ min: 0, max: 50 }),
    });
    const route = fc.constantFrom<Send['path']>('/api/apply', '/api/load', '/api/run');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(size, route), { minLength: 1, maxLength: 3 }), async (cases) => {
        const sends = cases.map(
          ([dims, path]): Send => ({
            path,
            design: JSON.stringify(dims),
            body:
              path === '/api/run'
                ? { patternId: 'p00000' }
                : path === '/api/apply'
                  ? { loadItems: false }
                  : {},
          }),
        );
        const { result, maxMs } = await whileHealthPolled(owner, () => sendDesigns(attacker, sends));
        for (const sent of result) expect(sent.status, sent.body.slice(0, 500)).toBeLessThan(500);
        expect(maxMs).toBeLessThan(HEALTH_MS);
      }),
      { seed: 262, numRuns: 6, endOnFailure: true },
    );
    expect(await scan()).toEqual(before);
    await request('POST', '/api/reset', attacker, '{}');
    await request('POST', '/api/reset', owner, '{}');
  }, 300_000);
});
