import { request as httpRequest, type IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Recording } from '#contract/api-schemas.js';
import { HttpError } from '../../http/errors.js';
import { createRecordingEvents, MAX_STREAMS_PER_ADDRESS } from './events.js';

/**
 * The recording's event streams against a real socket: one read a tick however many streams
 * follow a recording, and a bounded number of streams per client address.
 */

const recording = (progress: number, status: Recording['status'] = 'transcribing'): Recording => ({
  id: 'rec_1',
  status,
  progress,
  pieces: null,
  durationMs: null,
  transcript: null,
  error: null,
  ideaId: null,
  createdAt: '2026-12-02T00:00:00.000Z',
});

let app: FastifyInstance | undefined;
const open: IncomingMessage[] = [];

afterEach(async () => {
  for (const response of open.splice(0)) response.destroy();
  await app?.close();
  app = undefined;
});

async function serve(read: () => Promise<Recording>): Promise<string> {
  const events = createRecordingEvents();
  app = Fastify();
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers ?? {})
        .send({ error: error.code });
    }
    return reply.code(500).send({ error: 'internal' });
  });
  app.get('/events/:key', async (request, reply) => {
    const { key } = request.params as { key: string };
    events.stream(reply, request.ip, key, recording(0), read);
    return reply;
  });
  return app.listen({ port: 0, host: '127.0.0.1' });
}

function get(url: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, (response) => {
      open.push(response);
      resolve(response);
    });
    sent.on('error', reject);
    sent.end();
  });
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('recording event streams', () => {
  it('reads a recording once a tick for all the streams that follow it', async () => {
    let reads = 0;
    let progress = 0;
    const base = await serve(() => {
      reads += 1;
      return Promise.resolve(recording((progress += 0.1)));
    });
    const streams = await Promise.all(
      Array.from({ length: 5 }, () => get(`${base}/events/owner:rec_1`)),
    );
    for (const stream of streams) expect(stream.statusCode).toBe(200);
    const received = streams.map(() => 0);
    streams.forEach((stream, i) =>
      stream.on('data', (chunk: Buffer) => {
        received[i] = (received[i] ?? 0) + chunk.toString().split('data: ').length - 1;
      }),
    );
    // Each read moves the progress, so each stream gets one event per read. With a read per
    // stream there would be five reads for every event a stream receives.
    const deadline = Date.now() + 20_000;
    while (Math.min(...received) < 4 && Date.now() < deadline) await tick(50);
    for (const count of received) expect(count).toBeGreaterThanOrEqual(4);
    expect(reads).toBeLessThanOrEqual(Math.min(...received) + 2);
  });

  it('refuses one address more streams than it may hold with 429, and frees a place on close', async () => {
    const base = await serve(() => Promise.resolve(recording(0.5)));
    const held = [];
    for (let i = 0; i < MAX_STREAMS_PER_ADDRESS; i += 1) {
      const stream = await get(`${base}/events/owner:rec_${i}`);
      expect(stream.statusCode).toBe(200);
      held.push(stream);
    }
    const refused = await get(`${base}/events/owner:rec_extra`);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');

    held[0]?.destroy();
    await tick(200);
    const again = await get(`${base}/events/owner:rec_extra`);
    expect(again.statusCode).toBe(200);
  });

  it('ends every stream once the recording is done', async () => {
    let done = false;
    const base = await serve(() => Promise.resolve(done ? recording(1, 'done') : recording(0.5)));
    const stream = await get(`${base}/events/owner:rec_1`);
    const ended = new Promise<string>((resolve) => {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => resolve(body));
    });
    done = true;
    const body = await ended;
    expect(body).toContain('"status":"done"');
  });
});
