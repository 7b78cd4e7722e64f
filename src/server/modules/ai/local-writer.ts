import { fork, type ChildProcess } from 'node:child_process';
import { open, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { ChatModelError, type ChatModel, type ChatRequest } from './chat-model.js';
import type { ChildMessage, GenerateOrder, ParentMessage } from './local-writer-child.js';

/**
 * llama.cpp's CPU build for this platform, from @fugood/llama.node's prebuilt packages, depended
 * on directly (package.json optionalDependencies, one per platform) for the reason the whisper
 * engine does: the umbrella package pulls CUDA, Vulkan and WebAssembly builds the server never
 * loads (docs/decisions/150-embedded-writer.md).
 */
export const LLAMA_MODULE = `@fugood/node-llama-${process.platform}-${process.arch}`;

/** Generations allowed to wait while one runs; more are refused (503 server_busy). */
export const DEFAULT_MAX_WAITING = 4;
/** Enough for the prompt, the longest transcript the API takes (20,000 chars) and a pitch. */
const CONTEXT_TOKENS = 8192;
/** A 1-2 B model in Q4 loads in seconds from disk; a minute means something is wrong. */
const LOAD_TIMEOUT_MS = 120_000;
/** After a stop, llama.cpp ends at its next token; past this the process is ended instead. */
const STOP_GRACE_MS = 2_000;

export interface LocalWriterOptions {
  modelPath: string;
  timeoutMs: number;
  maxWaiting?: number;
  /** Tests point this at a module that does not exist to check the failure message. */
  moduleSpecifier?: string;
  threads?: number;
  /**
   * Called as llama.cpp lets go of a generation: whether it was stopped early, and how much it
   * wrote. A stopped generation ends after its request has answered, so this is the one place to
   * see that a stop reached llama.cpp.
   */
  onGenerationEnd?: (end: { interrupted: boolean; chars: number }) => void;
}

export type LocalWriterStart =
  { ok: true; model: LocalChatModel; loadMs: number } | { ok: false; problem: string };

/** The first bytes of every GGUF file, whatever its version. */
const GGUF_MAGIC = Buffer.from('GGUF', 'latin1');

async function checkModelFile(modelPath: string): Promise<string | null> {
  try {
    const info = await stat(modelPath);
    if (!info.isFile()) return `LLM_MODEL_PATH ${modelPath} is not a file`;
  } catch {
    return `the model file ${modelPath} does not exist (npm run models downloads one)`;
  }
  const file = await open(modelPath, 'r');
  try {
    const head = Buffer.alloc(4);
    await file.read(head, 0, 4, 0);
    if (!head.equals(GGUF_MAGIC)) {
      return `the model file ${modelPath} is not a GGUF model (llama.cpp reads only GGUF)`;
    }
  } finally {
    await file.close();
  }
  return null;
}

function childScript(): URL {
  return new URL(
    `./local-writer-child${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`,
    import.meta.url,
  );
}

/** The loader's own words for why it refused, out of llama.cpp's chatter on stderr. */
function loaderReason(stderr: string): string | undefined {
  return /GGML_ASSERT\([^)]*\)[^\n]*|unknown model architecture[^\n]*|(?:tensor '[^']*'|tensor data)[^\n]*(?:bounds|wrong|shape)[^\n]*|failed to (?:read|load)[^\n]*|invalid (?:magic|model|gguf)[^\n]*/i.exec(
    stderr,
  )?.[0];
}

interface Loaded {
  child: ChildProcess;
  stderr: () => string;
}

/** Starts the writer's process and loads the model in it; resolves once it answers either way. */
function spawnAndLoad(
  modulePath: string,
  modelPath: string,
  threads: number,
): Promise<{ ok: true; loaded: Loaded } | { ok: false; detail: string }> {
  const script = childScript();
  const child = fork(script, [], {
    execArgv: script.pathname.endsWith('.ts') ? ['--import', 'tsx'] : [],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'json',
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    // llama.cpp logs every load at length; the tail is where a refusal is.
    stderr = (stderr + chunk.toString('utf8')).slice(-16_000);
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish({ ok: false, detail: `the model did not load within ${LOAD_TIMEOUT_MS / 1000} s` });
    }, LOAD_TIMEOUT_MS);
    const onMessage = (message: ChildMessage): void => {
      if (message.type === 'loaded') finish({ ok: true, loaded: { child, stderr: () => stderr } });
      else if (message.type === 'load_failed') {
        child.kill('SIGKILL');
        finish({ ok: false, detail: loaderReason(stderr) ?? message.detail });
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
      const reason = loaderReason(stderr);
      finish({
        ok: false,
        detail: `the loader ${signal ? `crashed with ${signal}` : `exited with code ${String(code)}`}${reason ? `: ${reason}` : ''}`,
      });
    };
    const finish = (
      outcome: { ok: true; loaded: Loaded } | { ok: false; detail: string },
    ): void => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(outcome);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.once('error', (error) => finish({ ok: false, detail: error.message }));
    const order: ParentMessage = {
      type: 'load',
      modulePath,
      modelPath,
      contextTokens: CONTEXT_TOKENS,
      threads,
    };
    child.send(order);
  });
}

/**
 * Start the embedded writer, or say in one line why it cannot run. Never throws: a missing,
 * corrupt, truncated or foreign model leaves the server on the rules.
 */
export async function createLocalChatModel(options: LocalWriterOptions): Promise<LocalWriterStart> {
  const problem = await checkModelFile(options.modelPath);
  if (problem !== null) return { ok: false, problem };
  const specifier = options.moduleSpecifier ?? LLAMA_MODULE;
  let modulePath: string;
  try {
    modulePath = createRequire(import.meta.url).resolve(specifier);
  } catch {
    return {
      ok: false,
      problem: `the ${specifier} package is not installed (npm install; there is no llama.cpp build for ${process.platform}-${process.arch} if it stays missing)`,
    };
  }
  // Half the cores: the other half serve HTTP, the rules and speech beside a generation.
  const threads = options.threads ?? Math.max(1, Math.floor(availableParallelism() / 2));
  const started = performance.now();
  const first = await spawnAndLoad(modulePath, options.modelPath, threads);
  if (!first.ok) {
    return {
      ok: false,
      problem: `llama.cpp could not load the model ${options.modelPath} (${first.detail}); the file is probably corrupt, incomplete or of an architecture this llama.cpp does not know: run npm run models again`,
    };
  }
  const loadMs = performance.now() - started;
  const model = new LocalChatModel(options, first.loaded, () =>
    spawnAndLoad(modulePath, options.modelPath, threads),
  );
  return { ok: true, model, loadMs };
}

interface Job {
  id: number;
  onText: ((text: string) => void) | undefined;
  settle: (outcome: { ok: true; text: string } | { ok: false; error: ChatModelError }) => void;
}

/**
 * The embedded writer: one llama.cpp process, one generation at a time (a second would halve
 * the speed of both and double the memory of the context), later ones waiting in order up to
 * `maxWaiting`. `timeoutMs` covers waiting and writing. A generation whose client left or whose
 * time ran out is stopped at once; the next one starts when llama.cpp has let go.
 */
export class LocalChatModel implements ChatModel {
  readonly engine = 'local' as const;
  readonly model: string;
  readonly timeoutMs: number;
  private readonly maxWaiting: number;
  private loaded: Loaded | undefined;
  private restarting: Promise<Loaded | undefined> | undefined;
  private job: Job | undefined;
  private nextId = 1;
  private readonly waiting: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly options: LocalWriterOptions,
    loaded: Loaded,
    private readonly restart: () => Promise<
      { ok: true; loaded: Loaded } | { ok: false; detail: string }
    >,
  ) {
    this.model = basename(options.modelPath);
    this.timeoutMs = options.timeoutMs;
    this.maxWaiting = options.maxWaiting ?? DEFAULT_MAX_WAITING;
    this.adopt(loaded);
  }

  /** Generations running or waiting now (the bench and tests read it). */
  get pending(): number {
    return (this.job ? 1 : 0) + this.waiting.length;
  }

  /** The writer's process id while it runs. */
  get processId(): number | undefined {
    return this.loaded?.child.pid;
  }

  private adopt(loaded: Loaded): void {
    this.loaded = loaded;
    loaded.child.on('message', (message: ChildMessage) => this.onChildMessage(message));
    loaded.child.once('exit', (code, signal) => {
      if (this.loaded === loaded) this.loaded = undefined;
      const job = this.job;
      if (job) {
        const reason = loaderReason(loaded.stderr());
        job.settle({
          ok: false,
          error: new ChatModelError(
            'failed',
            `the embedded writer stopped (${signal ?? `code ${String(code)}`})${reason ? `: ${reason}` : ''}`,
          ),
        });
        this.release();
      }
    });
  }

  private onChildMessage(message: ChildMessage): void {
    const job = this.job;
    if (message.type === 'loaded' || message.type === 'load_failed') return;
    if (job === undefined || message.id !== job.id) return;
    if (message.type === 'text') {
      job.onText?.(message.text);
      return;
    }
    if (message.type === 'done') {
      this.options.onGenerationEnd?.({
        interrupted: message.interrupted,
        chars: Array.from(message.text).length,
      });
      job.settle(
        message.truncated && !message.interrupted
          ? { ok: false, error: new ChatModelError('failed', 'the model ran out of room') }
          : { ok: true, text: message.text },
      );
    } else {
      job.settle({
        ok: false,
        error: new ChatModelError('failed', `the embedded writer failed: ${message.detail}`),
      });
    }
    this.release();
  }

  private release(): void {
    this.job = undefined;
    this.waiting.shift()?.();
  }

  private async process(): Promise<Loaded | undefined> {
    if (this.loaded) return this.loaded;
    if (this.closed) return undefined;
    this.restarting ??= this.restart().then((outcome) => {
      this.restarting = undefined;
      if (!outcome.ok || this.closed) {
        if (outcome.ok) outcome.loaded.child.kill('SIGKILL');
        return undefined;
      }
      this.adopt(outcome.loaded);
      return outcome.loaded;
    });
    return this.restarting;
  }

  async complete(request: ChatRequest, signal?: AbortSignal): Promise<string> {
    if (this.pending >= 1 + this.maxWaiting) {
      throw new ChatModelError(
        'busy',
        `the embedded writer is busy (${this.pending} generations running or waiting)`,
      );
    }
    const budget = AbortSignal.timeout(this.timeoutMs);
    const stop = signal ? AbortSignal.any([signal, budget]) : budget;
    const why = (): ChatModelError =>
      budget.aborted
        ? new ChatModelError('timeout', `the model did not answer within ${this.timeoutMs} ms`)
        : new ChatModelError('cancelled', 'the client went away');

    await this.turn(stop, why);
    const loaded = await this.process();
    if (loaded === undefined || stop.aborted) {
      this.release();
      throw stop.aborted
        ? why()
        : new ChatModelError('failed', 'the embedded writer is not running');
    }

    return new Promise<string>((resolve, reject) => {
      const id = this.nextId++;
      let settled = false;
      let grace: NodeJS.Timeout | undefined;
      const onStop = (): void => {
        // Answer now; the engine stays taken until llama.cpp has stopped (or its process has).
        finish({ ok: false, error: why() });
        loaded.child.send({ type: 'stop', id } satisfies ParentMessage);
        grace = setTimeout(() => {
          if (this.job?.id === id) loaded.child.kill('SIGKILL');
        }, STOP_GRACE_MS);
        grace.unref();
      };
      const finish = (
        outcome: { ok: true; text: string } | { ok: false; error: ChatModelError },
      ): void => {
        if (settled) return;
        settled = true;
        stop.removeEventListener('abort', onStop);
        if (outcome.ok) resolve(outcome.text);
        else reject(outcome.error);
      };
      this.job = {
        id,
        onText: request.onText,
        settle: (outcome) => {
          clearTimeout(grace);
          finish(outcome);
        },
      };
      stop.addEventListener('abort', onStop, { once: true });
      const order: GenerateOrder = {
        type: 'generate',
        id,
        messages: request.messages,
        grammar: request.shape?.grammar,
        maxTokens: Math.max(request.maxTokens, request.shape?.maxChars ?? 0),
        temperature: request.temperature,
        stream: request.onText !== undefined,
      };
      loaded.child.send(order);
    });
  }

  /** Resolves when this caller may use the engine; rejects if `stop` aborts first. */
  private turn(stop: AbortSignal, why: () => ChatModelError): Promise<void> {
    if (stop.aborted) return Promise.reject(why());
    if (this.job === undefined && this.waiting.length === 0) {
      this.job = { id: 0, onText: undefined, settle: () => undefined };
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const go = (): void => {
        stop.removeEventListener('abort', onAbort);
        this.job = { id: 0, onText: undefined, settle: () => undefined };
        resolve();
      };
      const onAbort = (): void => {
        const place = this.waiting.indexOf(go);
        if (place >= 0) this.waiting.splice(place, 1);
        reject(why());
      };
      stop.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(go);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const loaded = this.loaded ?? (await this.restarting);
    if (!loaded) return;
    const exited = new Promise<void>((resolve) => loaded.child.once('exit', () => resolve()));
    loaded.child.kill('SIGTERM');
    await exited;
  }
}
