// `npm run models [-- --tiny] [-- --dir <folder>]`: downloads whisper.cpp's English models for the
// embedded transcription engine, checks each against the SHA-1 that whisper.cpp publishes
// (models/README.md), and shows progress. Offline it stops with one clear sentence, no stack trace.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// WHISPER_MODEL_HOST points at a mirror (or a local server when testing this script).
const MODEL_HOST =
  process.env.WHISPER_MODEL_HOST ?? 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main';
const MODELS = {
  'base.en': { file: 'ggml-base.en.bin', sha1: '137c40403d78fd54d454da0f9bd998f78703390c' },
  'tiny.en': { file: 'ggml-tiny.en.bin', sha1: 'c78c86eb1a8faa21b369bcd33207cc90d64ae9df' },
};
const CONNECT_TIMEOUT_MS = 30_000;

function parseArgs(argv) {
  const options = {
    tiny: false,
    dir: dirname(process.env.WHISPER_MODEL_PATH ?? './models/ggml-base.en.bin'),
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--tiny') options.tiny = true;
    else if (arg === '--dir' && argv[i + 1]) options.dir = argv[++i];
    else if (arg === '--help' || arg === '-h') options.help = true;
    else throw new UsageError(`Unknown option ${arg}.`);
  }
  return options;
}

class UsageError extends Error {}

function sha1Of(path) {
  return new Promise((resolvePromise, reject) => {
    const hash = createHash('sha1');
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
    if ((await sha1Of(target)) === model.sha1) {
      process.stderr.write(`${name}: already downloaded and intact.\n`);
      return;
    }
    process.stderr.write(
      `${name}: the existing file is damaged or incomplete; downloading again.\n`,
    );
  }
  await mkdir(dir, { recursive: true });
  const url = `${MODEL_HOST}/${model.file}`;
  let response;
  try {
    response = await fetch(url, {
      redirect: 'follow',
      signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS),
    });
  } catch (error) {
    throw new DownloadError(
      `Could not reach ${new URL(url).host} (${describeNetworkError(error)}). This machine seems to be offline or the host is blocked. Download ${url} elsewhere and place it at ${target}, or set TRANSCRIBE_BASE_URL to use a transcription service instead.`,
    );
  }
  if (!response.ok || !response.body) {
    throw new DownloadError(`Downloading ${url} failed with HTTP ${response.status}.`);
  }
  const total = Number(response.headers.get('content-length') ?? 0);
  const partial = `${target}.part`;
  const hash = createHash('sha1');
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
  if (digest !== model.sha1) {
    await rm(partial, { force: true });
    throw new DownloadError(
      `${model.file} failed its checksum (SHA-1 ${digest}, expected ${model.sha1}); the file was deleted. Run npm run models again.`,
    );
  }
  await rename(partial, target);
  const { size } = await stat(target);
  process.stderr.write(`${name}: saved ${target} (${formatMiB(size)}, SHA-1 verified).\n`);
}

class DownloadError extends Error {}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.help) {
    process.stdout.write(
      'Usage: npm run models [-- --tiny] [-- --dir <folder>]\n  Downloads ggml-base.en.bin (and ggml-tiny.en.bin with --tiny) into ./models\n  (or the folder of WHISPER_MODEL_PATH).\n',
    );
    return;
  }
  const wanted = options.tiny ? ['base.en', 'tiny.en'] : ['base.en'];
  for (const name of wanted) await download(name, MODELS[name], options.dir);
  process.stderr.write(
    `Done. The embedded engine uses ${join(options.dir, MODELS['base.en'].file)} by default (WHISPER_MODEL_PATH).\n`,
  );
}

main().catch((error) => {
  if (error instanceof DownloadError || error instanceof UsageError) {
    process.stderr.write(`npm run models: ${error.message}\n`);
  } else {
    process.stderr.write(`npm run models: unexpected failure: ${error?.message ?? error}\n`);
  }
  process.exit(1);
});
