// @vitest-environment node
// Node, like a service worker, has no localStorage and no document: the worker's processing must
// run on what the recording carries.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addPending,
  deletePending,
  getPending,
  listPending,
  type NewPending,
} from './pending-store';
import { processWaiting, type PendingSteps } from './process-pending';
import { processPendingInWorker } from './worker-sync';

const GUEST = 'guest_keptForLater1';

interface Seen {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

interface ServerOptions {
  email?: string;
  /** Answer a path with a network failure, as fetch does without a connection. */
  offlineAt?: string;
}

/** The server of docs/api.md as far as the worker talks to it, with what each request carried. */
function stubServer({ email = '', offlineAt }: ServerOptions = {}) {
  const seen: Seen[] = [];
  const saved = new Map<string, unknown>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
      seen.push({ method: init.method ?? 'GET', path: input, headers, body });
      if (input === offlineAt) throw new TypeError('Failed to fetch');
      const json = (value: unknown, status = 200, extra: Record<string, string> = {}) =>
        new Response(JSON.stringify(value), {
          status,
          headers: { 'Content-Type': 'application/json', ...extra },
        });
      switch (input) {
        case '/api/me':
          return json({ id: email === '' ? '' : 'user-1', email, plan: email ? 'free' : 'guest' });
        case '/api/transcribe':
          return json({ transcript: 'Tweet work: the queue keeps it', engine: 'openai' }, 200, {
            'Recording-Token': 'token-1',
          });
        case '/api/infer-format-category':
          return json({ format: null, category: null, confidence: 0 });
        case '/api/format': {
          const { transcript } = body as { transcript: string };
          return json({ formatted: transcript.toUpperCase(), path: 'rules', mode: 'smart' });
        }
        case '/api/ideas':
        case '/api/guest-ideas': {
          const key = headers.get('Idempotency-Key') ?? '';
          if (!saved.has(key)) saved.set(key, { ...(body as object), id: `idea-${saved.size}` });
          return json(saved.get(key), 201);
        }
        default:
          return json({ error: 'not_found', message: 'No such endpoint' }, 404);
      }
    }),
  );
  return { seen, saved, calls: (path: string) => seen.filter((call) => call.path === path) };
}

function keep(overrides: Partial<NewPending> = {}) {
  return addPending({
    audio: new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], { type: 'audio/webm' }),
    transcript: null,
    format: 'checklist',
    category: 'personal',
    status: 'waiting',
    error: null,
    guestId: GUEST,
    ...overrides,
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  for (const record of await listPending()) await deletePending(record.id);
});

describe('the service worker processing kept recordings', () => {
  it("saves a guest's recording to the guest it was kept for, once, and tells the pages", async () => {
    const server = stubServer();
    const record = await keep();
    const pages = new BroadcastChannel('voice-ideas-pending');
    const told = new Promise((resolve) => pages.addEventListener('message', resolve));

    const onSaved = vi.fn(async () => {});
    expect(await processPendingInWorker(onSaved)).toBe(1);
    // The open pages hear it (service-worker.ts posts it to them).
    expect(onSaved).toHaveBeenCalledExactlyOnceWith(1);

    // The same steps as a live recording: the spoken command decides and is stripped.
    expect(server.calls('/api/format')[0]?.body).toEqual({
      transcript: 'the queue keeps it',
      format: 'tweet',
      category: 'work',
      mode: 'smart',
    });
    // One unit of the AI rate limit: the transcription's token goes with the format call.
    expect(server.calls('/api/format')[0]?.headers.get('Recording-Token')).toBe('token-1');
    const [save, ...more] = server.calls('/api/guest-ideas');
    expect(more).toEqual([]);
    expect(save?.headers.get('X-Guest-Id')).toBe(GUEST);
    expect(save?.headers.get('Idempotency-Key')).toBe(record.id);
    expect(save?.body).toEqual({
      content: 'THE QUEUE KEEPS IT',
      format: 'tweet',
      category: 'work',
      transcript: 'Tweet work: the queue keeps it',
    });
    expect(server.calls('/api/ideas')).toEqual([]);
    expect(await listPending()).toEqual([]);
    await told;
    pages.close();
  });

  it('saves as the account the cookie signs in, a recording kept before guest ids too', async () => {
    const server = stubServer({ email: 'ada@example.com' });
    await keep({ guestId: null, transcript: 'buy milk, call mum' });

    expect(await processPendingInWorker()).toBe(1);
    expect(server.calls('/api/guest-ideas')).toEqual([]);
    expect(server.calls('/api/ideas')).toHaveLength(1);
    // The transcript kept before going offline is not sent for transcription again.
    expect(server.calls('/api/transcribe')).toEqual([]);
  });

  it('leaves a guest recording kept without its guest id to a page, which knows it', async () => {
    const server = stubServer();
    const record = await keep({ guestId: null });

    expect(await processPendingInWorker()).toBe(0);
    expect(server.seen.map((call) => call.path)).toEqual(['/api/me']);
    expect(await getPending(record.id)).toMatchObject({ status: 'waiting', claimedUntil: 0 });
  });

  it('keeps the transcript when the connection drops, fails so Background Sync retries, and never transcribes twice', async () => {
    const dropped = stubServer({ offlineAt: '/api/guest-ideas' });
    const record = await keep();

    await expect(processPendingInWorker()).rejects.toThrow(/still waiting/);
    expect(await getPending(record.id)).toMatchObject({
      status: 'waiting',
      transcript: 'Tweet work: the queue keeps it',
      claimedUntil: 0,
    });
    expect(dropped.calls('/api/transcribe')).toHaveLength(1);

    const back = stubServer();
    expect(await processPendingInWorker()).toBe(1);
    expect(back.calls('/api/transcribe')).toEqual([]);
    expect(back.saved.size).toBe(1);
    expect(await listPending()).toEqual([]);
  });

  it('marks a recording the server refuses as failed, for the person to retry or discard', async () => {
    stubServer();
    vi.mocked(fetch).mockImplementationOnce(
      async () => new Response(JSON.stringify({ id: '', email: '', plan: 'guest' })),
    );
    vi.mocked(fetch).mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ error: 'no_speech', message: 'No speech was found.' }), {
          status: 422,
        }),
    );
    const record = await keep();

    await processPendingInWorker();
    expect(await getPending(record.id)).toMatchObject({
      status: 'failed',
      error: 'No speech was found.',
    });
  });

  it('saves once when a page processes at the same moment', async () => {
    const server = stubServer();
    await keep({ transcript: 'remember the milk' });
    const pageSaves: string[] = [];
    const page: PendingSteps = {
      accepts: () => true,
      transcribe: async () => 'remember the milk',
      upload: async () => 'recording-1',
      transcriptOf: async () => 'remember the milk',
      format: async (record, transcript) => ({
        content: transcript,
        format: record.format,
        category: record.category,
        transcript,
      }),
      save: async (_idea, record) => pageSaves.push(record.id),
    };

    const [byWorker, byPage] = await Promise.all([processPendingInWorker(), processWaiting(page)]);
    expect(byWorker + byPage).toBe(1);
    expect(server.calls('/api/guest-ideas').length + pageSaves.length).toBe(1);
    expect(await listPending()).toEqual([]);
  });
});
