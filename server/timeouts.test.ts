// A DynamoDB Local that is up but does not answer (its Java process stopped with SIGSTOP): a request fails
// with a 503 naming the limit instead of hanging, health says "down" rather than "up", and both recover
// once it answers again (SIGCONT).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExample } from '../src/core/features/examples/index.ts';
import { buildApp } from './app.ts';
import { DynamoDBLocal } from './dynamodb/local.ts';
import { LIMITS } from './limits.ts';
import { embeddedTarget } from './target.ts';

const local = new DynamoDBLocal();
let app: ReturnType<typeof buildApp>;
let cookie: string;

const design = getExample('online-store')!.design;
const run = () =>
  app.inject({
    method: 'POST',
    url: '/api/run',
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ design, patternId: 'customer-orders' }),
  });
const health = async () =>
  (await app.inject({ method: 'GET', url: '/api/health', headers: { cookie } })).json() as {
    ok: boolean;
    dynamodb: { status: string };
  };

beforeAll(async () => {
  await local.start();
  app = buildApp({ dynamo: embeddedTarget(local) });
  const first = await app.inject({ method: 'GET', url: '/api/health' });
  cookie = String(first.headers['set-cookie']).split(';')[0];
  const applied = await app.inject({
    method: 'POST',
    url: '/api/apply',
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ design }),
  });
  expect(applied.statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  if (local.pid) process.kill(local.pid, 'SIGCONT');
  await app?.close();
  await local.stop();
});

describe('a frozen DynamoDB Local', () => {
  it('fails a request with 503 after the call limit, says "down", and recovers', async () => {
    expect(await health()).toMatchObject({ ok: true, dynamodb: { status: 'up' } });
    process.kill(local.pid!, 'SIGSTOP');
    try {
      const frozen = await run();
      expect(frozen.statusCode).toBe(503);
      expect(frozen.json().error).toEqual({
        code: 'DynamoDBTimeout',
        message: `DynamoDB did not answer within ${LIMITS.dynamodbCallMs / 1000} s, the limit of one call; it may be frozen or overloaded`,
      });
      // The process is alive, so only asking it tells: health probes it, and it does not answer.
      expect(await health()).toMatchObject({ ok: false, dynamodb: { status: 'down' } });
    } finally {
      process.kill(local.pid!, 'SIGCONT');
    }
    let status = '';
    for (let i = 0; i < 100 && status !== 'up'; i++) {
      status = (await health()).dynamodb.status;
      if (status !== 'up') await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe('up');
    const again = await run();
    expect(again.statusCode).toBe(200);
    expect(again.json().items.length).toBeGreaterThan(0);
  }, 60_000);
});
