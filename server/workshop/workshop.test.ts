// Workshop mode in process (inject), against the shared DynamoDB Local: a room where someone without the code
// gets nothing, guessing the code or the presenter key is stopped, names are cleaned, the presenter's routes
// need its key, a reset clears an attendee's design and tables, and no route lets one attendee read
// another's design or tables.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { getExample } from '../../src/core/features/examples/index.ts';
import { buildApp } from '../app.ts';
import { LIMITS, type Limits } from '../limits.ts';
import { postJson, testTarget } from '../test-support/dynamo.ts';
import { Workshop } from './room.ts';
import { isLoopbackHost, workshopUrls } from './urls.ts';

const design = getExample('online-store')!.design;
const apps: FastifyInstance[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

function room(limits: Partial<Limits> = {}) {
  const all = { ...LIMITS, ...limits };
  const workshop = new Workshop({ limits: all });
  const app = buildApp({ dynamo: testTarget(), workshop: { workshop }, limits: all });
  apps.push(app);
  const presenter = { authorization: `Bearer ${workshop.secrets.presenterKey}` };
  return { app, workshop, presenter };
}

async function join(app: FastifyInstance, code: string, name: string, ip = '10.0.0.2') {
  const reply = await app.inject({
    method: 'POST',
    url: '/api/workshop/join',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ code, name }),
  });
  return {
    status: reply.statusCode,
    body: reply.json(),
    cookie: reply.headers['set-cookie']?.toString().split(';')[0],
  };
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}, ip = '10.0.0.2') =>
  app.inject({ method: 'GET', url, headers, remoteAddress: ip });

/** A build folder: index.html, the favicon and `assets` hashed chunks (assets/chunk-0.js …). */
function appFiles(assets: number): string {
  const dir = mkdtempSync(joinPath(tmpdir(), 'keyplan-app-'));
  writeFileSync(joinPath(dir, 'index.html'), '<!doctype html><title>Keyplan</title>');
  writeFileSync(joinPath(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(joinPath(dir, 'assets'));
  for (let i = 0; i < assets; i++)
    writeFileSync(joinPath(dir, 'assets', `chunk-${i}.js`), `export default ${i};`);
  return dir;
}

describe('workshop mode', () => {
  it('gives a browser without the code nothing, and a joined attendee the whole API', async () => {
    const { app, workshop } = room();
    // No route of the API answers before joining; no session is made for the caller.
    for (const [method, url] of [
      ['GET', '/api/health'],
      ['POST', '/api/apply'],
      ['POST', '/api/run'],
      ['POST', '/api/load'],
      ['POST', '/api/reset'],
      ['GET', '/api/workshop/me'],
      ['GET', '/api/workshop/events'],
      ['POST', '/api/workshop/report'],
      ['GET', '/api/nothing-here'],
      ['GET', '/api/%68ealth'],
      ['GET', '/api/workshop/../health'],
      ['HEAD', '/api/health'],
    ] as const) {
      const reply = await app.inject({
        method,
        url,
        headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
        payload: method === 'POST' ? JSON.stringify({ design }) : undefined,
      });
      expect(reply.statusCode, `${method} ${url}`).toBe(401);
      if (method !== 'HEAD') expect(reply.json().error.code).toBe('NotJoined');
      expect(reply.headers['set-cookie'], `${method} ${url}`).toBeUndefined();
    }
    expect((await get(app, '/api/workshop')).json()).toEqual({ workshop: true, ended: false });

    const wrong = await join(app, 'AAAAAA', 'Ana');
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe('WrongCode');
    expect(wrong.cookie).toBeUndefined();

    // The code as people type it: lower case, a dash, spaces.
    const typed = `${workshop.code.slice(0, 3).toLowerCase()}-${workshop.code.slice(3)} `;
    const ana = await join(app, typed, '  Ana \n Lima ');
    expect(ana.status).toBe(200);
    expect(ana.body).toMatchObject({ created: true, attendee: { name: 'Ana Lima' } });
    expect(ana.cookie).toMatch(/^keyplan_session=/);
    const info = await get(app, '/api/workshop', { cookie: ana.cookie! });
    expect(info.json().attendee.name).toBe('Ana Lima');
    const health = await get(app, '/api/health', { cookie: ana.cookie! });
    expect(health.statusCode).toBe(200);
    const applied = await postJson(app, '/api/apply', { design }, ana.cookie!);
    expect(applied.statusCode).toBe(200);
    const run = await postJson(app, '/api/run', { design, patternId: 'customer-orders' }, ana.cookie!);
    expect(run.statusCode).toBe(200);

    // Joining again from the same browser is the same attendee; names are made unique and kept bounded.
    const again = await app.inject({
      method: 'POST',
      url: '/api/workshop/join',
      headers: { 'content-type': 'application/json', cookie: ana.cookie! },
      payload: JSON.stringify({ code: workshop.code, name: 'Someone else' }),
    });
    expect(again.json()).toMatchObject({ created: false, attendee: { name: 'Ana Lima' } });
    expect((await join(app, workshop.code, 'ana lima')).body.attendee.name).toBe('ana lima (2)');
    const long = await join(app, workshop.code, `${'x'.repeat(60)}`);
    expect(long.body.attendee.name).toBe('x'.repeat(40));
    expect((await join(app, workshop.code, 'x'.repeat(40))).body.attendee.name).toBe(`${'x'.repeat(36)} (2)`);
    const blank = await join(app, workshop.code, ' \u200b\t ');
    expect(blank.status).toBe(400);
    expect(blank.body.error.code).toBe('InvalidName');
    expect(blank.cookie).toBeUndefined();
    await postJson(app, '/api/reset', {}, ana.cookie!);
  });

  it('answers wrong codes past an address’s budget with 429, and lets the right code in from there', async () => {
    const { app, workshop } = room({
      workshopWrongCodeBurst: 3,
      workshopWrongCodesPerSecond: 0.001,
      workshopAttendees: 2,
    });
    for (let i = 0; i < 3; i++) expect((await join(app, 'ZZZZZZ', 'Mallory', '10.0.0.66')).status).toBe(403);
    const limited = await join(app, 'ZZZZZZ', 'Mallory', '10.0.0.66');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({
      code: 'TooManyJoinAttempts',
      message: expect.stringMatching(/more than 0\.001 wrong join code a second \(3 at once/),
    });
    // The right code from the same address (a NAT) is never held back by the wrong ones.
    expect((await join(app, workshop.code, 'Ana', '10.0.0.66')).status).toBe(200);
    // A flood of requests without a session (more than the server's new sessions a second) holds no one back.
    for (let i = 0; i < LIMITS.newSessionBurst + 10; i++) await get(app, '/api/health', {}, '10.0.0.66');
    // Another address is not held back by Mallory's guesses.
    expect((await join(app, workshop.code, 'Bea', '10.0.0.7')).status).toBe(200);
    // A full room refuses the next one, and makes no session for it.
    const full = await join(app, workshop.code, 'Cy', '10.0.0.8');
    expect(full).toMatchObject({ status: 409, body: { error: { code: 'WorkshopFull' } }, cookie: undefined });
  });

  it('holds a client without a session to its address’s rates, whatever it asks for: joins, refusals, the app’s files', async () => {
    const limits = {
      ...LIMITS,
      addressRequestBurst: 8,
      addressRequestsPerSecond: 0.001,
      addressFileBurst: 4,
      addressFilesPerSecond: 0.001,
    };
    const workshop = new Workshop({ limits });
    const staticDir = appFiles(0);
    const app = buildApp({ dynamo: testTarget(), workshop: { workshop }, limits, staticDir });
    apps.push(app);
    const mallory = '10.0.0.66';
    // Ana joined from the same address (a shared network): her requests take from her session's quota.
    const ana = await join(app, workshop.code, 'Ana', mallory);
    const asMallory = [
      () => get(app, '/api/health', {}, mallory), // 401 NotJoined
      () => join(app, workshop.code, ' ', mallory).then(({ status }) => ({ statusCode: status })), // 400
      () => get(app, '/join', {}, mallory), // the app's page
      () => get(app, '/api/workshop', {}, mallory),
      () => get(app, '/nothing.js', {}, mallory),
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await asMallory[i % asMallory.length]()).statusCode);
    // The join took the first request token; seven more requests and four files (their own quota), then
    // every one is refused, whatever its route.
    expect(statuses.slice(0, 11)).toEqual([401, 400, 200, 200, 200, 401, 400, 200, 200, 200, 401]);
    expect(statuses.slice(11)).toEqual(Array(19).fill(429));
    const refused = await get(app, '/api/workshop/events', {}, mallory);
    expect(refused.json().error).toMatchObject({ code: 'RateLimited' });
    expect(refused.json().error.message).toMatch(
      /this address sent more than 0\.001 requests a second \(8 at once\)/,
    );
    expect((await get(app, '/assets/chunk-0.js', {}, mallory)).json().error.message).toMatch(
      /this address asked for more than 0\.001 of the app's files a second \(4 at once\)/,
    );
    expect((await get(app, '/api/workshop/me', { cookie: ana.cookie! }, mallory)).statusCode).toBe(200);
    // Another address joins as before.
    expect((await join(app, workshop.code, 'Bea', '10.0.0.7')).status).toBe(200);
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('lets a room of 60 behind one address load the app and join together, and still stops a flood from it', async () => {
    // The rates near zero: the bursts alone (their real values) carry the room.
    const limits = { ...LIMITS, addressRequestsPerSecond: 0.001, addressFilesPerSecond: 0.001 };
    const workshop = new Workshop({ limits });
    const staticDir = appFiles(52);
    const app = buildApp({ dynamo: testTarget(), workshop: { workshop }, limits, staticDir });
    apps.push(app);
    const classroom = '203.0.113.7';
    const asset = (i: number) => `/assets/chunk-${i}.js`;
    // What one attendee's browser fetches of the built app (counted in Chromium): 33 files for the join
    // page, then the join, 14 more files once joined, 7 more when the presenter pushes a lesson.
    const joinPage = ['/join', '/favicon.svg', ...Array.from({ length: 31 }, (_, i) => asset(i))];
    const joined = ['/favicon.svg', ...Array.from({ length: 13 }, (_, i) => asset(31 + i))];
    const lesson = Array.from({ length: 7 }, (_, i) => asset(44 + i));
    const fetchAll = async (urls: string[]) => {
      for (const url of urls) {
        const reply = await get(app, url, {}, classroom);
        expect(reply.statusCode, url).toBe(200);
        const cache = url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
        expect(reply.headers['cache-control'], url).toBe(cache);
      }
    };
    const cookies: string[] = [];
    for (let i = 0; i < 60; i++) {
      await fetchAll(joinPage);
      expect((await get(app, '/api/workshop', {}, classroom)).statusCode).toBe(200);
      const attendee = await join(app, workshop.code, `Attendee ${i + 1}`, classroom);
      expect(attendee.status, `attendee ${i + 1}`).toBe(200);
      cookies.push(attendee.cookie!);
      await fetchAll(joined);
    }
    for (let i = 0; i < 60; i++) await fetchAll(lesson);
    expect(workshop.attendees().length).toBe(60);

    // Someone at that address who has not joined floods the API: the room took 120 of the address's
    // requests (60 × its info and its join), the rest go, then every one is refused.
    const flood: number[] = [];
    for (let i = 0; i < LIMITS.addressRequestBurst; i++)
      flood.push((await get(app, '/api/health', {}, classroom)).statusCode);
    expect(flood.filter((status) => status === 401).length).toBe(LIMITS.addressRequestBurst - 120);
    expect(flood.slice(LIMITS.addressRequestBurst - 120)).toEqual(Array(120).fill(429));
    // A flood of files is stopped too, once the room's 54 × 60 and the rest of the burst are taken.
    let files = 0;
    while ((await get(app, asset(files % 52), {}, classroom)).statusCode === 200) files++;
    expect(files).toBe(LIMITS.addressFileBurst - 54 * 60);
    // The attendees go on: their requests take from their own sessions' quotas.
    for (const cookie of cookies)
      expect((await get(app, '/api/workshop/me', { cookie }, classroom)).statusCode).toBe(200);
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('answers the presenter routes only to the presenter key, and limits wrong keys, never the right one', async () => {
    const { app, workshop, presenter } = room({ workshopKeyFailures: 2, workshopKeyRefillMs: 60_000 });
    const ana = await join(app, workshop.code, 'Ana');
    const none = await get(app, '/api/workshop/presenter', { cookie: ana.cookie! }, '10.0.0.9');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    const wrongKey = { authorization: `Bearer ${'A'.repeat(43)}` };
    expect((await get(app, '/api/workshop/presenter', wrongKey, '10.0.0.9')).statusCode).toBe(401);
    expect((await get(app, '/api/workshop/presenter', wrongKey, '10.0.0.9')).statusCode).toBe(429);
    // The right key is looked at first: the wrong ones of its address never stand in its way.
    expect((await get(app, '/api/workshop/presenter', presenter, '10.0.0.9')).statusCode).toBe(200);

    const snapshot = await get(app, '/api/workshop/presenter', presenter, '127.0.0.1');
    expect(snapshot.statusCode).toBe(200);
    expect(snapshot.json()).toMatchObject({
      code: workshop.code,
      attendees: [{ name: 'Ana', lessonId: null, passed: 0, total: 0, stuck: false }],
      maxAttendees: 200,
    });
  });

  it('keeps each attendee to its own design and tables, whatever route it tries', async () => {
    const { app, workshop, presenter } = room();
    const ana = await join(app, workshop.code, 'Ana');
    const bob = await join(app, workshop.code, 'Bob');
    const bobDesign = { ...design, name: 'Bob’s secret design' };
    const progress = {
      lessonId: 'access-patterns-first',
      stepId: 'orders',
      stepIndex: 1,
      passed: 2,
      total: 3,
      done: false,
      checks: [
        { checkId: 'a', status: 'pass' },
        { checkId: 'b', status: 'pass' },
        { checkId: 'c', status: 'fail' },
      ],
    };
    const reported = await postJson(
      app,
      '/api/workshop/report',
      { progress, design: bobDesign },
      bob.cookie!,
    );
    expect(reported.json()).toEqual({ ok: true, reports: 1 });
    expect((await postJson(app, '/api/apply', { design: bobDesign }, bob.cookie!)).statusCode).toBe(200);
    const bobNamespace = (await get(app, '/api/health', { cookie: bob.cookie! })).json().namespace;

    // Ana's own state holds nothing of Bob's.
    const mine = (await get(app, '/api/workshop/me', { cookie: ana.cookie! })).json();
    expect(mine).toMatchObject({ attendee: { name: 'Ana' }, design: null, progress: null });
    // The presenter's view of Bob is the presenter's alone.
    const bobId = bob.body.attendee.id;
    const asAna = await get(app, `/api/workshop/presenter/attendees/${bobId}`, { cookie: ana.cookie! });
    expect(asAna.statusCode).toBe(401);
    const asPresenter = await get(app, `/api/workshop/presenter/attendees/${bobId}`, presenter);
    expect(asPresenter.json()).toMatchObject({ design: { name: 'Bob’s secret design' }, progress });
    // Bob's table, named in full, is not Ana's to read: her names are inside her own namespace.
    const scan = await postJson(
      app,
      '/api/run',
      { operation: 'Scan', input: { TableName: `${bobNamespace}${design.table.name}` } },
      ana.cookie!,
    );
    expect(scan.statusCode).toBe(403);
    expect(scan.json().items).toBeUndefined();
    const run = await postJson(app, '/api/run', { design, patternId: 'customer-orders' }, ana.cookie!);
    expect(run.statusCode).toBe(404);
    // A report body cannot name another attendee.
    const forged = await postJson(app, '/api/workshop/report', { attendeeId: bobId, design }, ana.cookie!);
    expect(forged.statusCode).toBe(400);
    expect((await get(app, `/api/workshop/presenter/attendees/${bobId}`, presenter)).json().design.name).toBe(
      'Bob’s secret design',
    );

    // The presenter resets Bob: design, progress and tables gone.
    const reset = await postJson(app, '/api/workshop/presenter/reset-attendee', { attendeeId: bobId }, '');
    expect(reset.statusCode).toBe(401);
    const byPresenter = await app.inject({
      method: 'POST',
      url: '/api/workshop/presenter/reset-attendee',
      headers: { ...presenter, 'content-type': 'application/json' },
      payload: JSON.stringify({ attendeeId: bobId }),
    });
    expect(byPresenter.json()).toEqual({ ok: true });
    expect((await get(app, '/api/workshop/me', { cookie: bob.cookie! })).json()).toMatchObject({
      design: null,
      progress: null,
      resets: 1,
    });
    const afterReset = await postJson(app, '/api/run', { design, patternId: 'customer-orders' }, bob.cookie!);
    expect(afterReset.statusCode).toBe(404);
  });

  it('shows an attendee as stuck after five minutes on one step without finishing it', async () => {
    let now = Date.parse('2026-12-01T10:00:00Z');
    const workshop = new Workshop({ now: () => now });
    const ana = workshop.join('Ana', () => 'session-of-ana');
    const step = (stepId: string, done: boolean) => ({
      lessonId: 'indexes',
      stepId,
      stepIndex: 0,
      passed: done ? 1 : 0,
      total: 1,
      done,
      checks: [{ checkId: 'c', status: done ? ('pass' as const) : ('fail' as const) }],
    });
    workshop.report(ana, { progress: step('overloading', false) });
    now += 4 * 60_000;
    // Reports on the same step do not restart its clock.
    workshop.report(ana, { progress: step('overloading', false) });
    now += 60_000 + 1;
    expect(workshop.row(ana, true)).toMatchObject({ stuck: true, stepSince: '2026-12-01T10:00:00.000Z' });
    workshop.report(ana, { progress: step('overloading', true) });
    expect(workshop.row(ana, true).stuck).toBe(false);
    workshop.report(ana, { progress: step('sparse', false) });
    now += 5 * 60_000;
    expect(workshop.row(ana, true).stuck).toBe(false);
    now += 1;
    expect(workshop.row(ana, true).stuck).toBe(true);
  });

  it('refuses a report past the workshop’s design size or rate, and a body that is not the contract', async () => {
    const { app, workshop } = room({
      workshopDesignBytes: 4096,
      workshopReportBurst: 3,
      workshopReportsPerSecond: 0.01,
    });
    const ana = await join(app, workshop.code, 'Ana');
    const big = await postJson(app, '/api/workshop/report', { design }, ana.cookie!);
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('DesignTooLarge');
    const bad = await postJson(
      app,
      '/api/workshop/report',
      {
        progress: { lessonId: 'x', stepId: 'y', stepIndex: -1, passed: 0, total: 0, done: false, checks: [] },
      },
      ana.cookie!,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/progress\.stepIndex/);
    expect((await postJson(app, '/api/workshop/report', { progress: null }, ana.cookie!)).statusCode).toBe(
      200,
    );
    const flood = await postJson(app, '/api/workshop/report', { progress: null }, ana.cookie!);
    expect(flood.statusCode).toBe(429);
    expect(flood.json().error.code).toBe('TooManyReports');
  });

  it('prints URLs the room can open, and keeps the presenter’s on loopback when it can', () => {
    const key = 'k'.repeat(43);
    expect(workshopUrls('0.0.0.0', 8787, 'ACDEFG', key, ['keyplan.lan'])).toEqual({
      joinUrl: 'http://keyplan.lan:8787/join',
      joinUrlWithCode: 'http://keyplan.lan:8787/join#code=ACDEFG',
      presenterUrl: `http://127.0.0.1:8787/presenter#key=${key}`,
    });
    expect(workshopUrls('::1', 8787, 'ACDEFG', key).presenterUrl).toBe(
      `http://[::1]:8787/presenter#key=${key}`,
    );
    expect(workshopUrls('192.168.1.20', 80, 'ACDEFG', key, ['proxy.lan:443']).joinUrl).toBe(
      'http://proxy.lan:443/join',
    );
    expect(['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(
      ['0.0.0.0', '::', '192.168.1.20', 'keyplan.lan', '127.0.0.1.example.com'].some(isLoopbackHost),
    ).toBe(false);
  });
});
