// What a web page of another origin could make a browser do to this server, refused before any route runs:
// - DNS rebinding: a request whose Host is not a name the server answers as (421, on every path);
// - cross-site requests: a state-changing /api request (any method but GET/HEAD/OPTIONS) with an Origin
//   other than the server's own (403), or that is not `Content-Type: application/json` (415). A request
//   without Origin is a non-browser client (the CLI, curl, a script): browsers send Origin on every
//   cross-origin POST, and a page cannot send JSON cross-origin without a CORS preflight, which this
//   server never grants;
// - a page of another site (or of another port of this host) spending the allowances of its visitor's address:
//   an /api request the browser marks `Sec-Fetch-Site: cross-site` or `same-site` is refused (403) before it
//   takes from any quota or makes a session (foreignFetchFailure, the app's first hook), so a hidden page
//   cannot use up the new sessions or requests a second of a room's shared address;
// - framing, sniffing and foreign scripts: every response carries a Content-Security-Policy that allows the
//   app's own scripts and workers only, frame-ancestors 'none', nosniff and no-referrer (@fastify/helmet).
import { networkInterfaces } from 'node:os';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiRequest } from './api-request.ts';
import { ApiFailure } from './errors.ts';

export interface HostPolicy {
  /** The address the server was told to listen on (`--host`); 0.0.0.0 or :: add this machine's addresses. */
  listenHost?: string;
  /** More names the server answers as (`--allow-host`): `name` on any port (behind a proxy too), or `name:port`. */
  allowHosts?: readonly string[];
}

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A Host header (or a `--host`/`--allow-host` value) in canonical form, or undefined when it is not one.
 * A bare IPv6 address (`::1`) is taken as a Host header writes it (`[::1]`).
 */
export function canonicalHost(value: string | undefined): { hostname: string; port?: string } | undefined {
  if (!value || !/^[A-Za-z0-9._~[\]:-]+$/.test(value)) return undefined;
  const bracketed = !value.startsWith('[') && value.split(':').length > 2 ? `[${value}]` : value;
  try {
    const url = new URL(`http://${bracketed}`);
    if (url.username || url.password || url.pathname !== '/') return undefined;
    return { hostname: url.hostname.replace(/\.$/, ''), port: url.port || undefined };
  } catch {
    return undefined;
  }
}

/** This machine's own addresses, as a Host header names them. */
function machineAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .map((address) => canonicalHost(address?.address)?.hostname ?? '');
}

/**
 * Whether a Host header names this server. Loopback names and `--host` (with `--host 0.0.0.0`, this machine's
 * addresses) on the port it listens on (80 when it does not listen: in-process inject, whose default Host is
 * localhost:80); an `--allow-host` name on any port or none, as a reverse proxy passes it on (DNS rebinding
 * forges the name, never the port); an `--allow-host name:port` on that port (a Host without a port names 80
 * or 443).
 */
export function hostChecker(policy: HostPolicy, listeningPort: () => number | undefined) {
  const own = new Set<string>();
  const anyPort = new Set<string>();
  const exact = new Set<string>();
  const parse = (entry: string) => {
    const host = canonicalHost(entry);
    if (!host) throw new Error(`"${entry}" is not a host name or address`);
    return host;
  };
  for (const name of LOOPBACK) own.add(parse(name).hostname);
  const wildcard = WILDCARDS.has(policy.listenHost ?? '127.0.0.1');
  // A --host that is no Host header (an IPv6 zone, fe80::1%eth0) adds no name; the server still listens there.
  const listen = wildcard ? undefined : canonicalHost(policy.listenHost);
  if (listen) own.add(listen.hostname);
  for (const entry of policy.allowHosts ?? []) {
    const host = parse(entry);
    if (host.port) exact.add(`${host.hostname}:${host.port}`);
    else anyPort.add(host.hostname);
  }
  const described = () => {
    const port = listeningPort() ?? 80;
    const all = [...[...own].map((name) => `${name}:${port}`), ...anyPort, ...exact];
    return wildcard ? [...all, `this machine's addresses on port ${port}`] : all;
  };
  const accepts = (header: string | undefined): boolean => {
    const host = canonicalHost(header);
    if (!host) return false;
    if (anyPort.has(host.hostname)) return true;
    const ports = host.port ? [host.port] : ['80', '443'];
    if (ports.some((port) => exact.has(`${host.hostname}:${port}`))) return true;
    if ((host.port ?? '80') !== String(listeningPort() ?? 80)) return false;
    return own.has(host.hostname) || (wildcard && machineAddresses().includes(host.hostname));
  };
  return { accepts, described };
}

/**
 * Whether an Origin header is this request's own origin: the host and port the (already checked) Host names,
 * over http or https (behind a TLS proxy); a Host without a port names the origin scheme's default port.
 */
function isOwnOrigin(origin: string, host: string): boolean {
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  const scheme = { 'http:': '80', 'https:': '443' }[url.protocol];
  const named = canonicalHost(host);
  if (!scheme || !named) return false;
  return url.hostname === named.hostname && (url.port || scheme) === (named.port ?? scheme);
}

/**
 * Keyplan's own pages call the API from the same origin: the server serves them, and the Vite dev server
 * proxies /api so that the browser sees its own origin too. `same-site` is another port of this host (any
 * local dev server) or another subdomain: still not a page of this server, so it is refused with
 * `cross-site`. A request without the header (the CLI, curl, an old browser) or with `none` (an address
 * typed in the address bar) is not a page's fetch and goes on.
 */
const FOREIGN_FETCH_SITES = new Set(['cross-site', 'same-site']);

/** The refusal of an /api request a page of another site made a browser send, before any quota is taken. */
export function foreignFetchFailure(request: FastifyRequest): ApiFailure | undefined {
  const site = request.headers['sec-fetch-site'];
  if (typeof site !== 'string' || !FOREIGN_FETCH_SITES.has(site.trim().toLowerCase())) return undefined;
  if (!isApiRequest(request)) return undefined;
  return new ApiFailure(
    403,
    'ForeignSite',
    `the browser says a page of another site sent this request (Sec-Fetch-Site: ${site}); this API answers only the pages this server serves`,
  );
}

function isJson(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && type.split(';')[0].trim().toLowerCase() === 'application/json';
}

/**
 * The Content-Security-Policy of every response. The built app needs: its own module scripts and the
 * Monaco workers (same-origin files in /assets), fetches to its own /api, Monaco's icons as data: images,
 * and inline styles (Monaco adds <style> elements and style attributes as it renders).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'worker-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** Registers the security headers and the Host, Origin and Content-Type checks on every request. */
export function guardBrowserRequests(app: FastifyInstance, policy: HostPolicy = {}): void {
  app.register(helmet, {
    // Keyplan serves plain HTTP (loopback, or a room's LAN): no HSTS, no upgrade-insecure-requests.
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  const listeningPort = () => {
    const address = app.server.address();
    return typeof address === 'object' && address ? address.port : undefined;
  };
  const hosts = hostChecker(policy, listeningPort);
  app.addHook('onRequest', async (request) => {
    const host = request.headers.host;
    if (!hosts.accepts(host)) {
      throw new ApiFailure(
        421,
        'UnknownHost',
        `this server does not answer as host ${JSON.stringify(host ?? '')}; it answers as ${hosts.described().join(', ')} (keyplan serve --allow-host NAME adds a name)`,
      );
    }
    if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !isOwnOrigin(origin, host as string)) {
      throw new ApiFailure(
        403,
        'ForeignOrigin',
        `a page of ${JSON.stringify(origin)} cannot change this server; only its own pages (http://${host}) can`,
      );
    }
    if (!isJson(request)) {
      throw new ApiFailure(
        415,
        'UnsupportedMediaType',
        `send the body as JSON with Content-Type: application/json (got ${JSON.stringify(request.headers['content-type'] ?? 'none')})`,
      );
    }
  });
}
