// Builds the HTTP app (tests call this and use inject); server.ts alone listens and shuts down.
// Routes are thin: validate the body with the core's contract, call one function, answer JSON.

import { PassThrough } from 'node:stream';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createTableInput } from '../src/core/apply/create-table.ts';
import { formatProblems, referenceProblems } from '../src/core/checks/validate.ts';
import {
  applyRequestSchema,
  type LessonsResponse,
  patternRunSchema,
  rawRunSchema,
  resetRequestSchema,
} from '../src/core/contract/contract.ts';
import type { Lesson } from '../src/core/features/lessons/lesson-types.ts';
import type { Design } from '../src/core/model/schema.ts';
import { parseExactJson, stringifyExactJson } from '../src/core/values/exact-json.ts';
import { isApiRequest } from './api-request.ts';
import { foreignFetchFailure, guardBrowserRequests, type HostPolicy } from './browser-guard.ts';
import { boundedClient, requestScope, stoppedFailure } from './deadline.ts';
import type { DesignCheckResult, DesignRoute } from './design-check.ts';
import { DesignWorkers } from './design-workers.ts';
import type { LoadProgress } from './dynamodb/load.ts';
import { ApiFailure, toApiFailure } from './errors.ts';
import {
  answerInApiShape,
  clientErrorHandler,
  errorBody,
  frameworkErrors,
  JsonBytes,
} from './http-errors.ts';
import { type LivePluginOptions, livePlugin, roomSessionOf } from './live/plugin.ts';
import { LIVE_LIMITS, LiveRooms } from './live/rooms.ts';
import { namespacedTable, tablesNamedBy } from './namespace.ts';
import { parseBody } from './parse-body.ts';
import {
  capConnectionsPerAddress,
  checkDesignBytes,
  checkLoadQuota,
  checkWriteQuota,
  Gate,
  LIMITS,
  type Limits,
  RequestQuotas,
  runMayAddItems,
} from './quotas.ts';
import {
  applyForSession,
  type BeforeSend,
  loadForSession,
  resetSession,
  runBuiltRequest,
  runPatternForSession,
  runRawForSession,
} from './service.ts';
import { type Session, sessionCookieHeader, sessionCookieOf } from './session.ts';
import { SessionRegistry, TooManySessionsError } from './session-registry.ts';
import { cutConnectionsOnClose } from './shutdown.ts';
import { asksForAppFile, serveStatic } from './static.ts';
import {
  loadBound,
  type Reservation,
  runMayWrite,
  StoredBytes,
  type WireItem,
  writeBound,
} from './stored-bytes.ts';
import { type WorkshopPluginOptions, workshopPlugin } from './workshop/plugin.ts';

export interface DynamoTarget {
  mode: 'embedded' | 'external' | 'aws';
  status(): Promise<'starting' | 'up' | 'restarting' | 'down'>;
  /** Changes whenever the tables may have been lost (an in-memory DynamoDB Local restarted); see HealthResponse. */
  instance?(): string | undefined;
  /** When the tables were last lost (an in-memory DynamoDB Local died), ISO time; see HealthResponse. */
  dataLostAt?(): string | undefined;
  /**
   * Runs work with a client once DynamoDB answers (waiting through a restart); rejects when it cannot be
   * reached. `as` names the session's DynamoDB access key: the embedded DynamoDB Local keeps a database per
   * key, so a session's requests cannot reach another's tables; other targets use their one client.
   */
  withClient<T>(
    work: (client: DynamoDBClient) => Promise<T>,
    as?: { accessKeyId: string; signal?: AbortSignal },
  ): Promise<T>;
}

export interface AppOptions {
  dynamo: DynamoTarget;
  /** The built SPA; omitted in API-only tests. */
  staticDir?: string;
  /** The names the server answers as (Host) besides loopback; see browser-guard.ts. */
  hosts?: HostPolicy;
  /** Request bodies above this are refused with 413. */
  bodyLimit?: number;
  logger?: boolean;
  /** The sessions this server issued (tests pass one to reach its sessions). */
  sessions?: SessionRegistry;
  /** Other values for some of the limits (tests); LIMITS otherwise. */
  limits?: Partial<Limits>;
  /**
   * Start the design workers (design-workers.ts) before listening, as `keyplan serve` does; otherwise the
   * first large design starts them (tests that build many apps).
   */
  warmDesignWorkers?: boolean;
  /** Lessons loaded with `keyplan serve --lessons DIR`, served at GET /api/lessons. */
  lessons?: Lesson[];
  /** Workshop mode (`keyplan serve --workshop`): server/workshop/. */
  workshop?: Omit<WorkshopPluginOptions, 'sessions' | 'limits' | 'deleteTables'>;
  /** Live rooms (server/live/): on unless false; the rooms (restored with --db-path) and other limits. */
  live?: false | Partial<Omit<LivePluginOptions, 'deleteTables'>>;
}

/** The caller's session: the one its cookie names, or a new one whose cookie the reply sets. */
function sessionOf(sessions: SessionRegistry, request: FastifyRequest, reply: FastifyReply): Session {
  // A request from a live room (X-Keyplan-Room) runs as the room: everyone in it sees the same tables.
  const room = roomSessionOf(request);
  if (room) return room;
  try {
    const { session, setCookie } = sessions.resolve(sessionCookieOf(request.headers.cookie));
    if (setCookie) reply.header('set-cookie', sessionCookieHeader(setCookie));
    return session;
  } catch (error) {
    if (error instanceof TooManySessionsError) throw new ApiFailure(503, 'TooManySessions', error.message);
    throw error;
  }
}

function checkDesign(design: Design): Design {
  const problems = referenceProblems(design);
  if (problems.length > 0)
    throw new ApiFailure(400, 'InvalidDesign', formatProblems(problems.slice(0, 5)), problems);
  return design;
}

/**
 * With `Accept: application/x-ndjson` the answer streams one `{"progress":{written,total}}` line per step and
 * ends with `{"result":…}` or `{"error":…}`; otherwise it is the plain JSON result.
 */
async function withProgress<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (onProgress?: (p: LoadProgress) => void) => Promise<T>,
) {
  if (!request.headers.accept?.includes('application/x-ndjson')) return work();
  const stream = new PassThrough();
  reply.type('application/x-ndjson').send(stream);
  let lastSent = 0;
  const onProgress = (progress: LoadProgress) => {
    const now = Date.now();
    if (progress.written < progress.total && now - lastSent < 100) return;
    lastSent = now;
    stream.write(`${stringifyExactJson({ progress })}\n`);
  };
  work(onProgress)
    .then((result) => stream.end(`${stringifyExactJson({ result })}\n`))
    .catch((error) => {
      const failure = toApiFailure(error);
      stream.end(
        `${stringifyExactJson({ error: { code: failure.code, message: failure.message, status: failure.status } })}\n`,
      );
    });
  return reply;
}

export function buildApp(options: AppOptions): FastifyInstance {
  const limits: Limits = { ...LIMITS, ...options.limits };
  // The connections the HTTP server holds, in one place: at most `connections` at once and
  // `connectionsPerAddress` of one address (addressKey: an IPv6 /64 as one), fewer as the server fills so
  // that a few addresses cannot take them all (capConnectionsPerAddress), a request's headers
  // within `headersMs` (a client that opens connections and sends nothing, or trickles its headers, is
  // answered 408 and cut off), the whole request within `requestReceiveMs`, an idle keep-alive connection
  // closed after `keepAliveMs`. Node looks for expired ones every half `headersMs`.
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? LIMITS.bodyBytes,
    keepAliveTimeout: limits.keepAliveMs,
    requestTimeout: limits.requestReceiveMs,
    http: { headersTimeout: limits.headersMs, connectionsCheckingInterval: limits.headersMs / 2 },
    clientErrorHandler,
    frameworkErrors,
  });
  app.server.maxConnections = limits.connections;
  capConnectionsPerAddress(app.server, limits);
  cutConnectionsOnClose(app);
  const sessions = options.sessions ?? new SessionRegistry();
  // The first hook of every request, whatever its route (the API, the app's files, a 404, a socket): it
  // takes from its session's rate and concurrency, or, without a session, from its address's rate, before
  // anything else is done for it. The app's files never carry the session cookie (Path=/api): they take from
  // the address's larger quota of files, so a room behind one address can load the app together. An /api
  // request without a session also counts toward the new sessions a second, except in workshop mode, where
  // only an admitted join makes one (at most one per attendee): there a flood of them cannot keep the room
  // from joining. Before any of it, an /api request a page of another site sent is refused (browser-guard.ts):
  // it takes nothing from the allowances of its visitor's address.
  const quotas = new RequestQuotas(limits);
  app.addHook('onRequest', async (request, reply) => {
    const foreign = foreignFetchFailure(request);
    if (foreign) throw foreign;
    const session = sessions.peek(sessionCookieOf(request.headers.cookie));
    const kind = asksForAppFile(request)
      ? 'file'
      : !options.workshop && isApiRequest(request)
        ? 'startsSession'
        : 'request';
    const release = quotas.admit(session, request.ip, kind);
    reply.raw.once('close', release);
  });
  guardBrowserRequests(app, options.hosts);
  // A large body of a route that takes a design is parsed and checked in a worker thread (design-check.ts),
  // never on the event loop: other sessions' requests go on meanwhile.
  const designRoutes = new Map<string, DesignRoute>([
    ['/api/apply', 'apply'],
    ['/api/load', 'load'],
    ['/api/run', 'run'],
  ]);
  answerInApiShape(
    app,
    (request, length) =>
      length > limits.designWorkerBytes && designRoutes.has(request.routeOptions.url ?? ''),
  );
  const designWorkers = new DesignWorkers(limits.designWorkers, limits);
  // Started as the server starts, not awaited: loading the checks' modules takes seconds of a busy core.
  if (options.warmDesignWorkers) app.addHook('onReady', async () => void designWorkers.warm());
  app.addHook('onClose', () => designWorkers.close());
  /** The worker's checks of a large body, within `ms`; a refusal is thrown as the small-body path throws it. */
  const checkedOffLoop = async (
    route: DesignRoute,
    body: JsonBytes,
    session: Session,
    reply: FastifyReply,
    ms: number,
  ): Promise<Exclude<DesignCheckResult, { kind: 'refused' }>> => {
    const scope = requestScope(reply.raw, ms);
    try {
      const result = await designWorkers.check(route, body.body, session.namespace, scope.signal);
      if (result.kind === 'refused')
        throw new ApiFailure(result.status, result.code, result.message, result.details);
      return result;
    } catch (error) {
      throw stoppedFailure(error);
    } finally {
      scope.dispose();
    }
  };
  const { dynamo } = options;
  /**
   * Runs work as the session (its own DynamoDB key when embedded, its own table prefix), within the
   * request's time (`ms`) and each DynamoDB call's; a client that disconnects stops it at its next call.
   */
  const asSession = async <T>(
    reply: FastifyReply,
    session: Session,
    work: (client: DynamoDBClient, signal: AbortSignal) => Promise<T>,
    ms: number = limits.requestMs,
  ): Promise<T> => {
    const scope = requestScope(reply.raw, ms);
    try {
      return await dynamo.withClient(
        (client) => work(boundedClient(client, scope.signal, limits.dynamodbCallMs), scope.signal),
        { accessKeyId: session.accessKeyId, signal: scope.signal },
      );
    } catch (error) {
      throw stoppedFailure(error);
    } finally {
      scope.dispose();
    }
  };
  /** The bytes every session's tables hold, and the writes under way (stored-bytes.ts). */
  const storedBytes = new StoredBytes(limits);
  /**
   * An apply or load: a few at a time server-wide, within the session's table and item quotas, and its
   * stored bytes (reserved by `beforeWrite` once the items are known, measured again once it is done).
   */
  const loads = new Gate(limits.concurrentLoads);
  const asLoad = <T>(
    reply: FastifyReply,
    session: Session,
    design: Design,
    writesItems: boolean,
    work: (client: DynamoDBClient, beforeWrite: (items: WireItem[]) => Promise<void>) => Promise<T>,
    /** The samples written, when a worker counted them and checked their bytes (design-check.ts). */
    checkedSamples?: number,
  ) =>
    asSession(
      reply,
      session,
      async (client, signal) => {
        if (writesItems && checkedSamples === undefined) checkDesignBytes(design, limits);
        const leave = await loads.enter(signal);
        const tableName = namespacedTable(session.namespace, design.table.name);
        let reservation: Reservation | undefined;
        try {
          const items =
            checkedSamples ??
            (writesItems ? Object.values(design.items).reduce((n, list) => n + list.length, 0) : 0);
          await checkLoadQuota(client, session.namespace, tableName, items, limits);
          return await work(client, async (written) => {
            reservation = await storedBytes.reserve(client, session.namespace, [tableName], (found) =>
              loadBound(written, createTableInput(design, tableName), found.get(tableName)),
            );
          });
        } finally {
          await reservation?.settle();
          leave();
        }
      },
      limits.loadMs,
    );
  /** A run's check before it is sent: the item quota for a write that may add items, the stored bytes of any write. */
  const runQuotas =
    (client: DynamoDBClient, session: Session): BeforeSend =>
    async (operation, input) => {
      if (runMayAddItems({ operation, input })) await checkWriteQuota(client, session.namespace, limits);
      if (!runMayWrite(operation, input)) return undefined;
      const reservation = await storedBytes.reserve(
        client,
        session.namespace,
        tablesNamedBy(operation, input),
        (found) => writeBound(operation, input, found),
      );
      return () => reservation.settle();
    };

  // A large body (a design of many items) is read and parsed a few at a time server-wide; its turn ends
  // once it is parsed (or the request ends), so the memory bodies take is bounded however many sessions
  // send them. Applies and loads then take their turn of `loads` as any other.
  const largeBodies = new Gate(limits.concurrentLargeBodies);
  const bodyIsLarge = ({ headers }: FastifyRequest) =>
    headers['transfer-encoding'] !== undefined || Number(headers['content-length']) > limits.largeBodyBytes;
  const bodyRead = new WeakMap<FastifyRequest, () => void>();
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request) || !bodyIsLarge(request)) return;
    const gone = new AbortController();
    const abort = () => gone.abort(new ApiFailure(503, 'ClientGone', 'the client closed the request'));
    reply.raw.once('close', abort);
    const leave = await largeBodies.enter(gone.signal);
    reply.raw.off('close', abort);
    reply.raw.once('close', leave);
    bodyRead.set(request, leave);
  });
  app.addHook('preHandler', async (request) => bodyRead.get(request)?.());
  /**
   * Deletes a session's tables, within a request's time (a frozen DynamoDB does not pile up deletions), and
   * frees the bytes they held.
   */
  const deleteTables = async (session: Session) => {
    const signal = AbortSignal.timeout(limits.requestMs);
    try {
      await dynamo.withClient(
        (client) => resetSession(boundedClient(client, signal, limits.dynamodbCallMs), session.namespace),
        { accessKeyId: session.accessKeyId, signal },
      );
      storedBytes.free(session.namespace);
    } catch (error) {
      throw stoppedFailure(error);
    }
  };
  // An expired session's tables are deleted; sessions are looked at every minute, and whenever one starts.
  sessions.onExpire(async (session) => {
    try {
      await deleteTables(session);
    } catch (error) {
      app.log.warn(
        { err: error, namespace: session.namespace },
        'could not delete an expired session’s tables',
      );
    }
  });
  const sweeper = setInterval(() => sessions.sweep(), limits.sweepEveryMs);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  app.setErrorHandler((error, _request, reply) => {
    const failure = toApiFailure(error);
    if (failure.status >= 500 && failure.code === 'InternalError') app.log.error(error);
    reply.status(failure.status).send(errorBody(failure));
  });

  app.get('/api/health', async (request, reply) => {
    const status = await dynamo.status();
    return {
      ok: status === 'up',
      dynamodb: {
        status,
        mode: dynamo.mode,
        instance: dynamo.instance?.(),
        dataLostAt: dynamo.dataLostAt?.(),
      },
      namespace: sessionOf(sessions, request, reply).namespace,
    };
  });

  /** An apply or load whose body a worker checked: its items are written as checked there. */
  const applyChecked = (
    route: 'apply' | 'load',
    request: FastifyRequest,
    reply: FastifyReply,
    session: Session,
    checked: Extract<DesignCheckResult, { kind: 'apply' }>,
  ) => {
    const { design, options: body, items } = checked;
    return withProgress(request, reply, (onProgress) =>
      asLoad(
        reply,
        session,
        design,
        items !== undefined,
        (client, beforeWrite): Promise<unknown> =>
          route === 'apply'
            ? applyForSession(client, session.namespace, design, { ...body, onProgress, items, beforeWrite })
            : loadForSession(client, session.namespace, design, {
                replace: body.replace,
                onProgress,
                items,
                beforeWrite,
              }),
        checked.sampleCount,
      ),
    );
  };

  app.post('/api/apply', async (request, reply) => {
    if (request.body instanceof JsonBytes) {
      const session = sessionOf(sessions, request, reply);
      const checked = await checkedOffLoop('apply', request.body, session, reply, limits.loadMs);
      if (checked.kind !== 'apply') throw new ApiFailure(400, 'InvalidRequest', 'not an apply request');
      return applyChecked('apply', request, reply, session, checked);
    }
    const body = parseBody(applyRequestSchema, request.body);
    const session = sessionOf(sessions, request, reply);
    const design = checkDesign(body.design);
    return withProgress(request, reply, (onProgress) =>
      asLoad(reply, session, design, body.loadItems !== false, (client, beforeWrite) =>
        applyForSession(client, session.namespace, design, { ...body, onProgress, beforeWrite }),
      ),
    );
  });

  app.post('/api/load', async (request, reply) => {
    if (request.body instanceof JsonBytes) {
      const session = sessionOf(sessions, request, reply);
      const checked = await checkedOffLoop('load', request.body, session, reply, limits.loadMs);
      if (checked.kind !== 'apply') throw new ApiFailure(400, 'InvalidRequest', 'not a load request');
      return applyChecked('load', request, reply, session, checked);
    }
    const body = parseBody(applyRequestSchema, request.body);
    const session = sessionOf(sessions, request, reply);
    const design = checkDesign(body.design);
    return withProgress(request, reply, (onProgress) =>
      asLoad(reply, session, design, true, (client, beforeWrite) =>
        loadForSession(client, session.namespace, design, { replace: body.replace, onProgress, beforeWrite }),
      ),
    );
  });

  app.post('/api/run', async (request, reply) => {
    const session = sessionOf(sessions, request, reply);
    if (request.body instanceof JsonBytes) {
      const checked = await checkedOffLoop('run', request.body, session, reply, limits.requestMs);
      if (checked.kind === 'run')
        return asSession(reply, session, (client) =>
          runBuiltRequest(client, checked.request, runQuotas(client, session)),
        );
      // A raw request: no design to check; its body (given back) is read as a small one's is.
      if (checked.kind !== 'raw' || !checked.bytes) throw new ApiFailure(400, 'InvalidRequest', 'not a run');
      request.body = parseExactJson(Buffer.from(checked.bytes).toString('utf8'));
    }
    const body = request.body as Record<string, unknown> | undefined;
    if (body && typeof body === 'object' && 'operation' in body) {
      const raw = parseBody(rawRunSchema, body);
      // The write quota costs DynamoDB calls: it is checked only once the request has passed every check.
      return asSession(reply, session, (client) =>
        runRawForSession(client, session.namespace, raw.operation, raw.input, runQuotas(client, session)),
      );
    }
    const run = parseBody(patternRunSchema, body);
    const design = checkDesign(run.design);
    return asSession(reply, session, (client) =>
      runPatternForSession(client, session.namespace, design, run, runQuotas(client, session)),
    );
  });

  app.post('/api/reset', async (request, reply) => {
    parseBody(resetRequestSchema, request.body);
    const session = sessionOf(sessions, request, reply);
    const deleted = await asSession(reply, session, (client) => resetSession(client, session.namespace));
    storedBytes.free(session.namespace);
    return { deleted };
  });

  app.get('/api/lessons', async (): Promise<LessonsResponse> => ({ lessons: options.lessons ?? [] }));

  // Workshop mode: its routes, and its guard that refuses every other /api route to all but attendees.
  if (options.workshop) app.register(workshopPlugin, { ...options.workshop, sessions, limits, deleteTables });
  if (options.live !== false) {
    const liveLimits = { ...LIVE_LIMITS, ...options.live?.limits };
    app.register(livePlugin, {
      rooms: options.live?.rooms ?? new LiveRooms(liveLimits),
      limits: liveLimits,
      deleteTables,
      onClose: options.live?.onClose,
    });
  }
  if (options.staticDir) serveStatic(app, options.staticDir);
  return app;
}
