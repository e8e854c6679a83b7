// Progress of a long apply or load, streamed to a client that asks for it: with `Accept:
// application/x-ndjson` the answer is one `{"progress":{written,total}}` line per step (at most one each
// 100 ms, and the last) and ends with `{"result":…}` or `{"error":…}`; otherwise it is the plain JSON
// result. One plugin (fastify-plugin) that gives every reply `withProgress`.
// Every line is checked against its schema (src/core/contract/progress-lines.ts; the result against the
// route's own 200 schema) before it is written, here and nowhere else: a streamed answer has sent its 200
// already, so a wrong line ends the stream with a `ResponseMismatch` error line (and is logged), the same
// bug a plain answer's 500 names (api-shape.ts), never sent as if it were right.
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodType } from 'zod';
import {
  errorLineSchema,
  progressLineSchema,
  resultLineSchema,
} from '../../src/core/contract/progress-lines.ts';
import { stringifyExactJson } from '../../src/core/values/exact-json.ts';
import type { LoadProgress } from '../dynamodb/load.ts';
import { ApiFailure, toApiFailure } from '../errors.ts';
import { responseMismatch } from './api-shape.ts';

export type ProgressWork<T> = (onProgress?: (p: LoadProgress) => void) => Promise<T>;

declare module 'fastify' {
  interface FastifyReply {
    /** The work's result, or (NDJSON asked for) the reply streaming its progress and then its result. */
    withProgress<T>(work: ProgressWork<T>): Promise<T | FastifyReply>;
  }
}

const errorLine = (failure: ApiFailure) => ({
  error: { code: failure.code, message: failure.message, status: failure.status },
});

async function withProgress<T>(this: FastifyReply, work: ProgressWork<T>): Promise<T | FastifyReply> {
  if (!this.request.headers.accept?.includes('application/x-ndjson')) return work();
  const route = this.request.routeOptions.url ?? this.request.url;
  const answer = (this.request.routeOptions.schema?.response as Record<string, ZodType> | undefined)?.[200];
  if (!answer)
    throw new ApiFailure(500, 'InternalError', `${route} streams its answer but declares no 200 schema`);
  const resultLine = resultLineSchema(answer);
  const stream = new PassThrough();
  this.type('application/x-ndjson').send(stream);
  let ended = false;
  /** Writes `line` if it matches `schema`; the last line ends the stream, and so does a wrong one. */
  const write = (schema: ZodType, line: unknown, last: boolean) => {
    if (ended) return;
    const checked = schema.safeParse(line);
    if (!checked.success) {
      const problems = checked.error.issues.map(
        (i) => `${i.path.map(String).join('.') || '(line)'}: ${i.message}`,
      );
      const mismatch = responseMismatch(`${route} (a streamed line)`, 200, problems);
      this.log.error(mismatch);
      line = errorLine(mismatch);
      last = true;
    }
    ended = last;
    if (last) stream.end(`${stringifyExactJson(line)}\n`);
    else stream.write(`${stringifyExactJson(line)}\n`);
  };
  let lastSent = 0;
  const onProgress = (progress: LoadProgress) => {
    const now = Date.now();
    if (progress.written < progress.total && now - lastSent < 100) return;
    lastSent = now;
    write(progressLineSchema, { progress }, false);
  };
  work(onProgress)
    .then((result) => write(resultLine, { result }, true))
    .catch((error) => write(errorLineSchema, errorLine(toApiFailure(error)), true));
  return this;
}

async function progress(app: FastifyInstance): Promise<void> {
  app.decorateReply('withProgress', withProgress);
}

export const progressPlugin = fp(progress, { name: 'keyplan-progress' });
