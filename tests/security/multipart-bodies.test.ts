/**
 * How the upload route reads a multipart body: a malformed one, one past its limits and one the
 * parser never finishes are each a 400 that echoes nothing, and a well-formed one still
 * transcribes. docs/security.md names the control each block proves.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createTestApp,
  expectApiError,
  type TestApp,
} from '#server/test-support/api.js';
import { BOUNDARY, MULTIPART_HEADERS, multipartBody } from '../support/multipart.js';
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

const bench = useProbeBench('multipart-bodies', 'Tweet work: still fine.');

describe('a malformed multipart body is a 400, not a 500', () => {
  const logs = captureLogs();
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp('sqlite', {
      env: { ...bench().openAiEnv(), LOG_LEVEL: 'info' },
      deps: { logDestination: logs.destination },
    });
  });
  afterAll(async () => {
    await closeTestApp(testApp);
  });

  const bodies: Record<string, { headers: Record<string, string>; payload: Buffer }> = {
    'no boundary in the Content-Type': {
      headers: { 'content-type': 'multipart/form-data' },
      payload: Buffer.from('--x\r\nnothing here\r\n'),
    },
    'a body that ends before its closing boundary': {
      headers: MULTIPART_HEADERS,
      payload: Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="audio"; filename="recording.webm"\r\n\r\nOggS and then nothing`,
      ),
    },
    'a broken part header': {
      headers: MULTIPART_HEADERS,
      payload: Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition\r\n\r\nOggS\r\n--${BOUNDARY}--\r\n`,
      ),
    },
    'bytes that are not multipart at all': {
      headers: MULTIPART_HEADERS,
      payload: Buffer.from('\u0000\u0001\u0002 definitely not a form'),
    },
  };

  for (const [what, request] of Object.entries(bodies)) {
    it(`answers ${what} with 400 invalid_input and logs no error`, async () => {
      logs.lines.length = 0;
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/transcribe',
        headers: request.headers,
        payload: request.payload,
      });
      expectApiError(response, 400, 'invalid_input');
      expect(logs.lines.filter((line) => line.level >= LOG_LEVELS.warn)).toEqual([]);
      expect(linesWithStacks(logs.lines)).toEqual([]);
    });
  }

  it('still transcribes a well-formed upload', async () => {
    const speech = await readFile(await makeSpeech(bench().dir, 'Tweet work: still fine.', 'webm'));
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/transcribe',
      headers: MULTIPART_HEADERS,
      payload: multipartBody([{ name: 'audio', filename: 'recording.webm', content: speech }]),
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('a multipart body past its limits', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite', { env: bench().openAiEnv() });
  });
  afterAll(async () => {
    await closeTestApp(testApp);
  });

  it('answers too many parts with 400, and never echoes a field name', async () => {
    const speech = await readFile(await makeSpeech(bench().dir, 'Tweet work: parts.', 'webm'));
    const manyFields = multipartBody([
      ...Array.from({ length: 1000 }, (_, i) => ({ name: `f${i}`, content: 'x' })),
      { name: 'audio', filename: 'recording.webm', content: speech },
    ]);
    const tooMany = await testApp.app.inject({
      method: 'POST',
      url: '/api/transcribe',
      headers: MULTIPART_HEADERS,
      payload: manyFields,
    });
    expectApiError(tooMany, 400, 'invalid_input');

    const longName = 'n'.repeat(60_000);
    for (const disposition of [
      'form-data; filename="recording.webm"',
      `form-data; name="${longName}"; filename="recording.webm"`,
    ]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/transcribe',
        headers: MULTIPART_HEADERS,
        payload: Buffer.concat([
          Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
          speech,
          Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
        ]),
      });
      const body = expectApiError(response, 400, 'invalid_input');
      expect(body.message).not.toMatch(/undefined|nnnnnnnn/);
      expect(response.body.length).toBeLessThan(500);
    }
  });
});

describe('a multipart body with more than the one file', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite', { env: bench().openAiEnv() });
  });
  afterAll(async () => {
    await closeTestApp(testApp);
  });

  const send = (parts: Parameters<typeof multipartBody>[0]) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/transcribe',
      headers: MULTIPART_HEADERS,
      payload: multipartBody(parts),
    });

  it('answers a second file, in any field, with 400 instead of transcribing the first alone', async () => {
    const speech = await readFile(await makeSpeech(bench().dir, 'Tweet work: one file.', 'webm'));
    const first = { name: 'audio', filename: 'recording.webm', content: speech };
    for (const second of [
      { name: 'audio', filename: 'second.webm', content: speech },
      { name: 'other', filename: 'notes.txt', content: 'not audio' },
    ]) {
      const response = await send([first, second]);
      expect(expectApiError(response, 400, 'invalid_input').message).toMatch(/one file/);
    }
    // A text field after the file is no second file.
    const withField = await send([first, { name: 'note', content: 'after the file' }]);
    expect(withField.statusCode, withField.body).toBe(200);
  });
});

describe('a multipart body the parser never finishes', () => {
  it('answers 400 soon after the body has arrived, instead of holding the connection', async () => {
    const testApp = await createTestApp('sqlite', {
      env: { TRANSCRIBE_ENGINE: 'openai', OPENAI_BASE_URL: bench().fake.url },
    });
    try {
      const port = await listenOnLoopback(testApp.app);
      const body = Buffer.concat([
        Buffer.from(`--${BOUNDARY}\r\nContent-Type: audio/webm\r\n\r\n`),
        Buffer.alloc(17_000, 0x41),
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]);
      const exchange = await rawExchange(
        port,
        [
          {
            data: Buffer.concat([
              Buffer.from(
                `POST /api/transcribe HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
                  `Content-Type: ${MULTIPART_HEADERS['content-type']}\r\nContent-Length: ${body.length}\r\n\r\n`,
              ),
              body,
            ]),
          },
        ],
        15_000,
      );
      const response = parseRawResponse(exchange.response);
      expect(response.status, exchange.response.slice(0, 200)).toBe(400);
      expect(response.body).toMatchObject({ error: 'invalid_input' });
      expect(exchange.openMs).toBeLessThan(8_000);
    } finally {
      await closeTestApp(testApp);
    }
  });
});
