// What a client may hold of the HTTP server itself, over real sockets: a connection that never sends its
// request's headers (slowloris) is answered 408 and closed once `headersMs` has passed, and past
// `connections` at once the next connection is closed. Short limits stand in for the real ones.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { Limits } from './quotas.ts';
import { testTarget } from './test-support/dynamo.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listening(limits: Partial<Limits>): Promise<number> {
  const app = buildApp({ dynamo: testTarget(), limits });
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(() => app.close());
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return address.port;
}

/** A connected socket, and what the server sent on it once it closes. */
async function open(port: number): Promise<{ socket: Socket; closed: Promise<string> }> {
  const socket = connect(port, '127.0.0.1');
  cleanups.push(async () => void socket.destroy());
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk;
  });
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, closed };
}

describe('the HTTP server', () => {
  it('cuts off a client that holds a connection without sending its headers', async () => {
    const port = await listening({ headersMs: 300 });
    const silent = await open(port);
    const trickling = await open(port);
    trickling.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const timer = setInterval(() => trickling.socket.writable && trickling.socket.write('X-A: b\r\n'), 50);
    cleanups.push(async () => clearInterval(timer));
    for (const answer of [await silent.closed, await trickling.closed])
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n[\s\S]*"code":"RequestTimeout"/);
  });

  it('holds at most `connections` at once: the next is closed', async () => {
    const port = await listening({ connections: 2 });
    await open(port);
    await open(port);
    const third = await open(port);
    expect(await third.closed).toBe('');
  });
});
