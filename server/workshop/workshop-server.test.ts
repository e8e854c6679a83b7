// Workshop mode on a listening server (`startServer`, as keyplan serve --workshop runs it), its event streams
// read as a browser reads them: an attendee's report reaches the presenter's room view, the presenter's
// pushes and resets reach the attendee's stream, and with --db-path a restarted server still knows the
// attendees, their designs and their cookies, with the same join code and presenter key.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { AttendeeEvent, PresenterEvent } from '../../src/core/contract/workshop-contract.ts';
import { getExample } from '../../src/core/features/examples/index.ts';
import { parseExactJson } from '../../src/core/values/exact-json.ts';
import { buildApp } from '../app.ts';
import { LIMITS } from '../limits.ts';
import { type RunningServer, startServer } from '../server.ts';
import { testTarget } from '../test-support/dynamo.ts';
import { Workshop } from './room.ts';

const design = getExample('online-store')!.design;
const running: RunningServer[] = [];
const folders: string[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function serve(
  dbPath?: string,
): Promise<RunningServer & { workshop: NonNullable<RunningServer['workshop']> }> {
  const server = await startServer({
    port: 0,
    endpoint: inject('dynamoEndpoint'),
    dbPath,
    staticDir: '/nonexistent',
    workshop: true,
    log: () => {},
  });
  running.push(server);
  return server as RunningServer & { workshop: NonNullable<RunningServer['workshop']> };
}

async function call(
  server: RunningServer,
  path: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return {
    status: response.status,
    // biome-ignore lint/suspicious/noExplicitAny: the test reads answers of many shapes
    body: parseExactJson(await response.text()) as Record<string, any>,
    cookie: response.headers.get('set-cookie')?.split(';')[0],
  };
}

/** An open text/event-stream, read as EventSource would: `next(predicate)` waits for a matching event. */
async function openStream<E extends { type: string }>(
  server: RunningServer,
  path: string,
  headers: Record<string, string>,
) {
  const controller = new AbortController();
  const response = await fetch(`${server.url}${path}`, { headers, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const queue: E[] = [];
  const pull = async () => {
    const { value, done } = await reader.read();
    if (done) throw new Error('the stream ended');
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (data) queue.push(parseExactJson(data) as E);
      end = buffer.indexOf('\n\n');
    }
  };
  return {
    async next(predicate: (event: E) => boolean): Promise<E> {
      for (;;) {
        const at = queue.findIndex(predicate);
        if (at >= 0) return queue.splice(0, at + 1)[at];
        await pull();
      }
    },
    close: () => controller.abort(),
  };
}

describe('a slow reader', () => {
  it('is dropped once it leaves too much unsent, instead of being buffered for without end', async () => {
    const limits = { ...LIMITS, workshopStreamBufferBytes: 64 * 1024 };
    const workshop = new Workshop({ limits });
    const app = buildApp({ dynamo: testTarget(), workshop: { workshop }, limits });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      const joined = await fetch(`${base}/api/workshop/join`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: workshop.code, name: 'Slow' }),
      });
      const cookie = joined.headers.get('set-cookie')!.split(';')[0];
      const { attendee } = (await joined.json()) as { attendee: { id: string } };
      // A client that asks for its stream and never reads it.
      const socket = connect(port, '127.0.0.1');
      socket.pause();
      socket.write(
        `GET /api/workshop/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n\r\n`,
      );
      const presenter = { authorization: `Bearer ${workshop.secrets.presenterKey}` };
      const detail = async () =>
        (
          await (
            await fetch(`${base}/api/workshop/presenter/attendees/${attendee.id}`, { headers: presenter })
          ).json()
        ).attendee as { connected: boolean };
      while (!(await detail()).connected) await new Promise((resolve) => setTimeout(resolve, 20));
      // ~400 KB designs pushed until the socket's buffers are full and the server lets go of the stream.
      const customers = Array.from({ length: 3000 }, (_, i) => ({
        customerId: `c${i}`,
        name: `Customer ${i} ${'x'.repeat(80)}`,
        email: `c${i}@example.com`,
      }));
      const big = { ...design, items: { ...design.items, Customer: customers } };
      let pushes = 0;
      while ((await detail()).connected) {
        const pushed = await fetch(`${base}/api/workshop/presenter/push-design`, {
          method: 'POST',
          headers: { ...presenter, 'content-type': 'application/json' },
          body: JSON.stringify({ design: big }),
        });
        expect(pushed.status).toBe(200);
        pushes++;
        expect(pushes, 'the stream is still held after 200 pushes (80 MB)').toBeLessThan(200);
      }
      socket.destroy();
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe('keyplan serve --workshop', () => {
  it('brings an attendee’s report to the room view, and the presenter’s pushes and reset to the attendee', async () => {
    const server = await serve();
    const { code, presenterUrl, joinUrlWithCode } = server.workshop;
    expect(joinUrlWithCode).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/join#code=${code}$`));
    const key = new URL(presenterUrl).hash.replace('#key=', '');
    const presenter = { authorization: `Bearer ${key}` };

    const room = await openStream<PresenterEvent>(server, '/api/workshop/presenter/events', presenter);
    const first = await room.next(() => true);
    expect(first).toMatchObject({ type: 'room', code, attendees: [], joinUrl: joinUrlWithCode });

    const ana = await call(server, '/api/workshop/join', { body: { code, name: 'Ana' } });
    expect(ana.status).toBe(200);
    const anaId = ana.body.attendee.id;
    const cookie = { cookie: ana.cookie! };
    const joined = await room.next((e) => e.type === 'attendees' && e.attendees.some((a) => a.id === anaId));
    expect(joined).toMatchObject({ type: 'attendees', attendees: [{ name: 'Ana', reports: 0 }] });

    const stream = await openStream<AttendeeEvent>(server, '/api/workshop/events', cookie);
    expect(await stream.next(() => true)).toMatchObject({
      type: 'hello',
      state: { attendee: { name: 'Ana' } },
    });
    // Three tabs at most: the fourth stream is refused.
    const tabs = [
      await openStream<AttendeeEvent>(server, '/api/workshop/events', cookie),
      await openStream<AttendeeEvent>(server, '/api/workshop/events', cookie),
    ];
    const fourth = await fetch(`${server.url}/api/workshop/events`, { headers: cookie });
    expect(fourth.status).toBe(429);
    expect((await fourth.json()).error.code).toBe('TooManyStreams');
    for (const tab of tabs) tab.close();

    // A report: the room view shows the attendee's step and checks.
    const progress = {
      lessonId: 'access-patterns-first',
      stepId: 'orders-newest-first',
      stepIndex: 0,
      passed: 3,
      total: 3,
      done: true,
      checks: [
        { checkId: 'a', status: 'pass' },
        { checkId: 'b', status: 'pass' },
        { checkId: 'c', status: 'pass' },
      ],
    };
    expect((await call(server, '/api/workshop/report', { body: { progress }, headers: cookie })).status).toBe(
      200,
    );
    const update = (await room.next(
      (e) => e.type === 'attendees' && e.attendees.some((a) => a.id === anaId && a.reports === 1),
    )) as Extract<PresenterEvent, { type: 'attendees' }>;
    expect(update.attendees.find((a) => a.id === anaId)).toMatchObject({
      lessonId: 'access-patterns-first',
      stepId: 'orders-newest-first',
      passed: 3,
      total: 3,
      done: true,
      stuck: false,
      connected: true,
    });

    // A design pushed to everyone reaches the attendee's stream, exact numbers and all.
    const pushed = await call(server, '/api/workshop/presenter/push-design', {
      body: { design },
      headers: presenter,
    });
    expect(pushed.body).toMatchObject({ delivered: 1 });
    const designEvent = await stream.next((e) => e.type === 'design');
    expect(designEvent).toMatchObject({
      type: 'design',
      pushId: pushed.body.pushId,
      design: { name: design.name },
    });
    const hint = await call(server, '/api/workshop/presenter/reveal-hint', {
      body: { lessonId: 'access-patterns-first', stepId: 'orders-newest-first' },
      headers: presenter,
    });
    expect(hint.body.hint).toEqual({
      lessonId: 'access-patterns-first',
      stepId: 'orders-newest-first',
      count: 1,
    });
    expect(await stream.next((e) => e.type === 'hint')).toMatchObject({ count: 1 });

    // A built-in lesson by id: attendees get its id (their app has it); one sent inline is checked as a file.
    const lesson = await call(server, '/api/workshop/presenter/push-lesson', {
      body: { lessonId: 'access-patterns-first', stepIndex: 1 },
      headers: presenter,
    });
    expect(lesson.status).toBe(200);
    const lessonEvent = await stream.next((e) => e.type === 'lesson');
    expect(lessonEvent).toMatchObject({ lessonId: 'access-patterns-first', stepIndex: 1 });
    expect(lessonEvent).not.toHaveProperty('lesson');
    const unknown = await call(server, '/api/workshop/presenter/push-lesson', {
      body: { lessonId: 'no-such-lesson' },
      headers: presenter,
    });
    expect(unknown.body.error.code).toBe('UnknownLesson');
    const broken = await call(server, '/api/workshop/presenter/push-lesson', {
      body: {
        lessonId: 'mine',
        lesson: { format: 'keyplan-lesson/1', id: 'mine', title: 'Mine', steps: 'none' },
      },
      headers: presenter,
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatchObject({
      code: 'InvalidLesson',
      message: expect.stringMatching(/^lesson\./),
    });

    const reset = await call(server, '/api/workshop/presenter/reset-attendee', {
      body: { attendeeId: anaId },
      headers: presenter,
    });
    expect(reset.status).toBe(200);
    expect(await stream.next((e) => e.type === 'reset')).toEqual({ type: 'reset', resets: 1 });

    expect((await call(server, '/api/workshop/presenter/end', { body: {}, headers: presenter })).status).toBe(
      200,
    );
    expect(await stream.next((e) => e.type === 'ended')).toEqual({ type: 'ended' });
    expect(await room.next((e) => e.type === 'ended')).toEqual({ type: 'ended' });
    const late = await call(server, '/api/workshop/join', { body: { code, name: 'Late' } });
    expect(late.status).toBe(410);
    stream.close();
    room.close();
  });

  it('keeps the attendees, their designs and cookies, the code and the key across a restart with --db-path', async () => {
    const dbPath = mkdtempSync(join(tmpdir(), 'keyplan-workshop-'));
    folders.push(dbPath);
    const first = await serve(dbPath);
    const { code, presenterUrl } = first.workshop;
    const ana = await call(first, '/api/workshop/join', { body: { code, name: 'Ana' } });
    const cookie = { cookie: ana.cookie! };
    const mine = { ...design, name: 'Ana’s design' };
    expect(
      (await call(first, '/api/workshop/report', { body: { design: mine }, headers: cookie })).status,
    ).toBe(200);
    const key = new URL(presenterUrl).hash.replace('#key=', '');
    await call(first, '/api/workshop/presenter/push-design', {
      body: { design },
      headers: { authorization: `Bearer ${key}` },
    });
    await first.close();
    running.splice(running.indexOf(first), 1);
    // Only the owner may read the files: they hold the secrets.
    const files = readdirSync(join(dbPath, 'keyplan-workshop'));
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    for (const file of files) expect(statSync(join(dbPath, 'keyplan-workshop', file)).mode & 0o077).toBe(0);

    const second = await serve(dbPath);
    expect(second.workshop.code).toBe(code);
    expect(second.workshop.presenterUrl.split('#')[1]).toBe(presenterUrl.split('#')[1]);
    const state = await call(second, '/api/workshop/me', { headers: cookie });
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({
      attendee: { name: 'Ana' },
      design: { name: 'Ana’s design' },
      room: { design: { design: { name: design.name } } },
    });
    // The cookie opens the rest of the API too, without joining again.
    expect((await call(second, '/api/health', { headers: cookie })).status).toBe(200);
    // A cookie a server of another folder issued is not one of these.
    const stranger = await serve();
    const other = await call(stranger, '/api/workshop/join', {
      body: { code: stranger.workshop.code, name: 'Eve' },
    });
    expect((await call(second, '/api/workshop/me', { headers: { cookie: other.cookie! } })).status).toBe(401);
  });
});
