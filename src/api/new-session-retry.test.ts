// A room behind one address (NAT) opening the app at once: the server starts only so many sessions a second
// for one address and refuses the rest with TooManyNewSessions before doing anything. The client sends such a
// request again a moment later, so the late browsers get in without a reload. Real server on loopback; each
// "browser" is its own cookie jar.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { testTarget } from '../../server/test-support/dynamo.ts';
import { getHealth } from './client.ts';

// One session at once for the address, another every 1.5 s.
const app = buildApp({
  dynamo: testTarget(),
  limits: { addressNewSessionBurst: 1, addressNewSessionsPerSecond: 1 / 1.5 },
});
let origin = '';
let jar = '';

describe('a browser whose first request comes while its address starts too many sessions', () => {
  beforeAll(async () => {
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
      const headers = { ...(init.headers as Record<string, string>), ...(jar ? { cookie: jar } : {}) };
      const response = await realFetch(`${origin}${path}`, { ...init, headers });
      jar = response.headers.get('set-cookie')?.split(';')[0] ?? jar;
      return response;
    });
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await app.close();
  });

  it('is refused at first, then let in by the retry', async () => {
    // Browser 1 takes the address's one session.
    jar = '';
    await getHealth();
    expect(jar).not.toBe('');
    // Browser 2 at once: the server refuses it (seen directly), the client retries until it is in.
    jar = '';
    const direct = await globalThis.fetch('/api/health');
    expect(direct.status).toBe(429);
    expect((await direct.json()).error.code).toBe('TooManyNewSessions');
    jar = '';
    const health = await getHealth();
    expect(health).toBeDefined();
    expect(jar).not.toBe('');
  }, 30_000);
});
