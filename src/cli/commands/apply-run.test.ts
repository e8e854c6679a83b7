// `keyplan apply` and `keyplan run` against a real DynamoDB Local, and against endpoints that are dead
// (nothing listens) or mute (a connection is accepted and never answered): one line on stderr, exit 1,
// `{ error: { code, message } }` on stdout with --json, and no wait past --timeout.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getExample } from '../../core/features/examples/index.ts';
import { runKeyplan } from '../run-in-process.ts';

/** A loopback port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const design = getExample('online-store')!.design;
const designText = JSON.stringify({
  ...design,
  table: { ...design.table, name: `cli-apply-run-${process.pid}-${Date.now()}` },
});

function expectOneLineFailure(result: { code: number; stderr: string }, message: RegExp) {
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(message);
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr).not.toMatch(/^\s+at /m);
}

describe('keyplan apply and run', () => {
  let mute: net.Server;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    mute = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => mute.close(resolve));
  });

  it('say that a table must be applied first, apply it, then run a pattern on DynamoDB Local', async () => {
    const endpoint = inject('dynamoEndpoint');
    const early = await runKeyplan(
      ['run', '-', 'customer-orders', '--endpoint', endpoint, '--json'],
      designText,
    );
    expectOneLineFailure(early, /^keyplan run: .*apply the design to create its table first\n$/);
    expect(early.json().error.code).toBe('TableNotFound');

    const applied = await runKeyplan(
      ['apply', '-', '--endpoint', endpoint, '--timeout', '5', '--json'],
      designText,
    );
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.json().action).toBe('created');

    const run = await runKeyplan(
      ['run', '-', 'customer-orders', '--endpoint', endpoint, '--timeout', '5', '--json'],
      designText,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.json().items.map((item: { orderId: string }) => item.orderId)).toEqual(['o101', 'o100']);
  });

  it('report a closed port in one line, and as a JSON error with --json', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const refused = new RegExp(
      `^keyplan (apply|run): cannot reach DynamoDB at ${endpoint}: connection refused`,
    );
    for (const command of [
      ['apply', '-'],
      ['run', '-', 'customer-orders'],
    ]) {
      const plain = await runKeyplan([...command, '--endpoint', endpoint], designText);
      expectOneLineFailure(plain, refused);
      expect(plain.stdout).toBe('');

      const json = await runKeyplan([...command, '--endpoint', endpoint, '--json'], designText);
      expectOneLineFailure(json, refused);
      expect(json.json()).toEqual({
        error: { code: 'DynamoDBUnavailable', message: expect.stringContaining('connection refused') },
      });
    }
  });

  it('give up on an endpoint that never answers after --timeout, in one line', async () => {
    const { port } = mute.address() as net.AddressInfo;
    const endpoint = `http://127.0.0.1:${port}`;
    for (const command of [
      ['apply', '-'],
      ['run', '-', 'customer-orders'],
    ]) {
      const json = await runKeyplan(
        [...command, '--endpoint', endpoint, '--timeout', '1', '--json'],
        designText,
      );
      expectOneLineFailure(
        json,
        new RegExp(
          `^keyplan (apply|run): DynamoDB at ${endpoint} did not answer within 1 s \\(--timeout\\)\n$`,
        ),
      );
      expect(json.json()).toEqual({
        error: {
          code: 'DynamoDBTimeout',
          message: `DynamoDB at ${endpoint} did not answer within 1 s (--timeout)`,
        },
      });
    }
    expect(sockets.size).toBeGreaterThan(0);
  });

  it('refuses a timeout that is not a positive number of seconds', async () => {
    const result = await runKeyplan(
      ['run', '-', 'customer-orders', '--endpoint', 'http://127.0.0.1:1', '--timeout', 'soon'],
      designText,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^keyplan run: --timeout soon: expected seconds/);
  });
});
