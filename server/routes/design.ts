// POST /api/apply (create or update the design's table, then write its items) and POST /api/load (write its
// items into the table as it is): a session's table from a design, within its quotas (session-work.ts), with
// progress streamed when asked (plugins/progress.ts). A large body comes as JsonBytes and is checked in a
// design worker (design-check.ts), off the event loop; a small one is checked here with the contract.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applyResponseSchema, loadResponseSchema } from '../../src/core/contract/api-responses.ts';
import { applyRequestSchema } from '../../src/core/contract/contract.ts';
import type { DesignCheckResult } from '../design-check.ts';
import { ApiFailure } from '../errors.ts';
import { JsonBytes } from '../http-errors.ts';
import { parseBody } from '../parse-body.ts';
import { sessionOf } from '../plugins/sessions.ts';
import { applyForSession, loadForSession } from '../service.ts';
import type { Session } from '../session.ts';
import { checkDesign } from './check-design.ts';
import type { RouteContext } from './context.ts';

export async function designRoutes(app: FastifyInstance, { sessions, work }: RouteContext): Promise<void> {
  const { limits } = work;

  /** An apply or load whose body a worker checked: its items are written as checked there. */
  const applyChecked = (
    route: 'apply' | 'load',
    reply: FastifyReply,
    session: Session,
    checked: Extract<DesignCheckResult, { kind: 'apply' }>,
  ) => {
    const { design, options: body, items } = checked;
    return reply.withProgress((onProgress) =>
      work.asLoad(
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

  /** The worker's answer for a large body of `route`, or undefined for a small body checked here. */
  const offLoop = async (route: 'apply' | 'load', request: FastifyRequest, reply: FastifyReply) => {
    if (!(request.body instanceof JsonBytes)) return undefined;
    const session = sessionOf(sessions, request, reply);
    const checked = await work.checkedOffLoop(route, request.body, session, reply, limits.loadMs);
    if (checked.kind !== 'apply')
      throw new ApiFailure(
        400,
        'InvalidRequest',
        route === 'apply' ? 'not an apply request' : 'not a load request',
      );
    return applyChecked(route, reply, session, checked);
  };

  app.post('/api/apply', { schema: { response: { 200: applyResponseSchema } } }, async (request, reply) => {
    const large = await offLoop('apply', request, reply);
    if (large) return large;
    const body = parseBody(applyRequestSchema, request.body);
    const session = sessionOf(sessions, request, reply);
    const design = checkDesign(body.design);
    return reply.withProgress((onProgress) =>
      work.asLoad(reply, session, design, body.loadItems !== false, (client, beforeWrite) =>
        applyForSession(client, session.namespace, design, { ...body, onProgress, beforeWrite }),
      ),
    );
  });

  app.post('/api/load', { schema: { response: { 200: loadResponseSchema } } }, async (request, reply) => {
    const large = await offLoop('load', request, reply);
    if (large) return large;
    const body = parseBody(applyRequestSchema, request.body);
    const session = sessionOf(sessions, request, reply);
    const design = checkDesign(body.design);
    return reply.withProgress((onProgress) =>
      work.asLoad(reply, session, design, true, (client, beforeWrite) =>
        loadForSession(client, session.namespace, design, { replace: body.replace, onProgress, beforeWrite }),
      ),
    );
  });
}
