// Builds the HTTP app (tests call this and use inject); server.ts alone listens and shuts down. The app is
// composition only: the plugins hold what every request goes through (plugins/), each route group is a
// plugin of its own that validates its body with the core's contract and declares its answer's schema
// (routes/), and the workshop and live rooms are plugins of their own (workshop/, live/).
import Fastify, { type FastifyInstance } from 'fastify';
import type { Lesson } from '../src/core/features/lessons/lesson-types.ts';
import type { HostPolicy } from './browser-guard.ts';
import type { DesignRoute } from './design-check.ts';
import type { DynamoTarget } from './dynamo-target.ts';
import { clientErrorHandler, frameworkErrors } from './http-errors.ts';
import { LIMITS, type Limits } from './limits.ts';
import { type LivePluginOptions, livePlugin } from './live/plugin.ts';
import { LIVE_LIMITS, LiveRooms } from './live/rooms.ts';
import { apiShapePlugin } from './plugins/api-shape.ts';
import { progressPlugin } from './plugins/progress.ts';
import { largeBodiesPlugin, quotasPlugin } from './plugins/quotas.ts';
import { browserGuardPlugin, foreignSitesPlugin } from './plugins/security.ts';
import { sessionsPlugin } from './plugins/sessions.ts';
import { designRoutes } from './routes/design.ts';
import { healthRoutes } from './routes/health.ts';
import { lessonRoutes } from './routes/lessons.ts';
import { resetRoutes } from './routes/reset.ts';
import { runRoutes } from './routes/run.ts';
import { SessionRegistry } from './session-registry.ts';
import { SessionWork } from './session-work.ts';
import { cutConnectionsOnClose } from './shutdown.ts';
import { serveStatic } from './static.ts';
import { type WorkshopPluginOptions, workshopPlugin } from './workshop/plugin.ts';

export type { DynamoTarget } from './dynamo-target.ts';

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

/** The routes whose large body is parsed and checked in a design worker (design-check.ts), off the event loop. */
const DESIGN_ROUTES = new Map<string, DesignRoute>([
  ['/api/apply', 'apply'],
  ['/api/load', 'load'],
  ['/api/run', 'run'],
]);

export function buildApp(options: AppOptions): FastifyInstance {
  const limits: Limits = { ...LIMITS, ...options.limits };
  // The HTTP server's own limits: a request's headers within `headersMs` (a client that opens connections
  // and sends nothing, or trickles its headers, is answered 408 and cut off), the whole request within
  // `requestReceiveMs`, an idle keep-alive connection closed after `keepAliveMs`; Node looks for expired ones
  // every half `headersMs`. The connections per address are the quotas plugin's.
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? LIMITS.bodyBytes,
    keepAliveTimeout: limits.keepAliveMs,
    requestTimeout: limits.requestReceiveMs,
    http: { headersTimeout: limits.headersMs, connectionsCheckingInterval: limits.headersMs / 2 },
    clientErrorHandler,
    frameworkErrors,
  });
  const sessions = options.sessions ?? new SessionRegistry();
  const work = new SessionWork(options.dynamo, limits);
  // Closing ends even while a client holds a silent or half-sent connection (shutdown.ts).
  cutConnectionsOnClose(app);

  // In this order: a page of another site is refused before it takes from its visitor's allowances; then
  // every request takes from its quotas before anything else is done for it; then the browser checks.
  app.register(foreignSitesPlugin);
  app.register(quotasPlugin, { limits, sessions, workshop: Boolean(options.workshop) });
  app.register(browserGuardPlugin, { hosts: options.hosts });
  app.register(apiShapePlugin, {
    keepBytes: (request, length) =>
      length > limits.designWorkerBytes && DESIGN_ROUTES.has(request.routeOptions.url ?? ''),
  });
  // Started as the server starts, not awaited: loading the checks' modules takes seconds of a busy core.
  if (options.warmDesignWorkers) app.addHook('onReady', async () => void work.designWorkers.warm());
  app.addHook('onClose', () => work.designWorkers.close());
  app.register(largeBodiesPlugin, { limits });
  app.register(sessionsPlugin, { sessions, limits, deleteTables: work.deleteTables });
  app.register(progressPlugin);

  // Workshop mode: its routes, and its guard that refuses every other /api route to all but attendees. It and
  // the live rooms come before the route groups: a route plugin has the hooks its parent had when it was
  // registered, and the workshop's guard and a room's proof hold for every route.
  const { deleteTables } = work;
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
  // The API's route groups, each a plugin (routes/).
  const context = { sessions, work };
  app.register(healthRoutes, context);
  app.register(designRoutes, context);
  app.register(runRoutes, context);
  app.register(resetRoutes, context);
  app.register(lessonRoutes, { lessons: options.lessons });
  // The built app's files, last: after every hook and handler they are answered with.
  const { staticDir } = options;
  if (staticDir) app.register(async (files) => serveStatic(files, staticDir));
  return app;
}
