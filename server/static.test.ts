// The built app's files: read once when the server starts and answered from memory, so a request reads no
// disk and holds no copy of its own (a client that does not read its answers cannot make the server hold
// one file per request), with the headers each kind of file has always had.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { testTarget } from './test-support/dynamo.ts';

const dir = mkdtempSync(join(tmpdir(), 'kp-static-'));
mkdirSync(join(dir, 'assets', 'nested'), { recursive: true });
writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Keyplan</title>');
writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(join(dir, 'assets', 'index-abc.js'), 'export default 1;');
writeFileSync(join(dir, 'assets', 'nested', 'font.woff2'), 'w');
const app = buildApp({ dynamo: testTarget(), staticDir: dir });

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the app’s files', () => {
  it('are answered from what was read at start, with their types and caching, index.html for any other path', async () => {
    await app.ready();
    // A request reads nothing from disk: the folder changed (or gone) after start changes no answer.
    writeFileSync(join(dir, 'assets', 'index-abc.js'), 'export default 2;');
    writeFileSync(join(dir, 'index.html'), 'changed');
    writeFileSync(join(dir, 'late.js'), 'late');
    const expected: [string, string, string, string][] = [
      ['/assets/index-abc.js', 'export default 1;', 'text/javascript; charset=utf-8', 'immutable'],
      ['/assets/nested/font.woff2', 'w', 'font/woff2', 'immutable'],
      ['/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml', 'no-cache'],
      ['/', '<!doctype html><title>Keyplan</title>', 'text/html; charset=utf-8', 'no-cache'],
      ['/join?code=X', '<!doctype html><title>Keyplan</title>', 'text/html; charset=utf-8', 'no-cache'],
      ['/assets/', '<!doctype html><title>Keyplan</title>', 'text/html; charset=utf-8', 'no-cache'],
      ['/late.js', '<!doctype html><title>Keyplan</title>', 'text/html; charset=utf-8', 'no-cache'],
      [
        '/assets/../../etc/passwd',
        '<!doctype html><title>Keyplan</title>',
        'text/html; charset=utf-8',
        'no-cache',
      ],
      [
        '/%2e%2e/%2e%2e/etc/passwd',
        '<!doctype html><title>Keyplan</title>',
        'text/html; charset=utf-8',
        'no-cache',
      ],
    ];
    for (const [url, body, type, cache] of expected) {
      const reply = await app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body, url).toBe(body);
      expect(reply.headers['content-type'], url).toBe(type);
      expect(String(reply.headers['cache-control']), url).toContain(cache);
      expect(reply.headers['content-security-policy'], url).toBeDefined();
    }
    const head = await app.inject({ method: 'HEAD', url: '/assets/index-abc.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});
