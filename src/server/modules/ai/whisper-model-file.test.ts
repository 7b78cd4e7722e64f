import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkWhisperModelFile,
  expectedTensorCount,
  isMultilingual,
  type ModelFileCheck,
} from './whisper-model-file.js';
import {
  buildTinyWhisperModel,
  tinyWhisperTokenIds,
  tinyWhisperTokenText,
} from '#tests/support/tiny-whisper-model.js';

let dir: string;
let model: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voice-ideas-model-file-test-'));
  model = buildTinyWhisperModel();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let counter = 0;
async function check(bytes: Buffer): Promise<ModelFileCheck> {
  counter += 1;
  const path = join(dir, `model-${counter}.bin`);
  await writeFile(path, bytes);
  return checkWhisperModelFile(path);
}

function problemOf(result: ModelFileCheck): string {
  if (result.ok) throw new Error('expected the file to be refused');
  return result.problem;
}

/** Offset of hparam `index` (0 = n_vocab ... 10 = ftype), after the 4-byte magic. */
const hparamAt = (index: number): number => 4 + 4 * index;

describe('the generated tiny whisper model', () => {
  it('has the layout whisper.cpp expects, in a few MB', async () => {
    const result = await check(model);
    expect(result).toMatchObject({
      ok: true,
      weightsChecked: true,
      hparams: {
        nVocab: 51864,
        nAudioCtx: 1500,
        nAudioState: 32,
        nTextState: 32,
        nAudioLayer: 1,
        nTextLayer: 1,
        nMels: 80,
        ftype: 1,
      },
    });
    if (!result.ok) return;
    expect(result.tensors).toBe(expectedTensorCount(result.hparams));
    expect(isMultilingual(result.hparams)).toBe(false);
    expect(model.length).toBeLessThan(8 * 1024 * 1024);
  });

  it('is the same bytes for the same seed and different bytes for another', () => {
    expect(buildTinyWhisperModel().equals(model)).toBe(true);
    expect(buildTinyWhisperModel({ seed: 7 }).equals(model)).toBe(false);
  });

  it('can be built in f32 and with more layers', async () => {
    const f32 = buildTinyWhisperModel({ ftype: 0, nAudioLayer: 2, nTextLayer: 2 });
    const result = await check(f32);
    expect(result).toMatchObject({ ok: true, tensors: 11 + 2 * 15 + 2 * 24 });
    expect(f32.length).toBeGreaterThan(model.length);
  });

  it('speaks words that map back to their token ids', () => {
    const ids = [0, 25, 26, 4242, 50255];
    const transcript = ids.map(tinyWhisperTokenText).join('').trim();
    expect(tinyWhisperTokenIds(transcript)).toEqual(ids);
    expect(tinyWhisperTokenIds('milk and bread')).toBeNull();
  });
});

describe('checkWhisperModelFile refuses what whisper.cpp would mishandle', () => {
  it('any cut through the file, including one byte short of the end', async () => {
    const cuts = [6, 20, 100, 70_000, 400_000, model.length - 200_000, model.length - 1];
    for (const length of cuts) {
      expect(problemOf(await check(model.subarray(0, length)))).toMatch(/truncated/);
    }
  });

  it('a file whose last tensor is missing entirely', async () => {
    // The last tensor is decoder.blocks.0.mlp.2.bias: 32 f32 values after its header.
    const name = Buffer.from('decoder.blocks.0.mlp.2.bias');
    const lastHeader = model.lastIndexOf(name) - 4 * 4;
    expect(problemOf(await check(model.subarray(0, lastHeader)))).toMatch(
      /holds 49 tensors where its header promises 50/,
    );
  });

  it('a vocabulary smaller than the special token ids need', async () => {
    const damaged = Buffer.from(model);
    damaged.writeInt32LE(51_863, hparamAt(0));
    expect(problemOf(await check(damaged))).toMatch(/header is damaged.*n_vocab 51863/);
  });

  it('attention heads that do not divide the state', async () => {
    const damaged = Buffer.from(model);
    damaged.writeInt32LE(3, hparamAt(3));
    expect(problemOf(await check(damaged))).toMatch(/heads \(3, 2\) do not divide/);
  });

  it('encoder and decoder widths that differ', async () => {
    const damaged = Buffer.from(model);
    damaged.writeInt32LE(64, hparamAt(6));
    expect(problemOf(await check(damaged))).toMatch(
      /n_audio_state 32 differs from n_text_state 64/,
    );
  });

  it('mel filters that do not match the header', async () => {
    const damaged = Buffer.from(model);
    damaged.writeInt32LE(128, hparamAt(9));
    expect(problemOf(await check(damaged))).toMatch(/mel filters are 80 × 201 where .* 128 × 201/);
  });

  it('a vocabulary without the single-space token', async () => {
    const damaged = Buffer.from(model);
    // Tokens start after the magic, 11 hparams, the filter header and 80 × 201 filters, and
    // the token count; token 220 is the space.
    let offset = 4 + 44 + 8 + 80 * 201 * 4 + 4;
    for (let id = 0; id < 220; id += 1) offset += 4 + Buffer.byteLength(tinyWhisperTokenText(id));
    expect(damaged.readUInt32LE(offset)).toBe(1);
    expect(damaged[offset + 4]).toBe(0x20);
    damaged[offset + 4] = 0x78;
    expect(problemOf(await check(damaged))).toMatch(/lacks the single-space token/);
  });

  it('a token claiming an impossible length', async () => {
    const damaged = Buffer.from(model);
    damaged.writeUInt32LE(0x7fff_0000, 4 + 44 + 8 + 80 * 201 * 4 + 4);
    expect(problemOf(await check(damaged))).toMatch(/token 0 claims \d+ bytes/);
  });
});
