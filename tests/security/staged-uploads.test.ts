/**
 * Uploads staged on the server's disk while their bodies arrive (docs/security.md, "Staged
 * uploads"): one address held thirty 25 MiB bodies open at a trickle and filled hundreds of MiB
 * of the temp directory, a tmpfs (memory) in the compose file.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStagingRoom } from '#server/http/staging-room.js';
import { closeTestApp, createTestApp, type TestApp } from '#server/test-support/api.js';
import { MULTIPART_HEADERS } from '../support/multipart.js';
import { listenOnLoopback, useProbeBench } from './support.js';

/** Opens a transcription whose body says 20 MiB and sends its first bytes only. */
function openSlowUpload(port: number): Promise<{ socket: Socket; reply: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /api/transcribe HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Content-Type: ${MULTIPART_HEADERS['content-type']}\r\nContent-Length: ${20 * 1024 * 1024}\r\n\r\n` +
          '--',
      );
      const reply = new Promise<string>((done) => {
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
        socket.on('close', () => done(text));
        socket.on('error', () => undefined);
      });
      resolve({ socket, reply });
    });
    socket.once('error', reject);
  });
}

describe('uploads staged on the disk', () => {
  const bench = useProbeBench('staged-uploads', 'Buy milk.');
  let testApp: TestApp;
  let port: number;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite', { env: bench().openAiEnv() });
    port = await listenOnLoopback(testApp.app);
  });
  afterAll(() => closeTestApp(testApp));

  it('refuses a third upload from one address while two are still arriving, and takes it after', async () => {
    const held = [await openSlowUpload(port), await openSlowUpload(port)];
    try {
      // The two are being staged once the server has answered neither.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const third = await openSlowUpload(port);
      const reply = await third.reply;
      expect(reply).toMatch(/^HTTP\/1\.1 429/u);
      expect(reply).toContain('"rate_limited"');
      expect(reply).toMatch(/retry-after: \d+/iu);
    } finally {
      for (const { socket } of held) socket.destroy();
    }
    // Once they are gone, the address sends again: a refusal about the body, not the room.
    const deadline = Date.now() + 5_000;
    let status = '';
    while (Date.now() < deadline) {
      const response = await fetch(`http://127.0.0.1:${port}/api/transcribe`, {
        method: 'POST',
        headers: MULTIPART_HEADERS,
        body: 'not a multipart body',
      });
      status = String(response.status);
      if (status !== '429') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('400');
  });

  it('answers 503 when all uploads being staged hold the room, and frees it on release', () => {
    const room = createStagingRoom(100, 2);
    const first = room.hold('a', 60);
    let refused: unknown;
    try {
      room.hold('b', 60);
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ statusCode: 503, code: 'server_busy' });
    first.release();
    first.release();
    expect(() => room.hold('b', 100)).not.toThrow();
  });

  it('lets an address send again once a body is in, while its file is still worked on', () => {
    const room = createStagingRoom(1_000, 2);
    const first = room.hold('a', 10);
    room.hold('a', 10);
    expect(() => room.hold('a', 10)).toThrow(/already being sent/u);
    first.bodyIn();
    expect(() => room.hold('a', 10)).not.toThrow();
    // Its bytes stay held until the file is gone.
    const small = createStagingRoom(25, 5);
    const staged = small.hold('a', 20);
    staged.bodyIn();
    expect(() => small.hold('b', 10)).toThrow(/busy/u);
    staged.release();
    expect(() => small.hold('b', 10)).not.toThrow();
  });
});
