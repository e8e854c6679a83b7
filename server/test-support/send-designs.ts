// A client in a process of its own (`node --import tsx send-designs.ts '<json>'`): builds each design case
// (design-cases.ts) and posts it, one request after another, printing one JSON line per answer. The tests
// of #26 class 2 time another session's health meanwhile; building and sending 16 MB from the test's own
// process would stall the very event loop they time.
import http from 'node:http';
import { constants, setPriority } from 'node:os';
import { designCase } from './design-cases.ts';

// Another machine's client, in effect: on a test machine's shared cores it yields to the server it calls.
setPriority(constants.priority.PRIORITY_LOW);

interface Send {
  path: string;
  design: string;
  /** The rest of the body (patternId, loadItems). */
  body?: Record<string, unknown>;
}

const { url, cookie, sends } = JSON.parse(process.argv[2]) as { url: string; cookie: string; sends: Send[] };

function post(path: string, body: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const call = http.request(
      `${url}${path}`,
      { method: 'POST', headers: { cookie, 'content-type': 'application/json' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, 4000),
          }),
        );
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

for (const send of sends) {
  const body = Buffer.from(JSON.stringify({ design: designCase(send.design), ...send.body }));
  process.stdout.write(
    `${JSON.stringify({ ...(await post(send.path, body)), design: send.design, path: send.path })}\n`,
  );
}
