// Where attendees and the presenter reach a workshop: the join URL names the first --allow-host name, or an
// address of this machine the room can reach (with --host 0.0.0.0, its first LAN address); the presenter URL
// names the loopback address when the server listens there too (the key then never crosses the network).
// Both carry their secret in the fragment, which browsers never send to the server.
import { networkInterfaces } from 'node:os';
import { JOIN_PAGE_PATH, PRESENTER_PAGE_PATH } from '../../src/core/contract/workshop-contract.ts';

const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '']);

/** Whether a --host value is this machine alone: 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** The first non-internal IPv4 address of this machine, for a join URL the room can open. */
function lanAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
}

export interface WorkshopUrls {
  joinUrl: string;
  /** The join URL with the code in its fragment: what the QR code opens. */
  joinUrlWithCode: string;
  presenterUrl: string;
}

/**
 * The workshop's URLs. `allowHosts` (--allow-host): the room reaches the server by the first of these names
 * (with its own port when it names one: a reverse proxy), rather than by an address.
 */
export function workshopUrls(
  host: string,
  port: number,
  code: string,
  presenterKey: string,
  allowHosts: readonly string[] = [],
): WorkshopUrls {
  const wildcard = WILDCARDS.has(host);
  const [named] = allowHosts;
  const roomOrigin = named
    ? named.includes(':') && !named.endsWith(']')
      ? named
      : `${named}:${port}`
    : `${urlHost(wildcard ? (lanAddress() ?? '127.0.0.1') : host)}:${port}`;
  const joinUrl = `http://${roomOrigin}${JOIN_PAGE_PATH}`;
  const presenterHost = wildcard ? '127.0.0.1' : host;
  return {
    joinUrl,
    joinUrlWithCode: `${joinUrl}#code=${code}`,
    presenterUrl: `http://${urlHost(presenterHost)}:${port}${PRESENTER_PAGE_PATH}#key=${presenterKey}`,
  };
}
