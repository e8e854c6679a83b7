// Two servers on one --db-path are refused: the second `keyplan serve` exits 1 with one line naming the
// folder and the pid that holds it, before it starts a DynamoDB Local; a lock left by a dead server is taken
// over; the lock goes with the server.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DbPathInUseError, LOCK_FILE, lockDbPath } from '../../../server/db-lock.ts';
import { DynamoDBLocal } from '../../../server/dynamodb/local.ts';
import { startServer } from '../../../server/server.ts';
import { runKeyplan } from '../../../src/cli/run-in-process.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'keyplan-db-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('one server per --db-path', () => {
  it('refuses a second keyplan serve on the folder of a running server, before starting Java', async () => {
    vi.stubEnv('DYNAMODB_ENDPOINT', undefined);
    const dir = tempDir();
    const first = await startServer({ port: 0, dbPath: dir, staticDir: '/nonexistent', log: () => {} });
    try {
      expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
      const start = vi.spyOn(DynamoDBLocal.prototype, 'start');
      const second = await runKeyplan(['serve', '--port', '0', '--db-path', dir]);
      expect(second).toEqual({
        code: 1,
        stdout: '',
        stderr: `keyplan serve: --db-path ${dir} is in use by another Keyplan server (pid ${process.pid}); stop it or choose another folder (if pid ${process.pid} is not Keyplan, delete ${path.join(dir, LOCK_FILE)})\n`,
      });
      expect(start).not.toHaveBeenCalled();
      // The first server is untouched.
      expect((await (await fetch(`${first.url}/api/health`)).json()).ok).toBe(true);
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  }, 120_000);

  it('takes over a lock whose process is gone, and releases only its own', () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE);
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(file, `${dead}\n`);
    const lock = lockDbPath(dir);
    expect(readFileSync(file, 'utf8')).toBe(`${process.pid}\n`);
    expect(() => lockDbPath(dir)).toThrow(DbPathInUseError);
    lock.release();
    expect(existsSync(file)).toBe(false);

    const again = lockDbPath(dir);
    lock.release(); // a second release of the old lock leaves the new one alone
    expect(readFileSync(file, 'utf8')).toBe(`${process.pid}\n`);
    again.release();
  });
});
