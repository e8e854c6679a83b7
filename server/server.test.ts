// The whole server as `keyplan serve` runs it: its own DynamoDB Local, surviving a Java crash, and
// leaving no Java process behind when it stops.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { getExample } from '../src/core/features/examples/index.ts';
import { startServer } from './server.ts';

function javaAlive(pid: number): boolean {
  const table = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return table
    .split('\n')
    .some((line) => line.trim().startsWith(`${pid} `) && line.includes('DynamoDBLocal'));
}

async function post(url: string, body: unknown, cookie?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: await response.json(),
    cookie: response.headers.get('set-cookie')?.split(';')[0],
  };
}

describe('keyplan serve', () => {
  it('waits for DynamoDB Local to restart after its Java process is killed, and stops it on close', async () => {
    const server = await startServer({ port: 0, staticDir: '/nonexistent', log: () => {} });
    try {
      const health = await (await fetch(`${server.url}/api/health`)).json();
      expect(health).toMatchObject({ ok: true, dynamodb: { status: 'up', mode: 'embedded' } });
      expect(health.dynamodb.dataLostAt).toBeUndefined();
      const design = getExample('online-store')!.design;
      const applied = await post(`${server.url}/api/apply`, { design });
      expect(applied.status).toBe(200);

      const pid = server.local!.pid!;
      expect(javaAlive(pid)).toBe(true);
      const killedAt = new Date().toISOString();
      process.kill(pid, 'SIGKILL');

      // In-memory data is gone with the process: the next apply recreates it, after waiting for the restart.
      const again = await post(`${server.url}/api/apply`, { design }, applied.cookie);
      expect(again.status).toBe(200);
      expect(again.body.action).toBe('created');
      // Health says the data was lost, and when: the UI offers to apply again.
      const restarted = await (
        await fetch(`${server.url}/api/health`, { headers: { cookie: applied.cookie! } })
      ).json();
      expect(restarted.dynamodb.status).toBe('up');
      expect(restarted.dynamodb.instance).not.toBe(health.dynamodb.instance);
      expect(restarted.dynamodb.dataLostAt >= killedAt).toBe(true);
      expect(restarted.dynamodb.dataLostAt <= new Date().toISOString()).toBe(true);
      const run = await post(
        `${server.url}/api/run`,
        { design, patternId: 'customer-orders' },
        applied.cookie,
      );
      expect(run.status).toBe(200);
      expect(run.body.items.map((i: { orderId: string }) => i.orderId)).toEqual(['o101', 'o100']);

      const restartedPid = server.local!.pid!;
      expect(restartedPid).not.toBe(pid);
      await server.close();
      expect(javaAlive(restartedPid)).toBe(false);
    } finally {
      await server.close();
    }
  }, 120_000);
});
