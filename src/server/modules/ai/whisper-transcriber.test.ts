import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio } from './audio-decode.js';
import type { AudioUpload, Transcriber, Transcription } from './transcriber.js';
import { createWhisperTranscriber, type WhisperOptions } from './whisper-transcriber.js';
import { makeSilence, makeSpeech } from '#tests/support/speech-audio.js';
import {
  TINY_WHISPER_TEXT_TOKENS,
  tinyWhisperTokenIds,
  writeTinyWhisperModel,
} from '#tests/support/tiny-whisper-model.js';

const run = promisify(execFile);

let dir: string;
let tinyModel: string;
let speechWebm: AudioUpload;
let speechMp4: AudioUpload;
let silenceWebm: AudioUpload;
/**
 * Two minutes of loud tone as 16 kHz WAV: next to nothing to decode, four 30 s windows for
 * whisper.cpp (seconds even with the tiny model), so the engine is reliably the long part.
 */
let longTone: AudioUpload;
let longToneDecodeMs: number;
/** What espeak-ng produced before encoding: the length the decoded recording must report. */
let spokenMs: number;

const base = { timeoutMs: 60_000, canDecode: true, reason: 'test' };

async function upload(path: string, container: AudioUpload['container']): Promise<AudioUpload> {
  return { filePath: path, container, sizeBytes: (await stat(path)).size };
}

/** Length of a PCM WAV file from its header (espeak-ng writes a plain 44-byte header). */
async function wavDurationMs(path: string): Promise<number> {
  const wav = await readFile(path);
  const byteRate = wav.readUInt32LE(28);
  const dataBytes = wav.readUInt32LE(40);
  return (dataBytes / byteRate) * 1000;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voice-ideas-whisper-test-'));
  tinyModel = join(dir, 'ggml-tiny-random.bin');
  await writeTinyWhisperModel(tinyModel);
  const sentence = 'Checklist personal: buy milk and call mum.';
  speechWebm = await upload(await makeSpeech(dir, sentence, 'webm'), 'webm');
  spokenMs = await wavDurationMs(join(dir, 'espeak-webm.wav'));
  speechMp4 = await upload(await makeSpeech(dir, sentence, 'mp4'), 'mp4');
  silenceWebm = await upload(await makeSilence(dir, 2, 'webm'), 'webm');
  const tonePath = join(dir, 'tone.wav');
  await run('ffmpeg', [
    ...['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'sine=frequency=330:sample_rate=16000', '-t', '120'],
    ...['-ac', '1', '-c:a', 'pcm_s16le', '-f', 'wav', tonePath],
  ]);
  longTone = await upload(tonePath, 'wav');
  // The waits below are multiples of this, so it must not be inflated: this runs while the
  // other test files start, and one slow decode let whisper.cpp finish inside a budget. The
  // fastest of three is what decoding costs; a busy machine slows whisper.cpp as well.
  longToneDecodeMs = Infinity;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const decodeStarted = Date.now();
    await decodeAudio(tonePath, { container: 'wav', keepPcm: true });
    longToneDecodeMs = Math.min(longToneDecodeMs, Date.now() - decodeStarted);
  }
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function withTranscriber<T>(
  options: Partial<WhisperOptions>,
  use: (transcriber: Transcriber) => Promise<T>,
): Promise<T> {
  const transcriber = await createWhisperTranscriber({ ...base, modelPath: tinyModel, ...options });
  expect(transcriber.reason).toBe('test');
  expect(transcriber.available).toBe(true);
  try {
    return await use(transcriber);
  } finally {
    await transcriber.close();
  }
}

/** The transcript came out of whisper.cpp's decoder: only words of the tiny model's vocabulary. */
function expectTinyModelWords(transcript: string): void {
  expect(transcript).not.toBe('');
  const ids = tinyWhisperTokenIds(transcript);
  expect(ids, `not the tiny model's words: ${transcript}`).not.toBeNull();
  for (const id of ids ?? []) expect(id).toBeLessThan(TINY_WHISPER_TEXT_TOKENS);
}

function settleOrder(entries: Record<string, Promise<unknown>>): Promise<string[]> {
  const order: string[] = [];
  return Promise.allSettled(
    Object.entries(entries).map(([name, promise]) =>
      promise.then(
        () => order.push(name),
        () => order.push(name),
      ),
    ),
  ).then(() => order);
}

describe('embedded whisper engine with a generated model (real whisper.cpp, random weights)', () => {
  it('transcribes webm/opus speech: ffmpeg decodes it, whisper.cpp runs, text comes back', async () => {
    await withTranscriber({}, async (transcriber) => {
      const result = await transcriber.transcribe(speechWebm);
      expectTinyModelWords(result.transcript);
      expect(Math.abs(result.durationMs - spokenMs)).toBeLessThan(100);
    });
  });

  it('transcribes mp4/aac speech (Safari) the same way', async () => {
    await withTranscriber({}, async (transcriber) => {
      const result = await transcriber.transcribe(speechMp4);
      expectTinyModelWords(result.transcript);
      // AAC adds priming samples at the start; the length still matches within a frame or two.
      expect(Math.abs(result.durationMs - spokenMs)).toBeLessThan(100);
    });
  });

  it('an English-only model given another language transcribes as English and warns, naming the fix', async () => {
    await withTranscriber({}, async (transcriber) => {
      const french = await transcriber.transcribe({ ...speechWebm, language: 'fr' });
      expectTinyModelWords(french.transcript);
      expect(french.warning).toMatch(/English-only.*"fr".*npm run models -- --multilingual/);
      const english = await transcriber.transcribe({ ...speechWebm, language: 'en' });
      expect(english.warning).toBeUndefined();
    });
  });

  it('refuses silence as no_speech before the engine', async () => {
    await withTranscriber({}, async (transcriber) => {
      await expect(transcriber.transcribe(silenceWebm)).rejects.toMatchObject({
        kind: 'no_speech',
      });
    });
  });

  it('answers timeout when the budget is spent, on every call', async () => {
    await withTranscriber({ timeoutMs: 1 }, async (transcriber) => {
      await expect(transcriber.transcribe(speechWebm)).rejects.toMatchObject({ kind: 'timeout' });
      await expect(transcriber.transcribe(speechWebm)).rejects.toMatchObject({ kind: 'timeout' });
    });
  });

  it(
    'gives up on whisper.cpp mid-transcription at the budget, and the engine keeps working',
    { timeout: 120_000 },
    async () => {
      // Past the decoding, well before four windows of whisper.cpp are done: with the random
      // model whisper.cpp took from under 1.5 s to some 20 s over the tone on this machine, so
      // the margin is kept below the fastest. A busy machine can stretch the decoding past that
      // budget; then the job never reached whisper.cpp, and the budget is doubled and tried again.
      let timeoutMs = 2 * longToneDecodeMs + 200;
      for (let attempt = 1; ; attempt += 1) {
        const phases: string[] = [];
        const onEngineJob = (phase: 'start' | 'end'): void => void phases.push(phase);
        const reachedEngine = await withTranscriber(
          { timeoutMs, onEngineJob },
          async (transcriber) => {
            const started = Date.now();
            const error: unknown = await transcriber.transcribe(longTone).catch((e: unknown) => e);
            expect(error).toMatchObject({
              kind: 'timeout',
              message: 'Transcription took too long.',
            });
            if (phases.length === 0 && attempt < 4) return false;
            // It answered at its budget, while whisper.cpp was still at work.
            expect(phases).toEqual(['start']);

            // whisper.cpp finishes the abandoned job in the background (it cannot be interrupted);
            // meanwhile new transcriptions wait for it and, with this short budget, may time out
            // too. Once it ends, the engine is free again.
            for (;;) {
              const next = await transcriber.transcribe(speechWebm).catch((e: unknown) => e);
              if (next instanceof Error) {
                expect(next).toMatchObject({ kind: 'timeout' });
                expect(Date.now() - started).toBeLessThan(50_000);
                continue;
              }
              expectTinyModelWords((next as Transcription).transcript);
              break;
            }
            return true;
          },
        );
        if (reachedEngine) break;
        timeoutMs *= 2;
      }
    },
  );

  it(
    'runs one transcription at a time; a waiting one can time out without disturbing the others',
    { timeout: 60_000 },
    async () => {
      let engineJobs = 0;
      let longInEngine: () => void = () => undefined;
      const longReachedEngine = new Promise<void>((resolve) => (longInEngine = resolve));
      const onEngineJob = (phase: 'start' | 'end'): void => {
        if (phase === 'end') return;
        engineJobs += 1;
        if (engineJobs === 1) longInEngine();
      };
      await withTranscriber({ onEngineJob }, async (transcriber) => {
        const long = transcriber.transcribe(longTone);
        // The short ones arrive once the long recording is inside whisper.cpp, however long a
        // busy machine takes to decode it.
        await longReachedEngine;
        const short = transcriber.transcribe(speechWebm);
        const impatient = transcriber.transcribe(speechWebm, AbortSignal.timeout(400));

        const order = await settleOrder({ long, short, impatient });
        // Alone the short recording takes well under a second; it finished after the long one,
        // so it waited for the engine instead of running beside it.
        expect(order).toEqual(['impatient', 'long', 'short']);
        await expect(impatient).rejects.toMatchObject({ kind: 'timeout' });
        expectTinyModelWords((await long).transcript);
        expectTinyModelWords((await short).transcript);
      });
    },
  );

  it('refuses transcriptions beyond the waiting bound at once, as busy', async () => {
    await withTranscriber({ maxWaiting: 1 }, async (transcriber) => {
      const first = transcriber.transcribe(speechWebm);
      const second = transcriber.transcribe(speechMp4);
      const refusal = transcriber.transcribe(speechWebm).catch((e: unknown) => e);
      // Refused at once: before the job already running has finished.
      const settledFirst = await Promise.race([
        refusal.then(() => 'the refusal'),
        first.then(
          () => 'the running job',
          () => 'the running job',
        ),
      ]);
      expect(settledFirst).toBe('the refusal');
      const third = await refusal;
      expect(third).toMatchObject({ kind: 'busy' });
      expect((third as Error).message).toMatch(/busy.*try again/);

      expectTinyModelWords((await first).transcript);
      expectTinyModelWords((await second).transcript);
      // The bound counts transcriptions in progress, so room returns as they finish.
      expectTinyModelWords((await transcriber.transcribe(speechWebm)).transcript);
    });
  });
});

describe('embedded whisper engine: model files that must not load', () => {
  async function reasonFor(modelPath: string, options: Partial<WhisperOptions> = {}) {
    const transcriber = await createWhisperTranscriber({ ...base, modelPath, ...options });
    expect(transcriber.available).toBe(false);
    expect(transcriber.engine).toBe('whisper');
    await expect(transcriber.transcribe(speechWebm)).rejects.toMatchObject({ kind: 'unavailable' });
    return transcriber.reason;
  }

  async function variant(name: string, bytes: Buffer): Promise<string> {
    const path = join(dir, name);
    await writeFile(path, bytes);
    return path;
  }

  it('a missing file: says so and how to get one', async () => {
    expect(await reasonFor(join(dir, 'no-such-model.bin'))).toMatch(
      /does not exist.*npm run models/,
    );
  });

  it('a text file', async () => {
    const path = await variant('notes.bin', Buffer.from('this is a shopping list, not a model\n'));
    expect(await reasonFor(path)).toMatch(/not a usable whisper model.*wrong magic bytes/);
  });

  it('a large file without the ggml magic', async () => {
    const path = await variant('wrong-magic.bin', Buffer.alloc(2 * 1024 * 1024, 1));
    expect(await reasonFor(path)).toMatch(/wrong magic bytes/);
  });

  it('the magic followed by garbage: a damaged header', async () => {
    const garbage = Buffer.alloc(2 * 1024 * 1024);
    for (let i = 0; i < garbage.length; i += 1) garbage[i] = (i * 7919) % 251;
    const path = await variant('garbage.bin', Buffer.concat([Buffer.from('lmgg'), garbage]));
    expect(await reasonFor(path)).toMatch(/header is damaged/);
  });

  it('a download that broke off, even one byte short (whisper.cpp itself would load it)', async () => {
    const model = await readFile(tinyModel);
    for (const length of [Math.floor(model.length / 2), model.length - 1]) {
      const path = await variant(`truncated-${length}.bin`, model.subarray(0, length));
      expect(await reasonFor(path)).toMatch(/truncated.*npm run models/);
    }
  });

  it('a model whose tensor was renamed: whisper.cpp refuses it in the probe process', async () => {
    const model = Buffer.from(await readFile(tinyModel));
    const at = model.indexOf('decoder.ln.bias');
    model.write('decoder.ln.bia$', at, 'latin1');
    const path = await variant('renamed-tensor.bin', model);
    expect(await reasonFor(path)).toMatch(
      /could not load the model.*unknown tensor 'decoder\.ln\.bia\$'.*npm run models/,
    );
  });

  it('a model whose tensor type was damaged: whisper.cpp refuses it in the probe process', async () => {
    const model = Buffer.from(await readFile(tinyModel));
    // decoder.ln.bias is one-dimensional: its type sits before its one size and its name.
    model.writeInt32LE(99, model.indexOf('decoder.ln.bias') - 8);
    const path = await variant('retyped-tensor.bin', model);
    expect(await reasonFor(path)).toMatch(
      /could not load the model.*'decoder\.ln\.bias' has wrong size/,
    );
  });

  it('a loader that aborts the process takes down only the probe', async () => {
    const aborting = join(dir, 'aborting-whisper.cjs');
    await writeFile(
      aborting,
      'exports.WhisperContext = class { constructor() { process.abort(); } };\n',
    );
    const reason = await reasonFor(tinyModel, { moduleSpecifier: aborting });
    expect(reason).toMatch(/could not load the model.*crashed with SIGABRT/);
    // This process is still here to check it: the crash happened in the probe process.
    expect(process.exitCode ?? 0).toBe(0);
  });

  it('the native module missing', async () => {
    const reason = await reasonFor(tinyModel, {
      moduleSpecifier: '@fugood/whisper-node-that-does-not-exist',
    });
    expect(reason).toMatch(/package is not installed/);
  });

  it('no ffmpeg', async () => {
    expect(await reasonFor(tinyModel, { canDecode: false })).toMatch(/ffmpeg/);
  });
});

const realModel = [
  process.env.WHISPER_MODEL_PATH,
  'models/ggml-base.en.bin',
  'models/ggml-tiny.en.bin',
].find((candidate): candidate is string => candidate !== undefined && existsSync(candidate));

describe.runIf(realModel !== undefined)('embedded whisper engine with a real model', () => {
  it('transcribes real speech', { timeout: 120_000 }, async () => {
    const transcriber = await createWhisperTranscriber({ ...base, modelPath: realModel ?? '' });
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
  });
});
