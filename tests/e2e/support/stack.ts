import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAI, type FakeOpenAI } from '../../support/fake-openai';

const rootDir = fileURLToPath(new URL('../../..', import.meta.url));
const SERVER_READY_TIMEOUT_MS = 45_000;

export interface Stack {
  baseUrl: string;
  dir: string;
  /** The OpenAI-compatible test double, to make its answers fail mid-journey. */
  fake: FakeOpenAI;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy in ${SERVER_READY_TIMEOUT_MS} ms:\n${log()}`);
}

/**
 * The real server (`tsx src/server/main.ts`) on a free port with a throwaway SQLite database,
 * its transcription and formatting pointed at the OpenAI-compatible test double, which answers
 * `transcript` for every real audio upload. With `transcription: 'none'` the server has no
 * speech-to-text engine at all, as on the embedded default; formatting still uses the double.
 */
export interface StackOptions {
  /** What the fake transcriber answers; account journeys that never record can leave it out. */
  transcript?: string;
  /** What the fake writer answers, when a journey needs a reply other than its default. */
  chatReply?: string;
  freeMonthlyLimit?: number;
  transcription?: 'fake' | 'none';
  /** LLM_TIMEOUT_MS: a journey that holds the writer's stream needs more than the default. */
  llmTimeoutMs?: number;
  /** SMTP_URL: where the server sends its mail (tests/support/smtp-inbox.ts); unset, mail goes to the log. */
  smtpUrl?: string;
  /** STRIPE_*: billing against a local double (tests/support/fake-stripe.ts); unset, billing is off. */
  stripe?: { secretKey: string; webhookSecret: string; priceId: string; apiBase: string };
}

/**
 * Account journeys sign in, out and up many times a minute from one address; the real limit
 * (docs/api.md, Configuration) is exercised by the server's own tests, not by the journeys.
 */
const JOURNEY_AUTH_RATE_LIMIT = '1000';

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dir = await mkdtemp(join(tmpdir(), 'voice-ideas-e2e-'));
  const fake = await startFakeOpenAI({
    transcript: options.transcript ?? 'Tweet work: hello.',
    ...(options.chatReply === undefined ? {} : { chatReply: options.chatReply }),
  });
  const mailEnv: Record<string, string> = options.smtpUrl
    ? { SMTP_URL: options.smtpUrl, MAIL_FROM: 'Voice Ideas <ideas@example.test>' }
    : {};
  const billingEnv: Record<string, string> = options.stripe
    ? {
        STRIPE_SECRET_KEY: options.stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: options.stripe.webhookSecret,
        STRIPE_PRICE_ID: options.stripe.priceId,
        STRIPE_API_BASE: options.stripe.apiBase,
      }
    : {};
  const transcriptionEnv =
    options.transcription === 'none'
      ? { TRANSCRIBE_ENGINE: 'none' }
      : {
          TRANSCRIBE_ENGINE: 'openai',
          TRANSCRIBE_BASE_URL: fake.url,
          TRANSCRIBE_API_KEY: 'test-key',
        };
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [join(rootDir, 'node_modules/tsx/dist/cli.mjs'), 'src/server/main.ts'],
    {
      cwd: rootDir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATABASE_URL: `sqlite:${join(dir, 'e2e.db')}`,
        ...transcriptionEnv,
        LLM_BASE_URL: fake.url,
        LLM_API_KEY: 'test-key',
        ...(options.llmTimeoutMs ? { LLM_TIMEOUT_MS: String(options.llmTimeoutMs) } : {}),
        FREE_MONTHLY_LIMIT: String(options.freeMonthlyLimit ?? 10),
        RATE_LIMIT_AI_PER_MIN: '1000',
        RATE_LIMIT_SAVES_PER_MIN: '1000',
        RATE_LIMIT_NEW_GUESTS_PER_HOUR: '1000',
        RATE_LIMIT_TEXT_BYTES_PER_HOUR: '1000000000',
        RATE_LIMIT_AUTH_PER_MIN: JOURNEY_AUTH_RATE_LIMIT,
        ...mailEnv,
        ...billingEnv,
        WEB_DIST_DIR: join(rootDir, 'dist/web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    await close();
    throw error;
  }
  return { baseUrl, dir, fake, close };
}
