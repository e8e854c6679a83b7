// docs/security.md's limits are the server's: every limit has a row, and the page's table is the one the
// code writes (`npm run docs`), so a changed value cannot leave the page behind.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.ts';
import { bytes, duration, limitsTable, limitsWithoutRow, withSecurityDoc } from './security-doc.ts';

const page = readFileSync(new URL('../docs/security.md', import.meta.url), 'utf8');

describe('docs/security.md, from LIMITS', () => {
  it('states every limit', () => {
    expect(limitsWithoutRow(), 'limits with no row in server/security-doc.ts').toEqual([]);
  });

  it('is what `npm run docs` writes', () => {
    expect(withSecurityDoc(page) === page, 'docs/security.md is stale: run `npm run docs`').toBe(true);
  });

  it('shows each value as the server holds it', () => {
    const table = limitsTable();
    expect(table).toContain(`| ${bytes(LIMITS.bodyBytes)} (413)`);
    expect(table).toContain(LIMITS.connections.toLocaleString('en-US'));
  });

  it('writes sizes and durations in their largest whole unit', () => {
    expect([bytes(32 * 1024 * 1024), bytes(1536), bytes(1000)]).toEqual([
      '32 MB',
      '1,536 bytes',
      '1,000 bytes',
    ]);
    expect([duration(10_000), duration(300_000), duration(86_400_000), duration(1500)]).toEqual([
      '10 s',
      '5 minutes',
      '1 day',
      '1,500 ms',
    ]);
  });
});
