import { BlockList, isIP, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { addressKeyOf } from './rate-limit-counters.js';

/**
 * How many sockets one address (an IPv6 client by its /64) may hold open at once. A browser
 * keeps about six per server; an office behind one NAT a few dozen. Reads are not rate-limited
 * and an idle kept-alive socket lives 72 s, so without a cap one host could hold every file
 * descriptor the server has with a few hundred cheap requests a second, and then nobody's
 * request, file or database open would succeed.
 */
export const MAX_CONNECTIONS_PER_ADDRESS = 256;

/**
 * A peer on this machine or its private network is most often a port forwarder or a proxy run
 * without TRUST_PROXY (Docker's published ports make every client the bridge's address): capping
 * it would cap the whole site.
 */
const FORWARDER_PEERS = new BlockList();
FORWARDER_PEERS.addSubnet('127.0.0.0', 8);
FORWARDER_PEERS.addSubnet('10.0.0.0', 8);
FORWARDER_PEERS.addSubnet('172.16.0.0', 12);
FORWARDER_PEERS.addSubnet('192.168.0.0', 16);
FORWARDER_PEERS.addAddress('::1', 'ipv6');
FORWARDER_PEERS.addSubnet('fc00::', 7, 'ipv6');

function isForwarder(address: string): boolean {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (v4 !== undefined) return FORWARDER_PEERS.check(v4, 'ipv4');
  return FORWARDER_PEERS.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Closes, as it is accepted, a socket from an address that already holds its share. Behind a
 * trusted proxy every socket comes from the proxy, so the cap is the proxy's to keep; so it is
 * for a peer on this machine or its private network. `countForwarders` (tests) caps those too.
 */
export function installConnectionsPerAddress(
  app: FastifyInstance,
  options: { trustProxy: boolean; max?: number; countForwarders?: boolean },
): void {
  if (options.trustProxy) return;
  const max = options.max ?? MAX_CONNECTIONS_PER_ADDRESS;
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress ?? '';
    if (!options.countForwarders && isForwarder(peer)) return;
    const key = addressKeyOf(peer);
    const held = open.get(key) ?? 0;
    if (held >= max) {
      socket.destroy();
      return;
    }
    open.set(key, held + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
  });
}
