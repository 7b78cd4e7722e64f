import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatWithRules } from '#text/formats/format-with-rules.js';
import { startFakeOpenAI, type FakeOpenAI } from '#tests/support/fake-openai.js';
import { askForEvents, draftsOf, readEvents } from '#tests/support/format-events.js';
import { HttpError, installErrorHandler } from '../../http/errors.js';
import { closeTestApp, createTestApp, type TestApp } from '../../test-support/api.js';
import { answerWithEvents } from './format-events.js';

const SAID = 'Ship the release notes before Friday and thank the testers for their patience';
const TWEET = { transcript: SAID, format: 'tweet', category: 'work' } as const;

let fake: FakeOpenAI;
let testApp: TestApp;
let baseUrl: string;
/** What the fake model writes next; undefined: its usual reply made of the person's words. */
let nextReply: string | undefined;

beforeAll(async () => {
  fake = await startFakeOpenAI({
    chatReply: (messages) => nextReply ?? defaultReply(messages),
    streamDelayMs: 5,
  });
  testApp = await createTestApp('sqlite', {
    env: { LLM_BASE_URL: fake.url, LLM_API_KEY: 'test-key', LLM_TIMEOUT_MS: '1500' },
  });
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  // fetch may leave a spare connection open that never sent a request; close waits for it.
  testApp.app.server.closeAllConnections();
  await closeTestApp(testApp);
  await fake.close();
});

afterEach(() => {
  nextReply = undefined;
  fake.setFault('none');
  fake.setStreamDelay(5);
  fake.requests.length = 0;
});

/** The fake's own tweet: the transcript as said. */
function defaultReply(messages: { role: string; content: string }[]): string {
  const user = messages.find((message) => message.role === 'user')?.content ?? '';
  return (/<transcript>\n?([\s\S]*?)\n?<\/transcript>/.exec(user)?.[1] ?? user).trim();
}

function sentStream(): unknown {
  return (fake.requests.at(-1)?.body as { stream?: unknown } | undefined)?.stream;
}

describe('POST /api/format as server-sent events, with an OpenAI-compatible engine', () => {
  it('tells the words as they are written, then the checked answer the JSON caller gets', async () => {
    const response = await askForEvents(baseUrl, TWEET);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const events = await readEvents(response);
    expect(sentStream()).toBe(true);

    const drafts = draftsOf(events);
    expect(drafts.length).toBeGreaterThan(1);
    for (const [index, draft] of drafts.entries()) {
      expect(SAID.startsWith(draft.trim())).toBe(true);
      if (index > 0) expect(draft.length).toBeGreaterThan(drafts[index - 1]?.length ?? 0);
    }
    expect(events.at(-1)?.event).toBe('done');
    expect(events.filter((event) => event.event === 'done')).toHaveLength(1);

    const json = await fetch(`${baseUrl}/api/format`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TWEET),
    });
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(sentStream()).toBe(false);
    const answer: unknown = await json.json();
    expect(answer).toMatchObject({ path: 'llm', formatted: SAID });
    expect(events.at(-1)?.data).toEqual(answer);
  });

  it('ends on the rules when the final check refuses what was written', async () => {
    nextReply = 'Sure! Here is your tweet: penguins are opening a bakery on the moon';
    const events = await readEvents(await askForEvents(baseUrl, TWEET));
    expect(draftsOf(events).at(-1)).toContain('penguins');
    expect(events.at(-1)).toEqual({
      event: 'done',
      data: {
        formatted: formatWithRules(SAID, 'tweet', 'work'),
        path: 'llm+fallback',
        mode: 'smart',
        notes: [expect.stringMatching(/^Smart formatting was rejected/)],
      },
    });
  });

  it('cuts off a stream that stops halfway at LLM_TIMEOUT_MS and answers by rules', async () => {
    fake.setFault('stall');
    const events = await readEvents(await askForEvents(baseUrl, TWEET));
    expect(draftsOf(events).length).toBeGreaterThan(0);
    expect(events.at(-1)?.data).toMatchObject({
      path: 'llm+fallback',
      formatted: formatWithRules(SAID, 'tweet', 'work'),
      notes: [expect.stringMatching(/did not answer within 1500 ms/)],
    });
  });

  it('stops asking the model when the client goes away mid-stream', async () => {
    fake.setStreamDelay(40);
    const before = fake.streamsAbandoned;
    const controller = new AbortController();
    const response = await askForEvents(baseUrl, TWEET, controller.signal);
    await readEvents(response, (event) => {
      if (event.event === 'draft') controller.abort();
    }).catch(() => undefined);
    await expect.poll(() => fake.streamsAbandoned, { timeout: 5000 }).toBe(before + 1);
  });

  it('answers rules in reliable mode with one done event and no call to the model', async () => {
    const events = await readEvents(await askForEvents(baseUrl, { ...TWEET, mode: 'reliable' }));
    expect(events).toEqual([
      {
        event: 'done',
        data: expect.objectContaining({ path: 'rules', mode: 'reliable' }) as unknown,
      },
    ]);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses bad input with the usual JSON 400 before any event', async () => {
    const response = await askForEvents(baseUrl, { ...TWEET, format: 'poem' });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ error: 'invalid_input' });
  });
});

describe('the event stream of an answer that fails', () => {
  let app: FastifyInstance;
  let url: string;
  let failure: { afterDraft: boolean; error: Error };

  beforeAll(async () => {
    app = Fastify();
    installErrorHandler(app);
    app.post('/api/format', async (request, reply) => {
      await answerWithEvents(request, reply, async (onDraft) => {
        if (failure.afterDraft) onDraft(() => 'Half of it');
        await new Promise((resolve) => setTimeout(resolve, 10));
        throw failure.error;
      });
    });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(() => app.close());

  it('is the JSON error, status and headers when nothing was sent yet', async () => {
    failure = {
      afterDraft: false,
      error: new HttpError(503, 'server_busy', 'Busy.', { 'Retry-After': '10' }),
    };
    const response = await askForEvents(url, {});
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('10');
    expect(await response.json()).toEqual({ error: 'server_busy', message: 'Busy.' });
  });

  it('ends with an error event in the API error shape, never a stack, once drafts went out', async () => {
    failure = { afterDraft: true, error: new Error('the rules worker died at /src/secret.ts:12') };
    const events = await readEvents(await askForEvents(url, {}));
    expect(events).toEqual([
      { event: 'draft', data: { formatted: 'Half of it' } },
      {
        event: 'error',
        data: { error: 'internal_error', message: 'Something went wrong on the server.' },
      },
    ]);
  });
});
