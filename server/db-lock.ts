// One Keyplan server per --db-path folder: two DynamoDB Locals on one set of database files corrupt them or
// lose each other's writes. The server holds `keyplan.lock` in the folder, holding its pid, from before
// DynamoDB Local starts until it stops. A lock whose pid is no longer running (the server was killed) is
// stale and taken over. The folder is made (or tightened to) owner-only: private-files.ts.
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makePrivateDir, PRIVATE_FILE_MODE } from './private-files.ts';

export const LOCK_FILE = 'keyplan.lock';

/** The folder is held by a running process. */
export class DbPathInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `keyplan serve: --db-path ${dir} is in use by another Keyplan server (pid ${pid}); stop it or choose another folder (if pid ${pid} is not Keyplan, delete ${path.join(dir, LOCK_FILE)})`,
    );
  }
}

export interface DbPathLock {
  file: string;
  /** Removes the lock file, if it is still this lock's. Safe to call more than once. */
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function removeIfPresent(file: string) {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Takes the folder's lock (creating the folder if needed), or throws DbPathInUseError naming the pid that
 * holds it. The lock file appears with its content at once (written aside, then linked), so a second
 * server never reads it half-written.
 */
export function lockDbPath(dir: string, pid = process.pid): DbPathLock {
  const folder = path.resolve(dir);
  makePrivateDir(folder);
  const file = path.join(folder, LOCK_FILE);
  const content = `${pid}\n`;
  const aside = `${file}.${pid}.${Date.now()}`;
  writeFileSync(aside, content, { mode: PRIVATE_FILE_MODE });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(aside, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
      }
      const holder = holderOf(file);
      if (holder !== undefined && isRunning(holder)) throw new DbPathInUseError(dir, holder);
      // Stale: its server died without releasing it.
      removeIfPresent(file);
    }
  } finally {
    removeIfPresent(aside);
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.removeListener('exit', release);
    try {
      if (readFileSync(file, 'utf8') === content) unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  // An exit without close() (an uncaught error) still releases it; a SIGKILL leaves it stale.
  process.once('exit', release);
  return { file, release };
}
