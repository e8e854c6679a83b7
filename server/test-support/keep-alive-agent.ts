// The keep-alive agent the benches' and tests' honest clients talk to `keyplan serve` through.
import http from 'node:http';

/**
 * An http.Agent that keeps connections alive and lets each go before the server does. The server closes a
 * connection idle for `keepAliveMs` and says so (`Keep-Alive: timeout=5`); Node's agent takes that hint (and
 * drops the socket a second early) only when the agent has a `timeout` of its own (http.Agent
 * keepSocketAlive: `serverHintTimeout < agentTimeout`, and no timeout is 0). Without one it reuses a socket the
 * server is closing that instant, and the request fails with ECONNRESET: the more often, the busier the
 * server's event loop, since a request that arrives while its close is due is reset unread. A browser
 * resends such a request on a fresh connection; Node's client does not, so the agent must not race.
 */
export function keepAliveAgent(maxSockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets, timeout: 60_000 });
}

/** What a failed request's error says, and whether it was sent on a reused keep-alive connection. */
export function requestFailure(request: http.ClientRequest, error: Error): Error {
  if (!request.reusedSocket) return error;
  return new Error(`${error.message} (on a reused keep-alive connection)`, { cause: error });
}
