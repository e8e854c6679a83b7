// `keyplan serve` on a port another program holds: one line naming the port and the option, exit 1,
// and no DynamoDB Local (Java) started only to be stopped again.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DynamoDBLocal } from '../../../server/dynamodb/local.ts';
import { runKeyplan } from '../run-in-process.ts';

async function occupyPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const { port } = holder.address() as net.AddressInfo;
  return { port, close: () => new Promise((resolve) => holder.close(() => resolve())) };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('keyplan serve', () => {
  it('says in one line that the port is in use and how to choose another, without starting Java', async () => {
    vi.stubEnv('DYNAMODB_ENDPOINT', undefined);
    const start = vi.spyOn(DynamoDBLocal.prototype, 'start');
    const busy = await occupyPort();
    try {
      const result = await runKeyplan(['serve', '--port', String(busy.port)]);
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: `keyplan serve: port ${busy.port} is in use; choose another with --port N (npm start -- --port N)\n`,
      });
      expect(start).not.toHaveBeenCalled();
    } finally {
      await busy.close();
    }
  });

  it('refuses an --allow-host that is not a host name as wrong usage', async () => {
    const result = await runKeyplan(['serve', '--allow-host', 'keyplan.lan', '--allow-host', 'http://x/']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^keyplan serve: --allow-host http:\/\/x\/: expected a host name or address/,
    );
  });

  it('refuses --aws with a host other than loopback: the network would use the AWS credentials', async () => {
    const start = vi.spyOn(DynamoDBLocal.prototype, 'start');
    for (const host of ['0.0.0.0', '192.168.1.20', '::']) {
      const result = await runKeyplan(['serve', '--workshop', '--aws', '--host', host]);
      expect(result.code, host).toBe(2);
      expect(result.stderr).toMatch(
        new RegExp(
          `^keyplan serve: --aws with --host ${host.replace(/\./g, '\\.')}: real AWS is served to this machine only`,
        ),
      );
    }
    expect(start).not.toHaveBeenCalled();
  });

  it('names each problem of a --lessons file before starting anything', async () => {
    const start = vi.spyOn(DynamoDBLocal.prototype, 'start');
    const dir = mkdtempSync(join(tmpdir(), 'keyplan-lessons-'));
    try {
      writeFileSync(join(dir, 'broken.lesson.yaml'), 'format: keyplan-lesson/1\nid: Broken Id\n');
      const result = await runKeyplan(['serve', '--workshop', '--lessons', dir]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`${join(dir, 'broken.lesson.yaml')}: `);
      expect(start).not.toHaveBeenCalled();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a port number above 65535 as wrong usage', async () => {
    const result = await runKeyplan(['serve', '--port', '70000']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^keyplan serve: --port 70000: expected a port number from 1 to 65535\n/);
  });
});
