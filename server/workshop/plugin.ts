// Workshop mode's one door (`keyplan serve --workshop`), written as if every request came from a hostile
// attendee on the same network:
// - every /api route outside /api/workshop refuses (401) a request without a joined attendee's session
//   cookie: without the join code, nothing (no session, no table, no DynamoDB call);
// - joining takes the code, compared in constant time; wrong codes are limited per client address (429),
//   and a client out of attempts is refused before its guess is even looked at;
// - attendee routes only ever read or change the caller's own attendee (the cookie names it), and every
//   attendee keeps its own session, so its own DynamoDB Local database (server/session.ts);
// - presenter routes need `Authorization: Bearer <key>` (256 bits, constant-time, wrong keys limited per
//   address), never a cookie, so a page cannot ride on the presenter's browser;
// - every body is bounded by its route and validated with the contract's zod schemas; every stream is
//   bounded in number and in what it may hold unsent (streams.ts).
// The contract (routes, shapes, events) is src/core/api/workshop-contract.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  attendeeReportSchema,
  endWorkshopRequestSchema,
  type JoinResponse,
  joinRequestSchema,
  normalizeJoinCode,
  pushDesignRequestSchema,
  pushLessonRequestSchema,
  type ReportResponse,
  resetAttendeeRequestSchema,
  revealHintRequestSchema,
  WORKSHOP_API,
  type WorkshopInfo,
} from '../../src/core/api/workshop-contract.ts';
import type { Lesson } from '../../src/core/lessons/lesson-types.ts';
import { parseLesson } from '../../src/core/lessons/parse.ts';
import { stringifyExactJson } from '../../src/core/model/exact-json.ts';
import { isApiRequest } from '../api-request.ts';
import { ApiFailure } from '../errors.ts';
import { parseBody } from '../parse-body.ts';
import { type Limits, TokenBucket } from '../quotas.ts';
import { type Session, sessionCookieHeader, sessionCookieOf, sessionFromId } from '../session.ts';
import { type SessionRegistry, TooManySessionsError } from '../session-registry.ts';
import { FailedAttempts } from './attempts.ts';
import type { AttendeeRecord, Workshop } from './room.ts';
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
  const joins = new FailedAttempts(
    {
      burst: limits.workshopJoinFailures,
      refillMs: limits.workshopJoinRefillMs,
      maxClients: limits.addressesTracked,
    },
    'join codes',
  );
  const keys = new FailedAttempts(
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

  const requirePresenter = (request: FastifyRequest, reply: FastifyReply): void => {
    keys.admit(request.ip);
    const key = bearerKey(request.headers.authorization);
    if (key === undefined || !sameSecret(key, workshop.secrets.presenterKey)) {
      keys.failed(request.ip);
      reply.header('www-authenticate', 'Bearer');
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

  // ----- public
  app.get(WORKSHOP_API, async (request): Promise<WorkshopInfo> => {
    const attendee = attendeeOf(request);
    return {
      workshop: true,
      ended: workshop.ended,
      ...(attendee ? { attendee: workshop.identity(attendee) } : {}),
    };
  });

  app.post(`${WORKSHOP_API}/join`, small, async (request, reply): Promise<JoinResponse> => {
    joins.admit(request.ip);
    const body = parseBody(joinRequestSchema, request.body);
    if (!sameSecret(normalizeJoinCode(body.code), workshop.code)) {
      joins.failed(request.ip);
      throw new ApiFailure(403, 'WrongCode', 'code: that is not this workshop’s join code');
    }
    const already = attendeeOf(request);
    if (already)
      return { attendee: workshop.identity(already), created: false, state: workshop.state(already) };
    // Always a new session (a cookie planted by someone else is never made an attendee), made only once the
    // join is admitted.
    const attendee = workshop.join(body.name, () => {
      try {
        const issued = sessions.resolve(undefined);
        if (issued.setCookie) reply.header('set-cookie', sessionCookieHeader(issued.setCookie));
        return issued.session.id;
      } catch (error) {
        if (error instanceof TooManySessionsError)
          throw new ApiFailure(503, 'TooManySessions', error.message);
        throw error;
      }
    });
    return { attendee: workshop.identity(attendee), created: true, state: workshop.state(attendee) };
  });

  // ----- attendee
  app.get(`${WORKSHOP_API}/me`, async (request) => workshop.state(requireAttendee(request)));

  // Each report is validated (its design too): their rate is the attendee's own, below the session's.
  const reportRates = new WeakMap<AttendeeRecord, TokenBucket>();
  app.post(`${WORKSHOP_API}/report`, withDesign, async (request): Promise<ReportResponse> => {
    const attendee = requireAttendee(request);
    let rate = reportRates.get(attendee);
    if (!rate) {
      rate = new TokenBucket(limits.workshopReportsPerSecond, limits.workshopReportBurst);
      reportRates.set(attendee, rate);
    }
    if (!rate.take())
      throw new ApiFailure(
        429,
        'TooManyReports',
        `an attendee reports at most ${limits.workshopReportsPerSecond} times a second (${limits.workshopReportBurst} at once); send the latest state in a moment`,
      );
    const body = parseBody(attendeeReportSchema, request.body);
    if (body.design) boundedDesign(body.design);
    workshop.report(attendee, body);
    return { ok: true, reports: attendee.reports };
  });

  app.get(`${WORKSHOP_API}/events`, async (request, reply) => {
    streams.openAttendee(requireAttendee(request), reply);
  });

  // ----- presenter
  app.get(PRESENTER, async (request, reply) => {
    requirePresenter(request, reply);
    return workshop.snapshot(streams.connected);
  });

  app.get(`${PRESENTER}/events`, async (request, reply) => {
    requirePresenter(request, reply);
    streams.openPresenter(reply);
  });

  app.get<{ Params: { id: string } }>(`${PRESENTER}/attendees/:id`, async (request, reply) => {
    requirePresenter(request, reply);
    const { id } = request.params;
    const detail = workshop.detail(id, streams.connected(id));
    if (!detail) throw new ApiFailure(404, 'UnknownAttendee', `no attendee "${id}"`);
    return detail;
  });

  app.get<{ Params: { id: string } }>(`${PRESENTER}/lessons/:id`, async (request, reply) => {
    requirePresenter(request, reply);
    const lesson = workshop.loadedLesson(request.params.id);
    if (!lesson)
      throw new ApiFailure(
        404,
        'UnknownLesson',
        `no lesson "${request.params.id}" was loaded (--lessons DIR)`,
      );
    return { lesson };
  });

  app.post(`${PRESENTER}/push-lesson`, { bodyLimit: limits.workshopLessonBytes }, async (request, reply) => {
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
  });

  app.post(`${PRESENTER}/push-design`, withDesign, async (request, reply) => {
    requirePresenter(request, reply);
    const body = parseBody(pushDesignRequestSchema, request.body);
    const delivered = streams.reach;
    return { pushId: workshop.pushDesign(boundedDesign(body.design)).pushId, delivered };
  });

  app.post(`${PRESENTER}/reveal-hint`, small, async (request, reply) => {
    requirePresenter(request, reply);
    const body = parseBody(revealHintRequestSchema, request.body);
    const delivered = streams.reach;
    return { hint: workshop.revealHint(body.lessonId, body.stepId, body.count), delivered };
  });

  app.post(`${PRESENTER}/reset-attendee`, small, async (request, reply) => {
    requirePresenter(request, reply);
    const { attendeeId } = parseBody(resetAttendeeRequestSchema, request.body);
    const attendee = workshop.attendee(attendeeId);
    if (!attendee) throw new ApiFailure(404, 'UnknownAttendee', `attendeeId: no attendee "${attendeeId}"`);
    // Its tables first: once its page hears of the reset, it may apply again at once.
    await options.deleteTables(sessionFromId(attendee.sessionId));
    workshop.reset(attendeeId);
    return { ok: true };
  });

  app.post(`${PRESENTER}/end`, small, async (request, reply) => {
    requirePresenter(request, reply);
    parseBody(endWorkshopRequestSchema, request.body);
    workshop.end();
    return { ok: true };
  });
}

/** Registers workshop mode on an app: its routes, and its guard over every other /api route. */
export const workshopPlugin = fp(workshopRoutes, { name: 'keyplan-workshop', fastify: '5.x' });
