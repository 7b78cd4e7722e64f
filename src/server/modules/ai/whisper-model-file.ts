import { open, type FileHandle } from 'node:fs/promises';

/**
 * A walk over a whisper.cpp ggml model file (the layout `whisper_model_load` reads: magic,
 * hparams, mel filters, vocabulary, tensors), checking that every part fits in the file and
 * that the file ends where the last tensor ends. It reads headers only, never the weights.
 *
 * Why in JavaScript, before the native loader: whisper.cpp reads with std::ifstream and treats
 * a short read as the end of the tensors, so a file cut inside its last tensor loads without
 * complaint and transcribes with garbage weights; and nonsense sizes in a damaged header reach
 * allocations that abort the process. A download that broke off is the common case.
 */

export const GGML_MAGIC = 0x67676d6c;
/**
 * whisper.cpp gives its special tokens fixed ids up to 51863 (end of text 50256 ... the last
 * timestamp) and indexes the logits with them: a smaller vocabulary would write out of bounds.
 */
const MIN_VOCAB = 51864;
/** Bins of whisper.cpp's fixed 400-sample FFT; another count is only assert()ed, in debug builds. */
const FFT_BINS = 201;

/** whisper.cpp calls a model multilingual from its vocabulary size, and so does this server. */
export function isMultilingual(hparams: WhisperHparams): boolean {
  return hparams.nVocab >= 51865;
}

export interface WhisperHparams {
  nVocab: number;
  nAudioCtx: number;
  nAudioState: number;
  nAudioHead: number;
  nAudioLayer: number;
  nTextCtx: number;
  nTextState: number;
  nTextHead: number;
  nTextLayer: number;
  nMels: number;
  ftype: number;
}

export type ModelFileCheck =
  | { ok: true; hparams: WhisperHparams; tensors: number; weightsChecked: boolean }
  | { ok: false; problem: string };

/** Bytes per block and values per block of the ggml tensor types whisper model files use. */
const TYPE_SIZES: ReadonlyMap<number, { bytes: number; values: number }> = new Map([
  [0, { bytes: 4, values: 1 }], // f32
  [1, { bytes: 2, values: 1 }], // f16
  [2, { bytes: 18, values: 32 }], // q4_0
  [3, { bytes: 20, values: 32 }], // q4_1
  [6, { bytes: 22, values: 32 }], // q5_0
  [7, { bytes: 24, values: 32 }], // q5_1
  [8, { bytes: 34, values: 32 }], // q8_0
  [10, { bytes: 84, values: 256 }], // q2_K
  [11, { bytes: 110, values: 256 }], // q3_K
  [12, { bytes: 144, values: 256 }], // q4_K
  [13, { bytes: 176, values: 256 }], // q5_K
  [14, { bytes: 210, values: 256 }], // q6_K
  [30, { bytes: 2, values: 1 }], // bf16
]);

/** Generous ceilings: the largest published model (large-v3) is far inside every one. */
const LIMITS = {
  vocab: 1 << 20,
  ctx: 1 << 16,
  state: 1 << 14,
  layers: 256,
  mels: 1024,
  tokenBytes: 1024,
  nameBytes: 256,
};

/** Buffered little-endian reads at increasing offsets; a short read means the file ended. */
class Cursor {
  private window = Buffer.alloc(0);
  private windowStart = 0;
  offset = 0;

  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  remaining(): number {
    return this.size - this.offset;
  }

  async bytes(count: number): Promise<Buffer | null> {
    if (count > this.remaining()) return null;
    const end = this.offset + count;
    if (this.offset < this.windowStart || end > this.windowStart + this.window.length) {
      const length = Math.min(Math.max(count, 1 << 16), this.size - this.offset);
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await this.handle.read(buffer, 0, length, this.offset);
      this.window = buffer.subarray(0, bytesRead);
      this.windowStart = this.offset;
      if (bytesRead < count) return null;
    }
    const start = this.offset - this.windowStart;
    this.offset = end;
    return this.window.subarray(start, start + count);
  }

  async int32s(count: number): Promise<number[] | null> {
    const buffer = await this.bytes(count * 4);
    if (!buffer) return null;
    return Array.from({ length: count }, (_, i) => buffer.readInt32LE(i * 4));
  }

  skip(count: number): boolean {
    if (count > this.remaining()) return false;
    this.offset += count;
    return true;
  }
}

function inRange(value: number, low: number, high: number): boolean {
  return Number.isInteger(value) && value >= low && value <= high;
}

function hparamsProblem(hp: WhisperHparams): string | null {
  const checks: [boolean, string][] = [
    [inRange(hp.nVocab, MIN_VOCAB, LIMITS.vocab), `n_vocab ${hp.nVocab}`],
    [inRange(hp.nAudioCtx, 1, LIMITS.ctx), `n_audio_ctx ${hp.nAudioCtx}`],
    [inRange(hp.nAudioState, 1, LIMITS.state), `n_audio_state ${hp.nAudioState}`],
    [inRange(hp.nAudioHead, 1, hp.nAudioState), `n_audio_head ${hp.nAudioHead}`],
    [inRange(hp.nAudioLayer, 1, LIMITS.layers), `n_audio_layer ${hp.nAudioLayer}`],
    [inRange(hp.nTextCtx, 1, LIMITS.ctx), `n_text_ctx ${hp.nTextCtx}`],
    [inRange(hp.nTextState, 1, LIMITS.state), `n_text_state ${hp.nTextState}`],
    [inRange(hp.nTextHead, 1, hp.nTextState), `n_text_head ${hp.nTextHead}`],
    [inRange(hp.nTextLayer, 1, LIMITS.layers), `n_text_layer ${hp.nTextLayer}`],
    [inRange(hp.nMels, 1, LIMITS.mels), `n_mels ${hp.nMels}`],
    [inRange(hp.ftype, 0, 1_000_000), `ftype ${hp.ftype}`],
  ];
  const bad = checks.find(([ok]) => !ok);
  if (bad) return `impossible header value ${bad[1]}`;
  // whisper.cpp only asserts these in debug builds; a release build computes with them.
  if (hp.nAudioState !== hp.nTextState) {
    return `n_audio_state ${hp.nAudioState} differs from n_text_state ${hp.nTextState}`;
  }
  if (hp.nAudioState % hp.nAudioHead !== 0 || hp.nTextState % hp.nTextHead !== 0) {
    return `the attention heads (${hp.nAudioHead}, ${hp.nTextHead}) do not divide the state width ${hp.nAudioState}`;
  }
  return null;
}

/** Tensors whisper.cpp requires: 7 encoder-wide, 4 decoder-wide, 15 per encoder block, 24 per decoder block. */
export function expectedTensorCount(hp: WhisperHparams): number {
  return 11 + 15 * hp.nAudioLayer + 24 * hp.nTextLayer;
}

async function walk(cursor: Cursor): Promise<ModelFileCheck> {
  const truncated = (where: string): ModelFileCheck => ({
    ok: false,
    problem: `the file ends inside ${where} (${cursor.size} bytes): it is truncated`,
  });

  const magic = await cursor.bytes(4);
  if (!magic || magic.readUInt32LE(0) !== GGML_MAGIC) {
    return { ok: false, problem: 'it is not a ggml whisper model (wrong magic bytes)' };
  }
  const values = await cursor.int32s(11);
  if (!values) return truncated('the header');
  const [nVocab, nAudioCtx, nAudioState, nAudioHead, nAudioLayer] = values as [
    number,
    number,
    number,
    number,
    number,
  ];
  const [nTextCtx, nTextState, nTextHead, nTextLayer, nMels, ftype] = values.slice(5) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const hparams: WhisperHparams = {
    nVocab,
    nAudioCtx,
    nAudioState,
    nAudioHead,
    nAudioLayer,
    nTextCtx,
    nTextState,
    nTextHead,
    nTextLayer,
    nMels,
    ftype,
  };
  const headerProblem = hparamsProblem(hparams);
  if (headerProblem) return { ok: false, problem: `its header is damaged: ${headerProblem}` };

  const filters = await cursor.int32s(2);
  if (!filters) return truncated('the mel filters');
  const [nMel, nFft] = filters as [number, number];
  if (nMel !== hparams.nMels || nFft !== FFT_BINS) {
    return {
      ok: false,
      problem: `its mel filters are ${nMel} × ${nFft} where whisper.cpp needs ${hparams.nMels} × ${FFT_BINS}`,
    };
  }
  if (!cursor.skip(nMel * nFft * 4)) return truncated('the mel filters');

  const vocab = await cursor.int32s(1);
  if (!vocab) return truncated('the vocabulary');
  const [nTokens] = vocab as [number];
  if (!inRange(nTokens, 0, LIMITS.vocab)) {
    return { ok: false, problem: `its vocabulary size ${nTokens} is impossible` };
  }
  let hasSpace = false;
  for (let i = 0; i < nTokens; i += 1) {
    const length = await cursor.bytes(4);
    if (!length) return truncated('the vocabulary');
    const bytes = length.readUInt32LE(0);
    if (bytes > LIMITS.tokenBytes) {
      return { ok: false, problem: `token ${i} claims ${bytes} bytes: the vocabulary is damaged` };
    }
    if (bytes === 1) {
      const text = await cursor.bytes(1);
      if (!text) return truncated('the vocabulary');
      if (text[0] === 0x20) hasSpace = true;
    } else if (!cursor.skip(bytes)) {
      return truncated('the vocabulary');
    }
  }
  // whisper.cpp looks the token " " up with std::map::at on every first decoding step; without
  // it the exception is lost in @fugood/whisper.node's worker and the transcription never ends.
  if (!hasSpace) {
    return { ok: false, problem: 'its vocabulary lacks the single-space token whisper.cpp needs' };
  }

  let tensors = 0;
  while (cursor.remaining() > 0) {
    const head = await cursor.int32s(3);
    if (!head) return truncated(`the header of tensor ${tensors + 1}`);
    const [nDims, nameBytes, type] = head as [number, number, number];
    if (!inRange(nDims, 1, 4) || !inRange(nameBytes, 1, LIMITS.nameBytes)) {
      return {
        ok: false,
        problem: `tensor ${tensors + 1} has a damaged header (${nDims} dimensions, a ${nameBytes}-byte name)`,
      };
    }
    const dims = await cursor.int32s(nDims);
    if (!dims) return truncated(`the header of tensor ${tensors + 1}`);
    const name = await cursor.bytes(nameBytes);
    if (!name) return truncated(`the header of tensor ${tensors + 1}`);
    const label = name.toString('latin1');
    if (!dims.every((size) => inRange(size, 1, 1 << 30))) {
      return {
        ok: false,
        problem: `tensor ${label} has impossible dimensions ${dims.join(' × ')}`,
      };
    }
    const size = TYPE_SIZES.get(type);
    if (!size) {
      // A tensor type this walk does not know (a newer quantisation): its data size cannot be
      // computed, so the rest is left to whisper.cpp's own loader in the probe process.
      return { ok: true, hparams, tensors, weightsChecked: false };
    }
    const count = dims.reduce((product, n) => product * n, 1);
    if (count % size.values !== 0) {
      return {
        ok: false,
        problem: `tensor ${label} does not fill whole blocks of its type ${type}`,
      };
    }
    if (!cursor.skip((count / size.values) * size.bytes)) return truncated(`tensor ${label}`);
    tensors += 1;
  }

  const expected = expectedTensorCount(hparams);
  if (tensors !== expected) {
    return {
      ok: false,
      problem: `it holds ${tensors} tensors where its header promises ${expected}: it is incomplete`,
    };
  }
  return { ok: true, hparams, tensors, weightsChecked: true };
}

export async function checkWhisperModelFile(path: string): Promise<ModelFileCheck> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    return await walk(new Cursor(handle, size));
  } finally {
    await handle.close();
  }
}
