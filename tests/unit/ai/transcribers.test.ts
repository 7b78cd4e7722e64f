import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OpenAITranscriber } from '../../../src/server/services/ai/openai-transcriber.js';
import type { AudioUpload } from '../../../src/server/services/ai/transcriber.js';
import { createWhisperTranscriber } from '../../../src/server/services/ai/whisper-transcriber.js';
import {
  startFakeOpenAI,
  type FakeOpenAI,
  type FakeUploadedFile,
} from '../../support/fake-openai.js';
import { makeSilence, makeSpeech } from '../../support/speech-audio.js';

let dir: string;
let fake: FakeOpenAI;
let speechWebm: AudioUpload;
let speechMp4: AudioUpload;
let silenceWebm: AudioUpload;

async function upload(path: string, container: AudioUpload['container']): Promise<AudioUpload> {
  return { filePath: path, container, sizeBytes: (await stat(path)).size };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voice-ideas-transcriber-test-'));
  fake = await startFakeOpenAI({ transcript: 'Checklist personal: buy milk and call mum.' });
  speechWebm = await upload(
    await makeSpeech(dir, 'Checklist personal: buy milk and call mum.', 'webm'),
    'webm',
  );
  speechMp4 = await upload(await makeSpeech(dir, 'Tweet work: the release is out.', 'mp4'), 'mp4');
  silenceWebm = await upload(await makeSilence(dir, 2, 'webm'), 'webm');
});

afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

afterEach(() => {
  fake.setFault('none');
  fake.requests.length = 0;
});

function openaiTranscriber(timeoutMs = 5000): OpenAITranscriber {
  return new OpenAITranscriber({
    baseUrl: fake.url,
    apiKey: undefined,
    model: 'whisper-test',
    timeoutMs,
    canDecode: true,
    reason: 'test',
  });
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

describe('OpenAITranscriber against a real OpenAI-compatible server', () => {
  it('uploads the webm recording byte for byte and returns the transcript', async () => {
    const result = await openaiTranscriber().transcribe(speechWebm);
    expect(result.transcript).toBe('Checklist personal: buy milk and call mum.');
    expect(result.durationMs).toBeGreaterThan(1000);

    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0];
    expect(request?.path).toBe('/v1/audio/transcriptions');
    const body = request?.body as { fields: Record<string, string>; file: FakeUploadedFile };
    expect(body.fields.model).toBe('whisper-test');
    expect(body.file.fieldName).toBe('file');
    expect(body.file.filename).toBe('recording.webm');
    expect(body.file.contentType).toBe('audio/webm');
    expect(body.file.sha256).toBe(sha256(await readFile(speechWebm.filePath)));
  });

  it('names an mp4/aac upload so the provider decodes it as m4a', async () => {
    await openaiTranscriber().transcribe(speechMp4);
    const body = fake.requests[0]?.body as { file: FakeUploadedFile };
    expect(body.file.filename).toBe('recording.m4a');
    expect(body.file.size).toBe(speechMp4.sizeBytes);
  });

  it('refuses silence as no_speech without calling the provider', async () => {
    await expect(openaiTranscriber().transcribe(silenceWebm)).rejects.toMatchObject({
      kind: 'no_speech',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('treats an empty transcript from the provider as no_speech', async () => {
    fake.setFault('empty');
    await expect(openaiTranscriber().transcribe(speechWebm)).rejects.toMatchObject({
      kind: 'no_speech',
    });
  });

  it.each([
    ['500', 'status 500'],
    ['429', 'status 429'],
    ['malformed', 'failed'],
  ] as const)('maps a %s reply to engine_failed', async (fault, text) => {
    fake.setFault(fault);
    const error: unknown = await openaiTranscriber()
      .transcribe(speechWebm)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'engine_failed' });
    expect((error as Error).message).toContain(text);
    // No retries: a failing provider is asked once.
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up on a provider that hangs within its time budget', async () => {
    fake.setFault('hang');
    const started = Date.now();
    await expect(openaiTranscriber(800).transcribe(speechWebm)).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('embedded whisper engine', () => {
  const base = { timeoutMs: 60_000, canDecode: true, reason: 'test' };

  it('is unavailable with a clear reason when the model file is missing', async () => {
    const transcriber = await createWhisperTranscriber({
      ...base,
      modelPath: join(dir, 'no-such-model.bin'),
    });
    expect(transcriber.available).toBe(false);
    expect(transcriber.engine).toBe('whisper');
    expect(transcriber.reason).toMatch(/does not exist.*npm run models/);
    await expect(transcriber.transcribe(speechWebm)).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('rejects a file too small to be a model', async () => {
    const path = join(dir, 'tiny.bin');
    await writeFile(path, 'not a model');
    const transcriber = await createWhisperTranscriber({ ...base, modelPath: path });
    expect(transcriber.available).toBe(false);
    expect(transcriber.reason).toMatch(/not a whisper model/);
  });

  it('rejects a large file without the ggml magic', async () => {
    const path = join(dir, 'wrong-magic.bin');
    await writeFile(path, Buffer.alloc(2 * 1024 * 1024, 1));
    const transcriber = await createWhisperTranscriber({ ...base, modelPath: path });
    expect(transcriber.available).toBe(false);
    expect(transcriber.reason).toMatch(/wrong magic bytes/);
  });

  it('survives a corrupt model that makes whisper.cpp abort, and says so', async () => {
    const path = join(dir, 'corrupt.bin');
    const garbage = Buffer.alloc(2 * 1024 * 1024);
    for (let i = 0; i < garbage.length; i += 1) garbage[i] = (i * 7919) % 251;
    await writeFile(path, Buffer.concat([Buffer.from('lmgg', 'latin1'), garbage]));
    const transcriber = await createWhisperTranscriber({ ...base, modelPath: path });
    expect(transcriber.available).toBe(false);
    expect(transcriber.reason).toMatch(/could not load the model.*corrupt/);
    // This process is still here to check it: the crash happened in the probe process.
    expect(process.exitCode ?? 0).toBe(0);
  });

  it('is unavailable when the native module is not installed', async () => {
    const path = join(dir, 'magic-only.bin');
    await writeFile(
      path,
      Buffer.concat([Buffer.from('lmgg', 'latin1'), Buffer.alloc(2 * 1024 * 1024)]),
    );
    const transcriber = await createWhisperTranscriber({
      ...base,
      modelPath: path,
      moduleSpecifier: '@fugood/whisper-node-that-does-not-exist',
    });
    expect(transcriber.available).toBe(false);
    expect(transcriber.reason).toMatch(/package is not installed/);
  });

  it('is unavailable without ffmpeg', async () => {
    const transcriber = await createWhisperTranscriber({
      ...base,
      canDecode: false,
      modelPath: join(dir, 'whatever.bin'),
    });
    expect(transcriber.available).toBe(false);
    expect(transcriber.reason).toMatch(/ffmpeg/);
  });

  const modelPath = [
    process.env.WHISPER_MODEL_PATH,
    'models/ggml-base.en.bin',
    'models/ggml-tiny.en.bin',
  ].find((candidate): candidate is string => candidate !== undefined && existsSync(candidate));

  it.runIf(modelPath !== undefined)(
    'transcribes real speech with the model file present',
    { timeout: 120_000 },
    async () => {
      const transcriber = await createWhisperTranscriber({ ...base, modelPath: modelPath ?? '' });
      expect(transcriber.available).toBe(true);
      try {
        const result = await transcriber.transcribe(speechWebm);
        expect(result.transcript.toLowerCase()).toMatch(/milk/);
        await expect(transcriber.transcribe(silenceWebm)).rejects.toMatchObject({
          kind: 'no_speech',
        });
      } finally {
        await transcriber.close();
      }
    },
  );
});
