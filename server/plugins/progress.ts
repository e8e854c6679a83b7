// Progress of a long apply or load, streamed to a client that asks for it: with `Accept:
// application/x-ndjson` the answer is one `{"progress":{written,total}}` line per step (at most one each
// 100 ms, and the last) and ends with `{"result":…}` or `{"error":…}`; otherwise it is the plain JSON
// result. One plugin (fastify-plugin) that gives every reply `withProgress`.
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { stringifyExactJson } from '../../src/core/values/exact-json.ts';
import type { LoadProgress } from '../dynamodb/load.ts';
import { toApiFailure } from '../errors.ts';

export type ProgressWork<T> = (onProgress?: (p: LoadProgress) => void) => Promise<T>;

declare module 'fastify' {
  interface FastifyReply {
    /** The work's result, or (NDJSON asked for) the reply streaming its progress and then its result. */
    withProgress<T>(work: ProgressWork<T>): Promise<T | FastifyReply>;
  }
}

async function withProgress<T>(this: FastifyReply, work: ProgressWork<T>): Promise<T | FastifyReply> {
  if (!this.request.headers.accept?.includes('application/x-ndjson')) return work();
  const stream = new PassThrough();
  this.type('application/x-ndjson').send(stream);
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
  return this;
}

async function progress(app: FastifyInstance): Promise<void> {
  app.decorateReply('withProgress', withProgress);
}

export const progressPlugin = fp(progress, { name: 'keyplan-progress' });
