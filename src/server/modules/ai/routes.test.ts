import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatWithRules } from '#text/formats/format-with-rules.js';
import { AUDIO_UPLOAD_MAX_BYTES } from '#contract/limits.js';
import { reformatSource } from './service.js';
import {
  createIdea,
  createTestApp,
  expectApiError,
  guestHeaders,
  newGuestId,
  registerUser,
  type TestApp,
} from '../../test-support/api.js';
import {
  startFakeOpenAI,
  type FakeOpenAI,
  type FakeUploadedFile,
} from '#tests/support/fake-openai.js';
import { BOUNDARY, MULTIPART_HEADERS, multipartBody, recording } from '#tests/support/multipart.js';
import { makeSilence, makeSpeech } from '#tests/support/speech-audio.js';

let audioDir: string;
let uploadsDir: string;
let savedTmpdir: string | undefined;
let fake: FakeOpenAI;
let speechWebm: Buffer;
let speechMp4: Buffer;
let silence: Buffer;
let testApp: TestApp;

const SPOKEN = 'Checklist personal: buy oat milk, call the dentist and water the plants.';

beforeAll(async () => {
  audioDir = await mkdtemp(join(tmpdir(), 'voice-ideas-route-audio-'));
  // Uploads are staged under TMPDIR; a private one lets the tests see that nothing is left
  // (the test database helper puts its own directory there too).
  uploadsDir = await mkdtemp(join(tmpdir(), 'voice-ideas-route-uploads-'));
  savedTmpdir = process.env.TMPDIR;
  process.env.TMPDIR = uploadsDir;
  fake = await startFakeOpenAI({ transcript: SPOKEN });
  speechWebm = await readFile(await makeSpeech(audioDir, SPOKEN, 'webm'));
  speechMp4 = await readFile(await makeSpeech(audioDir, SPOKEN, 'mp4'));
  silence = await readFile(await makeSilence(audioDir, 2, 'webm'));
  testApp = await createTestApp('sqlite', {
    env: {
      TRANSCRIBE_ENGINE: 'openai',
      OPENAI_BASE_URL: fake.url,
      LLM_MODEL: 'fake-llm',
      LLM_TIMEOUT_MS: '700',
      TRANSCRIBE_MODEL: 'fake-whisper',
      TRANSCRIBE_TIMEOUT_MS: '3000',
    },
  });
});

afterAll(async () => {
  await testApp.app.close();
  await testApp.database.close();
  await fake.close();
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  await rm(audioDir, { recursive: true, force: true });
  await rm(uploadsDir, { recursive: true, force: true });
});

afterEach(async () => {
  fake.setFault('none');
  fake.requests.length = 0;
  // Whatever happened, no upload may stay on disk.
  const left = (await readdir(uploadsDir)).filter((name) => name.startsWith('voice-ideas-upload-'));
  expect(left).toEqual([]);
});

function transcribe(
  payload: Buffer | Readable,
  headers: Record<string, string> = MULTIPART_HEADERS,
) {
  return testApp.app.inject({ method: 'POST', url: '/api/transcribe', headers, payload });
}

describe('POST /api/transcribe with an OpenAI-compatible engine', () => {
  it('reports the engine in /api/config', async () => {
    const response = await testApp.app.inject({ url: '/api/config' });
    expect(response.json()).toMatchObject({
      transcription: { engine: 'openai', available: true },
      formatter: { smart: true, engine: 'openai' },
    });
  });

  it('transcribes real webm/opus speech, passing the upload on intact', async () => {
    const response = await transcribe(recording(speechWebm));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ transcript: string; engine: string; durationMs: number }>();
    expect(body.transcript).toBe(SPOKEN);
    expect(body.engine).toBe('openai');
    expect(body.durationMs).toBeGreaterThan(2000);

    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]?.body as {
      fields: Record<string, string>;
      file: FakeUploadedFile;
    };
    expect(sent.fields.model).toBe('fake-whisper');
    expect(sent.file.sha256).toBe(createHash('sha256').update(speechWebm).digest('hex'));
    expect(sent.file.filename).toBe('recording.webm');
  });

  it('passes the spoken language sent before the audio to the engine; none when absent', async () => {
    const response = await transcribe(
      multipartBody([
        { name: 'language', content: 'fr' },
        { name: 'audio', filename: 'recording.webm', type: 'audio/webm', content: speechWebm },
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const sent = fake.requests[0]?.body as { fields: Record<string, string> };
    expect(sent.fields.language).toBe('fr');
    fake.requests.length = 0;
    expect((await transcribe(recording(speechWebm))).statusCode).toBe(200);
    const plain = fake.requests[0]?.body as { fields: Record<string, string> };
    expect(plain.fields.language).toBeUndefined();
  });

  it.each(['French', 'FR', 'fr-FR', 'f', 'fren', ''])(
    'refuses the language %j with a 400 before the engine hears it',
    async (language) => {
      const response = await transcribe(
        multipartBody([
          { name: 'language', content: language },
          { name: 'audio', filename: 'recording.webm', type: 'audio/webm', content: speechWebm },
        ]),
      );
      const body = expectApiError(response, 400, 'invalid_input');
      expect(body.message).toMatch(/language must be a language code of 2 or 3 lowercase letters/);
      expect(fake.requests).toHaveLength(0);
    },
  );

  it('transcribes mp4/aac sent as recording.webm, as Safari does', async () => {
    const response = await transcribe(recording(speechMp4, 'audio/mp4'));
    expect(response.statusCode, response.body).toBe(200);
    const sent = fake.requests[0]?.body as { file: FakeUploadedFile };
    expect(sent.file.filename).toBe('recording.m4a');
    expect(sent.file.size).toBe(speechMp4.length);
  });

  it('answers 422 no_speech for silence, without calling the provider', async () => {
    expectApiError(await transcribe(recording(silence)), 422, 'no_speech');
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 422 no_speech for an empty file', async () => {
    expectApiError(await transcribe(recording(Buffer.alloc(0))), 422, 'no_speech');
  });

  it('answers 415 for a text file renamed .webm', async () => {
    const text = Buffer.from('These are my shopping notes, not a recording.\n'.repeat(20));
    expectApiError(await transcribe(recording(text)), 415, 'unsupported_media_type');
  });

  it('answers 415 for bytes that only start like webm', async () => {
    const fakeWebm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4000, 3)]);
    expectApiError(await transcribe(recording(fakeWebm)), 415, 'unsupported_media_type');
  });

  it('answers 400 when no file is sent', async () => {
    const onlyField = multipartBody([{ name: 'note', content: 'no audio here' }]);
    expect(expectApiError(await transcribe(onlyField), 400, 'invalid_input').message).toMatch(
      /audio/,
    );
    const wrongField = multipartBody([
      { name: 'file', filename: 'recording.webm', type: 'audio/webm', content: speechWebm },
    ]);
    expectApiError(await transcribe(wrongField), 400, 'invalid_input');
    expectApiError(
      await transcribe(Buffer.from('{}'), { 'content-type': 'application/json' }),
      400,
      'invalid_input',
    );
  });

  it('answers 413 over 25 MiB, declared up front', async () => {
    const huge = Buffer.alloc(AUDIO_UPLOAD_MAX_BYTES + 1024, 0);
    speechWebm.copy(huge);
    expectApiError(await transcribe(recording(huge)), 413, 'payload_too_large');
  });

  it('answers 413 over 25 MiB when streamed without a length', async () => {
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="audio"; filename="recording.webm"\r\nContent-Type: audio/webm\r\n\r\n`,
    );
    const chunk = Buffer.alloc(1024 * 1024, 0);
    speechWebm.copy(chunk);
    let sent = 0;
    const stream = new Readable({
      read() {
        if (sent === 0) this.push(head);
        if (sent < 27) {
          sent += 1;
          this.push(sent === 1 ? chunk : Buffer.alloc(1024 * 1024, 1));
        } else {
          this.push(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
          this.push(null);
        }
      },
    });
    expectApiError(await transcribe(stream), 413, 'payload_too_large');
    expect(fake.requests).toHaveLength(0);
  });

  it.each(['500', '429', 'malformed'] as const)(
    'answers 502 when the provider fails (%s)',
    async (fault) => {
      fake.setFault(fault);
      expectApiError(await transcribe(recording(speechWebm)), 502, 'transcription_failed');
    },
  );

  it('answers 502 when the provider hangs past TRANSCRIBE_TIMEOUT_MS', async () => {
    fake.setFault('hang');
    const started = Date.now();
    const pending = transcribe(recording(speechWebm));
    // While the provider hangs, the upload is staged in TMPDIR (afterEach checks it is gone).
    let staged: string[] = [];
    while (staged.length === 0 && Date.now() - started < 2900) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      staged = (await readdir(uploadsDir)).filter((name) => name.startsWith('voice-ideas-upload-'));
    }
    expect(staged).toHaveLength(1);
    expectApiError(await pending, 502, 'transcription_failed');
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it('answers 422 when the provider hears nothing', async () => {
    fake.setFault('empty');
    expectApiError(await transcribe(recording(speechWebm)), 422, 'no_speech');
  });
});

describe('POST /api/format', () => {
  const body = {
    transcript: 'um so buy milk and then call mum',
    format: 'checklist',
    category: 'personal',
  };

  it('formats with the model by default', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/format',
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ path: 'llm', mode: 'smart', notes: [] });
    expect(response.json<{ formatted: string }>().formatted).toMatch(/^- \[ \] /m);
  });

  it('uses the rules in reliable mode', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/format',
      payload: { ...body, mode: 'reliable' },
    });
    expect(response.json()).toEqual({
      formatted: formatWithRules(body.transcript, 'checklist', 'personal'),
      path: 'rules',
      mode: 'reliable',
      notes: expect.any(Array),
    });
    expect(fake.requests).toHaveLength(0);
  });

  it.each(['500', '429', 'hang', 'empty', 'malformed'] as const)(
    'still answers 200 by rules when the model %s',
    async (fault) => {
      fake.setFault(fault);
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/format',
        payload: body,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        formatted: formatWithRules(body.transcript, 'checklist', 'personal'),
        path: 'llm+fallback',
        mode: 'smart',
      });
      expect(response.json<{ notes: string[] }>().notes).toHaveLength(1);
    },
  );

  it('refuses bad input with 400 naming the field', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/format',
      payload: { ...body, format: 'memo' },
    });
    expect(expectApiError(response, 400, 'invalid_input').message).toMatch(/format/);
  });
});

describe('POST /api/format in another language', () => {
  const french = {
    transcript: 'euh liste de courses acheter du pain acheter du lait et appeler le plombier',
    format: 'checklist',
    category: 'personal',
    mode: 'reliable',
  };

  it('tidies a French transcript by rules, never making it a checklist, and says so', async () => {
    for (const payload of [french, { ...french, language: 'fr' }]) {
      const response = await testApp.app.inject({ method: 'POST', url: '/api/format', payload });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        formatted: 'Liste de courses acheter du pain acheter du lait et appeler le plombier.',
        path: 'rules',
        mode: 'reliable',
        notes: [
          'Reliable mode: formatted by rules.',
          'Written in French: tidied, not restructured.',
        ],
      });
    }
  });

  it('believes the given language: English words said to be German are only tidied', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/format',
      payload: { ...french, transcript: 'buy milk and then call mum', language: 'de' },
    });
    expect(response.json()).toMatchObject({
      formatted: 'Buy milk and then call mum.',
      notes: expect.arrayContaining(['Written in German: tidied, not restructured.']),
    });
  });

  it('formats English as before when told it is English', async () => {
    const payload = { ...french, transcript: 'um so buy milk and then call mum', language: 'en' };
    const response = await testApp.app.inject({ method: 'POST', url: '/api/format', payload });
    expect(response.json()).toEqual({
      formatted: formatWithRules(payload.transcript, 'checklist', 'personal'),
      path: 'rules',
      mode: 'reliable',
      notes: ['Reliable mode: formatted by rules.'],
    });
  });

  it.each(['French', 'FR', 'fr-FR', 'f', 'fren', '', 7])(
    'refuses the language %j with a 400 in the error shape',
    async (language) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/format',
        payload: { ...french, language },
      });
      expectApiError(response, 400, 'invalid_input');
    },
  );
});

describe('POST /api/infer-format-category', () => {
  it('answers from the rules when they are sure', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/infer-format-category',
      payload: { transcript: 'Make this a checklist about work: send the invoice.' },
    });
    expect(response.json()).toMatchObject({ format: 'checklist', category: 'work' });
    expect(fake.requests).toHaveLength(0);
  });

  it('asks the model when the rules are unsure', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/infer-format-category',
      payload: { transcript: 'I keep thinking about the thing from yesterday.' },
    });
    expect(response.json()).toEqual({ format: 'pitch', category: 'creative', confidence: 0.85 });
  });

  it('never answers 5xx when the model fails', async () => {
    fake.setFault('500');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/infer-format-category',
      payload: { transcript: 'I keep thinking about the thing from yesterday.' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers nulls and 0 for nothing', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/infer-format-category',
      payload: { transcript: '' },
    });
    expect(response.json()).toEqual({ format: null, category: null, confidence: 0 });
  });
});

describe('reformat', () => {
  it('keeps the idea as it is when its transcript has no words to format', async () => {
    const user = await registerUser(testApp.app);
    const idea = await createIdea(
      testApp.app,
      { headers: user.headers, url: '/api/ideas' },
      { content: 'my real idea', format: 'tweet', category: 'work', transcript: '....., , ,' },
    );
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/ideas/${idea.id}/reformat`,
      headers: user.headers,
      payload: { format: 'pitch', mode: 'reliable' },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ error: 'nothing_to_format' });
    const list = await testApp.app.inject({ url: '/api/ideas', headers: user.headers });
    expect(
      list.json<{ items: Array<{ content: string; format: string }> }>().items[0],
    ).toMatchObject({ content: 'my real idea', format: 'tweet' });
  });

  it('reformats a user idea from its transcript, without the spoken command', async () => {
    const user = await registerUser(testApp.app);
    const transcript = 'Tweet work: buy oat milk, call the dentist and water the plants.';
    const idea = await createIdea(
      testApp.app,
      { headers: user.headers, url: '/api/ideas' },
      { content: 'old content', format: 'tweet', category: 'work', transcript },
    );
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/ideas/${idea.id}/reformat`,
      headers: user.headers,
      payload: { format: 'checklist', category: 'personal', mode: 'reliable' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: idea.id,
      format: 'checklist',
      category: 'personal',
      transcript,
      content: formatWithRules(
        reformatSource({ transcript, content: '' }),
        'checklist',
        'personal',
      ),
    });
    expect(reformatSource({ transcript, content: '' })).not.toMatch(/^Tweet/);

    const list = await testApp.app.inject({ url: '/api/ideas', headers: user.headers });
    expect(list.json<{ items: Array<{ content: string }> }>().items[0]?.content).toBe(
      response.json<{ content: string }>().content,
    );
  });

  it('reformats from the content when there is no transcript, keeping format and category', async () => {
    const user = await registerUser(testApp.app);
    const idea = await createIdea(
      testApp.app,
      { headers: user.headers, url: '/api/ideas' },
      {
        content: 'Launch the podcast and invite three guests',
        format: 'pitch',
        category: 'creative',
      },
    );
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/ideas/${idea.id}/reformat`,
      headers: user.headers,
      payload: { mode: 'reliable' },
    });
    expect(response.json()).toMatchObject({
      format: 'pitch',
      category: 'creative',
      content: formatWithRules('Launch the podcast and invite three guests', 'pitch', 'creative'),
    });
  });

  it('uses the model in smart mode', async () => {
    const user = await registerUser(testApp.app);
    const idea = await createIdea(
      testApp.app,
      { headers: user.headers, url: '/api/ideas' },
      { content: 'x', transcript: 'buy milk and call mum' },
    );
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/ideas/${idea.id}/reformat`,
      headers: user.headers,
      payload: { format: 'checklist' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.requests).toHaveLength(1);
    expect(response.json<{ content: string }>().content).toMatch(/- \[ \] buy milk/i);
  });

  it('answers 404 for another owner idea and 401 without a session', async () => {
    const owner = await registerUser(testApp.app);
    const stranger = await registerUser(testApp.app);
    const idea = await createIdea(testApp.app, { headers: owner.headers, url: '/api/ideas' });
    expectApiError(
      await testApp.app.inject({
        method: 'POST',
        url: `/api/ideas/${idea.id}/reformat`,
        headers: stranger.headers,
        payload: {},
      }),
      404,
      'not_found',
    );
    expectApiError(
      await testApp.app.inject({
        method: 'POST',
        url: `/api/ideas/${idea.id}/reformat`,
        payload: {},
      }),
      401,
      'not_authenticated',
    );
  });

  it('reformats a guest idea through the guest twin, scoped to the guest id', async () => {
    const guestId = newGuestId();
    const idea = await createIdea(
      testApp.app,
      { headers: guestHeaders(guestId), url: '/api/guest-ideas' },
      {
        content: 'water plants',
        format: 'tweet',
        category: 'personal',
        transcript: 'water the plants and feed the cat',
      },
    );
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/guest-ideas/${idea.id}/reformat`,
      headers: guestHeaders(guestId),
      payload: { format: 'checklist', mode: 'reliable' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      format: 'checklist',
      category: 'personal',
      userId: null,
    });
    expectApiError(
      await testApp.app.inject({
        method: 'POST',
        url: `/api/guest-ideas/${idea.id}/reformat`,
        headers: guestHeaders(newGuestId()),
        payload: {},
      }),
      404,
      'not_found',
    );
  });
});

describe('a server without AI services', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp('sqlite', {
      env: { TRANSCRIBE_ENGINE: 'none', RATE_LIMIT_AI_PER_MIN: '3' },
    });
  });
  afterAll(async () => {
    await bare.app.close();
    await bare.database.close();
  });

  it('answers 503 transcription_unavailable and formats by rules', async () => {
    expectApiError(
      await bare.app.inject({
        method: 'POST',
        url: '/api/transcribe',
        headers: MULTIPART_HEADERS,
        payload: recording(speechWebm),
      }),
      503,
      'transcription_unavailable',
    );
    const formatted = await bare.app.inject({
      method: 'POST',
      url: '/api/format',
      payload: { transcript: 'ship it', format: 'tweet', category: 'work' },
    });
    expect(formatted.json()).toMatchObject({ path: 'rules', mode: 'smart' });
    const config = await bare.app.inject({ url: '/api/config' });
    expect(config.json()).toMatchObject({
      transcription: { engine: 'none', available: false },
      formatter: { smart: false, engine: 'none' },
    });
  });

  it('rate limits the AI calls per client with Retry-After', async () => {
    const call = () =>
      bare.app.inject({
        method: 'POST',
        url: '/api/infer-format-category',
        remoteAddress: '10.1.2.3',
        payload: { transcript: 'hello' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await call()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await call();
    expectApiError(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
