import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Dialect } from '#server/db/database.js';
import { SESSION_COOKIE } from '#server/http/sessions.js';
import { closeTestApp, createTestApp, type TestApp } from '#server/test-support/api.js';
import { checkoutBrowserCookieOf, withCookies } from '#server/test-support/checkout.js';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.js';
import {
  startFakeStripe,
  type FakeCheckoutSession,
  type FakeStripe,
} from '../support/fake-stripe.js';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';

/** Log lines as the server wrote them, parsed, so a test can ask what was logged at which level. */
export interface LogLine {
  level: number;
  msg?: string;
  err?: { stack?: string };
  [field: string]: unknown;
}

export const LOG_LEVELS = { info: 30, warn: 40, error: 50 } as const;

export function captureLogs(): { destination: { write(line: string): void }; lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    destination: {
      write(line: string) {
        lines.push(JSON.parse(line) as LogLine);
      },
    },
  };
}

/** Every line that mentions a stack trace anywhere, nested fields included. */
export function linesWithStacks(lines: LogLine[]): LogLine[] {
  return lines.filter((line) => JSON.stringify(line).includes('    at '));
}

export interface RawExchange {
  /** Everything the server sent before it closed the connection. */
  response: string;
  /** How long the connection stayed open, in milliseconds. */
  openMs: number;
}

/**
 * Sends raw bytes to a listening app, as a hostile client would, and waits for the server to
 * close the connection (or for `giveUpMs`). `chunks` are written with the given pauses between
 * them; a chunk of `null` only pauses.
 */
export function rawExchange(
  port: number,
  chunks: Array<{ data: string | Buffer | null; afterMs?: number }>,
  giveUpMs: number,
): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    const timers: NodeJS.Timeout[] = [];
    const done = (): void => {
      for (const timer of timers) clearTimeout(timer);
      resolve({
        response: Buffer.concat(received).toString('latin1'),
        openMs: Date.now() - started,
      });
    };
    const giveUp = setTimeout(() => {
      socket.destroy();
    }, giveUpMs);
    timers.push(giveUp);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('close', done);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the answer is how some refusals end; the answer is what counts.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('connect', () => {
      let at = 0;
      for (const chunk of chunks) {
        at += chunk.afterMs ?? 0;
        timers.push(
          setTimeout(() => {
            if (chunk.data !== null && socket.writable) socket.write(chunk.data);
          }, at),
        );
      }
    });
  });
}

export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return address.port;
}

/** The status code and parsed JSON body of a raw HTTP/1.1 response. */
export function parseRawResponse(raw: string): {
  status: number;
  headers: Record<string, string>;
  body: unknown;
} {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const text = rest.join('\r\n\r\n');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the test says so when it compares.
  }
  return { status, headers, body };
}

export interface ProbeBench {
  /** A scratch folder for made-up media, removed after the file's tests. */
  dir: string;
  /** An OpenAI-compatible speech engine on loopback that answers every upload alike. */
  fake: FakeOpenAI;
  /** Environment that points a test app's transcription at `fake`. */
  openAiEnv(): Record<string, string>;
}

/** One probe file's scratch folder and fake engine, made before its tests and removed after. */
export function useProbeBench(name: string, transcript: string): () => ProbeBench {
  let bench: ProbeBench | undefined;
  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), `voice-ideas-${name}-`));
    const fake = await startFakeOpenAI({ transcript });
    bench = {
      dir,
      fake,
      openAiEnv: () => ({
        TRANSCRIBE_ENGINE: 'openai',
        OPENAI_BASE_URL: fake.url,
        TRANSCRIBE_TIMEOUT_MS: '5000',
      }),
    };
  });
  afterAll(async () => {
    await bench?.fake.close();
    if (bench) await rm(bench.dir, { recursive: true, force: true });
  });
  return () => {
    if (bench === undefined) throw new Error('the probe bench is not ready yet');
    return bench;
  };
}

/**
 * An ffmpeg that runs under GNU time, to hand to decodeAudio as its ffmpegPath: `peakKb()` then
 * reads the peak resident memory of the last run.
 */
export async function measuredFfmpeg(
  dir: string,
): Promise<{ path: string; peakKb(): Promise<number> }> {
  const peakFile = join(dir, 'peak-kb');
  const path = join(dir, 'measured-ffmpeg');
  await writeFile(path, `#!/bin/sh\nexec /usr/bin/time -f '%M' -o '${peakFile}' ffmpeg "$@"\n`);
  await chmod(path, 0o755);
  return {
    path,
    peakKb: async () => Number((await readFile(peakFile, 'utf8')).trim().split('\n').at(-1)),
  };
}

export const PUBLIC_URL = 'http://ideas.example:8080';
/** Inside the test clock's month, so a period paid from it is current. */
export const PERIOD_START = new Date('2026-03-09T00:00:00.000Z');

export function opensNoSession(response: LightMyRequestResponse): void {
  expect(response.cookies.map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);
}

export interface Checkout {
  /** The checkout session as the provider holds it. */
  session: FakeCheckoutSession;
  claimToken: string;
  /** The Cookie pair of the browser that started it. */
  browser: string;
}

export interface CheckoutApp {
  app(): FastifyInstance;
  /** The billing provider on loopback; its webhooks are delivered to the app. */
  fake(): FakeStripe;
  /** The mail server the app sends to; only with `mail`. */
  inbox(): SmtpInbox;
  /** A checkout started by a browser of its own (a fresh cookie jar), with its headers. */
  startCheckout(email: string, headers?: Record<string, string>): Promise<Checkout>;
  /** Posts the checkout's claim, by default from the browser that started it. */
  claim(checkout: Checkout, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/**
 * One file's test app on a fake Stripe that delivers its webhooks to it, and with `mail` an SMTP
 * inbox the app sends to; made before the file's tests and closed after.
 */
export function useCheckoutApp(
  dialect: Dialect,
  options: { env?: Record<string, string>; mail?: boolean } = {},
): CheckoutApp {
  let fake: FakeStripe | undefined;
  let inbox: SmtpInbox | undefined;
  let testApp: TestApp | undefined;
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready (or was not asked for)`);
    return value;
  };
  const app = () => ready(testApp, 'the test app').app;
  const stripe = () => ready(fake, 'the fake Stripe');

  beforeAll(async () => {
    fake = await startFakeStripe();
    if (options.mail === true) inbox = await startSmtpInbox();
    testApp = await createTestApp(dialect, {
      env: { ...fake.env, ...options.env, ...(inbox && { SMTP_URL: inbox.url }) },
    });
    fake.setWebhookTarget(
      async ({ payload, signature }) =>
        (
          await app().inject({
            method: 'POST',
            url: '/api/billing/webhook',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            payload,
          })
        ).statusCode,
    );
  });
  afterAll(async () => {
    if (testApp) await closeTestApp(testApp);
    await fake?.close();
    await inbox?.close();
  });

  return {
    app,
    fake: stripe,
    inbox: () => ready(inbox, 'the SMTP inbox'),
    async startCheckout(email, headers = {}) {
      const response = await app().inject({
        method: 'POST',
        url: '/api/billing/create-checkout-session',
        headers,
        payload: { email },
      });
      expect(response.statusCode, response.body).toBe(200);
      const sessionId = response.json<{ checkoutUrl: string }>().checkoutUrl.split('/').pop();
      const session = stripe().checkoutSessions.get(sessionId ?? '');
      if (!session) throw new Error('the fake has no such checkout');
      const claimToken = new URL(session.success_url).searchParams.get('claim') ?? '';
      return { session, claimToken, browser: checkoutBrowserCookieOf(response) };
    },
    claim(checkout, headers = withCookies({}, checkout.browser)) {
      return app().inject({
        method: 'POST',
        url: '/api/auth/claim',
        headers,
        payload: { token: checkout.claimToken },
      });
    },
  };
}
