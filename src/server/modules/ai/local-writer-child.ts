import { createRequire } from 'node:module';

/*
 * The embedded writer's process (docs/decisions/150-embedded-writer.md): llama.cpp loads the
 * model and generates here, never in the server. A generation keeps a core busy for seconds, and
 * a model file llama.cpp dislikes can end in GGML_ASSERT, which aborts the whole process past any
 * try/catch: here that ends this process only, and the server answers with the rules. It speaks
 * to local-writer.ts over the IPC channel, one message at a time, and imports nothing of the
 * project so it starts in a few milliseconds.
 */

export interface LoadOrder {
  type: 'load';
  modulePath: string;
  modelPath: string;
  contextTokens: number;
  threads: number;
}

export interface GenerateOrder {
  type: 'generate';
  id: number;
  messages: { role: string; content: string }[];
  grammar: string | undefined;
  maxTokens: number;
  temperature: number;
  stream: boolean;
}

export type ParentMessage = LoadOrder | GenerateOrder | { type: 'stop'; id: number };

export type ChildMessage =
  | { type: 'loaded'; architecture: string; description: string }
  | { type: 'load_failed'; detail: string }
  | { type: 'text'; id: number; text: string }
  | { type: 'done'; id: number; text: string; interrupted: boolean; truncated: boolean }
  | { type: 'failed'; id: number; detail: string };

/** The part of @fugood/llama.node's native addon used here (it ships no declarations for it). */
interface LlamaContext {
  getModelInfo(): { desc?: string; metadata?: Record<string, string> };
  completion(
    options: Record<string, unknown>,
    onToken: (token: { token: string }) => void,
  ): Promise<{ text: string; interrupted: boolean; truncated: boolean; context_full: boolean }>;
  stopCompletion(): void;
}
interface LlamaModule {
  LlamaContext: new (options: Record<string, unknown>) => LlamaContext;
}

function send(message: ChildMessage): void {
  process.send?.(message);
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

let context: LlamaContext | undefined;
let running: number | undefined;

function load(order: LoadOrder): void {
  try {
    const llama = createRequire(import.meta.url)(order.modulePath) as LlamaModule;
    context = new llama.LlamaContext({
      model: order.modelPath,
      n_ctx: order.contextTokens,
      n_threads: order.threads,
      n_gpu_layers: 0,
      // One sequence at a time: the parent queues, and each slot would cost a KV cache.
      n_parallel: 1,
      use_mlock: false,
    });
    const info = context.getModelInfo();
    send({
      type: 'loaded',
      architecture: info.metadata?.['general.architecture'] ?? 'unknown',
      description: info.desc ?? '',
    });
  } catch (error) {
    send({ type: 'load_failed', detail: firstLine(error) });
  }
}

async function generate(order: GenerateOrder): Promise<void> {
  if (context === undefined) {
    send({ type: 'failed', id: order.id, detail: 'the model is not loaded' });
    return;
  }
  running = order.id;
  let soFar = '';
  try {
    const result = await context.completion(
      {
        messages: order.messages,
        jinja: true,
        grammar: order.grammar,
        n_predict: order.maxTokens,
        temperature: order.temperature,
        // Thinking models would spend the budget on text nobody sees.
        enable_thinking: false,
        reasoning_format: 'none',
      },
      // The addon requires a callback either way.
      (token) => {
        if (!order.stream) return;
        soFar += token.token;
        send({ type: 'text', id: order.id, text: soFar });
      },
    );
    send({
      type: 'done',
      id: order.id,
      text: result.text,
      interrupted: result.interrupted,
      truncated: result.truncated || result.context_full,
    });
  } catch (error) {
    send({ type: 'failed', id: order.id, detail: firstLine(error) });
  } finally {
    running = undefined;
  }
}

process.on('message', (message: ParentMessage) => {
  if (message.type === 'load') load(message);
  else if (message.type === 'generate') void generate(message);
  else if (running === message.id) context?.stopCompletion();
});
// The server went away: nothing is left to write for.
process.on('disconnect', () => process.exit(0));
