// A client in a process of its own (`node --import tsx send-designs.ts '<json>'`): builds each design case
// (design-cases.ts) and posts it, one request after another, printing one JSON line per answer. The tests
// of #26 class 2 time another session's health meanwhile; building and sending 16 MB from the test's own
// process would stall the very event loop they time.
import { constants, setPriority } from 'node:os';
import { designCase } from './design-cases.ts';
import { request } from './http-client.ts';

// Another machine's client, in effect: on a test machine's shared cores it yields to the server it calls.
setPriority(constants.priority.PRIORITY_LOW);

interface Send {
  path: string;
  design: string;
  /** The rest of the body (patternId, loadItems). */
  body?: Record<string, unknown>;
}

const { url, cookie, sends } = JSON.parse(process.argv[2]) as { url: string; cookie: string; sends: Send[] };

// Generous: a 16 MB design on a loaded test machine; the tests bound what they wait for themselves.
const TIMEOUT_MS = 120_000;

async function answer(path: string, body: Buffer): Promise<{ status: number; body: string }> {
  const { status, body: text } = await request(`${url}${path}`, {
    body,
    headers: { cookie },
    timeoutMs: TIMEOUT_MS,
  });
  return { status, body: text.slice(0, 4000) };
}

for (const send of sends) {
  const body = Buffer.from(JSON.stringify({ design: designCase(send.design), ...send.body }));
  process.stdout.write(
    `${JSON.stringify({ ...(await answer(send.path, body)), design: send.design, path: send.path })}\n`,
  );
}
