// `npx tsx scripts/make-test-llm-model.ts [out.gguf] [--seed N] [--layers N]`: writes a tiny
// llama.cpp model with random weights (about 0.5 MB) in the real GGUF format, to run the embedded
// writer end to end without downloading one: e.g.
//   npx tsx scripts/make-test-llm-model.ts /tmp/tiny-writer.gguf
//   LLM_ENGINE=local LLM_MODEL_PATH=/tmp/tiny-writer.gguf npm start
// It writes nonsense in the shape each format asks for, which the output checks refuse, so every
// answer ends on the rules (`llm+fallback`); the tests generate their own copy.
import { resolve } from 'node:path';
import { writeTinyLlmModel, type TinyLlmOptions } from '#tests/support/tiny-llm-model.js';

function parse(argv: string[]): { path: string; options: TinyLlmOptions } {
  const options: TinyLlmOptions = {};
  let path = 'tiny-writer.gguf';
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const next = (): number => {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1) throw new Error(`${arg} needs a whole number`);
      return value;
    };
    if (arg === '--seed') options.seed = next();
    else if (arg === '--layers') options.nLayer = next();
    else if (arg?.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else if (arg) path = arg;
  }
  return { path: resolve(path), options };
}

try {
  const { path, options } = parse(process.argv.slice(2));
  const bytes = await writeTinyLlmModel(path, options);
  process.stdout.write(`Wrote ${path} (${(bytes / 2 ** 20).toFixed(1)} MiB)\n`);
} catch (error) {
  process.stderr.write(
    `make-test-llm-model: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
