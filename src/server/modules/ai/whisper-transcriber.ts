import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { decodeAudio, ensureWithinDecodeCeiling } from './audio-decode.js';
import { normaliseTranscript } from './transcript-text.js';
import { checkWhisperModelFile, isMultilingual } from './whisper-model-file.js';
import {
  TranscriptionError,
  UnavailableTranscriber,
  type AudioUpload,
  type Transcriber,
  type Transcription,
} from './transcriber.js';

/**
 * whisper.cpp's CPU build for this platform, from @fugood/whisper.node 1.1.3's prebuilt
 * packages. The server depends on these directly (package.json optionalDependencies, one per
 * platform; npm installs only the one that matches) rather than on @fugood/whisper.node, whose
 * optional CUDA, Vulkan and WebAssembly builds add about 250 MB the server never loads: it runs
 * on the CPU (docs/decisions/020-speech-and-formatting-engines.md).
 */
export const WHISPER_MODULE = `@fugood/node-whisper-${process.platform}-${process.arch}`;

/** The part of the native addon this engine uses (the packages ship no type declarations). */
interface WhisperContext {
  transcribeData(
    audio: ArrayBuffer,
    options: {
      language: string;
      temperature: number;
      maxThreads: number;
      /** whisper.cpp's initial prompt: words to expect. */
      prompt?: string;
    },
  ): { promise: Promise<{ result: string }> };
  release(): Promise<void>;
}

interface WhisperModule {
  /** Loads the model synchronously; throws when whisper.cpp refuses it. */
  WhisperContext: new (options: { filePath: string; useGpu: boolean }) => WhisperContext;
}

const PROBE_TIMEOUT_MS = 120_000;
/**
 * Transcriptions allowed to wait while one runs. Each waiting one holds its decoded audio (up
 * to 28.8 MB for 15 minutes) and would mostly outlive its time budget anyway; past this bound
 * a request is refused at once instead of joining a queue it cannot get through.
 */
export const DEFAULT_MAX_WAITING = 4;

export interface WhisperOptions {
  modelPath: string;
  timeoutMs: number;
  canDecode: boolean;
  reason: string;
  /** Tests point this at a module that does not exist to check the failure message. */
  moduleSpecifier?: string;
  /** Transcriptions that may wait for the engine; more are refused (DEFAULT_MAX_WAITING). */
  maxWaiting?: number;
  /**
   * Called as a job enters whisper.cpp and as it leaves. The order of jobs is decided there,
   * not when the request arrives (decoding runs beside the engine), and an abandoned job runs
   * on after its request has answered, so this is the one place to observe either.
   */
  onEngineJob?: (phase: 'start' | 'end') => void;
}

/**
 * Start the embedded engine, or explain why it cannot run. Every failure (ffmpeg missing, the
 * native module missing, the model missing or corrupt) ends in an unavailable transcriber with
 * a clear reason, never an exception: the server must start without speech-to-text.
 */
export async function createWhisperTranscriber(options: WhisperOptions): Promise<Transcriber> {
  const specifier = options.moduleSpecifier ?? WHISPER_MODULE;
  const unavailable = (why: string): Transcriber => new UnavailableTranscriber('whisper', why);

  if (!options.canDecode) {
    return unavailable('ffmpeg is not installed, and the embedded engine needs it to decode audio');
  }
  const model = await checkModelFile(options.modelPath);
  if (!model.ok) return unavailable(model.problem);

  let modulePath: string;
  try {
    modulePath = createRequire(import.meta.url).resolve(specifier);
  } catch {
    return unavailable(
      `the ${specifier} package is not installed (npm install; there is no whisper.cpp build for ${process.platform}-${process.arch} if it stays missing)`,
    );
  }

  // The header walk cannot see everything whisper.cpp will dislike (a renamed or retyped
  // tensor), and some of that ends in GGML_ASSERT, which aborts the whole process past any
  // try/catch. Load the model once in a throwaway process first.
  const probe = await probeModelInChildProcess(modulePath, options.modelPath);
  if (!probe.ok) {
    return unavailable(
      `whisper.cpp could not load the model ${options.modelPath} (${probe.detail}); the file is probably corrupt or incomplete: run npm run models again`,
    );
  }

  try {
    const whisper = createRequire(import.meta.url)(modulePath) as WhisperModule;
    const context = new whisper.WhisperContext({ filePath: options.modelPath, useGpu: false });
    return new WhisperTranscriber(context, options, model.multilingual);
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return unavailable(`the embedded engine failed to start: ${detail}`);
  }
}

async function checkModelFile(
  modelPath: string,
): Promise<{ ok: true; multilingual: boolean } | { ok: false; problem: string }> {
  try {
    const info = await stat(modelPath);
    if (!info.isFile())
      return { ok: false, problem: `WHISPER_MODEL_PATH ${modelPath} is not a file` };
  } catch {
    return {
      ok: false,
      problem: `the model file ${modelPath} does not exist (run npm run models to download it)`,
    };
  }
  const check = await checkWhisperModelFile(modelPath);
  if (!check.ok) {
    return {
      ok: false,
      problem: `the model file ${modelPath} is not a usable whisper model: ${check.problem} (run npm run models to download it again)`,
    };
  }
  return { ok: true, multilingual: isMultilingual(check.hparams) };
}

const PROBE_SCRIPT = `
const fail = (error) => {
  process.stderr.write(String(error && error.message ? error.message : error).split('\\n')[0]);
  process.exit(2);
};
try {
  const { WhisperContext } = require(process.argv[1]);
  new WhisperContext({ filePath: process.argv[2], useGpu: false })
    .release()
    .then(() => process.exit(0), fail);
} catch (error) {
  fail(error);
}
`;

function probeModelInChildProcess(
  modulePath: string,
  modelPath: string,
): Promise<{ ok: true } | { ok: false; detail: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', PROBE_SCRIPT, modulePath, modelPath], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: PROBE_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 16_000) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => resolve({ ok: false, detail: error.message }));
    child.on('close', (code, signal) => {
      if (code === 0) {
        resolve({ ok: true });
        return;
      }
      const assertion =
        /GGML_ASSERT\([^)]*\)[^\n]*|(?:invalid model|unknown tensor|tensor '[^']*' has wrong|not all tensors loaded|exception during model load)[^\n]*/.exec(
          stderr,
        )?.[0];
      const detail = signal
        ? `the loader crashed with ${signal}${assertion ? `: ${assertion}` : ''}`
        : (assertion ?? stderr.trim().split('\n').pop() ?? `exit code ${String(code)}`);
      resolve({ ok: false, detail });
    });
  });
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
}

/** A promise that resolves when `signal` aborts, and a way to stop listening. */
function whenAborted(signal: AbortSignal): { aborted: Promise<'aborted'>; dispose: () => void } {
  let onAbort = (): void => undefined;
  const aborted = new Promise<'aborted'>((resolve) => {
    onAbort = () => resolve('aborted');
    if (signal.aborted) resolve('aborted');
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return { aborted, dispose: () => signal.removeEventListener('abort', onAbort) };
}

const TOO_LONG = 'Transcription took too long.';

/**
 * One whisper.cpp context, running one transcription at a time: the context is not re-entrant,
 * and a second job would block one of libuv's four threadpool threads (which file reads need)
 * on the addon's mutex. Later transcriptions wait in order, up to `maxWaiting`.
 */
class WhisperTranscriber implements Transcriber {
  readonly engine = 'whisper' as const;
  readonly available = true;
  readonly reason: string;
  private readonly multilingual: boolean;
  private readonly threads = Math.max(1, availableParallelism());
  private readonly maxWaiting: number;
  /** Transcriptions inside transcribe(): decoding, waiting or running. */
  private admitted = 0;
  /** True while a native job runs, which can outlast the request that started it. */
  private engineBusy = false;
  private readonly waiting: (() => void)[] = [];
  private idle: Promise<void> = Promise.resolve();
  private markIdle: () => void = () => undefined;

  constructor(
    private readonly context: WhisperContext,
    private readonly options: WhisperOptions,
    multilingual: boolean,
  ) {
    this.reason = options.reason;
    this.maxWaiting = options.maxWaiting ?? DEFAULT_MAX_WAITING;
    this.multilingual = multilingual;
  }

  /**
   * What whisper.cpp is told to hear. A multilingual model: the language given, else it detects
   * one. An English-only (`.en`) model knows no other language and must not be asked to detect
   * one: it hears English whatever was given, and a non-English language given to it comes back
   * as a warning that names the fix. Transcribing anyway rather than refusing: the person gets
   * the words it could make out (names, numbers, loanwords) and can still type over them, and
   * only whoever runs the server can change the model, so the log is where it is said.
   */
  private languageFor(given: string | undefined): { language: string; warning?: string } {
    if (this.multilingual) return { language: given ?? 'auto' };
    if (given === undefined || given === 'en') return { language: 'en' };
    return {
      language: 'en',
      warning: `The whisper model is English-only and the speech was said to be in "${given}": transcribed as English. Run npm run models -- --multilingual for a model that hears other languages.`,
    };
  }

  async transcribe(upload: AudioUpload, signal?: AbortSignal): Promise<Transcription> {
    if (this.admitted >= 1 + this.maxWaiting) {
      // busy: 503 server_busy with Retry-After, the server short of room rather than a
      // provider failing.
      throw new TranscriptionError(
        'busy',
        `The embedded engine is busy (${this.admitted} transcriptions in progress or waiting); try again shortly.`,
      );
    }
    this.admitted += 1;
    try {
      const budget = AbortSignal.timeout(this.options.timeoutMs);
      const combined = signal ? AbortSignal.any([signal, budget]) : budget;
      const decoded = await decodeAudio(upload.filePath, {
        container: upload.container,
        client: upload.client,
        keepPcm: true,
        signal: combined,
      });
      if (!decoded.hasSpeech || decoded.pcm === null) {
        throw new TranscriptionError('no_speech', 'No speech was found in the recording.');
      }
      ensureWithinDecodeCeiling(decoded);
      await upload.beforeEngine?.(decoded.durationMs);
      const { language, warning } = this.languageFor(upload.language);
      const text = await this.run(decoded.pcm, combined, language, upload.prompt);
      const transcript = normaliseTranscript(text);
      if (transcript === '') {
        throw new TranscriptionError('no_speech', 'No speech was found in the recording.', {
          engineWorked: true,
        });
      }
      return { transcript, durationMs: decoded.durationMs, ...(warning ? { warning } : {}) };
    } finally {
      this.admitted -= 1;
    }
  }

  /** Resolves when the engine is this caller's; rejects with 'timeout' if the budget ends first. */
  private async acquireEngine(signal: AbortSignal): Promise<void> {
    if (signal.aborted) throw new TranscriptionError('timeout', TOO_LONG);
    if (!this.engineBusy) {
      this.engineBusy = true;
      this.idle = new Promise((resolve) => (this.markIdle = resolve));
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const turn = (): void => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = (): void => {
        const place = this.waiting.indexOf(turn);
        if (place >= 0) this.waiting.splice(place, 1);
        reject(new TranscriptionError('timeout', TOO_LONG));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(turn);
    });
  }

  private releaseEngine(): void {
    const next = this.waiting.shift();
    if (next) {
      next();
      return;
    }
    this.engineBusy = false;
    this.markIdle();
  }

  private async run(
    pcm: Buffer,
    signal: AbortSignal,
    language: string,
    prompt?: string,
  ): Promise<string> {
    await this.acquireEngine(signal);
    this.options.onEngineJob?.('start');
    let job: ReturnType<WhisperContext['transcribeData']>;
    try {
      const data = pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.byteLength);
      job = this.context.transcribeData(data as ArrayBuffer, {
        language,
        temperature: 0,
        maxThreads: this.threads,
        ...(prompt === undefined ? {} : { prompt }),
      });
    } catch (error) {
      this.releaseEngine();
      throw engineFailure(error);
    }
    // No job.stop() on timeout or disconnect, on purpose. In @fugood/whisper.node 1.1.3 stop()
    // does not interrupt whisper.cpp (it only flags the result as cancelled), and a cancelled
    // job reports its error through a callback that never settles the promise: one stop()
    // would keep the engine taken forever. So an abandoned job runs to its end, its result is
    // dropped, and only then does the next transcription start. (The same callback loses an
    // error whisper.cpp reports; docs/decisions/020-speech-and-formatting-engines.md says
    // what that leaves.)
    const outcome = settle(job.promise);
    void outcome.then(() => {
      this.options.onEngineJob?.('end');
      this.releaseEngine();
    });

    const abort = whenAborted(signal);
    const first = await Promise.race([outcome, abort.aborted]).finally(abort.dispose);
    // The engine goes on with it to its end (above): its time is spent.
    if (first === 'aborted') {
      throw new TranscriptionError('timeout', TOO_LONG, { engineWorked: true });
    }
    if (!first.ok) throw engineFailure(first.error);
    return first.value.result;
  }

  async close(): Promise<void> {
    await this.idle;
    await this.context.release();
  }
}

function engineFailure(error: unknown): TranscriptionError {
  const detail = error instanceof Error ? error.message : String(error);
  return new TranscriptionError('engine_failed', `The embedded engine failed: ${detail}`, {
    cause: error,
  });
}
