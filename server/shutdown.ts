// Closing the server must end: Node's `server.close()` waits for every connection to end, and once it is
// called it also stops the sweep that enforces `headersMs` (connectionsCheckingInterval), while Fastify's
// close ends only the keep-alive connections between requests. So one client holding a connection that has
// sent nothing, or half a request's headers, kept `keyplan serve` from stopping on SIGTERM for as long as it
// liked (found when `npm run bench load --attack` hung after its report, on the attacker's idle sockets).
import type { FastifyInstance } from 'fastify';

/**
 * How long a closing server lets its requests under way finish before it cuts every connection left: an
 * apply of the most items a design may have takes a few seconds.
 */
export const SHUTDOWN_GRACE_MS = 5_000;

/** On close, cuts the connections still open `graceMs` after it began, so that close always ends. */
export function cutConnectionsOnClose(app: FastifyInstance, graceMs = SHUTDOWN_GRACE_MS): void {
  let cut: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
    cut.unref();
    // 'close' comes once the last connection has ended (onClose hooks run before Fastify closes the server).
    app.server.once('close', () => clearTimeout(cut));
  });
}
