// Fastify's and Node's own failures in the API's error shape `{ error: { code, message } }`, like every
// other answer: HTTP that Node cannot read (400; 431 for headers over its limit), a malformed URL (400), a
// path no route serves (404) or serves with other methods (405), and JSON nested deeper than any request
// needs (400, refused before it is parsed). The statuses and codes come from errors.ts's toApiFailure.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_JSON_DEPTH } from '../src/core/model/design-limits.ts';
import { exactJsonOf, stringifyExactJson } from '../src/core/values/exact-json.ts';
import { jsonNestsDeeperThan } from '../src/core/values/json-depth.ts';
import { API_PREFIX } from './api-request.ts';
import { ApiFailure, toApiFailure } from './errors.ts';
import { type BodyChunks, readBodyChunks } from './read-body.ts';

export function errorBody(failure: ApiFailure) {
  return { error: { code: failure.code, message: failure.message, details: failure.details } };
}

/** Fastify's `clientErrorHandler`: what Node's HTTP parser refused, answered before Fastify has a request. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HeadersTooLarge', 'the request headers are larger than the server accepts']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'RequestTimeout', 'the request did not arrive in time']
        : [400, 'BadHttpRequest', 'the request is not HTTP the server can read'];
  const body = JSON.stringify({ error: { code, message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Fastify's `frameworkErrors`: a malformed URL (`/%`) and the like, before any route or hook runs. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const failure = toApiFailure(error);
  reply.code(failure.status).send(errorBody(failure));
}

/**
 * A JSON body kept as the chunks it came in, for its route to join, decode and parse off the event loop
 * (app.ts: design-workers.ts): even making a string of 30 MB takes the event loop a few hundred ms.
 */
export class JsonBytes {
  constructor(readonly body: BodyChunks) {}
}

/**
 * JSON bodies only (no text/plain), refused when nested deeper than MAX_JSON_DEPTH before they are parsed,
 * numbers kept exactly both ways (src/core/values/exact-json.ts), and a 404 or 405 for what no route serves.
 * A body `keepBytes` picks is not parsed here: its route gets a JsonBytes. Call before the routes are added.
 */
export function answerInApiShape(
  app: FastifyInstance,
  keepBytes: (request: FastifyRequest, length: number) => boolean = () => false,
): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', (request, payload, done) => {
    const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
    readBodyChunks(request, payload, limit).then((read) => {
      if (keepBytes(request, read.length)) return done(null, new JsonBytes(read));
      parseJson(request, Buffer.concat(read.chunks, read.length).toString('utf8'), done);
    }, done);
  });
  const parseJson = (
    request: FastifyRequest,
    body: string,
    done: (error: Error | null, value?: unknown) => void,
  ): void => {
    if (jsonNestsDeeperThan(body, MAX_JSON_DEPTH)) {
      const message = `the JSON body nests deeper than ${MAX_JSON_DEPTH} levels`;
      done(new ApiFailure(400, 'TooDeep', message), undefined);
      return;
    }
    // Fastify's parser refuses __proto__ and constructor.prototype; what it accepts is then read again
    // exactly when a number in it has more digits than a double holds (DynamoDB numbers have up to 38).
    parse(request, body, (error, value) => {
      if (error) done(error, undefined);
      else done(null, exactJsonOf(body, value));
    });
  };
  // Answers write such numbers with all their digits, as JSON numbers.
  app.setReplySerializer((payload) => stringifyExactJson(payload));

  const methods = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    const known = methods.get(route.url) ?? new Set<string>();
    for (const method of [route.method].flat()) known.add(method);
    methods.set(route.url, known);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = [...(methods.get(path) ?? [])];
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      const message = `${path} answers ${allowed.join(', ')}, not ${request.method}`;
      return reply.code(405).send(errorBody(new ApiFailure(405, 'MethodNotAllowed', message)));
    }
    const message = `no route ${request.method} ${path}`;
    return reply.code(404).send(errorBody(new ApiFailure(404, 'NotFound', message)));
  });
}
