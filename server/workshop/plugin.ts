// Workshop mode's one door (`keyplan serve --workshop`), written as if every request came from a hostile
// attendee on the same network:
// - every /api route outside /api/workshop refuses (401) a request without a joined attendee's session
//   cookie: without the join code, nothing (no session, no table, no DynamoDB call);
// - joining takes the code, compared in constant time; join attempts are limited per client address and
//   server-wide before the code is looked at (attempts.ts), and none once the presenter locks joins; one
//   address holds at most `workshopAttendeesPerAddress` attendees, one browser (its session cookie) one;
//   the presenter may remove an attendee (its session ends, its tables go, its browser may not join again);
// - attendee routes only ever read or change the caller's own attendee (the cookie names it), and every
//   attendee keeps its own session, so its own DynamoDB Local database (server/session.ts);
// - presenter routes need `Authorization: Bearer <key>` (256 bits, constant-time and checked first: the right
//   key always passes; wrong keys limited per address), never a cookie, so a page cannot ride on the
//   presenter's browser;
// - reports are bounded in number and in bytes a second, per attendee and server-wide, counted before the
//   body is read;
// - every body is bounded by its route and validated with the contract's zod schemas; every stream is
//   bounded in number and in what it may hold unsent (streams.ts).
// The contract (routes, shapes, events) is src/core/contract/workshop-contract.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodType } from 'zod';
import {
  attendeeReportSchema,
  endWorkshopRequestSchema,
  type JoinResponse,
  joinRequestSchema,
  lockJoinsRequestSchema,
  normalizeJoinCode,
  pushDesignRequestSchema,
  pushLessonRequestSchema,
  type ReportResponse,
  removeAttendeeRequestSchema,
  resetAttendeeRequestSchema,
  revealHintRequestSchema,
  WORKSHOP_API,
  type WorkshopInfo,
} from '../../src/core/contract/workshop-contract.ts';
import {
  attendeeDetailSchema,
  attendeeStateSchema,
  joinResponseSchema,
  loadedLessonResponseSchema,
  lockResponseSchema,
  okResponseSchema,
  pushResponseSchema,
  reportResponseSchema,
  revealHintResponseSchema,
  roomSnapshotSchema,
  workshopInfoSchema,
} from '../../src/core/contract/workshop-responses.ts';
import type { Lesson } from '../../src/core/features/lessons/lesson-types.ts';
import { parseLesson } from '../../src/core/features/lessons/parse.ts';
import { stringifyExactJson } from '../../src/core/values/exact-json.ts';
import { isApiRequest } from '../api-request.ts';
import { ApiFailure } from '../errors.ts';
import type { Limits } from '../limits.ts';
import { parseBody } from '../parse-body.ts';
import { addressKey } from '../quotas/address-key.ts';
import { type Session, sessionCookieHeader, sessionCookieOf, sessionFromId } from '../session.ts';
import { type SessionRegistry, TooManySessionsError } from '../session-registry.ts';
import { WrongCodes, WrongSecrets } from './attempts.ts';
import { ReportRates } from './report-rates.ts';
import type { Workshop } from './room.ts';
import type { AttendeeRecord } from './room-records.ts';
import { bearerKey, sameSecret } from './secrets.ts';
import { WorkshopStreams } from './streams.ts';

export interface WorkshopPluginOptions {
  workshop: Workshop;
  sessions: SessionRegistry;
  limits: Limits;
  /** Deletes a session's tables (a presenter's reset of an attendee). */
  deleteTables: (session: Session) => Promise<void>;
  /** Resolves when the workshop's state is on disk (with --db-path), before the server closes. */
  onClose?: () => Promise<void>;
}

const PRESENTER = `${WORKSHOP_API}/presenter`;

function isWorkshopRoute(request: FastifyRequest): boolean {
  // The route that matched, not the URL as sent: `/api/workshop/../apply` matches no workshop route.
  const route = request.routeOptions.url;
  return route !== undefined && (route === WORKSHOP_API || route.startsWith(`${WORKSHOP_API}/`));
}

async function workshopRoutes(app: FastifyInstance, options: WorkshopPluginOptions): Promise<void> {
  const { workshop, sessions, limits } = options;
  const streams = new WorkshopStreams(workshop);
  const wrongCodes = new WrongCodes(limits);
  const keys = new WrongSecrets(
    {
      burst: limits.workshopKeyFailures,
      refillMs: limits.workshopKeyRefillMs,
      maxClients: limits.addressesTracked,
    },
    'presenter keys',
  );
  // An attendee whose session expired (4 hours idle: its tables are deleted) must join again.
  sessions.onExpire((session) => workshop.forgetSession(session.id));

  const attendeeOf = (request: FastifyRequest): AttendeeRecord | undefined =>
    workshop.attendeeOfSession(sessions.peek(sessionCookieOf(request.headers.cookie))?.id);

  /** The caller's attendee (its session touched, so it does not expire while in use), or 401. */
  const requireAttendee = (request: FastifyRequest): AttendeeRecord => {
    const cookie = sessionCookieOf(request.headers.cookie);
    const attendee = workshop.attendeeOfSession(sessions.peek(cookie)?.id);
    if (!attendee)
      throw new ApiFailure(
        401,
        'NotJoined',
        'join the workshop first: open the join link and enter the code the presenter shows',
      );
    sessions.resolve(cookie);
    return attendee;
  };

  /** The right key first, whatever wrong ones its address sent; a wrong one is counted (401, then 429). */
  const requirePresenter = (request: FastifyRequest, reply: FastifyReply): void => {
    const key = bearerKey(request.headers.authorization);
    if (key === undefined || !sameSecret(key, workshop.secrets.presenterKey)) {
      reply.header('www-authenticate', 'Bearer');
      keys.wrong(request.ip);
      throw new ApiFailure(
        401,
        'PresenterKeyRequired',
        'this is the presenter’s: open the presenter URL keyplan serve --workshop printed',
      );
    }
  };

  // Before any other route's handler (and before a session is made for it): joined attendees only.
  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request) || isWorkshopRoute(request)) return;
    if (!attendeeOf(request))
      throw new ApiFailure(
        401,
        'NotJoined',
        'this server runs a workshop: join it first (open the join link and enter the code the presenter shows)',
      );
  });
  app.addHook('preClose', async () => streams.close());
  if (options.onClose) app.addHook('onClose', options.onClose);

  /** A design kept for the room (reported or pushed): at most `workshopDesignBytes` of JSON. */
  const boundedDesign = <T>(design: T): T => {
    const bytes = Buffer.byteLength(stringifyExactJson(design));
    if (bytes > limits.workshopDesignBytes)
      throw new ApiFailure(
        413,
        'DesignTooLarge',
        `design: ${Math.ceil(bytes / 1024)} KB of JSON, more than the ${limits.workshopDesignBytes / 1024} KB a workshop keeps per design; a lesson's design needs far fewer sample items`,
      );
    return design;
  };
  const small = { bodyLimit: limits.workshopSmallBodyBytes };
  // A design's JSON, with room for the rest of the body.
  const withDesign = { bodyLimit: limits.workshopDesignBytes + 64 * 1024 };
  /** A route's answer schema (the contract's): an answer outside it is a 500, never sent (api-shape.ts). */
  const answers = (schema: ZodType) => ({ schema: { response: { 200: schema } } });

  // ----- public
  app.get(WORKSHOP_API, answers(workshopInfoSchema), async (request): Promise<WorkshopInfo> => {
    const attendee = attendeeOf(request);
    return {
      workshop: true,
      ended: workshop.ended,
      ...(attendee ? { attendee: workshop.identity(attendee) } : {}),
    };
  });

  /** A new session for a join admitted (never the caller's cookie: a planted one is never made an attendee). */
  const newSession = (reply: FastifyReply) => (): string => {
    try {
      const issued = sessions.resolve(undefined);
      if (issued.setCookie) reply.header('set-cookie', sessionCookieHeader(issued.setCookie));
      return issued.session.id;
    } catch (error) {
      if (error instanceof TooManySessionsError) throw new ApiFailure(503, 'TooManySessions', error.message);
      throw error;
    }
  };

  app.post(
    `${WORKSHOP_API}/join`,
    { ...small, ...answers(joinResponseSchema) },
    async (request, reply): Promise<JoinResponse> => {
      // The browser's own attendee: its live session, or the one its cookie named before it expired.
      const cookieId = sessions.idOf(sessionCookieOf(request.headers.cookie));
      const already = attendeeOf(request);
      const returning = already ?? workshop.attendeeOfFormerSession(cookieId);
      // Refusals that depend on nothing sent come before the code is looked at: a locked room answers no guess.
      if (!returning) workshop.assertOpenToJoins();
      const body = parseBody(joinRequestSchema, request.body);
      if (!sameSecret(normalizeJoinCode(body.code), workshop.code)) {
        wrongCodes.wrong(request.ip);
        throw new ApiFailure(403, 'WrongCode', 'code: that is not this workshop’s join code');
      }
      if (returning) {
        if (!already) workshop.rebind(returning, newSession(reply)());
        return { attendee: workshop.identity(returning), created: false, state: workshop.state(returning) };
      }
      if (workshop.isRemovedSession(cookieId))
        throw new ApiFailure(
          403,
          'RemovedFromWorkshop',
          'the presenter removed this browser from the workshop; ask them if you should join again',
        );
      const attendee = workshop.join(body.name, newSession(reply), addressKey(request.ip));
      return { attendee: workshop.identity(attendee), created: true, state: workshop.state(attendee) };
    },
  );

  // ----- attendee
  app.get(`${WORKSHOP_API}/me`, answers(attendeeStateSchema), async (request) =>
    workshop.state(requireAttendee(request)),
  );

  // Each report is validated (its design too), its rate and bytes counted before the body is read.
  const reportRates = new ReportRates(limits);
  const admitReport = async (request: FastifyRequest): Promise<void> =>
    reportRates.admit(requireAttendee(request), request.headers['content-length'], withDesign.bodyLimit);
  app.post(
    `${WORKSHOP_API}/report`,
    { ...withDesign, ...answers(reportResponseSchema), onRequest: admitReport },
    async (request): Promise<ReportResponse> => {
      const attendee = requireAttendee(request);
      const body = parseBody(attendeeReportSchema, request.body);
      if (body.design) boundedDesign(body.design);
      workshop.report(attendee, body);
      return { ok: true, reports: attendee.reports };
    },
  );

  app.get(`${WORKSHOP_API}/events`, async (request, reply) => {
    streams.openAttendee(requireAttendee(request), reply);
  });

  // ----- presenter
  app.get(PRESENTER, answers(roomSnapshotSchema), async (request, reply) => {
    requirePresenter(request, reply);
    return workshop.snapshot(streams.connected);
  });

  app.get(`${PRESENTER}/events`, async (request, reply) => {
    requirePresenter(request, reply);
    streams.openPresenter(reply);
  });

  app.get<{ Params: { id: string } }>(
    `${PRESENTER}/attendees/:id`,
    answers(attendeeDetailSchema),
    async (request, reply) => {
      requirePresenter(request, reply);
      const { id } = request.params;
      const detail = workshop.detail(id, streams.connected(id));
      if (!detail) throw new ApiFailure(404, 'UnknownAttendee', `no attendee "${id}"`);
      return detail;
    },
  );

  app.get<{ Params: { id: string } }>(
    `${PRESENTER}/lessons/:id`,
    answers(loadedLessonResponseSchema),
    async (request, reply) => {
      requirePresenter(request, reply);
      const lesson = workshop.loadedLesson(request.params.id);
      if (!lesson)
        throw new ApiFailure(
          404,
          'UnknownLesson',
          `no lesson "${request.params.id}" was loaded (--lessons DIR)`,
        );
      return { lesson };
    },
  );

  app.post(
    `${PRESENTER}/push-lesson`,
    { bodyLimit: limits.workshopLessonBytes, ...answers(pushResponseSchema) },
    async (request, reply) => {
      requirePresenter(request, reply);
      const body = parseBody(pushLessonRequestSchema, request.body);
      let inline: Lesson | undefined;
      if (body.lesson !== undefined) {
        // The same checks as a lesson file's (keyplan lesson check): shape, designs, ids, references.
        const parsed = parseLesson(body.lesson);
        if (!parsed.ok) {
          const problems = parsed.problems.map(
            (p) => `${p.path === '(document)' ? 'lesson' : `lesson.${p.path}`}: ${p.message}`,
          );
          throw new ApiFailure(400, 'InvalidLesson', problems.slice(0, 5).join('; '), problems);
        }
        if (parsed.lesson.id !== body.lessonId)
          throw new ApiFailure(
            400,
            'InvalidRequest',
            `lessonId: "${body.lessonId}" is not the id of the lesson sent ("${parsed.lesson.id}")`,
          );
        inline = parsed.lesson;
      }
      const delivered = streams.reach;
      const pushed = workshop.pushLesson(body.lessonId, body.stepIndex ?? 0, inline);
      return { pushId: pushed.pushId, delivered };
    },
  );

  app.post(
    `${PRESENTER}/push-design`,
    { ...withDesign, ...answers(pushResponseSchema) },
    async (request, reply) => {
      requirePresenter(request, reply);
      const body = parseBody(pushDesignRequestSchema, request.body);
      const delivered = streams.reach;
      return { pushId: workshop.pushDesign(boundedDesign(body.design)).pushId, delivered };
    },
  );

  app.post(
    `${PRESENTER}/reveal-hint`,
    { ...small, ...answers(revealHintResponseSchema) },
    async (request, reply) => {
      requirePresenter(request, reply);
      const body = parseBody(revealHintRequestSchema, request.body);
      const delivered = streams.reach;
      return { hint: workshop.revealHint(body.lessonId, body.stepId, body.count), delivered };
    },
  );

  app.post(
    `${PRESENTER}/reset-attendee`,
    { ...small, ...answers(okResponseSchema) },
    async (request, reply) => {
      requirePresenter(request, reply);
      const { attendeeId } = parseBody(resetAttendeeRequestSchema, request.body);
      const attendee = workshop.attendee(attendeeId);
      if (!attendee) throw new ApiFailure(404, 'UnknownAttendee', `attendeeId: no attendee "${attendeeId}"`);
      // Its tables first: once its page hears of the reset, it may apply again at once.
      await options.deleteTables(sessionFromId(attendee.sessionId));
      workshop.reset(attendeeId);
      return { ok: true };
    },
  );

  app.post(
    `${PRESENTER}/remove-attendee`,
    { ...small, ...answers(okResponseSchema) },
    async (request, reply) => {
      requirePresenter(request, reply);
      const { attendeeId, allowRejoin } = parseBody(removeAttendeeRequestSchema, request.body);
      // Its session first, so none of its requests is admitted while its tables are deleted.
      const attendee = workshop.remove(attendeeId, allowRejoin);
      sessions.end(attendee.sessionId);
      await options.deleteTables(sessionFromId(attendee.sessionId));
      return { ok: true };
    },
  );

  app.post(`${PRESENTER}/lock`, { ...small, ...answers(lockResponseSchema) }, async (request, reply) => {
    requirePresenter(request, reply);
    const { locked } = parseBody(lockJoinsRequestSchema, request.body);
    workshop.lock(locked);
    return { ok: true, locked };
  });

  app.post(`${PRESENTER}/end`, { ...small, ...answers(okResponseSchema) }, async (request, reply) => {
    requirePresenter(request, reply);
    parseBody(endWorkshopRequestSchema, request.body);
    workshop.end();
    return { ok: true };
  });
}

/** Registers workshop mode on an app: its routes, and its guard over every other /api route. */
export const workshopPlugin = fp(workshopRoutes, { name: 'keyplan-workshop', fastify: '5.x' });
