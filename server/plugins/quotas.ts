// What one client may take of the server before anything is done for it, as one plugin on the root
// (fastify-plugin: its hooks hold for every route): its share of the connections, its requests' rate and
// concurrency, and a turn to send a large body. The limits are LIMITS (quotas.ts); the checks are there.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from '../api-request.ts';
import { ApiFailure } from '../errors.ts';
import type { Limits } from '../limits.ts';
import { capConnectionsPerAddress } from '../quotas/connections.ts';
import { Gate } from '../quotas/gate.ts';
import { RequestQuotas } from '../quotas/request-quotas.ts';
import { sessionCookieOf } from '../session.ts';
import type { SessionRegistry } from '../session-registry.ts';
import { asksForAppFile } from '../static.ts';

export interface QuotasPluginOptions {
  limits: Limits;
  sessions: SessionRegistry;
  /** Workshop mode: only an admitted join starts a session, so no request counts as starting one. */
  workshop: boolean;
}

async function quotas(app: FastifyInstance, options: QuotasPluginOptions): Promise<void> {
  const { limits, sessions } = options;
  // The connections the HTTP server holds: at most `connections` at once and `connectionsPerAddress` of one
  // address (addressKey: an IPv6 /64 as one), fewer as the server fills, so that a few addresses cannot take
  // them all (capConnectionsPerAddress).
  app.server.maxConnections = limits.connections;
  capConnectionsPerAddress(app.server, limits);
  // Every request, whatever its route (the API, the app's files, a 404, a socket), takes from its session's
  // rate and concurrency, or, without a session, from its address's rate, before anything else is done for
  // it. The app's files never carry the session cookie (Path=/api): they take from the address's larger quota
  // of files, so a room behind one address can load the app together. An /api request without a session also
  // counts toward the new sessions a second, except in workshop mode, where only an admitted join makes one
  // (at most one per attendee): there a flood of them cannot keep the room from joining.
  const requestQuotas = new RequestQuotas(limits);
  app.addHook('onRequest', async (request, reply) => {
    const session = sessions.peek(sessionCookieOf(request.headers.cookie));
    const kind = asksForAppFile(request)
      ? 'file'
      : !options.workshop && isApiRequest(request)
        ? 'startsSession'
        : 'request';
    const release = requestQuotas.admit(session, request.ip, kind);
    reply.raw.once('close', release);
  });
}

export const quotasPlugin = fp(quotas, { name: 'keyplan-quotas' });

/**
 * A large body (a design of many items) is read and parsed a few at a time server-wide; its turn ends once
 * it is parsed (or the request ends), so the memory bodies take is bounded however many sessions send them.
 * Applies and loads then take their turn of the loads (SessionWork) as any other.
 */
async function largeBodies(app: FastifyInstance, options: { limits: Limits }): Promise<void> {
  const { limits } = options;
  const turns = new Gate(limits.concurrentLargeBodies);
  const bodyIsLarge = ({ headers }: FastifyRequest) =>
    headers['transfer-encoding'] !== undefined || Number(headers['content-length']) > limits.largeBodyBytes;
  const bodyRead = new WeakMap<FastifyRequest, () => void>();
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request) || !bodyIsLarge(request)) return;
    const gone = new AbortController();
    const abort = () => gone.abort(new ApiFailure(503, 'ClientGone', 'the client closed the request'));
    reply.raw.once('close', abort);
    const leave = await turns.enter(gone.signal);
    reply.raw.off('close', abort);
    reply.raw.once('close', leave);
    bodyRead.set(request, leave);
  });
  app.addHook('preHandler', async (request) => bodyRead.get(request)?.());
}

export const largeBodiesPlugin = fp(largeBodies, { name: 'keyplan-large-bodies' });
