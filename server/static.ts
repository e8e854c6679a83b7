// Serves the built SPA: files from the build folder, and index.html for any other non-API path.
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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

/** The route of the app's files (and of index.html for the app's other paths). */
const FILES_ROUTE = '/*';

/** The path a request asks the files route for, decoded; undefined when it is not the app's (/api/, malformed). */
function appPathOf(url: string): string | undefined {
  try {
    const path = decodeURIComponent(url.split('?')[0]);
    return path.startsWith('/api/') ? undefined : path;
  } catch {
    return undefined;
  }
}

/**
 * Whether a request (routed, in an onRequest hook) asks for one of the app's files: a GET or HEAD the files
 * route answers. Not the API, not the live socket, not a malformed path: bounded work, one file read.
 */
export function asksForAppFile(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.routeOptions.url === FILES_ROUTE &&
    appPathOf(request.url) !== undefined
  );
}

export function serveStatic(app: FastifyInstance, root: string): void {
  const base = normalize(root + sep);
  app.get(FILES_ROUTE, async (request, reply) => {
    const path = appPathOf(request.url);
    if (path === undefined) return reply.callNotFound();
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
