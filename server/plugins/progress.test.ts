// A streamed answer's lines are checked before they are written: right lines go out as they are (exact
// numbers and all); a progress or result line outside its schema ends the stream with a ResponseMismatch
// error line instead of being sent, and a route that streams without declaring its answer's schema is
// refused before it streams anything.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LoadProgress } from '../dynamodb/load.ts';
import { apiShapePlugin } from './api-shape.ts';
import { progressPlugin } from './progress.ts';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const answer = { schema: { response: { 200: z.strictObject({ n: z.unknown(), name: z.string() }) } } };

async function streaming(result: unknown, progress: unknown[] = []) {
  const app = Fastify({ logger: false });
  apps.push(app);
  await app.register(apiShapePlugin);
  await app.register(progressPlugin);
  const work = async (onProgress?: (p: LoadProgress) => void) => {
    for (const p of progress) onProgress?.(p as LoadProgress);
    return result;
  };
  app.post('/api/streamed', answer, async (_request, reply) => reply.withProgress(work));
  app.post('/api/undeclared', async (_request, reply) => reply.withProgress(work));
  const send = (url: string) =>
    app.inject({ method: 'POST', url, headers: { accept: 'application/x-ndjson' }, payload: {} });
  return { send };
}

const lines = (body: string) => body.trim().split('\n');

describe('progress streaming', () => {
  it('writes right lines as they are, the result last', async () => {
    const { send } = await streaming({ n: 12345678901234567890123n, name: 'a' }, [{ written: 2, total: 2 }]);
    const reply = await send('/api/streamed');
    expect(reply.headers['content-type']).toContain('application/x-ndjson');
    expect(lines(reply.body)).toEqual([
      '{"progress":{"written":2,"total":2}}',
      '{"result":{"n":12345678901234567890123,"name":"a"}}',
    ]);
  });

  it('ends the stream with ResponseMismatch instead of a result outside the route’s schema', async () => {
    for (const result of [{ n: 1, name: 'a', extra: true }, { n: 1 }]) {
      const { send } = await streaming(result);
      const sent = lines((await send('/api/streamed')).body);
      expect(sent).toHaveLength(1);
      const { error } = JSON.parse(sent[0]);
      expect(error).toMatchObject({ code: 'ResponseMismatch', status: 500 });
      expect(error.message).toContain('/api/streamed');
      expect(error.message).toContain(result.name ? 'extra' : 'result.name');
    }
  });

  it('sends no progress line outside its schema, and nothing after it', async () => {
    const { send } = await streaming({ n: 1, name: 'a' }, [
      { written: 1, total: 2 },
      { written: '2', total: 2 },
      { written: 2, total: 2 },
    ]);
    const sent = lines((await send('/api/streamed')).body);
    expect(sent[0]).toBe('{"progress":{"written":1,"total":2}}');
    expect(sent).toHaveLength(2);
    const { error } = JSON.parse(sent[1]);
    expect(error.code).toBe('ResponseMismatch');
    expect(error.message).toContain('progress.written');
  });

  it('refuses to stream for a route that declares no answer schema', async () => {
    const { send } = await streaming({ n: 1, name: 'a' });
    const reply = await send('/api/undeclared');
    expect(reply.statusCode).toBe(500);
    expect(reply.json().error.message).toContain('declares no 200 schema');
  });
});
