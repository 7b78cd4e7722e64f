import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { OpenAITranscriber } from './openai-transcriber.js';
import { lengthCountedFromSize, MAX_DECODED_SECONDS } from './audio-decode.js';
import type { AudioUpload } from './transcriber.js';
import {
  startFakeOpenAI,
  type FakeOpenAI,
  type FakeUploadedFile,
} from '#tests/support/fake-openai.js';
import { makeSilence, makeSpeech } from '#tests/support/speech-audio.js';

const run = promisify(execFile);
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

describe('what an OpenAI-compatible engine is counted for', () => {
  it('counts audio it cannot measure (no decoder) from its size, before the engine is given it', async () => {
    const told: number[] = [];
    const blind = new OpenAITranscriber({
      baseUrl: fake.url,
      apiKey: undefined,
      model: 'whisper-test',
      timeoutMs: 5000,
      canDecode: false,
      reason: 'test',
    });
    await blind.transcribe({
      ...speechWebm,
      beforeEngine: (durationMs) => {
        told.push(durationMs);
        expect(fake.requests).toHaveLength(0);
        return Promise.resolve();
      },
    });
    expect(told).toEqual([lengthCountedFromSize(speechWebm.sizeBytes)]);
    expect(told[0]).toBeGreaterThan(0);
  });

  it('refuses audio the decoder stopped at its ceiling, without calling the engine', async () => {
    const long = join(dir, 'long.ogg');
    await run('ffmpeg', [
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=300:sample_rate=16000:duration=${MAX_DECODED_SECONDS + 30}`,
      '-ac',
      '1',
      '-c:a',
      'libopus',
      '-b:a',
      '6k',
      long,
    ]);
    const told: number[] = [];
    const refused = openaiTranscriber(60_000).transcribe({
      ...(await upload(long, 'ogg')),
      beforeEngine: (durationMs) => {
        told.push(durationMs);
        return Promise.resolve();
      },
    });
    await expect(refused).rejects.toMatchObject({ kind: 'too_long' });
    expect(told).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  }, 60_000);
});

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

  it('takes the measure a scan already made of the audio instead of decoding it again', async () => {
    // Bytes no decoder reads: only a second decode would notice.
    const unreadable = join(dir, 'unreadable.webm');
    await writeFile(unreadable, Buffer.alloc(4096, 7));
    const measuredSpeech = {
      ...(await upload(unreadable, 'webm')),
      measured: { durationMs: 30_000, hasSpeech: true },
    };
    const result = await openaiTranscriber().transcribe(measuredSpeech);
    expect(result).toEqual({
      transcript: 'Checklist personal: buy milk and call mum.',
      durationMs: 30_000,
    });
    expect(fake.requests).toHaveLength(1);

    fake.requests.length = 0;
    await expect(
      openaiTranscriber().transcribe({
        ...measuredSpeech,
        measured: { durationMs: 30_000, hasSpeech: false },
      }),
    ).rejects.toMatchObject({ kind: 'no_speech' });
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
