// A file written whole or not at all: the text goes to a temporary file that is renamed over the old one,
// so a crash leaves the previous version. Used by delayed-writer.ts (the workshop and live-room stores) and
// the backfill checkpoint.
import { rename, writeFile } from 'node:fs/promises';

/** `mode` 0o600 by default: the stores keep secrets (a workshop's keys) and rooms' logs. */
export async function writeAtomically(file: string, text: string, mode = 0o600): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, text, { mode });
  await rename(temporary, file);
}
