// The answers are checked against their routes' schemas: an answer that drifts from the contract is a 500
// ResponseMismatch naming what differs, never sent as if it were right; a right one goes out unchanged,
// exact numbers and all.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import type { DynamoTarget } from '../dynamo-target.ts';
import { apiShapePlugin } from '../plugins/api-shape.ts';

const target = (status: string): DynamoTarget => ({
  mode: 'external',
  status: async () => status as 'up',
  withClient: () => Promise.reject(new Error('no DynamoDB in this test')),
});

describe('response schemas', () => {
  it('answers a health that matches its schema', async () => {
    const app = buildApp({ dynamo: target('up') });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, dynamodb: { status: 'up', mode: 'external' } });
    await app.close();
  });

  it('refuses to send a health whose status is none the contract names', async () => {
    const app = buildApp({ dynamo: target('exploded') });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(500);
    const { error } = response.json();
    expect(error.code).toBe('ResponseMismatch');
    expect(error.message).toContain('/api/health');
    expect(error.message).toContain('dynamodb.status');
    await app.close();
  });

  it('checks any route that declares a response schema, and writes exact numbers', async () => {
    const app = Fastify();
    await app.register(apiShapePlugin);
    const schema = z.strictObject({ n: z.unknown(), name: z.string() });
    app.get('/api/right', { schema: { response: { 200: schema } } }, async () => ({
      n: 12345678901234567890123n,
      name: 'a',
    }));
    app.get('/api/extra', { schema: { response: { 200: schema } } }, async () => ({ n: 1, name: 'a', x: 1 }));
    const right = await app.inject({ method: 'GET', url: '/api/right' });
    expect(right.statusCode).toBe(200);
    expect(right.body).toBe('{"n":12345678901234567890123,"name":"a"}');
    const extra = await app.inject({ method: 'GET', url: '/api/extra' });
    expect(extra.statusCode).toBe(500);
    expect(extra.json().error.code).toBe('ResponseMismatch');
    await app.close();
  });
});
