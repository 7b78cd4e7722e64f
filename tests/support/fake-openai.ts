import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real OpenAI-compatible HTTP server on 127.0.0.1 for tests: the code under test talks to it
 * through the real `openai` SDK over a real socket, so timeouts, status codes and multipart
 * uploads behave as they do against a provider. Faults are switchable while it runs.
 */

/** `stall`: a streamed reply sends its first words, then nothing more. */
export type FakeFault = 'none' | '500' | '429' | 'hang' | 'empty' | 'malformed' | 'stall';

export interface FakeChatMessage {
  role: string;
  content: string;
}

export interface FakeUploadedFile {
  fieldName: string;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  bytes: Buffer;
}

export interface FakeRequest {
  path: string;
  /** Chat: the parsed JSON body. Transcription: `{ fields, file }` from the multipart body. */
  body: unknown;
}

export interface FakeOpenAIOptions {
  transcript?: string;
  chatReply?: string | ((messages: FakeChatMessage[]) => string);
  fault?: FakeFault;
  /**
   * A streamed reply's pause before each word, so a test can see it half written; changed with
   * setStreamDelay, which also ends the pauses under way (a long one holds a stream until then).
   */
  streamDelayMs?: number;
}

export interface FakeOpenAI {
  /** Base URL including /v1, ready for LLM_BASE_URL / TRANSCRIBE_BASE_URL. */
  url: string;
  requests: FakeRequest[];
  setFault(fault: FakeFault): void;
  setStreamDelay(ms: number): void;
  /** Streamed replies whose client hung up before the last word. */
  readonly streamsAbandoned: number;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Just enough RFC 7578 to take the SDK's upload apart. */
export function parseMultipart(
  body: Buffer,
  contentType: string,
): { fields: Record<string, string>; files: FakeUploadedFile[] } {
  const boundaryMatch = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = boundaryMatch?.[1] ?? boundaryMatch?.[2];
  if (!boundary) throw new Error('multipart body without a boundary');
  const delimiter = Buffer.from(`--${boundary}`);
  const fields: Record<string, string> = {};
  const files: FakeUploadedFile[] = [];
  let position = body.indexOf(delimiter);
  while (position !== -1) {
    const start = position + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    // Each part: CRLF, headers, CRLF CRLF, content, CRLF, then the next delimiter.
    const part = body.subarray(start + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const content = part.subarray(headerEnd + 4);
    const name = /name="([^"]*)"/i.exec(headers)?.[1] ?? '';
    const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
    if (filename === undefined) {
      fields[name] = content.toString('utf8');
    } else {
      files.push({
        fieldName: name,
        filename,
        contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? '',
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        bytes: Buffer.from(content),
      });
    }
    position = next;
  }
  return { fields, files };
}

/** A plausible reply in the asked-for shape, so a default fake passes the formatter's checks. */
function defaultChatReply(messages: FakeChatMessage[]): string {
  const system = messages.find((message) => message.role === 'system')?.content ?? '';
  const user = messages.find((message) => message.role === 'user')?.content ?? '';
  const transcript = (/<transcript>\n?([\s\S]*?)\n?<\/transcript>/.exec(user)?.[1] ?? user).trim();
  if (system.includes('You classify')) {
    return '{"format": "pitch", "category": "creative", "confidence": 0.85}';
  }
  const sentences = transcript
    .split(/(?<=[.!?])\s+|,\s*|\band\b/i)
    .map((part) => part.trim().replace(/[.!?]+$/, ''))
    .filter((part) => part !== '');
  if (system.includes('checklist')) {
    return ['To do', ...sentences.map((item) => `- [ ] ${item}`)].join('\n');
  }
  if (system.includes('pitch')) {
    // Each part said once, in the speaker's own words: a stand-in writer that repeated the
    // transcript under three labels and added a benefit nobody said showed screens (and
    // screenshots) words the person never spoke.
    let [hook, ...rest] = sentences.length > 0 ? sentences : [transcript];
    if (rest.length === 0) {
      // One sentence: its words in two parts, so the reply still has the shape asked for, cut
      // before a word that opens a clause ("a podcast | where strangers swap ...") if any.
      const words = (hook ?? '').split(/\s+/);
      const opener = words.findIndex(
        (word, i) => i > 0 && /^(where|that|which|who|so|to|because|when)$/i.test(word),
      );
      const half = opener > 0 ? opener : Math.ceil(words.length / 2);
      [hook, rest] = [words.slice(0, half).join(' '), [words.slice(half).join(' ')]];
    }
    const labels = ['Problem', 'Solution', 'Why it matters'];
    const parts = rest
      .filter((part) => part !== '')
      .slice(0, labels.length)
      .map((part, i) => `${labels[i] as string}: ${part}.`);
    return [`${hook ?? transcript}.`, ...parts].join('\n');
  }
  return transcript.slice(0, 200);
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** The reply in pieces of a word and the space after it, as a model's tokens arrive. */
function wordPieces(reply: string): string[] {
  return reply.match(/\S+\s*|\s+/g) ?? [];
}

/**
 * A streamed chat completion as OpenAI sends one: server-sent events of `chat.completion.chunk`
 * deltas, a last chunk with the finish reason, then `[DONE]`.
 */
async function streamChat(
  response: ServerResponse,
  id: string,
  model: string,
  reply: string,
  pause: () => Promise<void>,
  stall: boolean,
): Promise<boolean> {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (delta: object, finish: string | null): string =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    })}\n\n`;
  response.write(chunk({ role: 'assistant', content: '' }, null));
  const pieces = wordPieces(reply);
  for (const [index, piece] of pieces.entries()) {
    if (response.destroyed) return false;
    if (stall && index === 2) return true; // leaves the socket open; close() destroys it
    await pause();
    if (response.destroyed) return false;
    response.write(chunk({ content: piece }, null));
  }
  response.write(chunk({}, 'stop'));
  response.end('data: [DONE]\n\n');
  return true;
}

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  let fault: FakeFault = options.fault ?? 'none';
  let streamDelayMs = options.streamDelayMs ?? 0;
  // Pauses under way end early when the delay changes, so a test can hold a stream and let go.
  const wakers = new Set<() => void>();
  const pause = (): Promise<void> =>
    streamDelayMs <= 0
      ? Promise.resolve()
      : new Promise((resolve) => {
          const wake = (): void => {
            clearTimeout(timer);
            wakers.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, streamDelayMs);
          wakers.add(wake);
        });
  let streamsAbandoned = 0;
  const transcript = options.transcript ?? 'Tweet work: ship the release notes before Friday.';
  const requests: FakeRequest[] = [];
  let completionCounter = 0;

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const contentType = request.headers['content-type'] ?? '';

      let parsed: unknown = null;
      if (contentType.startsWith('multipart/form-data')) {
        const { fields, files } = parseMultipart(body, contentType);
        parsed = { fields, file: files[0] ?? null };
      } else if (body.length > 0) {
        try {
          parsed = JSON.parse(body.toString('utf8')) as unknown;
        } catch {
          parsed = body.toString('utf8');
        }
      }
      requests.push({ path, body: parsed });

      if (fault === 'hang') return; // never answer; close() destroys the socket
      if (fault === '500') {
        sendJson(response, 500, { error: { message: 'internal error', type: 'server_error' } });
        return;
      }
      if (fault === '429') {
        sendJson(
          response,
          429,
          { error: { message: 'rate limited', type: 'rate_limit_error' } },
          { 'retry-after': '1' },
        );
        return;
      }
      if (fault === 'malformed') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"choices": [{"message": {"content": "trunc');
        return;
      }

      if (request.method === 'POST' && path === '/v1/audio/transcriptions') {
        sendJson(response, 200, { text: fault === 'empty' ? '' : transcript });
        return;
      }
      if (request.method === 'POST' && path === '/v1/chat/completions') {
        const chat = parsed as {
          messages?: FakeChatMessage[];
          model?: string;
          stream?: boolean;
        } | null;
        const messages = Array.isArray(chat?.messages) ? chat.messages : [];
        const reply =
          fault === 'empty'
            ? ''
            : typeof options.chatReply === 'function'
              ? options.chatReply(messages)
              : (options.chatReply ?? defaultChatReply(messages));
        completionCounter += 1;
        if (chat?.stream === true) {
          const finished = await streamChat(
            response,
            `chatcmpl-fake-${completionCounter}`,
            chat.model ?? 'fake-model',
            reply,
            pause,
            fault === 'stall',
          );
          if (!finished) streamsAbandoned += 1;
          return;
        }
        sendJson(response, 200, {
          id: `chatcmpl-fake-${completionCounter}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: chat?.model ?? 'fake-model',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: reply },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        });
        return;
      }
      sendJson(response, 404, { error: { message: `no route ${path}`, type: 'not_found' } });
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(error instanceof Error ? error.message : String(error));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setFault(next) {
      fault = next;
    },
    setStreamDelay(ms) {
      streamDelayMs = ms;
      for (const wake of [...wakers]) wake();
    },
    get streamsAbandoned() {
      return streamsAbandoned;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
