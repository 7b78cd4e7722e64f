import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { decodeAudio } from './audio-decode.js';
import { normaliseTranscript } from './transcript-text.js';
import { checkWhisperModelFile, isMultilingual } from './whisper-model-file.js';
import {
  TranscriptionError,
  UnavailableTranscriber,
  type AudioUpload,
  type Transcriber,
  type Transcription,
} from './transcriber.js';

export const WHISPER_MODULE = '@fugood/whisper.node';

/**
 * The part of @fugood/whisper.node this engine uses, declared here because the package ships
 * its TypeScript sources beside the .d.ts files and the compiler would type-check those.
 */
interface WhisperContext {
  transcribeData(
    audio: ArrayBuffer,
    options: { language: string; temperature: number; maxThreads: number },
  ): { stop: () => Promise<void>; promise: Promise<{ result: string; isAborted: boolean }> };
  release(): Promise<void>;
}

interface WhisperModule {
  initWhisper(options: { filePath: string; useGpu: boolean }): Promise<WhisperContext>;
}
const PROBE_TIMEOUT_MS = 120_000;

export interface WhisperOptions {
  modelPath: string;
  timeoutMs: number;
  canDecode: boolean;
  reason: string;
  /** Tests point this at a module that does not exist to check the failure message. */
  moduleSpecifier?: string;
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
    return unavailable(`the ${specifier} package is not installed (npm install ${specifier})`);
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
    const whisper = (await import(specifier)) as WhisperModule;
    const context = await whisper.initWhisper({ filePath: options.modelPath, useGpu: false });
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
const whisper = require(process.argv[1]);
whisper.initWhisper({ filePath: process.argv[2], useGpu: false })
  .then((context) => context.release())
  .then(() => process.exit(0), (error) => {
    process.stderr.write(String(error && error.message ? error.message : error).split('\\n')[0]);
    process.exit(2);
  });
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

/** One whisper.cpp context, used by one transcription at a time (it is not re-entrant). */
class WhisperTranscriber implements Transcriber {
  readonly engine = 'whisper' as const;
  readonly available = true;
  readonly reason: string;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly language: string;
  private readonly threads = Math.max(1, availableParallelism());

  constructor(
    private readonly context: WhisperContext,
    private readonly options: WhisperOptions,
    multilingual: boolean,
  ) {
    this.reason = options.reason;
    // An English-only model must not be asked to detect the language.
    this.language = multilingual ? 'auto' : 'en';
  }

  async transcribe(upload: AudioUpload, signal?: AbortSignal): Promise<Transcription> {
    const budget = AbortSignal.timeout(this.options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, budget]) : budget;
    const decoded = await decodeAudio(upload.filePath, {
      container: upload.container,
      keepPcm: true,
      signal: combined,
    });
    if (!decoded.hasSpeech || decoded.pcm === null) {
      throw new TranscriptionError('no_speech', 'No speech was found in the recording.');
    }
    const pcm = decoded.pcm;
    const text = await this.exclusive(() => this.run(pcm, combined));
    const transcript = normaliseTranscript(text);
    if (transcript === '') {
      throw new TranscriptionError('no_speech', 'No speech was found in the recording.');
    }
    return { transcript, durationMs: decoded.durationMs };
  }

  private async run(pcm: Buffer, signal: AbortSignal): Promise<string> {
    if (signal.aborted) {
      throw new TranscriptionError('timeout', 'Transcription took too long.');
    }
    const data = pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.byteLength);
    const job = this.context.transcribeData(data as ArrayBuffer, {
      language: this.language,
      temperature: 0,
      maxThreads: this.threads,
    });
    const onAbort = (): void => {
      void job.stop();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const result = await job.promise;
      if (result.isAborted || signal.aborted) {
        throw new TranscriptionError('timeout', 'Transcription took too long.');
      }
      return result.result;
    } catch (error) {
      if (error instanceof TranscriptionError) throw error;
      const detail = error instanceof Error ? error.message : String(error);
      throw new TranscriptionError('engine_failed', `The embedded engine failed: ${detail}`, {
        cause: error,
      });
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    await this.queue;
    await this.context.release();
  }
}
