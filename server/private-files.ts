// What a --db-path folder holds is private to the user who runs Keyplan: DynamoDB Local's databases hold
// every attendee's items, the workshop's store its code and presenter key, the live rooms' store their logs.
// Folders are made 0700 and files 0600 (DynamoDB Local's through its umask: server/dynamodb/local.ts), and
// what an older Keyplan left readable (0755 folders, 0644 databases) is tightened when a server starts on
// it. Tightening only removes the group's and others' bits: it never gives a permission.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Owner only: read, write and enter. */
export const PRIVATE_DIR_MODE = 0o700;
/** Owner only: read and write. */
export const PRIVATE_FILE_MODE = 0o600;

/** `file` (or folder) without the group's and others' permissions; a symbolic link is left alone. */
export function tighten(file: string): void {
  const info = lstatSync(file);
  if (info.isSymbolicLink() || (info.mode & 0o077) === 0) return;
  chmodSync(file, info.mode & 0o7700);
}

/** Makes `dir` (and missing parents) owner-only, and tightens it if it was there already. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir);
}

/** Tightens `dir` and everything in it, without following symbolic links (a walk with its own stack). */
export function tightenTree(dir: string): void {
  const stack = [dir];
  while (stack.length > 0) {
    const folder = stack.pop() as string;
    tighten(folder);
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) stack.push(file);
      else if (entry.isFile()) tighten(file);
    }
  }
}
