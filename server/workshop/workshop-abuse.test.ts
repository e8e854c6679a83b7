// Issue #26, class 6: a hostile attendee against a listening `keyplan serve --workshop` (startServer), each
// client on its own loopback address (127.0.0.x, as a NAT or another machine would be): one address cannot
// fill the room while a NAT of 60 still joins; the presenter removes an attendee (session, tables, row and
// browser gone) and locks joins; wrong keys and codes from an address never stand in the way of the right
// one; report bytes are bounded per attendee and server-wide.
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { AttendeeEvent, PresenterEvent } from '../../src/core/contract/workshop-contract.ts';
import { getExample } from '../../src/core/features/examples/index.ts';
import { parseExactJson } from '../../src/core/values/exact-json.ts';
import { createDynamoClient } from '../dynamodb/client.ts';
import type { Limits } from '../limits.ts';
import { type RunningServer, startServer } from '../server.ts';
import { sessionFromId } from '../session.ts';
import { request } from '../test-support/http-client.ts';

const design = getExample('online-store')!.design;
const running: RunningServer[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
});

type Workshop = RunningServer & { workshop: NonNullable<RunningServer['workshop']>; key: string };

async function serve(limits: Partial<Limits> = {}): Promise<Workshop> {
  const server = await startServer({
    port: 0,
    endpoint: inject('dynamoEndpoint'),
    staticDir: '/nonexistent',
    workshop: true,
    limits,
    log: () => {},
  });
  running.push(server);
  const key = new URL(server.workshop!.presenterUrl).hash.replace('#key=', '');
  return Object.assign(server, { key }) as Workshop;
}

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the test reads answers of many shapes
  body: Record<string, any>;
  cookie?: string;
}

/** One request from the loopback address `from` (127.0.0.x), without keep-alive. */
async function call(
  server: RunningServer,
  path: string,
  init: { body?: unknown; headers?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  const answer = await request(new URL(path, server.url).href, {
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    headers: init.headers,
    localAddress: init.from ?? '127.0.0.1',
    agent: false,
    timeoutMs: 30_000,
  });
  return { ...answer, body: parseExactJson(answer.body || '{}') as Answer['body'] };
}

const join = (server: Workshop, name: string, from: string, cookie?: string, code = server.workshop.code) =>
  call(server, '/api/workshop/join', {
    body: { code, name },
    from,
    headers: cookie ? { cookie } : {},
  });

const asPresenter = (server: Workshop, path: string, body?: unknown, from = '127.0.0.1') =>
  call(server, `/api/workshop/presenter${path}`, {
    body,
    from,
    headers: { authorization: `Bearer ${server.key}` },
  });

/** An open event stream, read as EventSource would: `next(predicate)` waits for a matching event. */
async function openStream<E extends { type: string }>(server: RunningServer, path: string, headers: object) {
  const controller = new AbortController();
  const response = await fetch(`${server.url}${path}`, {
    headers: headers as Record<string, string>,
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const queue: E[] = [];
  return {
    async next(predicate: (event: E) => boolean): Promise<E> {
      for (;;) {
        const at = queue.findIndex(predicate);
        if (at >= 0) return queue.splice(0, at + 1)[at];
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          buffer = buffer.slice(end + 2);
          if (data) queue.push(parseExactJson(data) as E);
        }
      }
    },
    /** Resolves once the server has ended the stream. */
    async ended(): Promise<void> {
      for (;;) if ((await reader.read()).done) return;
    },
    close: () => controller.abort(),
  };
}

/** Table names of a session (by its cookie) in DynamoDB Local, under its own key and the shared one. */
async function tablesOf(cookie: string): Promise<string[]> {
  const session = sessionFromId(cookie.replace(/^keyplan_session=/, '').split('.')[0]);
  const names: string[] = [];
  for (const accessKeyId of [session.accessKeyId, 'keyplan']) {
    const client = createDynamoClient(inject('dynamoEndpoint'), {
      credentials: { accessKeyId, secretAccessKey: 'keyplan' },
    });
    const { TableNames = [] } = await client.send(new ListTablesCommand({}));
    names.push(...TableNames.filter((name) => name.startsWith(session.namespace)));
    client.destroy();
  }
  return names;
}

describe('#26 class 6: workshops cannot be filled, locked or exposed', () => {
  it('lets one address hold a NAT of 60 and more, but not the room, while another address still joins', async () => {
    const server = await serve();
    const nat = '127.0.0.2';
    const cookies: string[] = [];
    for (let i = 0; i < 80; i++) {
      const joined = await join(server, `Attendee ${i + 1}`, nat);
      expect(joined.status, `attendee ${i + 1}`).toBe(200);
      cookies.push(joined.cookie!);
    }
    const flood = await join(server, 'One more', nat);
    expect(flood.status).toBe(409);
    expect(flood.body.error).toMatchObject({
      code: 'AddressFull',
      message: expect.stringMatching(/80 attendees have joined from this address/),
    });
    expect(flood.cookie).toBeUndefined();
    // A browser that joined and joins again is its own attendee, not one more.
    const again = await join(server, 'Someone else', nat, cookies[0]);
    expect(again.body).toMatchObject({ created: false, attendee: { name: 'Attendee 1' } });
    // Another address is not held back.
    expect((await join(server, 'Bea', '127.0.0.3')).status).toBe(200);
    expect((await asPresenter(server, '')).body.attendees).toHaveLength(81);
  }, 60_000);

  it('lets the presenter remove an attendee (session, tables, row and browser) and lock joins', async () => {
    const server = await serve();
    const room = await openStream<PresenterEvent>(server, '/api/workshop/presenter/events', {
      authorization: `Bearer ${server.key}`,
    });
    await room.next((e) => e.type === 'room');
    const ana = await join(server, 'Ana', '127.0.0.2');
    const bob = await join(server, 'Bob', '127.0.0.2');
    const bobId = bob.body.attendee.id;
    const bobCookie = { cookie: bob.cookie! };
    const applied = await call(server, '/api/apply', { body: { design }, headers: bobCookie });
    expect(applied.status).toBe(200);
    expect(await tablesOf(bob.cookie!)).not.toEqual([]);
    const bobStream = await openStream<AttendeeEvent>(server, '/api/workshop/events', bobCookie);
    await bobStream.next((e) => e.type === 'hello');

    // Only the presenter may remove.
    const byAna = await call(server, '/api/workshop/presenter/remove-attendee', {
      body: { attendeeId: bobId },
      headers: { cookie: ana.cookie! },
    });
    expect(byAna.status).toBe(401);
    const removed = await asPresenter(server, '/remove-attendee', { attendeeId: bobId });
    expect(removed).toMatchObject({ status: 200, body: { ok: true } });
    // Bob's page is told, and its stream ends.
    expect(await bobStream.next(() => true)).toEqual({ type: 'removed' });
    await bobStream.ended();
    // Its session is over, its tables are gone, its row is gone from the room view.
    for (const path of ['/api/workshop/me', '/api/health'])
      expect((await call(server, path, { headers: bobCookie })).status, path).toBe(401);
    expect(await tablesOf(bob.cookie!)).toEqual([]);
    const update = await room.next((e) => e.type === 'attendees' && e.removed.includes(bobId));
    expect(update).toMatchObject({ removed: [bobId] });
    expect((await asPresenter(server, '')).body.attendees.map((a: { name: string }) => a.name)).toEqual([
      'Ana',
    ]);
    // That browser may not join again (with the right code); a removal that allows it lets it.
    const back = await join(server, 'Bob', '127.0.0.2', bob.cookie);
    expect(back.status).toBe(403);
    expect(back.body.error.code).toBe('RemovedFromWorkshop');
    expect(await asPresenter(server, '/remove-attendee', { attendeeId: bobId })).toMatchObject({
      status: 404,
      body: { error: { code: 'UnknownAttendee' } },
    });

    // Joins locked: a newcomer is refused (before its code is looked at), Ana carries on and may come back.
    expect(await asPresenter(server, '/lock', { locked: true })).toMatchObject({
      status: 200,
      body: { ok: true, locked: true },
    });
    expect(await room.next((e) => e.type === 'room')).toMatchObject({ locked: true });
    for (const code of [server.workshop.code, 'ZZZZZZ']) {
      const late = await join(server, 'Cy', '127.0.0.4', undefined, code);
      expect(late.status).toBe(403);
      expect(late.body.error).toMatchObject({
        code: 'JoinsLocked',
        message: expect.stringMatching(/closed this workshop to new joins/),
      });
      expect(late.cookie).toBeUndefined();
    }
    const anaCookie = { cookie: ana.cookie! };
    expect((await call(server, '/api/workshop/me', { headers: anaCookie })).status).toBe(200);
    expect(
      (await call(server, '/api/workshop/report', { body: { progress: null }, headers: anaCookie })).status,
    ).toBe(200);
    expect((await join(server, 'Ana', '127.0.0.2', ana.cookie)).body).toMatchObject({ created: false });
    await asPresenter(server, '/lock', { locked: false });
    expect((await join(server, 'Cy', '127.0.0.4')).status).toBe(200);
    room.close();
  });

  it('never lets wrong keys or codes from an address stand in the way of the right one', async () => {
    const server = await serve();
    const wrongKey = { authorization: `Bearer ${'A'.repeat(43)}` };
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++)
      statuses.push((await call(server, '/api/workshop/presenter', { headers: wrongKey })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(5).fill(429));
    // The presenter, behind the same address (a NAT, the TLS proxy), opens the room view.
    expect((await asPresenter(server, '')).status).toBe(200);

    for (let i = 0; i < 15; i++) {
      const guess = await join(server, 'Mallory', '127.0.0.2', undefined, 'ZZZZZZ');
      expect(guess.body.error.code).toBe('WrongCode');
    }
    // A latecomer behind the same address joins with the right code.
    expect((await join(server, 'Latecomer', '127.0.0.2')).status).toBe(200);
  });

  it('answers wrong codes past an address’s budget and the server’s with 429, and a right code always joins', async () => {
    const server = await serve({
      workshopWrongCodeBurst: 5,
      workshopWrongCodesPerSecond: 0.001,
      workshopServerWrongCodeBurst: 8,
      workshopServerWrongCodesPerSecond: 0.001,
    });
    const guesses: number[] = [];
    for (let i = 0; i < 7; i++)
      guesses.push((await join(server, 'M', '127.0.0.2', undefined, 'ZZZZZZ')).status);
    expect(guesses).toEqual([403, 403, 403, 403, 403, 429, 429]);
    const refused = await join(server, 'M', '127.0.0.2', undefined, 'ZZZZZZ');
    expect(refused.body.error).toMatchObject({
      code: 'TooManyJoinAttempts',
      message: expect.stringMatching(/this address sent more than 0\.001 wrong join code a second/),
    });
    // The right code from that very address joins all the same: a NAT's latecomer is never locked out.
    expect((await join(server, 'Latecomer', '127.0.0.2')).status).toBe(200);
    // Other addresses share the server's budget of wrong codes: 3 more, then every wrong one waits …
    for (const address of ['127.0.0.3', '127.0.0.4', '127.0.0.5'])
      expect((await join(server, 'M', address, undefined, 'ZZZZZZ')).status).toBe(403);
    const server429 = await join(server, 'M', '127.0.0.6', undefined, 'ZZZZZZ');
    expect(server429.body.error.message).toMatch(
      /the server answers at most 0\.001 wrong join codes a second/,
    );
    // … and the right code still joins from every one of them.
    for (const [name, address] of [
      ['Ana', '127.0.0.3'],
      ['Bea', '127.0.0.6'],
    ])
      expect((await join(server, name, address)).status).toBe(200);
  });

  it('refuses report bytes past an attendee’s bound and the server’s, before reading them', async () => {
    const server = await serve({
      workshopReportByteBurst: 300 * 1024,
      workshopReportBytesPerSecond: 1,
      workshopServerReportByteBurst: 400 * 1024,
      workshopServerReportBytesPerSecond: 1,
    });
    const customers = Array.from({ length: 1500 }, (_, i) => ({
      customerId: `c${i}`,
      name: `Customer ${i} ${'x'.repeat(80)}`,
      email: `c${i}@example.com`,
    }));
    const big = { ...design, items: { ...design.items, Customer: customers } };
    expect(JSON.stringify({ design: big }).length).toBeGreaterThan(200 * 1024);
    expect(JSON.stringify({ design: big }).length).toBeLessThan(250 * 1024);
    const ana = await join(server, 'Ana', '127.0.0.2');
    const bob = await join(server, 'Bob', '127.0.0.3');
    const report = (cookie: string) =>
      call(server, '/api/workshop/report', { body: { design: big }, headers: { cookie } });
    expect((await report(ana.cookie!)).status).toBe(200);
    const second = await report(ana.cookie!);
    expect(second.status).toBe(429);
    expect(second.body.error).toMatchObject({
      code: 'TooManyReportBytes',
      message: expect.stringMatching(/an attendee sends at most 0 KB of reports a second \(300 KB at once/),
    });
    // Bob has bytes of his own, but the server’s are spent: 400 KB for everyone.
    const third = await report(bob.cookie!);
    expect(third.status).toBe(429);
    expect(third.body.error.message).toMatch(/the server takes at most 0 KB of reports a second/);
    // A small report still fits.
    expect(
      (
        await call(server, '/api/workshop/report', {
          body: { progress: null },
          headers: { cookie: bob.cookie! },
        })
      ).status,
    ).toBe(200);
  });
});
