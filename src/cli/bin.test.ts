// The installed `keyplan` command as a user runs it: the bin script, a real process, a real pipe.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runKeyplan } from './run-in-process.ts';

const BIN = fileURLToPath(new URL('../../bin/keyplan.mjs', import.meta.url));
const EXAMPLE = fileURLToPath(new URL('../../fixtures/examples/online-store.keyplan.json', import.meta.url));
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('bin/keyplan.mjs', () => {
  it('stops quietly when the reader closes the pipe early (keyplan items … | head)', async () => {
    // Far more output than a pipe buffers, so keyplan is still writing when the reader goes away.
    const seeded = await runKeyplan(['seed', EXAMPLE, '--count', '2000']);
    expect(seeded.code).toBe(0);
    const dir = await mkdtemp(join(tmpdir(), 'keyplan-bin-'));
    dirs.push(dir);
    const file = join(dir, 'big.keyplan.json');
    await writeFile(file, seeded.stdout);

    const child = spawn(process.execPath, [BIN, 'items', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    // Like `head -c 10`: take the first chunk, then close our end while keyplan still writes.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|Error/);
    expect(code).toBe(0);
  }, 60_000);
});
