// Builds the HTTP app (tests call this and use inject); server.ts alone listens and shuts down.
// Routes are thin: validate the body with the core's contract, call one function, answer JSON.

import { PassThrough } from 'node:stream';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { applyRequestSchema, MAX_ITEMS, patternRunSchema, rawRunSchema } from '../src/core/api/contract.ts';
import type { Design } from '../src/core/model/schema.ts';
import { formatProblems, referenceProblems } from '../src/core/model/validate.ts';
import type { LoadProgress } from './dynamodb/load.ts';
import { ApiFailure, toApiFailure } from './errors.ts';
import { isSessionId, namespacePrefix, newSessionId, SESSION_COOKIE } from './namespace.ts';
import {
  applyForSession,
  loadForSession,
  resetSession,
  runPatternForSession,
  runRawForSession,
} from './service.ts';
import { serveStatic } from './static.ts';

export interface DynamoTarget {
  mode: 'embedded' | 'external' | 'aws';
  status(): Promise<'starting' | 'up' | 'restarting' | 'down'>;
  /** Changes whenever the tables may have been lost (an in-memory DynamoDB Local restarted); see HealthResponse. */
  instance?(): string | undefined;
  /** Runs work with a client once DynamoDB answers (waiting through a restart); rejects when it cannot be reached. */
  withClient<T>(work: (client: DynamoDBClient) => Promise<T>): Promise<T>;
}

export interface AppOptions {
  dynamo: DynamoTarget;
  /** The built SPA; omitted in API-only tests. */
  staticDir?: string;
  /** Request bodies above this are refused with 413. */
  bodyLimit?: number;
  logger?: boolean;
}

function sessionOf(request: FastifyRequest, reply: FastifyReply): string {
  const cookie = request.headers.cookie ?? '';
  const found = /(?:^|;\s*)keyplan_session=([^;]+)/.exec(cookie)?.[1];
  if (isSessionId(found)) return found;
  const id = newSessionId();
  reply.header('set-cookie', `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Strict`);
  return id;
}

function parseBody<T>(schema: ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `${i.path.map(String).join('.') || '(body)'}: ${i.message}`,
    );
    throw new ApiFailure(400, 'InvalidRequest', problems.slice(0, 5).join('; '), problems);
  }
  return parsed.data;
}

function checkDesign(design: Design): Design {
  const problems = referenceProblems(design);
  if (problems.length > 0)
    throw new ApiFailure(400, 'InvalidDesign', formatProblems(problems.slice(0, 5)), problems);
  const items = Object.values(design.items).reduce((n, list) => n + list.length, 0);
  if (items > MAX_ITEMS)
    throw new ApiFailure(
      400,
      'TooManyItems',
      `the design has ${items} sample items; the server loads at most ${MAX_ITEMS}`,
    );
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
    stream.write(`${JSON.stringify({ progress })}\n`);
  };
  work(onProgress)
    .then((result) => stream.end(`${JSON.stringify({ result })}\n`))
    .catch((error) => {
      const failure = toApiFailure(error);
      stream.end(
        `${JSON.stringify({ error: { code: failure.code, message: failure.message, status: failure.status } })}\n`,
      );
    });
  return reply;
}

export function buildApp(options: AppOptions): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: options.bodyLimit ?? 8 * 1024 * 1024 });
  const { dynamo } = options;

  app.setErrorHandler((error, _request, reply) => {
    const failure = toApiFailure(error);
    if (failure.status >= 500 && failure.code === 'InternalError') app.log.error(error);
    reply
      .status(failure.status)
      .send({ error: { code: failure.code, message: failure.message, details: failure.details } });
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ error: { code: 'NotFound', message: `no route ${request.method} ${request.url}` } });
  });

  app.get('/api/health', async (request, reply) => {
    const status = await dynamo.status();
    return {
      ok: status === 'up',
      dynamodb: { status, mode: dynamo.mode, instance: dynamo.instance?.() },
      namespace: namespacePrefix(sessionOf(request, reply)),
    };
  });

  app.post('/api/apply', async (request, reply) => {
    const body = parseBody(applyRequestSchema, request.body);
    const prefix = namespacePrefix(sessionOf(request, reply));
    const design = checkDesign(body.design);
    return withProgress(request, reply, (onProgress) =>
      dynamo.withClient((client) => applyForSession(client, prefix, design, { ...body, onProgress })),
    );
  });

  app.post('/api/load', async (request, reply) => {
    const body = parseBody(applyRequestSchema, request.body);
    const prefix = namespacePrefix(sessionOf(request, reply));
    const design = checkDesign(body.design);
    return withProgress(request, reply, (onProgress) =>
      dynamo.withClient((client) => loadForSession(client, prefix, design, onProgress)),
    );
  });

  app.post('/api/run', async (request, reply) => {
    const prefix = namespacePrefix(sessionOf(request, reply));
    const body = request.body as Record<string, unknown> | undefined;
    if (body && typeof body === 'object' && 'operation' in body) {
      const raw = parseBody(rawRunSchema, body);
      return dynamo.withClient((client) => runRawForSession(client, prefix, raw.operation, raw.input));
    }
    const run = parseBody(patternRunSchema, body);
    const design = checkDesign(run.design);
    return dynamo.withClient((client) => runPatternForSession(client, prefix, design, run));
  });

  app.post('/api/reset', async (request, reply) => {
    const prefix = namespacePrefix(sessionOf(request, reply));
    return { deleted: await dynamo.withClient((client) => resetSession(client, prefix)) };
  });

  if (options.staticDir) serveStatic(app, options.staticDir);
  return app;
}
