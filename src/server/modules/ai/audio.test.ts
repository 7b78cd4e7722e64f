import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio } from './audio-decode.js';
import { sniffAudioContainer, SNIFF_BYTES } from './audio-sniff.js';
import { normaliseTranscript } from './transcript-text.js';
import { makeSilence, makeSpeech, type AudioKind } from '#tests/support/speech-audio.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voice-ideas-audio-test-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function head(path: string): Promise<Uint8Array> {
  return (await readFile(path)).subarray(0, SNIFF_BYTES);
}

describe('sniffAudioContainer', () => {
  const expected: Record<AudioKind, string> = {
    webm: 'webm',
    mp4: 'mp4',
    ogg: 'ogg',
    wav: 'wav',
    mp3: 'mp3',
  };
  for (const kind of Object.keys(expected) as AudioKind[]) {
    it(`recognises real ${kind} audio by its bytes`, async () => {
      const path = await makeSpeech(dir, 'One two three.', kind);
      expect(sniffAudioContainer(await head(path))).toBe(expected[kind]);
    });
  }

  it('refuses text, images and empty input', () => {
    expect(sniffAudioContainer(Buffer.from('hello, this is not audio at all'))).toBeNull();
    expect(sniffAudioContainer(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(
      sniffAudioContainer(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    ).toBeNull();
    expect(sniffAudioContainer(new Uint8Array())).toBeNull();
    // AAC in ADTS shares MPEG's sync word; it is not an mp3.
    expect(sniffAudioContainer(Buffer.from([0xff, 0xf1, 0x50, 0x80]))).toBeNull();
  });
});

describe('decodeAudio', () => {
  it('decodes spoken webm/opus to 16 kHz PCM and finds the speech', async () => {
    const path = await makeSpeech(dir, 'Buy milk, call the dentist and water the plants.', 'webm');
    const decoded = await decodeAudio(path, { container: 'webm', keepPcm: true });
    expect(decoded.hasSpeech).toBe(true);
    expect(decoded.durationMs).toBeGreaterThan(1500);
    expect(decoded.durationMs).toBeLessThan(8000);
    // 16-bit mono at 16 kHz: two bytes per sample.
    expect(decoded.pcm?.length).toBeCloseTo((decoded.durationMs / 1000) * 16000 * 2, -3);
  });

  it('decodes mp4/aac as Safari records it', async () => {
    const path = await makeSpeech(dir, 'Pitch creative: a comic about a lonely robot.', 'mp4');
    const decoded = await decodeAudio(path, { container: 'mp4', keepPcm: false });
    expect(decoded.hasSpeech).toBe(true);
    expect(decoded.pcm).toBeNull();
  });

  it('finds no speech in silence', async () => {
    const path = await makeSilence(dir, 2, 'webm');
    const decoded = await decodeAudio(path, { container: 'webm', keepPcm: false });
    expect(decoded.hasSpeech).toBe(false);
    expect(decoded.durationMs).toBeGreaterThan(1500);
  });

  it('reports bytes that only look like audio as undecodable', async () => {
    const path = join(dir, 'fake.webm');
    await writeFile(
      path,
      Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(200, 7)]),
    );
    await expect(decodeAudio(path, { container: 'webm', keepPcm: false })).rejects.toMatchObject({
      kind: 'undecodable',
    });
  });

  for (const kind of ['ogg', 'wav', 'mp3'] as const) {
    it(`decodes ${kind} read as exactly that container`, async () => {
      const path = await makeSpeech(dir, 'Checklist personal: water the plants.', kind);
      const decoded = await decodeAudio(path, { container: kind, keepPcm: false });
      expect(decoded.hasSpeech).toBe(true);
    });
  }

  it('refuses a real recording that is not the container the sniffer named', async () => {
    const path = await makeSpeech(dir, 'Tweet work: shipped it.', 'webm');
    await expect(decodeAudio(path, { container: 'mp3', keepPcm: false })).rejects.toMatchObject({
      kind: 'undecodable',
    });
  });

  it('stops at once when the signal aborts', async () => {
    const path = await makeSpeech(dir, 'Abort me.', 'wav');
    const controller = new AbortController();
    controller.abort();
    await expect(
      decodeAudio(path, { container: 'wav', keepPcm: false, signal: controller.signal }),
    ).rejects.toMatchObject({
      kind: 'timeout',
    });
  });
});

describe('normaliseTranscript', () => {
  it('drops non-speech markers whisper prints for silence', () => {
    expect(normaliseTranscript(' [BLANK_AUDIO] ')).toBe('');
    expect(normaliseTranscript('(silence)')).toBe('');
    expect(normaliseTranscript('...')).toBe('');
    expect(normaliseTranscript('  Buy   milk [Music] today. ')).toBe('Buy milk today.');
  });

  it('keeps the words after an opener whose marker never closes', () => {
    expect(normaliseTranscript('Call (mom [Music] about *the* trip')).toBe('Call (mom about trip');
    expect(normaliseTranscript('[[[ buy milk (today')).toBe('[[[ buy milk (today');
    expect(normaliseTranscript(`${'['.repeat(20_000)} buy milk`)).toBe(
      `${'['.repeat(20_000)} buy milk`,
    );
  });
});
