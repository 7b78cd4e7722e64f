// `npm run models [-- --tiny] [-- --multilingual] [-- --only speech|writer] [-- --dir <folder>]`:
// downloads whisper.cpp's English model (with --multilingual, its multilingual base model, which
// hears the other languages of docs/product.md, "The spoken language") for the embedded
// transcription engine and a small instruct model
// for the embedded writer (docs/decisions/151-default-writer-model.md), checks each against its
// published checksum (SHA-1 for whisper.cpp's, SHA-256 for the GGUF), and shows progress. Offline
// it stops with one clear sentence, no stack trace.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// WHISPER_MODEL_HOST and LLM_MODEL_HOST point at a mirror (or a local server when testing this
// script).
const WHISPER_HOST =
  process.env.WHISPER_MODEL_HOST ?? 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main';
// Pinned to a revision, so the checksum below is the one of the file served.
const WRITER_HOST =
  process.env.LLM_MODEL_HOST ??
  'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/91cad51170dc346986eccefdc2dd33a9da36ead9';
const MODELS = {
  'base.en': {
    kind: 'speech',
    host: WHISPER_HOST,
    file: 'ggml-base.en.bin',
    algorithm: 'sha1',
    digest: '137c40403d78fd54d454da0f9bd998f78703390c',
  },
  // The same size as base.en, trained on many languages: it hears the language the person picked
  // (docs/product.md, "The spoken language") and detects one when none is given.
  base: {
    kind: 'speech',
    host: WHISPER_HOST,
    file: 'ggml-base.bin',
    algorithm: 'sha1',
    digest: '465707469ff3a37a2b9b8d8f89f2f99de7299dac',
  },
  'tiny.en': {
    kind: 'speech',
    host: WHISPER_HOST,
    file: 'ggml-tiny.en.bin',
    algorithm: 'sha1',
    digest: 'c78c86eb1a8faa21b369bcd33207cc90d64ae9df',
  },
  // Keep in step with DEFAULT_LOCAL_WRITER_FILE in src/server/config.ts (a test checks).
  'qwen2.5-1.5b-instruct': {
    kind: 'writer',
    host: WRITER_HOST,
    file: 'qwen2.5-1.5b-instruct-q4_k_m.gguf',
    algorithm: 'sha256',
    digest: '6a1a2eb6d15622bf3c96857206351ba97e1af16c30d7a74ee38970e434e9407e',
  },
};
const CONNECT_TIMEOUT_MS = 30_000;

function parseArgs(argv) {
  const options = { tiny: false, multilingual: false, only: undefined, dir: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--tiny') options.tiny = true;
    else if (arg === '--multilingual') options.multilingual = true;
    else if (arg === '--dir' && argv[i + 1]) options.dir = argv[++i];
    else if (arg === '--only' && (argv[i + 1] === 'speech' || argv[i + 1] === 'writer')) {
      options.only = argv[++i];
    } else if (arg === '--help' || arg === '-h') options.help = true;
    else throw new UsageError(`Unknown option ${arg}.`);
  }
  return options;
}

class UsageError extends Error {}

function digestOf(path, algorithm) {
  return new Promise((resolvePromise, reject) => {
    const hash = createHash(algorithm);
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolvePromise(hash.digest('hex')))
      .on('error', reject);
  });
}

function formatMiB(bytes) {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}

/** A bar on a terminal; one line per 10% in a log (CI), so the log stays readable. */
function progressReporter(name, total) {
  const tty = process.stderr.isTTY;
  let lastDecile = -1;
  const started = Date.now();
  return {
    update(done) {
      const share = total > 0 ? done / total : 0;
      if (tty) {
        const width = 30;
        const filled = Math.round(share * width);
        const rate = done / Math.max(0.001, (Date.now() - started) / 1000);
        process.stderr.write(
          `\r${name} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${total > 0 ? `${Math.floor(share * 100)}%` : ''} ${formatMiB(done)}${total > 0 ? ` / ${formatMiB(total)}` : ''} ${formatMiB(rate)}/s   `,
        );
      } else {
        const decile = Math.floor(share * 10);
        if (decile > lastDecile) {
          lastDecile = decile;
          process.stderr.write(`${name}: ${decile * 10}% (${formatMiB(done)})\n`);
        }
      }
    },
    finish() {
      if (tty) process.stderr.write('\n');
    },
  };
}

function describeNetworkError(error) {
  const cause = error?.cause ?? error;
  const code = cause?.code ?? cause?.name ?? 'unknown error';
  return `${code}${cause?.message && !String(cause.message).includes(code) ? `: ${cause.message}` : ''}`;
}

async function download(name, model, dir) {
  const target = resolve(dir, model.file);
  if (existsSync(target)) {
    process.stderr.write(`${name}: ${target} exists, checking it...\n`);
    if ((await digestOf(target, model.algorithm)) === model.digest) {
      process.stderr.write(`${name}: already downloaded and intact.\n`);
      return;
    }
    process.stderr.write(
      `${name}: the existing file is damaged or incomplete; downloading again.\n`,
    );
  }
  await mkdir(dir, { recursive: true });
  const url = `${model.host}/${model.file}`;
  let response;
  try {
    response = await fetch(url, {
      redirect: 'follow',
      signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS),
    });
  } catch (error) {
    throw new DownloadError(
      `Could not reach ${new URL(url).host} (${describeNetworkError(error)}). This machine seems to be offline or the host is blocked. Download ${url} elsewhere and place it at ${target}, or set ${model.kind === 'writer' ? 'LLM_BASE_URL to use a model service' : 'TRANSCRIBE_BASE_URL to use a transcription service'} instead.`,
    );
  }
  if (!response.ok || !response.body) {
    throw new DownloadError(`Downloading ${url} failed with HTTP ${response.status}.`);
  }
  const total = Number(response.headers.get('content-length') ?? 0);
  const partial = `${target}.part`;
  const hash = createHash(model.algorithm);
  const progress = progressReporter(name, total);
  let done = 0;
  const body = Readable.fromWeb(response.body);
  body.on('data', (chunk) => {
    hash.update(chunk);
    done += chunk.length;
    progress.update(done);
  });
  try {
    await pipeline(body, createWriteStream(partial));
  } catch (error) {
    await rm(partial, { force: true });
    throw new DownloadError(
      `The download of ${model.file} broke off (${describeNetworkError(error)}). Run npm run models again.`,
    );
  } finally {
    progress.finish();
  }
  const digest = hash.digest('hex');
  const label = model.algorithm.toUpperCase().replace('SHA', 'SHA-');
  if (digest !== model.digest) {
    await rm(partial, { force: true });
    throw new DownloadError(
      `${model.file} failed its checksum (${label} ${digest}, expected ${model.digest}); the file was deleted. Run npm run models again.`,
    );
  }
  await rename(partial, target);
  const { size } = await stat(target);
  process.stderr.write(`${name}: saved ${target} (${formatMiB(size)}, ${label} verified).\n`);
}

class DownloadError extends Error {}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.help) {
    process.stdout.write(
      'Usage: npm run models [-- --tiny] [-- --multilingual] [-- --only speech|writer] [-- --dir <folder>]\n  Downloads ggml-base.en.bin (ggml-base.bin, which hears other languages, with --multilingual;\n  and ggml-tiny.en.bin with --tiny) into the folder of WHISPER_MODEL_PATH, and qwen2.5-1.5b-instruct-q4_k_m.gguf into the folder of LLM_MODEL_PATH\n  (./models by default; --dir puts both there).\n',
    );
    return;
  }
  const speechDir =
    options.dir ?? dirname(process.env.WHISPER_MODEL_PATH ?? './models/ggml-base.en.bin');
  const writerDir =
    options.dir ??
    dirname(process.env.LLM_MODEL_PATH ?? `./models/${MODELS['qwen2.5-1.5b-instruct'].file}`);
  const speechModel = options.multilingual ? 'base' : 'base.en';
  const speech = options.tiny ? [speechModel, 'tiny.en'] : [speechModel];
  const wanted = [
    ...(options.only === 'writer' ? [] : speech),
    ...(options.only === 'speech' ? [] : ['qwen2.5-1.5b-instruct']),
  ];
  for (const name of wanted) {
    const model = MODELS[name];
    await download(name, model, model.kind === 'writer' ? writerDir : speechDir);
  }
  if (options.only !== 'writer' && options.multilingual) {
    process.stderr.write(
      `The embedded transcription engine uses ${join(speechDir, MODELS['base.en'].file)} by default: set WHISPER_MODEL_PATH=${join(speechDir, MODELS.base.file)} to hear other languages.\n`,
    );
  } else if (options.only !== 'writer') {
    process.stderr.write(
      `The embedded transcription engine uses ${join(speechDir, MODELS['base.en'].file)} by default (WHISPER_MODEL_PATH).\n`,
    );
  }
  if (options.only !== 'speech') {
    process.stderr.write(
      `The embedded writer uses ${join(writerDir, MODELS['qwen2.5-1.5b-instruct'].file)} by default (LLM_MODEL_PATH).\n`,
    );
  }
}

main().catch((error) => {
  if (error instanceof DownloadError || error instanceof UsageError) {
    process.stderr.write(`npm run models: ${error.message}\n`);
  } else {
    process.stderr.write(`npm run models: unexpected failure: ${error?.message ?? error}\n`);
  }
  process.exit(1);
});
