/**
 * What the log says: expected failures once at warn without a stack, a client that left at
 * info, and only a real fault at error, with its stack. docs/security.md names the control each
 * block proves.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createTestApp,
  expectApiError,
  guestHeaders,
  newGuestId,
} from '#server/test-support/api.js';
import { MULTIPART_HEADERS, recording } from '../support/multipart.js';
import { makeSpeech } from '../support/speech-audio.js';
import {
  captureLogs,
  linesWithStacks,
  listenOnLoopback,
  LOG_LEVELS,
  parseRawResponse,
  rawExchange,
  useProbeBench,
} from './support.js';

const bench = useProbeBench('failure-logging', 'Tweet work: the probe is over.');

describe('expected failures are logged once, without a stack', () => {
  it('logs 503, 502 and an aborted upload below error level, and a real fault at error', async () => {
    const logs = captureLogs();
    const speech = await readFile(await makeSpeech(bench().dir, 'Tweet work: log me.', 'webm'));
    const unconfigured = await createTestApp('sqlite', {
      env: { LOG_LEVEL: 'info' },
      deps: { logDestination: logs.destination },
    });
    const configured = await createTestApp('sqlite', {
      env: { ...bench().openAiEnv(), LOG_LEVEL: 'info' },
      deps: { logDestination: logs.destination },
    });
    unconfigured.app.get('/api/test-fault', () => {
      throw new TypeError('a real defect');
    });
    try {
      const upload = {
        method: 'POST' as const,
        url: '/api/transcribe',
        headers: MULTIPART_HEADERS,
      };
      expectApiError(
        await unconfigured.app.inject({ ...upload, payload: recording(speech) }),
        503,
        'transcription_unavailable',
      );
      bench().fake.setFault('500');
      expectApiError(
        await configured.app.inject({ ...upload, payload: recording(speech) }),
        502,
        'transcription_failed',
      );
      bench().fake.setFault('none');

      const port = await listenOnLoopback(configured.app);
      const body = recording(speech);
      await rawExchange(
        port,
        [
          {
            data:
              `POST /api/transcribe HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
              `Content-Type: ${MULTIPART_HEADERS['content-type']}\r\nContent-Length: ${body.length}\r\n\r\n`,
          },
          { data: body.subarray(0, body.length / 2) },
        ],
        300,
      );
      // The server notices the closed connection on its next read.
      await new Promise((resolve) => setTimeout(resolve, 300));

      expect(linesWithStacks(logs.lines)).toEqual([]);
      expect(logs.lines.filter((line) => line.level >= LOG_LEVELS.error)).toEqual([]);
      // Lines about requests; start-up notes (no engine, no web build) are warnings of their own.
      const warned = logs.lines.filter(
        (line) => line.level === LOG_LEVELS.warn && line.reqId !== undefined,
      );
      expect(warned.map((line) => line.code)).toEqual([
        'transcription_unavailable',
        'transcription_failed',
      ]);
      expect(warned[1]?.cause).toMatch(/status 500/);
      expect(logs.lines.some((line) => line.code === 'client_closed_request')).toBe(true);

      expectApiError(
        await unconfigured.app.inject({ url: '/api/test-fault' }),
        500,
        'internal_error',
      );
      const faults = logs.lines.filter((line) => line.level >= LOG_LEVELS.error);
      expect(faults).toHaveLength(1);
      expect(faults[0]?.err?.stack).toMatch(/a real defect/);
    } finally {
      bench().fake.setFault('none');
      await closeTestApp(unconfigured);
      await closeTestApp(configured);
    }
  });
});

describe('a client that leaves while its recording is transcribed', () => {
  it('is logged as a closed request, not as a failed transcription', async () => {
    const logs = captureLogs();
    const testApp = await createTestApp('sqlite', {
      env: { ...bench().openAiEnv(), LOG_LEVEL: 'info' },
      deps: { logDestination: logs.destination },
    });
    try {
      const port = await listenOnLoopback(testApp.app);
      const body = recording(
        await readFile(await makeSpeech(bench().dir, 'Tweet work: bye.', 'webm')),
      );
      bench().fake.setFault('hang');
      await rawExchange(
        port,
        [
          {
            data:
              `POST /api/transcribe HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
              `Content-Type: ${MULTIPART_HEADERS['content-type']}\r\nContent-Length: ${body.length}\r\n\r\n`,
          },
          { data: body },
        ],
        1_500,
      );
      await expect
        .poll(() => logs.lines.some((line) => line.code === 'client_closed_request'), {
          timeout: 5_000,
        })
        .toBe(true);
      const warned = logs.lines.filter(
        (line) => line.level >= LOG_LEVELS.warn && line.reqId !== undefined,
      );
      expect(warned).toEqual([]);
    } finally {
      bench().fake.setFault('none');
      await closeTestApp(testApp);
    }
  });
});

describe('an upload whose body breaks off or breaks its framing', () => {
  it('logs nothing at error, and the upload resumes from the offset HEAD gives', async () => {
    const logs = captureLogs();
    const testApp = await createTestApp('sqlite', {
      env: { LOG_LEVEL: 'info' },
      deps: { logDestination: logs.destination },
    });
    try {
      const { app } = testApp;
      const guest = guestHeaders(newGuestId());
      const tus = { 'tus-resumable': '1.0.0', ...guest };
      const created = await app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...tus, 'upload-defer-length': '1' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const location = String(created.headers.location);
      const port = await listenOnLoopback(app);
      const head =
        `PATCH ${location} HTTP/1.1\r\nHost: 127.0.0.1\r\nTus-Resumable: 1.0.0\r\n` +
        `X-Guest-Id: ${guest['x-guest-id']}\r\nContent-Type: application/offset+octet-stream\r\n` +
        'Upload-Offset: 0\r\n';
      // A chunk size that is not hex, after the first chunk.
      const framing = await rawExchange(
        port,
        [
          {
            data: `${head}Upload-Length: 100\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\nzz\r\nbad\r\n`,
          },
        ],
        3_000,
      );
      expect(parseRawResponse(framing.response)).toMatchObject({
        status: 400,
        body: { error: 'bad_request' },
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const offset = async () => {
        const answer = await app.inject({ method: 'HEAD', url: location, headers: tus });
        return Number(answer.headers['upload-offset']);
      };
      // The server notices the broken body on its next read; then a body that stops half-way.
      const from = await offset();
      await rawExchange(
        port,
        [
          {
            data: `${head.replace('Upload-Offset: 0', `Upload-Offset: ${from}`)}Content-Length: 50\r\n\r\n0123456789`,
          },
        ],
        300,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const kept = await offset();
      expect(kept).toBeGreaterThanOrEqual(from);
      expect(kept).toBeLessThanOrEqual(from + 10);
      const rest = await app.inject({
        method: 'PATCH',
        url: location,
        headers: {
          ...tus,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(kept),
        },
        payload: Buffer.alloc(20, 1),
      });
      expect(rest.statusCode, rest.body).toBe(204);
      expect(Number(rest.headers['upload-offset'])).toBe(kept + 20);
      expect(logs.lines.filter((line) => line.level >= LOG_LEVELS.error)).toEqual([]);
      expect(linesWithStacks(logs.lines)).toEqual([]);
    } finally {
      await closeTestApp(testApp);
    }
  });
});

describe('a JSON body its client breaks off', () => {
  it('is logged as the client leaving, never as the database being down', async () => {
    const logs = captureLogs();
    const testApp = await createTestApp('sqlite', {
      env: { LOG_LEVEL: 'info' },
      deps: { logDestination: logs.destination },
    });
    try {
      const port = await listenOnLoopback(testApp.app);
      for (const path of ['/api/login', '/api/format', '/api/guest-ideas']) {
        await rawExchange(
          port,
          [
            {
              data:
                `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
                `X-Guest-Id: ${newGuestId()}\r\nContent-Length: 100\r\n\r\n{"transcript":"half`,
            },
          ],
          300,
        );
      }
      await expect
        .poll(() => logs.lines.filter((line) => line.code === 'client_closed_request').length)
        .toBe(3);
      expect(logs.lines.filter((line) => line.code === 'database_unavailable')).toEqual([]);
      expect(logs.lines.filter((line) => line.level >= LOG_LEVELS.warn && line.reqId)).toEqual([]);
    } finally {
      await closeTestApp(testApp);
    }
  });
});
