import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSilence, makeSpeech } from '#tests/support/speech-audio.js';
import { MIN_VOICED_MS } from './audio-decode.js';
import { planPieces, scanAudio } from './audio-pieces.js';

describe('cutting long audio into pieces', () => {
  it('cuts in the middle of the last pause before the longest piece ends', () => {
    const pieces = planPieces(
      {
        durationMs: 500_000,
        silences: [
          { startMs: 90_000, endMs: 92_000 },
          { startMs: 200_000, endMs: 204_000 },
          { startMs: 300_000, endMs: 301_000 },
        ],
      },
      240_000,
      60_000,
    );
    expect(pieces).toEqual([
      { startMs: 0, endMs: 202_000 },
      { startMs: 202_000, endMs: 300_500 },
      { startMs: 300_500, endMs: 500_000 },
    ]);
  });

  it('cuts at the longest piece when the speaker never paused, and leaves short audio whole', () => {
    expect(planPieces({ durationMs: 500_000, silences: [] }, 240_000, 60_000)).toEqual([
      { startMs: 0, endMs: 240_000 },
      { startMs: 240_000, endMs: 480_000 },
      { startMs: 480_000, endMs: 500_000 },
    ]);
    expect(
      planPieces({ durationMs: 30_000, silences: [{ startMs: 10_000, endMs: 12_000 }] }),
    ).toEqual([{ startMs: 0, endMs: 30_000 }]);
  });
});

describe('scanning a recording once', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'voice-ideas-scan-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const options = { client: 'scan-test', signal: new AbortController().signal };

  it('measures how much of it was said, so silence needs no second decode to be told apart', async () => {
    const speech = await scanAudio(
      await makeSpeech(dir, 'Tweet work: the release is out.', 'webm'),
      'webm',
      options,
    );
    expect(speech.durationMs).toBeGreaterThan(1000);
    expect(speech.voicedMs).toBeGreaterThanOrEqual(MIN_VOICED_MS);
    expect(speech.voicedMs).toBeLessThanOrEqual(speech.durationMs);

    const silence = await scanAudio(await makeSilence(dir, 2, 'webm'), 'webm', options);
    expect(silence.durationMs).toBeGreaterThan(1500);
    expect(silence.voicedMs).toBeLessThan(MIN_VOICED_MS);
  });
});
