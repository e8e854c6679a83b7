// Serves the built SPA: files from the build folder, and index.html for any other non-API path.
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

export function serveStatic(app: FastifyInstance, root: string): void {
  const base = normalize(root + sep);
  app.get('/*', async (request, reply) => {
    const path = decodeURIComponent(request.url.split('?')[0]);
    if (path.startsWith('/api/')) return reply.callNotFound();
    const file = normalize(join(base, path));
    const inside = file.startsWith(base) && !path.endsWith('/');
    const target = inside ? file : join(base, 'index.html');
    try {
      const body = await readFile(target);
      const cache = target.includes(`${sep}assets${sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache';
      return reply
        .type(TYPES[extname(target)] ?? 'application/octet-stream')
        .header('cache-control', cache)
        .send(body);
    } catch {
      const index = await readFile(join(base, 'index.html'));
      return reply.type(TYPES['.html']).header('cache-control', 'no-cache').send(index);
    }
  });
}
