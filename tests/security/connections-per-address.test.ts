/**
 * One address cannot hold the server's sockets (docs/security.md, "Holding every socket"): past
 * its share, a new connection from it is closed as it is accepted, and a socket it gives back is
 * free again.
 */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeTestApp, createTestApp, type TestApp } from '#server/test-support/api.js';

const MAX = 4;

function open(port: number, host: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Whether the server answers a request on this socket, or closes it first. */
function answers(socket: Socket): Promise<boolean> {
  return new Promise((resolve) => {
    socket.once('data', () => resolve(true));
    socket.once('close', () => resolve(false));
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  });
}

let testApp: TestApp | undefined;
afterEach(async () => {
  if (testApp) await closeTestApp(testApp);
  testApp = undefined;
});

describe('connections per address', () => {
  it('closes a connection past the address’s share, and takes one again once a socket is given back', async () => {
    testApp = await createTestApp('sqlite', { deps: { connectionsPerAddress: MAX } });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;
    const held = await Promise.all(Array.from({ length: MAX }, () => open(port, '127.0.0.1')));
    for (const socket of held) expect(await answers(socket)).toBe(true);

    expect(await answers(await open(port, '127.0.0.1'))).toBe(false);

    held[0]?.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await open(port, '127.0.0.1');
    expect(await answers(again)).toBe(true);
    for (const socket of [...held, again]) socket.destroy();
  });
});
