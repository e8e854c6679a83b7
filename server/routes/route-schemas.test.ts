// Every JSON route of the API, the workshop's and the live rooms' included, declares its answer's schema
// from the core contract, and that schema is what its answers are held to: the answers a real room gets
// match it, the schema refuses a field more or a required one less, and a route made to answer outside it
// answers 500 ResponseMismatch instead of sending it.
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { liveRoomResponseSchema } from '../../src/core/contract/api-responses.ts';
import {
  attendeeDetailSchema,
  attendeeStateSchema,
  joinResponseSchema,
  lockResponseSchema,
  okResponseSchema,
  pushResponseSchema,
  reportResponseSchema,
  revealHintResponseSchema,
  roomSnapshotSchema,
  workshopInfoSchema,
} from '../../src/core/contract/workshop-responses.ts';
import { getExample } from '../../src/core/features/examples/index.ts';
import { randomToken } from '../../src/core/features/live/crypto.ts';
import { deriveRoomKeys } from '../../src/core/features/live/room-keys.ts';
import { buildApp } from '../app.ts';
import { LIVE_LIMITS, LiveRooms } from '../live/rooms.ts';
import { testTarget } from '../test-support/dynamo.ts';
import { Workshop } from '../workshop/room.ts';

const design = getExample('online-store')!.design;
const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** Routes that answer with a stream of their own (text/event-stream), not a JSON body. */
const EVENT_STREAMS = ['/api/workshop/events', '/api/workshop/presenter/events'];

function room() {
  const workshop = new Workshop({});
  const rooms = new LiveRooms(LIVE_LIMITS);
  const app = buildApp({ dynamo: testTarget(), workshop: { workshop }, live: { rooms } });
  apps.push(app);
  const presenter = { authorization: `Bearer ${workshop.secrets.presenterKey}` };
  return { app, workshop, rooms, presenter };
}

type LightReply = Awaited<ReturnType<FastifyInstance['inject']>>;

const post = (app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });

describe('route schemas', () => {
  it('declares an answer schema on every JSON route of the API, workshop and live rooms too', async () => {
    const app = buildApp({ dynamo: testTarget(), workshop: { workshop: new Workshop({}) } });
    apps.push(app);
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    await app.ready();
    const api = routes.filter(
      (r) => r.url.startsWith('/api') && r.method !== 'HEAD' && !EVENT_STREAMS.includes(r.url),
    );
    expect(api.length).toBeGreaterThan(15);
    const without = api
      .filter((r) => {
        const response = r.schema?.response as Record<string, unknown> | undefined;
        return !response || !Object.keys(response).some((status) => /^2\d\d$/.test(status));
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(without).toEqual([]);
  });

  it('answers a room in its schemas, which refuse a field more and a required one less', async () => {
    const { app, workshop, presenter } = room();
    const answers: [string, ZodType, Record<string, unknown>][] = [];
    const take = async (what: string, schema: ZodType, reply: Promise<LightReply>, status = 200) => {
      const answer = await reply;
      expect(answer.statusCode, `${what}: ${answer.body}`).toBe(status);
      answers.push([what, schema, answer.json()]);
      return answer;
    };
    await take('info', workshopInfoSchema, app.inject({ method: 'GET', url: '/api/workshop' }));
    const joined = await take(
      'join',
      joinResponseSchema,
      post(app, '/api/workshop/join', { code: workshop.code, name: 'Ada' }),
    );
    const attendee = { cookie: String(joined.headers['set-cookie']).split(';')[0] };
    const progress = {
      lessonId: 'l',
      stepId: 's',
      stepIndex: 0,
      passed: 1,
      total: 2,
      done: false,
      checks: [{ checkId: 'c', status: 'pass' }],
    };
    await take(
      'report',
      reportResponseSchema,
      post(app, '/api/workshop/report', { progress, design }, attendee),
    );
    await take(
      'me',
      attendeeStateSchema,
      app.inject({ method: 'GET', url: '/api/workshop/me', headers: attendee }),
    );
    const id = (joined.json() as { attendee: { id: string } }).attendee.id;
    await take(
      'push design',
      pushResponseSchema,
      post(app, '/api/workshop/presenter/push-design', { design }, presenter),
    );
    await take(
      'reveal hint',
      revealHintResponseSchema,
      post(app, '/api/workshop/presenter/reveal-hint', { lessonId: 'l', stepId: 's' }, presenter),
    );
    await take(
      'snapshot',
      roomSnapshotSchema,
      app.inject({ method: 'GET', url: '/api/workshop/presenter', headers: presenter }),
    );
    await take(
      'detail',
      attendeeDetailSchema,
      app.inject({ method: 'GET', url: `/api/workshop/presenter/attendees/${id}`, headers: presenter }),
    );
    await take(
      'lock',
      lockResponseSchema,
      post(app, '/api/workshop/presenter/lock', { locked: true }, presenter),
    );
    await take('end', okResponseSchema, post(app, '/api/workshop/presenter/end', {}, presenter));
    await take(
      'live room',
      liveRoomResponseSchema,
      post(app, '/api/live/rooms', { verifier: (await deriveRoomKeys(randomToken())).verifier }, attendee),
      201,
    );
    for (const [what, schema, body] of answers) {
      expect(schema.safeParse(body).success, what).toBe(true);
      expect(schema.safeParse({ ...body, unexpected: 1 }).success, `${what} with a field more`).toBe(false);
      const [first] = Object.keys(body);
      const { [first]: _dropped, ...less } = body;
      expect(schema.safeParse(less).success, `${what} without ${first}`).toBe(false);
    }
  });

  it('answers 500 ResponseMismatch instead of an answer outside its schema', async () => {
    const { app, workshop, rooms, presenter } = room();
    const joined = await post(app, '/api/workshop/join', { code: workshop.code, name: 'Ada' });
    const attendee = { cookie: String(joined.headers['set-cookie']).split(';')[0] };
    const state = workshop.state.bind(workshop);
    workshop.state = (record) => ({ ...state(record), secret: 'not in the contract' });
    const snapshot = workshop.snapshot.bind(workshop);
    workshop.snapshot = (connected) => {
      const { locked: _locked, ...rest } = snapshot(connected);
      return rest as ReturnType<typeof snapshot>;
    };
    const create = rooms.create.bind(rooms);
    rooms.create = (verifier) =>
      new Proxy(create(verifier), { get: (made, key) => (key === 'id' ? 42 : Reflect.get(made, key)) });
    for (const [reply, field] of [
      [await app.inject({ method: 'GET', url: '/api/workshop/me', headers: attendee }), 'secret'],
      [await app.inject({ method: 'GET', url: '/api/workshop/presenter', headers: presenter }), 'locked'],
      [
        await post(
          app,
          '/api/live/rooms',
          { verifier: (await deriveRoomKeys(randomToken())).verifier },
          attendee,
        ),
        'roomId',
      ],
    ] as const) {
      expect(reply.statusCode).toBe(500);
      const { error } = reply.json();
      expect(error.code).toBe('ResponseMismatch');
      expect(error.message).toContain(field);
    }
  });
});
