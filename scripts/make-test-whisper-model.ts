// `npx tsx scripts/make-test-whisper-model.ts [path] [--seed N] [--f32] [--layers N]`: writes a
// tiny whisper.cpp model with random weights (about 4 MB) in the real ggml format, to run the
// embedded engine end to end without downloading one: e.g.
//   npx tsx scripts/make-test-whisper-model.ts /tmp/ggml-tiny-random.bin
//   TRANSCRIBE_ENGINE=whisper WHISPER_MODEL_PATH=/tmp/ggml-tiny-random.bin npm run dev
// It transcribes any speech as nonsense words (" wbkkk ..."); the tests generate their own copy.
import { resolve } from 'node:path';
import {
  writeTinyWhisperModel,
  type TinyWhisperOptions,
} from '#tests/support/tiny-whisper-model.js';

function parse(argv: string[]): { path: string; options: TinyWhisperOptions } {
  const options: TinyWhisperOptions = {};
  let path = 'ggml-tiny-random.bin';
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const next = (): number => {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 0) throw new Error(`${arg} needs a whole number`);
      return value;
    };
    if (arg === '--seed') options.seed = next();
    else if (arg === '--layers') options.nAudioLayer = options.nTextLayer = next() || 1;
    else if (arg === '--f32') options.ftype = 0;
    else if (arg?.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else if (arg) path = arg;
  }
  return { path: resolve(path), options };
}

try {
  const { path, options } = parse(process.argv.slice(2));
  const bytes = await writeTinyWhisperModel(path, options);
  process.stdout.write(`Wrote ${path} (${(bytes / 2 ** 20).toFixed(1)} MiB)\n`);
} catch (error) {
  process.stderr.write(
    `make-test-whisper-model: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
