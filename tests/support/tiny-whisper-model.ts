import { writeFile } from 'node:fs/promises';

/**
 * A whisper.cpp model file in the real ggml layout (the one whisper.cpp's convert script writes
 * and `whisper_model_load` reads), with random weights and tiny hidden sizes, so tests can load
 * and run the embedded engine without downloading 142 MB. It transcribes nonsense, but every
 * step (file parsing, mel spectrogram, encoder, decoder, sampling, token-to-text) is the real
 * code path.
 *
 * Layout, all little-endian:
 *   u32 magic 0x67676d6c ("lmgg" on disk)
 *   i32 × 11 hparams: n_vocab, n_audio_ctx, n_audio_state, n_audio_head, n_audio_layer,
 *                     n_text_ctx, n_text_state, n_text_head, n_text_layer, n_mels, ftype
 *   i32 n_mel, i32 n_fft, f32 × n_mel·n_fft   mel filterbank
 *   i32 n_tokens, then per token: u32 length, bytes
 *   per tensor: i32 n_dims, i32 name length, i32 type (0 f32, 1 f16), i32 × n_dims sizes
 *               (fastest-varying first), name bytes, raw data
 */

export interface TinyWhisperOptions {
  /** Same seed, same bytes: a failing test can be rerun on the identical file. */
  seed?: number;
  /** Width of every hidden state; whisper.cpp requires the encoder's and decoder's to match. */
  nState?: number;
  nHead?: number;
  nAudioLayer?: number;
  nTextLayer?: number;
  /** 1 = f16 weight matrices (what the published models use), 0 = f32 everywhere. */
  ftype?: 0 | 1;
}

type ModelShape = Required<Omit<TinyWhisperOptions, 'seed'>>;

export const GGML_FILE_MAGIC = 0x67676d6c;

/**
 * whisper.cpp derives the special tokens from fixed ids (end of text 50256, start 50257, ...,
 * timestamps from 50364) and calls a model multilingual when n_vocab ≥ 51865. 51864 is the
 * English-only layout: 50256 text tokens, the specials, and 1501 timestamp tokens.
 */
export const TINY_WHISPER_N_VOCAB = 51864;
export const TINY_WHISPER_TEXT_TOKENS = 50256;
/**
 * whisper.cpp looks up the single-space token by its text (it suppresses a blank first token)
 * and throws when it is missing; 220 is its id in the GPT-2 vocabulary the real models use.
 */
const SPACE_TOKEN = 220;
/** The encoder's two convolutions turn 30 s of audio (3000 mel frames) into 1500 positions. */
const N_AUDIO_CTX = 1500;
const N_TEXT_CTX = 448;
const N_MELS = 80;
/** Bins of a 400-sample FFT at 16 kHz: whisper.cpp checks n_fft == 1 + 400 / 2. */
const N_FFT_BINS = 201;
const SAMPLE_RATE = 16_000;

const GGML_TYPE_F32 = 0;
const GGML_TYPE_F16 = 1;

/**
 * The text that token `id` stands for in the tiny model: " w" and the id in base 26 (a-z), so
 * a transcript can be traced back to token ids of this vocabulary and nothing else.
 */
export function tinyWhisperTokenText(id: number): string {
  if (id === SPACE_TOKEN) return ' ';
  let letters = '';
  let rest = id;
  do {
    letters = String.fromCharCode(97 + (rest % 26)) + letters;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return ` w${letters}`;
}

/** Every word of a transcript made by the tiny model, as token ids, or null for a foreign word. */
export function tinyWhisperTokenIds(transcript: string): number[] | null {
  const ids: number[] = [];
  for (const word of transcript.trim().split(/\s+/)) {
    const match = /^w([a-z]+)$/.exec(word);
    if (!match?.[1]) return null;
    let id = 0;
    for (const letter of match[1]) id = id * 26 + (letter.charCodeAt(0) - 97);
    ids.push(id);
  }
  return ids;
}

/** mulberry32: tiny, seedable, and good enough for weights nobody will ever read. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(random: () => number): () => number {
  return () => {
    const u = Math.max(random(), Number.EPSILON);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
}

const f32Scratch = new Float32Array(1);
const u32Scratch = new Uint32Array(f32Scratch.buffer);

/** IEEE 754 binary32 → binary16, rounding to nearest even (Node 20 has no Float16Array). */
function toHalf(value: number): number {
  f32Scratch[0] = value;
  const bits = u32Scratch[0] ?? 0;
  const sign = (bits >>> 16) & 0x8000;
  const exponent = ((bits >>> 23) & 0xff) - 127 + 15;
  let mantissa = bits & 0x7fffff;
  if (exponent >= 0x1f) return sign | 0x7c00;
  if (exponent <= 0) {
    if (exponent < -10) return sign;
    mantissa |= 0x800000;
    const shift = 14 - exponent;
    const half = mantissa >>> shift;
    const remainder = mantissa & ((1 << shift) - 1);
    const midpoint = 1 << (shift - 1);
    return sign | (remainder > midpoint || (remainder === midpoint && half & 1) ? half + 1 : half);
  }
  const half = (exponent << 10) | (mantissa >>> 13);
  const remainder = mantissa & 0x1fff;
  return sign | (remainder > 0x1000 || (remainder === 0x1000 && half & 1) ? half + 1 : half);
}

/** Slaney-style mel filterbank, the one whisper's reference implementation ships. */
function melFilters(): Float32Array {
  const fSp = 200 / 3;
  const minLogHz = 1000;
  const minLogMel = minLogHz / fSp;
  const logStep = Math.log(6.4) / 27;
  const hzToMel = (hz: number): number =>
    hz < minLogHz ? hz / fSp : minLogMel + Math.log(hz / minLogHz) / logStep;
  const melToHz = (mel: number): number =>
    mel < minLogMel ? mel * fSp : minLogHz * Math.exp(logStep * (mel - minLogMel));

  const maxMel = hzToMel(SAMPLE_RATE / 2);
  const edges = Array.from({ length: N_MELS + 2 }, (_, i) => melToHz((maxMel * i) / (N_MELS + 1)));
  const filters = new Float32Array(N_MELS * N_FFT_BINS);
  for (let m = 0; m < N_MELS; m += 1) {
    const [low, centre, high] = [edges[m] ?? 0, edges[m + 1] ?? 0, edges[m + 2] ?? 0];
    const norm = 2 / (high - low);
    for (let bin = 0; bin < N_FFT_BINS; bin += 1) {
      const hz = (bin * SAMPLE_RATE) / 2 / (N_FFT_BINS - 1);
      const rising = (hz - low) / (centre - low);
      const falling = (high - hz) / (high - centre);
      filters[m * N_FFT_BINS + bin] = Math.max(0, Math.min(rising, falling)) * norm;
    }
  }
  return filters;
}

interface TensorSpec {
  name: string;
  /** ggml order: the fastest-varying dimension first. */
  dims: number[];
  type: typeof GGML_TYPE_F32 | typeof GGML_TYPE_F16;
  /** Value of element `index` of row `row` (rows are the last dimension). */
  value: (row: number, index: number) => number;
}

/**
 * Knobs of the designed decoder. With purely random weights whisper.cpp decodes until its
 * 220-token limit, then retries at five temperatures with five samplers each: about half a
 * minute on two cores. Instead the decoder is built to say a few words and stop: the
 * positional embedding grows along one direction `u` with the position, and the end-of-text
 * token's embedding is that direction, so its logit overtakes every word after a few tokens.
 */
const WORD_EMBEDDING_SCALE = 0.6;
const END_OF_TEXT_GAIN = 5;
const POSITION_DRIFT = 1;

function tensorSpecs(hp: ModelShape, normal: () => number): TensorSpec[] {
  const { nState, nAudioLayer, nTextLayer } = hp;
  const weight = hp.ftype === 1 ? GGML_TYPE_F16 : GGML_TYPE_F32;
  const f32 = GGML_TYPE_F32;
  const random = (scale: number) => (): number => normal() * scale;
  const constant = (value: number) => (): number => value;
  const vector = (name: string, value: () => number, size = nState): TensorSpec => ({
    name,
    dims: [size],
    type: f32,
    value,
  });
  const matrix = (name: string, inputs: number, outputs: number, scale: number): TensorSpec => ({
    name,
    dims: [inputs, outputs],
    type: weight,
    value: random(scale / Math.sqrt(inputs)),
  });
  // Projections back into the residual stream start small (as in GPT-2's initialisation), so
  // the embeddings, and with them the designed direction, dominate the decoder's output.
  const attention = (prefix: string): TensorSpec[] => [
    vector(`${prefix}_ln.weight`, constant(1)),
    vector(`${prefix}_ln.bias`, constant(0)),
    matrix(`${prefix}.query.weight`, nState, nState, 1),
    vector(`${prefix}.query.bias`, constant(0)),
    matrix(`${prefix}.key.weight`, nState, nState, 1),
    matrix(`${prefix}.value.weight`, nState, nState, 1),
    vector(`${prefix}.value.bias`, constant(0)),
    matrix(`${prefix}.out.weight`, nState, nState, 0.2),
    vector(`${prefix}.out.bias`, constant(0)),
  ];
  const mlp = (prefix: string): TensorSpec[] => [
    vector(`${prefix}.mlp_ln.weight`, constant(1)),
    vector(`${prefix}.mlp_ln.bias`, constant(0)),
    matrix(`${prefix}.mlp.0.weight`, nState, 4 * nState, 1),
    vector(`${prefix}.mlp.0.bias`, constant(0), 4 * nState),
    matrix(`${prefix}.mlp.2.weight`, 4 * nState, nState, 0.2),
    vector(`${prefix}.mlp.2.bias`, constant(0)),
  ];

  // A zero-mean unit vector, so the layer norms keep it.
  const direction = Array.from({ length: nState }, () => normal());
  const mean = direction.reduce((sum, x) => sum + x, 0) / nState;
  const norm = Math.sqrt(direction.reduce((sum, x) => sum + (x - mean) ** 2, 0));
  const u = direction.map((x) => (x - mean) / norm);

  const specs: TensorSpec[] = [
    {
      name: 'encoder.positional_embedding',
      dims: [nState, N_AUDIO_CTX],
      type: f32,
      value: random(0.1),
    },
    // whisper.cpp keeps the convolutions in f16 unless the whole model is f32.
    { name: 'encoder.conv1.weight', dims: [3, N_MELS, nState], type: weight, value: random(0.1) },
    { name: 'encoder.conv1.bias', dims: [1, nState], type: f32, value: constant(0) },
    { name: 'encoder.conv2.weight', dims: [3, nState, nState], type: weight, value: random(0.1) },
    { name: 'encoder.conv2.bias', dims: [1, nState], type: f32, value: constant(0) },
    vector('encoder.ln_post.weight', constant(1)),
    vector('encoder.ln_post.bias', constant(0)),
  ];
  for (let layer = 0; layer < nAudioLayer; layer += 1) {
    const block = `encoder.blocks.${layer}`;
    specs.push(...attention(`${block}.attn`), ...mlp(block));
  }
  specs.push(
    {
      name: 'decoder.positional_embedding',
      dims: [nState, N_TEXT_CTX],
      type: f32,
      value: (position, i) => normal() * 0.1 + POSITION_DRIFT * position * (u[i] ?? 0),
    },
    {
      // The same matrix turns the decoder's output into logits. Special and timestamp tokens
      // get silent (zero) rows, so the model neither calls the audio silence nor wanders.
      name: 'decoder.token_embedding.weight',
      dims: [nState, TINY_WHISPER_N_VOCAB],
      type: weight,
      value: (token, i) =>
        token < TINY_WHISPER_TEXT_TOKENS
          ? normal() * WORD_EMBEDDING_SCALE
          : token === TINY_WHISPER_TEXT_TOKENS
            ? END_OF_TEXT_GAIN * (u[i] ?? 0)
            : 0,
    },
    vector('decoder.ln.weight', constant(1)),
    vector('decoder.ln.bias', constant(0)),
  );
  for (let layer = 0; layer < nTextLayer; layer += 1) {
    const block = `decoder.blocks.${layer}`;
    specs.push(...attention(`${block}.attn`), ...attention(`${block}.cross_attn`), ...mlp(block));
  }
  return specs;
}

function tensorBytes(spec: TensorSpec): Buffer {
  const count = spec.dims.reduce((product, size) => product * size, 1);
  const rowLength = count / (spec.dims[spec.dims.length - 1] ?? 1);
  const width = spec.type === GGML_TYPE_F16 ? 2 : 4;
  const data = Buffer.alloc(count * width);
  for (let i = 0; i < count; i += 1) {
    const value = spec.value(Math.floor(i / rowLength), i % rowLength);
    if (width === 2) data.writeUInt16LE(toHalf(value), i * 2);
    else data.writeFloatLE(value, i * 4);
  }
  return data;
}

function int32s(...values: number[]): Buffer {
  const buffer = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => buffer.writeInt32LE(value, i * 4));
  return buffer;
}

/** The complete model file, in memory (a few MB). */
export function buildTinyWhisperModel(options: TinyWhisperOptions = {}): Buffer {
  const hp: ModelShape = {
    nState: options.nState ?? 32,
    nHead: options.nHead ?? 2,
    nAudioLayer: options.nAudioLayer ?? 1,
    nTextLayer: options.nTextLayer ?? 1,
    ftype: options.ftype ?? 1,
  };
  const normal = gaussian(seededRandom(options.seed ?? 20_240_601));
  const parts: Buffer[] = [];

  const header = Buffer.alloc(4);
  header.writeUInt32LE(GGML_FILE_MAGIC, 0);
  parts.push(
    header,
    int32s(
      TINY_WHISPER_N_VOCAB,
      N_AUDIO_CTX,
      hp.nState,
      hp.nHead,
      hp.nAudioLayer,
      N_TEXT_CTX,
      hp.nState,
      hp.nHead,
      hp.nTextLayer,
      N_MELS,
      hp.ftype,
    ),
  );

  const filters = melFilters();
  parts.push(
    int32s(N_MELS, N_FFT_BINS),
    Buffer.from(filters.buffer, filters.byteOffset, filters.byteLength),
  );

  // Only the text tokens are stored, as in the published English models; whisper.cpp names
  // the special and timestamp tokens itself.
  parts.push(int32s(TINY_WHISPER_TEXT_TOKENS));
  for (let id = 0; id < TINY_WHISPER_TEXT_TOKENS; id += 1) {
    const text = Buffer.from(tinyWhisperTokenText(id), 'utf8');
    parts.push(int32s(text.length), text);
  }

  for (const spec of tensorSpecs(hp, normal)) {
    const name = Buffer.from(spec.name, 'utf8');
    parts.push(int32s(spec.dims.length, name.length, spec.type, ...spec.dims), name);
    parts.push(tensorBytes(spec));
  }
  return Buffer.concat(parts);
}

export async function writeTinyWhisperModel(
  path: string,
  options: TinyWhisperOptions = {},
): Promise<number> {
  const bytes = buildTinyWhisperModel(options);
  await writeFile(path, bytes);
  return bytes.length;
}
