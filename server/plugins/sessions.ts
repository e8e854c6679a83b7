// Sessions, as one plugin on the root (fastify-plugin): a request's session is the one its cookie names (or
// a live room's, or a new one whose cookie the reply sets: sessionOf), and an expired session's tables are
// deleted, sessions being looked at every `sweepEveryMs` and whenever one starts (session-registry.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiFailure } from '../errors.ts';
import type { Limits } from '../limits.ts';
import { roomSessionOf } from '../live/plugin.ts';
import { type Session, sessionCookieHeader, sessionCookieOf } from '../session.ts';
import { type SessionRegistry, TooManySessionsError } from '../session-registry.ts';

/** The caller's session: the one its cookie names, or a new one whose cookie the reply sets. */
export function sessionOf(sessions: SessionRegistry, request: FastifyRequest, reply: FastifyReply): Session {
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

export interface SessionsPluginOptions {
  sessions: SessionRegistry;
  limits: Limits;
  deleteTables: (session: Session) => Promise<void>;
}

async function sessionExpiry(app: FastifyInstance, options: SessionsPluginOptions): Promise<void> {
  const { sessions, deleteTables } = options;
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
  const sweeper = setInterval(() => sessions.sweep(), options.limits.sweepEveryMs);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
}

export const sessionsPlugin = fp(sessionExpiry, { name: 'keyplan-sessions' });
