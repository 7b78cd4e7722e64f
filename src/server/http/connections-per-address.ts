import type { Socket } from 'node:net';
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
 * Closes, as it is accepted, a socket from an address that already holds its share. Behind a
 * trusted proxy every socket comes from the proxy, so the cap is the proxy's to keep.
 */
export function installConnectionsPerAddress(
  app: FastifyInstance,
  options: { trustProxy: boolean; max?: number },
): void {
  if (options.trustProxy) return;
  const max = options.max ?? MAX_CONNECTIONS_PER_ADDRESS;
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const key = addressKeyOf(socket.remoteAddress ?? '');
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
