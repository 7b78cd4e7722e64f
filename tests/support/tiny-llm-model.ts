import { open } from 'node:fs/promises';

/**
 * A llama.cpp model file in the real GGUF v3 layout (the one llama.cpp's converters write and
 * `llama_model_load` reads): the llama architecture with tiny hidden sizes, random weights and a
 * SentencePiece-style vocabulary of the byte tokens plus the letters, so any text tokenizes and
 * the embedded writer runs end to end without a downloaded model. It writes nonsense, which is
 * what the tests need: grammar is what gives the reply its shape, and the output checks are what
 * refuse what was not said.
 */
export interface TinyLlmOptions {
  seed?: number;
  /** Width of every hidden state. */
  nEmbd?: number;
  nLayer?: number;
  nHead?: number;
  nFf?: number;
  nCtx?: number;
  /** `general.architecture`: tests write an architecture llama.cpp does not know. */
  architecture?: string;
}

const GGUF_MAGIC = 0x46554747; // "GGUF" read as a little-endian uint32
const GGUF_VERSION = 3;
const ALIGNMENT = 32;

const enum ValueType {
  Uint32 = 4,
  Int32 = 5,
  Float32 = 6,
  Bool = 7,
  String = 8,
  Array = 9,
}

const enum TokenType {
  Normal = 1,
  Unknown = 2,
  Control = 3,
  Byte = 6,
}

type Value =
  | { type: ValueType.Uint32 | ValueType.Int32 | ValueType.Float32; value: number }
  | { type: ValueType.Bool; value: boolean }
  | { type: ValueType.String; value: string }
  | { type: ValueType.Array; of: ValueType.String; value: string[] }
  | { type: ValueType.Array; of: ValueType.Float32 | ValueType.Int32; value: number[] };

/**
 * ChatML, which most small instruct models use. The tiny model has no special tokens for its
 * markers, so they tokenize as text: the binding applies the template the same way either way.
 */
export const TINY_CHAT_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>\\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** mulberry32: tiny, seedable, and good enough for weights nobody will ever read. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** <unk>, <s>, </s>, the 256 byte tokens, then "▁" and each letter alone and after "▁". */
function vocabulary(): { tokens: string[]; scores: number[]; types: number[] } {
  const tokens = ['<unk>', '<s>', '</s>'];
  const types = [TokenType.Unknown, TokenType.Control, TokenType.Control];
  for (let byte = 0; byte < 256; byte += 1) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(TokenType.Byte);
  }
  const pieces = ['▁'];
  for (const letter of 'abcdefghijklmnopqrstuvwxyz') pieces.push(letter, `▁${letter}`);
  for (const piece of pieces) {
    tokens.push(piece);
    types.push(TokenType.Normal);
  }
  // SentencePiece prefers higher scores when merging; longer pieces first.
  const scores = tokens.map((token, id) => (types[id] === TokenType.Normal ? -token.length : 0));
  return { tokens, scores, types };
}

class Writer {
  private readonly chunks: Buffer[] = [];
  length = 0;

  push(buffer: Buffer): void {
    this.chunks.push(buffer);
    this.length += buffer.length;
  }
  u32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value);
    this.push(b);
  }
  u64(value: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(value));
    this.push(b);
  }
  string(value: string): void {
    const bytes = Buffer.from(value, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  scalar(type: ValueType, value: number | boolean | string): void {
    const b = Buffer.alloc(4);
    if (type === ValueType.String) return this.string(String(value));
    if (type === ValueType.Bool) return this.push(Buffer.from([value ? 1 : 0]));
    if (type === ValueType.Float32) b.writeFloatLE(Number(value));
    else if (type === ValueType.Int32) b.writeInt32LE(Number(value));
    else b.writeUInt32LE(Number(value));
    this.push(b);
  }
  value(value: Value): void {
    this.u32(value.type);
    if (value.type !== ValueType.Array) return this.scalar(value.type, value.value);
    this.u32(value.of);
    this.u64(value.value.length);
    for (const item of value.value) this.scalar(value.of, item);
  }
  pad(): void {
    const rest = this.length % ALIGNMENT;
    if (rest !== 0) this.push(Buffer.alloc(ALIGNMENT - rest));
  }
  buffers(): Buffer[] {
    return this.chunks;
  }
}

/** Writes the model to `path` and returns its size in bytes. */
export async function writeTinyLlmModel(
  path: string,
  options: TinyLlmOptions = {},
): Promise<number> {
  const nEmbd = options.nEmbd ?? 64;
  const nLayer = options.nLayer ?? 2;
  const nHead = options.nHead ?? 4;
  const nFf = options.nFf ?? 128;
  const nCtx = options.nCtx ?? 4096;
  const architecture = options.architecture ?? 'llama';
  const next = random(options.seed ?? 1);
  const vocab = vocabulary();
  const nVocab = vocab.tokens.length;

  const u32 = (value: number): Value => ({ type: ValueType.Uint32, value });
  const metadata: [string, Value][] = [
    ['general.architecture', { type: ValueType.String, value: architecture }],
    ['general.name', { type: ValueType.String, value: 'tiny random test writer' }],
    ['general.alignment', u32(ALIGNMENT)],
    [`${architecture}.context_length`, u32(nCtx)],
    [`${architecture}.embedding_length`, u32(nEmbd)],
    [`${architecture}.block_count`, u32(nLayer)],
    [`${architecture}.feed_forward_length`, u32(nFf)],
    [`${architecture}.attention.head_count`, u32(nHead)],
    [`${architecture}.attention.head_count_kv`, u32(nHead)],
    [`${architecture}.rope.dimension_count`, u32(nEmbd / nHead)],
    [`${architecture}.attention.layer_norm_rms_epsilon`, { type: ValueType.Float32, value: 1e-5 }],
    ['tokenizer.ggml.model', { type: ValueType.String, value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: ValueType.Array, of: ValueType.String, value: vocab.tokens }],
    [
      'tokenizer.ggml.scores',
      { type: ValueType.Array, of: ValueType.Float32, value: vocab.scores },
    ],
    [
      'tokenizer.ggml.token_type',
      { type: ValueType.Array, of: ValueType.Int32, value: vocab.types },
    ],
    ['tokenizer.ggml.unknown_token_id', u32(0)],
    ['tokenizer.ggml.bos_token_id', u32(1)],
    ['tokenizer.ggml.eos_token_id', u32(2)],
    ['tokenizer.chat_template', { type: ValueType.String, value: TINY_CHAT_TEMPLATE }],
  ];

  // ggml's order of dimensions: the first is the one a row runs along (the layer's input).
  const tensors: { name: string; dims: number[]; fill: 'one' | 'random' }[] = [
    { name: 'token_embd.weight', dims: [nEmbd, nVocab], fill: 'random' },
    { name: 'output_norm.weight', dims: [nEmbd], fill: 'one' },
    { name: 'output.weight', dims: [nEmbd, nVocab], fill: 'random' },
  ];
  for (let layer = 0; layer < nLayer; layer += 1) {
    const blk = `blk.${layer}`;
    tensors.push(
      { name: `${blk}.attn_norm.weight`, dims: [nEmbd], fill: 'one' },
      { name: `${blk}.attn_q.weight`, dims: [nEmbd, nEmbd], fill: 'random' },
      { name: `${blk}.attn_k.weight`, dims: [nEmbd, nEmbd], fill: 'random' },
      { name: `${blk}.attn_v.weight`, dims: [nEmbd, nEmbd], fill: 'random' },
      { name: `${blk}.attn_output.weight`, dims: [nEmbd, nEmbd], fill: 'random' },
      { name: `${blk}.ffn_norm.weight`, dims: [nEmbd], fill: 'one' },
      { name: `${blk}.ffn_gate.weight`, dims: [nEmbd, nFf], fill: 'random' },
      { name: `${blk}.ffn_up.weight`, dims: [nEmbd, nFf], fill: 'random' },
      { name: `${blk}.ffn_down.weight`, dims: [nFf, nEmbd], fill: 'random' },
    );
  }

  const header = new Writer();
  header.u32(GGUF_MAGIC);
  header.u32(GGUF_VERSION);
  header.u64(tensors.length);
  header.u64(metadata.length);
  for (const [key, value] of metadata) {
    header.string(key);
    header.value(value);
  }
  let offset = 0;
  const sizes: number[] = [];
  for (const tensor of tensors) {
    header.string(tensor.name);
    header.u32(tensor.dims.length);
    for (const dim of tensor.dims) header.u64(dim);
    header.u32(0); // GGML_TYPE_F32
    header.u64(offset);
    const bytes = tensor.dims.reduce((a, b) => a * b, 1) * 4;
    sizes.push(bytes);
    offset += Math.ceil(bytes / ALIGNMENT) * ALIGNMENT;
  }
  header.pad();

  const file = await open(path, 'w');
  try {
    for (const buffer of header.buffers()) await file.write(buffer);
    let written = header.length;
    for (const [index, tensor] of tensors.entries()) {
      const size = sizes[index] ?? 0;
      const data = Buffer.alloc(Math.ceil(size / ALIGNMENT) * ALIGNMENT);
      const scale = 1 / Math.sqrt(tensor.dims[0] ?? 1);
      for (let i = 0; i < size / 4; i += 1) {
        data.writeFloatLE(tensor.fill === 'one' ? 1 : (next() * 2 - 1) * scale, i * 4);
      }
      await file.write(data);
      written += data.length;
    }
    return written;
  } finally {
    await file.close();
  }
}
