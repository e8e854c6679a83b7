// POST /api/run: one request against the session's tables, either a design's access pattern with its
// arguments (built by the core, as the app shows it) or a raw operation with its input (checked by
// raw-input.ts). Writes take from the session's item quota and stored bytes first (SessionWork.runQuotas).
import type { FastifyInstance } from 'fastify';
import { runResponseSchema } from '../../src/core/contract/api-responses.ts';
import { patternRunSchema, rawRunSchema } from '../../src/core/contract/contract.ts';
import { parseExactJson } from '../../src/core/values/exact-json.ts';
import { ApiFailure } from '../errors.ts';
import { JsonBytes } from '../http-errors.ts';
import { parseBody } from '../parse-body.ts';
import { sessionOf } from '../plugins/sessions.ts';
import { runBuiltRequest, runPatternForSession, runRawForSession } from '../service.ts';
import { checkDesign } from './check-design.ts';
import type { RouteContext } from './context.ts';

export async function runRoutes(app: FastifyInstance, { sessions, work }: RouteContext): Promise<void> {
  app.post('/api/run', { schema: { response: { 200: runResponseSchema } } }, async (request, reply) => {
    const session = sessionOf(sessions, request, reply);
    if (request.body instanceof JsonBytes) {
      const checked = await work.checkedOffLoop('run', request.body, session, reply, work.limits.requestMs);
      if (checked.kind === 'run')
        return work.asSession(reply, session, (client) =>
          runBuiltRequest(client, checked.request, work.runQuotas(client, session)),
        );
      // A raw request: no design to check; its body (given back) is read as a small one's is.
      if (checked.kind !== 'raw' || !checked.bytes) throw new ApiFailure(400, 'InvalidRequest', 'not a run');
      request.body = parseExactJson(Buffer.from(checked.bytes).toString('utf8'));
    }
    const body = request.body as Record<string, unknown> | undefined;
    if (body && typeof body === 'object' && 'operation' in body) {
      const raw = parseBody(rawRunSchema, body);
      // The write quota costs DynamoDB calls: it is checked only once the request has passed every check.
      return work.asSession(reply, session, (client) =>
        runRawForSession(
          client,
          session.namespace,
          raw.operation,
          raw.input,
          work.runQuotas(client, session),
        ),
      );
    }
    const run = parseBody(patternRunSchema, body);
    const design = checkDesign(run.design);
    return work.asSession(reply, session, (client) =>
      runPatternForSession(client, session.namespace, design, run, work.runQuotas(client, session)),
    );
  });
}
