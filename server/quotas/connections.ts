// The connections one address may hold, so that a few addresses cannot take every connection of the server
// (LIMITS: connections, connectionsPerAddress, connectionsPerAddressFloor).
import type { Server, Socket } from 'node:net';
import type { Limits } from '../limits.ts';
import { addressKey } from './address-key.ts';

/**
 * Closes each new connection of `server` whose address (addressKey) already holds its cap of open ones: at most
 * `limits.connectionsPerAddress` while half of `limits.connections` is free; past that, that many times twice
 * the share still free (`connectionsPerAddress × 2 × free / connections`), never fewer than
 * `limits.connectionsPerAddressFloor` (nor more than `connectionsPerAddress`). So a few addresses cannot take every connection: each next address
 * finds a cap of its own in what the earlier ones left. The count of an address is forgotten with its last
 * connection, so the table holds at most the open connections.
 */
export function capConnectionsPerAddress(
  server: Server,
  limits: Pick<Limits, 'connections' | 'connectionsPerAddress' | 'connectionsPerAddressFloor'>,
): void {
  const open = new Map<string, number>();
  let total = 0;
  const capNow = () => {
    const free = Math.max(0, limits.connections - total);
    const share = Math.floor((limits.connectionsPerAddress * 2 * free) / limits.connections);
    return Math.min(limits.connectionsPerAddress, Math.max(limits.connectionsPerAddressFloor, share));
  };
  server.on('connection', (socket: Socket) => {
    if (socket.remoteAddress === undefined) return void socket.destroy(); // already gone
    const key = addressKey(socket.remoteAddress);
    const count = open.get(key) ?? 0;
    if (count >= capNow()) return void socket.destroy();
    open.set(key, count + 1);
    total++;
    socket.once('close', () => {
      total--;
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
