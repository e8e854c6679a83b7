// Every answer in the API's shape, as one plugin on the root (fastify-plugin: its parsers, handlers and
// serializer hold for every route): JSON bodies only, exact numbers both ways, Fastify's and Node's own
// failures as `{ error: { code, message } }` (http-errors.ts), any thrown failure answered by its status
// (errors.ts), and each route's answer checked against its response schema before it is sent.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodType } from 'zod';
import { stringifyExactJson } from '../../src/core/values/exact-json.ts';
import { ApiFailure, toApiFailure } from '../errors.ts';
import { answerInApiShape, errorBody } from '../http-errors.ts';

export interface ApiShapeOptions {
  /** Whether a body is kept as its chunks for its route (a large design: design-check.ts) instead of parsed. */
  keepBytes?: (request: FastifyRequest, length: number) => boolean;
}

/**
 * An answer that does not match its route's response schema is Keyplan's bug: it is answered 500
 * `ResponseMismatch` naming what differs (and logged), never sent as if it were right.
 */
export function responseMismatch(
  url: string,
  status: string | number | undefined,
  problems: string[],
): ApiFailure {
  return new ApiFailure(
    500,
    'ResponseMismatch',
    `the answer of ${url} (${status ?? 'any status'}) does not match its schema: ${problems.slice(0, 5).join('; ')}`,
    problems,
  );
}

async function apiShape(app: FastifyInstance, options: ApiShapeOptions): Promise<void> {
  answerInApiShape(app, options.keepBytes);
  // A route's `schema.response` holds zod schemas (src/core/contract/*-responses.ts). Every answer is written
  // by the reply serializer above (exact numbers), which Fastify prefers to a schema's serializer; so the schemas
  // are not compiled into serializers but checked, with the same zod the requests are (parse-body.ts), on
  // the object about to be written.
  app.setSerializerCompiler(() => (data) => stringifyExactJson(data));
  app.addHook('preSerialization', async (request, reply, payload) => {
    const schemas = request.routeOptions.schema?.response as Record<string, ZodType> | undefined;
    const schema = schemas?.[reply.statusCode];
    if (!schema) return payload;
    const checked = schema.safeParse(payload);
    if (!checked.success)
      throw responseMismatch(
        request.routeOptions.url ?? request.url,
        reply.statusCode,
        checked.error.issues.map((i) => `${i.path.map(String).join('.') || '(body)'}: ${i.message}`),
      );
    return payload;
  });
  app.setErrorHandler((error, _request, reply) => {
    const failure = toApiFailure(error);
    if (failure.status >= 500 && ['InternalError', 'ResponseMismatch'].includes(failure.code))
      app.log.error(error);
    reply.status(failure.status).send(errorBody(failure));
  });
}

export const apiShapePlugin = fp(apiShape, { name: 'keyplan-api-shape' });
