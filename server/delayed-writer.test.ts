import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DelayedWriter } from './delayed-writer.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the delayed writer of the --db-path stores', () => {
  it('reports a write that fails, tries it again with the newest text, and writes the rest of the round', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keyplan-writer-'));
    folders.push(dir);
    const errors: string[] = [];
    const files = new DelayedWriter(dir, 60_000, (error) => errors.push(error.message));
    let version = 1;
    // A directory where the file goes: the rename over it fails, as a full disk or a lost folder would.
    mkdirSync(join(dir, 'a.json', 'blocked'), { recursive: true });
    writeFileSync(join(dir, 'gone.json'), 'old');
    files.mark('a.json', () => `a${version}`);
    files.mark('b.json', () => 'b');
    files.mark('gone.json', () => null);
    await files.flush();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/a\.json/);
    expect(readFileSync(join(dir, 'b.json'), 'utf8')).toBe('b');
    expect(() => readFileSync(join(dir, 'gone.json'))).toThrow(/ENOENT/);

    rmSync(join(dir, 'a.json'), { recursive: true });
    version = 2;
    // Closing writes what is still owed: the failed file, with its text as of now.
    await files.close();
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe('a2');
    expect(errors).toHaveLength(1);
  });
});
