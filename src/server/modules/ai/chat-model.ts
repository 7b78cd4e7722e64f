import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/**
 * The shape a reply must have, as a llama.cpp grammar (GBNF), for engines that can hold a model
 * to it while it writes; `maxChars` is the most the grammar lets through, so a generation given
 * that many tokens always ends inside the shape.
 */
export interface OutputShape {
  grammar: string;
  maxChars: number;
}

export interface ChatRequest {
  messages: ChatMessage[];
  maxTokens: number;
  temperature: number;
  shape?: OutputShape;
  /** Called with the whole reply so far each time it grows, for engines that stream. */
  onText?: (soFar: string) => void;
}

/** `busy`: the engine's queue is full (503 server_busy); `cancelled`: the client went away. */
export type ChatFailureKind = 'timeout' | 'failed' | 'rate_limited' | 'busy' | 'cancelled';

export class ChatModelError extends Error {
  constructor(
    readonly kind: ChatFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ChatModelError';
  }
}

/** The one thing the formatter and the inferrer need from a language model. */
export interface ChatModel {
  /** Where the words go: an OpenAI-compatible service, or the embedded model on this machine. */
  readonly engine: 'openai' | 'local';
  readonly model: string;
  readonly timeoutMs: number;
  complete(request: ChatRequest, signal?: AbortSignal): Promise<string>;
  /** Ends what the engine runs of its own (the embedded writer's process). */
  close?(): Promise<void>;
}

/** The reply of a streamed completion, told to `onText` each time it grows. */
async function collectStream(
  stream: AsyncIterable<{ choices?: { delta?: { content?: unknown } }[] }>,
  onText: (soFar: string) => void,
): Promise<string> {
  let soFar = '';
  for await (const chunk of stream) {
    // Services differ: some send a chunk without choices (usage), or a role-only delta.
    const piece = chunk.choices?.[0]?.delta?.content;
    if (typeof piece !== 'string' || piece === '') continue;
    soFar += piece;
    onText(soFar);
  }
  return soFar;
}

export interface OpenAIChatModelOptions {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

/**
 * Any OpenAI-compatible chat endpoint (OpenAI, Ollama, llama.cpp, vLLM). `timeoutMs` is a hard
 * budget for the whole call: the SDK's own timeout covers each attempt, retries are off (a retry
 * would double the wait), and an abort timer plus a race make sure no phase of the call (connect,
 * headers, a body that trickles in) can outlive it. A caller that listens to the reply as it is
 * written (`onText`) gets the SDK's stream, under the same budget.
 */
export class OpenAIChatModel implements ChatModel {
  readonly engine = 'openai' as const;
  readonly model: string;
  readonly timeoutMs: number;
  private readonly client: OpenAI;

  constructor(options: OpenAIChatModelOptions) {
    this.model = options.model;
    this.timeoutMs = options.timeoutMs;
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      // Ollama and llama.cpp need no key, but the SDK refuses to start without one.
      apiKey: options.apiKey ?? 'no-key-needed',
      timeout: options.timeoutMs,
      maxRetries: 0,
    });
  }

  async complete(request: ChatRequest, signal?: AbortSignal): Promise<string> {
    const controller = new AbortController();
    const onOuterAbort = (): void => controller.abort();
    signal?.addEventListener('abort', onOuterAbort, { once: true });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(
          new ChatModelError('timeout', `the model did not answer within ${this.timeoutMs} ms`),
        );
      }, this.timeoutMs);
    });
    const body = {
      model: this.model,
      messages: request.messages,
      max_tokens: request.maxTokens,
      temperature: request.temperature,
    };
    const callOptions = { signal: controller.signal, timeout: this.timeoutMs, maxRetries: 0 };
    try {
      if (request.onText) {
        const onText = request.onText;
        // The deadline covers the whole stream, not only its first bytes: a service that stops
        // halfway is cut off like one that never answers.
        return await Promise.race([
          this.client.chat.completions
            .create({ ...body, stream: true }, callOptions)
            .then((stream) => collectStream(stream, onText)),
          deadline,
        ]);
      }
      const call = this.client.chat.completions.create({ ...body, stream: false }, callOptions);
      const completion = await Promise.race([call, deadline]);
      const content: unknown = completion.choices?.[0]?.message?.content;
      return typeof content === 'string' ? content : '';
    } catch (error) {
      if (signal?.aborted && !(error instanceof ChatModelError)) {
        throw new ChatModelError('cancelled', 'the client went away', { cause: error });
      }
      throw this.toChatError(error);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onOuterAbort);
    }
  }

  private toChatError(error: unknown): ChatModelError {
    if (error instanceof ChatModelError) return error;
    if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError) {
      return new ChatModelError('timeout', `the model did not answer within ${this.timeoutMs} ms`, {
        cause: error,
      });
    }
    if (error instanceof APIError) {
      if (error.status === 429) {
        return new ChatModelError('rate_limited', 'the model service is rate limiting (429)', {
          cause: error,
        });
      }
      const status = error.status === undefined ? 'could not connect' : `status ${error.status}`;
      return new ChatModelError('failed', `the model service failed (${status})`, {
        cause: error,
      });
    }
    // A reply that is not a chat completion (HTML, truncated JSON) surfaces as a parse error.
    return new ChatModelError('failed', 'the model service sent an unreadable reply', {
      cause: error,
    });
  }
}
