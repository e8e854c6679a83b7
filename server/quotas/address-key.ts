// What one client is, for every per-address table: its address, an IPv6 one by its /64. ipaddr.js reads the
// address (`::` expanded, a dotted IPv4 tail, a zone id), so no hand-written parser stands between a client
// and its quotas.
import { isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * What a client address counts as in every per-address table (AddressBuckets): an IPv4 address as it is,
 * an IPv4-mapped IPv6 one (`::ffff:192.0.2.1`, how a dual-stack server sees IPv4) as that IPv4 address, and
 * any other IPv6 address by its /64 (`2001:db8:0:1::/64`): one host or network is given a whole /64, so
 * counting each of its addresses apart would let one client rotate through 2^64 quotas.
 */
export function addressKey(address: string): string {
  const bare = address.split('%')[0]; // a zone id (fe80::1%eth0) names an interface, not a client
  if (!isIPv6(bare)) return address;
  const ip = ipaddr.IPv6.parse(bare);
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address().toString();
  return `${ip.parts
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
