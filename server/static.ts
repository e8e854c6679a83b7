// Serves the built SPA: files from the build folder (held in memory), and index.html for any other non-API path.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, posix, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX } from './api-request.ts';

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
    return path.startsWith(API_PREFIX) ? undefined : path;
  } catch {
    return undefined;
  }
}

/**
 * Whether a request (routed, in an onRequest hook) asks for one of the app's files: a GET or HEAD the files
 * route answers. Not the API, not the live socket, not a malformed path: bounded work, a file already in memory.
 */
export function asksForAppFile(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.routeOptions.url === FILES_ROUTE &&
    appPathOf(request.url) !== undefined
  );
}

/**
 * The build folder's files, read once when the server starts: they are immutable (hashed assets, and an
 * index.html that changes only with a new build), a few MB in all, so a request reads no disk and takes
 * no memory of its own however many are under way (each answer sends the one Buffer loaded here).
 */
interface AppFile {
  body: Buffer;
  type: string;
  cache: string;
}

/** Every file under `root`, by its path as a URL asks for it (`/assets/index-1a2b.js`). */
function loadAppFiles(root: string): Map<string, AppFile> {
  const files = new Map<string, AppFile>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const path = `/${relative(root, file).split(sep).join('/')}`;
    files.set(path, {
      body: readFileSync(file),
      type: TYPES[extname(path)] ?? 'application/octet-stream',
      cache: path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
  }
  return files;
}

export function serveStatic(app: FastifyInstance, root: string): void {
  const files = loadAppFiles(root);
  const index = files.get('/index.html');
  app.get(FILES_ROUTE, async (request, reply) => {
    const path = appPathOf(request.url);
    if (path === undefined || !index) return reply.callNotFound();
    // Any other path of the app (/join, a folder, a path out of the folder) is index.html.
    const file = (!path.endsWith('/') && files.get(posix.normalize(path))) || index;
    return reply.type(file.type).header('cache-control', file.cache).send(file.body);
  });
}
