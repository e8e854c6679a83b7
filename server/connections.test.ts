// What a client may hold of the HTTP server itself, over real sockets: a connection that never sends its
// request's headers (slowloris) is answered 408 and closed once `headersMs` has passed, past `connections`
// at once the next connection is closed, and so is one address's past `connectionsPerAddress` while another
// address still gets in. Short limits stand in for the real ones, except where several addresses try to
// take every connection of a real `keyplan serve` (its own LIMITS).
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app.ts';
import { LIMITS, type Limits } from './limits.ts';
import { startServer } from './server.ts';
import { testTarget } from './test-support/dynamo.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listening(limits: Partial<Limits>): Promise<number> {
  return (await listeningApp(limits)).port;
}

async function listeningApp(limits: Partial<Limits>): Promise<{ app: FastifyInstance; port: number }> {
  const app = buildApp({ dynamo: testTarget(), limits });
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(() => app.close());
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return { app, port: address.port };
}

/** A connected socket (from `from`, a loopback address), and what the server sent on it once it closes. */
async function open(port: number, from = '127.0.0.1'): Promise<{ socket: Socket; closed: Promise<string> }> {
  const socket = connect({ port, host: '127.0.0.1', localAddress: from });
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

  it('ends its close while a client holds a connection that sent nothing or half its headers', async () => {
    // headersMs is far off, so only the close itself can end these connections (Node stops its headers
    // sweep once close is called): without the cut after the grace, app.close() never resolves.
    const { app, port } = await listeningApp({ headersMs: 60_000 });
    const silent = await open(port);
    const halfway = await open(port);
    halfway.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await app.close();
    await Promise.all([silent.closed, halfway.closed]);
    expect(silent.socket.destroyed && halfway.socket.destroyed).toBe(true);
  });

  it('holds at most `connections` at once: the next is closed', async () => {
    const port = await listening({ connections: 2 });
    await open(port);
    await open(port);
    const third = await open(port);
    expect(await third.closed).toBe('');
  });

  it('holds at most `connectionsPerAddress` of one address: its next is closed, another address gets in', async () => {
    const { app, port } = await listeningApp({ connectionsPerAddress: 2 });
    /** Asks for a page that is not there and says to close after: an answer, then the close. */
    const ask = (client: { socket: Socket; closed: Promise<string> }) => {
      if (client.socket.writable)
        client.socket.write(
          `GET /no-such-page HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
        );
      return client.closed;
    };
    const answered = /^HTTP\/1\.1 404 /;
    const first = await open(port);
    await open(port);
    expect(await ask(await open(port))).toBe(''); // a third from 127.0.0.1: closed unanswered
    // 127.0.0.2 is another address: its connection is answered while 127.0.0.1 holds its two.
    expect(await ask(await open(port, '127.0.0.2'))).toMatch(answered);
    // Once one of its connections is gone, 127.0.0.1 may open another.
    expect(await ask(first)).toMatch(answered);
    const openNow = () =>
      new Promise<number>((resolve) => app.server.getConnections((_, count) => resolve(count)));
    while ((await openNow()) > 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await ask(await open(port))).toMatch(answered);
  });
});

describe('#26 class 3: a few addresses cannot take every connection', () => {
  it('three addresses holding all the idle connections they may leave a fourth its share, with the real LIMITS', async () => {
    const server = await startServer({ port: 0, endpoint: inject('dynamoEndpoint'), log: () => {} });
    cleanups.push(() => server.close());
    const port = Number(new URL(server.url).port);
    /** Opens `count` idle connections from `from` at once; resolves with those the server still holds. */
    const hold = async (from: string, count: number) => {
      const clients = await Promise.all(Array.from({ length: count }, () => open(port, from)));
      let closed = 0;
      for (const client of clients) void client.closed.then(() => closed++);
      // The server accepts (or closes) them on its next turns: wait for the closings to stop coming.
      for (let seen = -1; seen !== closed; ) {
        seen = closed;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return count - closed;
    };
    const held = [];
    for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4'])
      held.push(await hold(address, LIMITS.connectionsPerAddress));
    // A fourth address gets at least a browser's 8 connections (6 HTTP/1.1, an event stream, a live socket),
    // each one answered …
    const fourth = await Promise.all(Array.from({ length: 8 }, () => open(port, '127.0.0.5')));
    for (const client of fourth)
      client.socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    for (const client of fourth) expect(await client.closed).toMatch(/^HTTP\/1\.1 200 /);
    // … because the first filled its cap and each next found a smaller one in what was left.
    expect(held[0]).toBe(LIMITS.connectionsPerAddress);
    expect(held[1]).toBeLessThan(LIMITS.connectionsPerAddress);
    expect(held[2]).toBeLessThan(held[1]);
    expect(held.reduce((a, b) => a + b)).toBeLessThan(LIMITS.connections - 8);
  });
});
