// POST /api/reset `{}`: deletes the session's tables and frees the bytes they held. The empty JSON body is
// what a page of another origin cannot send without being refused (browser-guard.ts).
import type { FastifyInstance } from 'fastify';
import { resetResponseSchema } from '../../src/core/contract/api-responses.ts';
import { resetRequestSchema } from '../../src/core/contract/contract.ts';
import { parseBody } from '../parse-body.ts';
import { sessionOf } from '../plugins/sessions.ts';
import { resetSession } from '../service.ts';
import type { RouteContext } from './context.ts';

export async function resetRoutes(app: FastifyInstance, { sessions, work }: RouteContext): Promise<void> {
  app.post('/api/reset', { schema: { response: { 200: resetResponseSchema } } }, async (request, reply) => {
    parseBody(resetRequestSchema, request.body);
    const session = sessionOf(sessions, request, reply);
    const deleted = await work.asSession(reply, session, (client) => resetSession(client, session.namespace));
    work.storedBytes.free(session.namespace);
    return { deleted };
  });
}
