/**
 * Uploads staged on the server's disk while their bodies arrive (docs/security.md, "Staged
 * uploads"): one address held thirty 25 MiB bodies open at a trickle and filled hundreds of MiB
 * of the temp directory, a tmpfs (memory) in the compose file.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStagingRoom } from '#server/http/staging-room.js';
import { closeTestApp, createTestApp, type TestApp } from '#server/test-support/api.js';
import { MULTIPART_HEADERS, recording } from '../support/multipart.js';
import { listenOnLoopback, useProbeBench } from './support.js';

/**
 * Opens a transcription whose body says `length` bytes (20 MiB unless said) and sends its first
 * bytes only: the start of the body, or with `part` the file part's headers and a few bytes.
 */
function openSlowUpload(
  port: number,
  {
    length = 20 * 1024 * 1024,
    from,
    part = false,
  }: { length?: number; from?: string; part?: boolean } = {},
): Promise<{ socket: Socket; reply: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      const boundary = MULTIPART_HEADERS['content-type'].split('boundary=')[1] as string;
      socket.write(
        `POST /api/transcribe HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          (from === undefined ? '' : `X-Forwarded-For: ${from}\r\n`) +
          `Content-Type: ${MULTIPART_HEADERS['content-type']}\r\nContent-Length: ${length}\r\n\r\n` +
          (part
            ? `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="r.webm"\r\n` +
              `Content-Type: audio/webm\r\n\r\n${'A'.repeat(2048)}`
            : '--'),
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

  it('answers 503 when the bytes being staged fill the room, and frees them on release', () => {
    const room = createStagingRoom(100, 2);
    const first = room.hold('a');
    first.grow(60);
    const second = room.hold('b');
    let refused: unknown;
    try {
      second.grow(60);
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ statusCode: 503, code: 'server_busy' });
    first.release();
    first.release();
    expect(() => second.grow(100)).not.toThrow();
  });

  it('lets an address send again once a body is in, while its file is still worked on', () => {
    const room = createStagingRoom(1_000, 2);
    const first = room.hold('a');
    room.hold('a');
    expect(() => room.hold('a')).toThrow(/already being sent/u);
    first.bodyIn();
    expect(() => room.hold('a')).not.toThrow();
    // Its bytes stay held until the file is gone.
    const small = createStagingRoom(25, 5);
    const staged = small.hold('a');
    staged.grow(20);
    staged.bodyIn();
    expect(() => small.hold('b').grow(10)).toThrow(/busy/u);
    staged.release();
    expect(() => small.hold('b').grow(10)).not.toThrow();
  });
});

describe('uploads staged on the disk, from many addresses behind a proxy', () => {
  const bench = useProbeBench('staged-uploads-proxy', 'Buy milk.');
  let testApp: TestApp;
  let port: number;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite', {
      env: { ...bench().openAiEnv(), TRUST_PROXY: 'true' },
    });
    port = await listenOnLoopback(testApp.app);
  });
  afterAll(() => closeTestApp(testApp));

  it('holds what a slow body has sent, not what it says it will send', async () => {
    // Eight bodies that say 25 MiB and one that says the 7.49 MiB left, two from each of five
    // networks, together say all the room holds; each sends its part's start and then nothing.
    const slow = [];
    for (let k = 0; k < 9; k++) {
      slow.push(
        await openSlowUpload(port, {
          length: k < 8 ? 25 * 1024 * 1024 + 64 * 1024 : Math.floor(7.49 * 1024 * 1024),
          from: `2001:db8:0:a${Math.floor(k / 2)}::1`,
          part: true,
        }),
      );
    }
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const response = await fetch(`http://127.0.0.1:${port}/api/transcribe`, {
        method: 'POST',
        headers: { ...MULTIPART_HEADERS, 'x-forwarded-for': '198.51.100.202' },
        body: recording(Buffer.alloc(20_000, 'not audio ')),
      });
      // Another person's upload is read and judged on its bytes, not refused for room.
      expect(response.status).toBe(415);
    } finally {
      for (const { socket } of slow) socket.destroy();
    }
  });
});
