/**
 * HEAD on the routes that stream their answer gets the GET's headers and ends at once
 * (docs/security.md, "HEAD on streaming routes"): a HEAD on a recording's event stream used to
 * hold its socket, and a slot of the address's streams, until the recording was done, and a
 * HEAD on the audio or an export read every byte to throw it away.
 */
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STREAMS_PER_ADDRESS } from '#server/modules/recordings/events.js';
import {
  closeTestApp,
  createIdea,
  createTestApp,
  guestHeaders,
  newGuestId,
  type TestApp,
} from '#server/test-support/api.js';
import { makeSpeech } from '../support/speech-audio.js';
import { listenOnLoopback } from './support.js';

const TUS = { 'tus-resumable': '1.0.0' };

interface HeadAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bodyBytes: number;
}

/** A HEAD over a real socket; rejects if the answer has not ended within `withinMs`. */
function head(
  port: number,
  path: string,
  headers: Record<string, string>,
  withinMs = 5_000,
): Promise<HeadAnswer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      { host: '127.0.0.1', port, path, method: 'HEAD', headers },
      (response) => {
        let bodyBytes = 0;
        response.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, bodyBytes });
        });
      },
    );
    const timer = setTimeout(() => {
      sent.destroy();
      reject(new Error(`HEAD ${path} did not end within ${withinMs} ms`));
    }, withinMs);
    sent.on('error', reject);
    sent.end();
  });
}

describe('HEAD on streaming routes', () => {
  let testApp: TestApp;
  let port: number;
  let audio: Buffer;
  const audioDir = mkdtempSync(join(tmpdir(), 'voice-ideas-head-audio-'));
  const guest = guestHeaders(newGuestId());
  let recordingId: string;

  beforeAll(async () => {
    audio = await readFile(await makeSpeech(audioDir, 'Tweet work: a head request.', 'webm'));
    // No transcription queue: the recording stays queued, so its event stream would never end.
    testApp = await createTestApp('sqlite', { deps: { recordingQueue: false } });
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...TUS, ...guest, 'upload-length': String(audio.length) },
    });
    expect(created.statusCode, created.body).toBe(201);
    recordingId = String(created.headers.location).split('/').at(-1) ?? '';
    const sent = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/uploads/${recordingId}`,
      headers: {
        ...TUS,
        ...guest,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      },
      payload: audio,
    });
    expect(sent.statusCode, sent.body).toBe(204);
    await createIdea(testApp.app, { headers: guest, url: '/api/guest-ideas' });
    port = await listenOnLoopback(testApp.app);
  });
  afterAll(async () => {
    await closeTestApp(testApp);
    rmSync(audioDir, { recursive: true, force: true });
  });

  it("answers HEAD on a recording's event stream with its headers and ends, however often", async () => {
    for (let i = 0; i < MAX_STREAMS_PER_ADDRESS + 2; i += 1) {
      const answer = await head(port, `/api/recordings/${recordingId}/events`, guest);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.bodyBytes).toBe(0);
    }
    // Another owner's recording is the same 404 as on GET.
    const other = await head(
      port,
      `/api/recordings/${recordingId}/events`,
      guestHeaders(newGuestId()),
    );
    expect(other.status).toBe(404);
  });

  it('answers HEAD on the audio with the length and type a GET would send, whole or a range', async () => {
    const whole = await head(port, `/api/recordings/${recordingId}/audio`, guest);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-length']).toBe(String(audio.length));
    expect(whole.headers['content-type']).toMatch(/^audio\/webm/);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await head(port, `/api/recordings/${recordingId}/audio`, {
      ...guest,
      range: 'bytes=0-99',
    });
    expect(part.status).toBe(206);
    expect(part.headers['content-length']).toBe('100');
    expect(part.headers['content-range']).toBe(`bytes 0-99/${audio.length}`);
  });

  it('answers HEAD on an export with the download headers', async () => {
    for (const format of ['json', 'markdown', 'csv']) {
      const answer = await head(port, `/api/guest-ideas/export?format=${format}`, guest);
      expect(answer.status, format).toBe(200);
      expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="/);
      expect(answer.bodyBytes).toBe(0);
    }
  });
});
