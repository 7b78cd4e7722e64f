import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWithRules } from '#text/formats/format-with-rules.js';
import { askForEvents, draftsOf, readEvents } from '#tests/support/format-events.js';
import { writeTinyLlmModel } from '#tests/support/tiny-llm-model.js';
import { testConfig } from '../../config.js';
import { closeTestApp, createTestApp, type TestApp } from '../../test-support/api.js';
import { chooseWriterEngine, createAiServices } from './ai-services.js';

let dir: string;
let tinyModel: string;
let testApp: TestApp;
let baseUrl: string;

const SPOKEN = 'pitch work: a van that repairs bikes at the office while people work';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voice-ideas-llm-routes-'));
  tinyModel = join(dir, 'tiny-writer.gguf');
  await writeTinyLlmModel(tinyModel);
  testApp = await createTestApp('sqlite', {
    env: { LLM_ENGINE: 'local', LLM_MODEL_PATH: tinyModel },
  });
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  // fetch may leave a spare connection open that never sent a request; close waits for it.
  testApp.app.server.closeAllConnections();
  await closeTestApp(testApp);
  await rm(dir, { recursive: true, force: true });
});

function format(body: Record<string, string>) {
  return testApp.app.inject({ method: 'POST', url: '/api/format', payload: body });
}

describe('LLM_ENGINE=local with the tiny model', () => {
  it('says in /api/config that the writer is the embedded one', async () => {
    const response = await testApp.app.inject({ url: '/api/config' });
    expect(response.json()).toMatchObject({ formatter: { smart: true, engine: 'local' } });
  });

  it('formats through the model, refuses its nonsense and answers by rules', async () => {
    const response = await format({ transcript: SPOKEN, format: 'pitch', category: 'work' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      formatted: formatWithRules(SPOKEN, 'pitch', 'work'),
      path: 'llm+fallback',
      mode: 'smart',
    });
  });

  it('answers 503 server_busy with Retry-After beyond the queue, and the rest by rules', async () => {
    const body = { transcript: SPOKEN, format: 'checklist', category: 'work' };
    const replies = await Promise.all(Array.from({ length: 7 }, () => format(body)));
    const busy = replies.filter((reply) => reply.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const reply of busy) {
      expect(reply.json()).toMatchObject({ error: 'server_busy' });
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    }
    for (const reply of replies.filter((r) => r.statusCode !== 503)) {
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({ path: 'llm+fallback' });
    }
  });

  it('streams the words llama.cpp writes, inside the shape, then the checked answer', async () => {
    const body = { transcript: SPOKEN, format: 'checklist', category: 'work' };
    const response = await askForEvents(baseUrl, body);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = await readEvents(response);
    const drafts = draftsOf(events);
    expect(drafts.length).toBeGreaterThan(0);
    // Each draft is the start of a checklist: a title, then items begun as the grammar demands.
    for (const draft of drafts) {
      const [title, ...items] = draft.split('\n');
      expect(title).toMatch(/^[^\s\-*[\]<]/);
      for (const item of items) {
        expect('- [ ] '.startsWith(item) || /^- \[ \] \S/.test(item), JSON.stringify(item)).toBe(
          true,
        );
      }
    }
    expect(events.at(-1)).toEqual({
      event: 'done',
      data: expect.objectContaining({
        formatted: formatWithRules(SPOKEN, 'checklist', 'work'),
        path: 'llm+fallback',
      }) as unknown,
    });
  });

  it('leaves the writer free for the next request when a client hangs up mid-stream', async () => {
    const body = { transcript: SPOKEN, format: 'pitch', category: 'work' };
    const controller = new AbortController();
    const left = await askForEvents(baseUrl, body, controller.signal);
    await readEvents(left, (event) => {
      if (event.event === 'draft') controller.abort();
    }).catch(() => undefined);
    const next = await readEvents(await askForEvents(baseUrl, body));
    expect(draftsOf(next).length).toBeGreaterThan(0);
    expect(next.at(-1)?.data).toMatchObject({ path: 'llm+fallback' });
  });

  it('keeps reliable mode on the rules without asking the model', async () => {
    const response = await format({
      transcript: SPOKEN,
      format: 'tweet',
      category: 'work',
      mode: 'reliable',
    });
    expect(response.json()).toMatchObject({ path: 'rules' });
  });
});

describe('choosing the writer at start', () => {
  const llm = (env: Record<string, string>) =>
    testConfig({ LLM_MODEL_PATH: '/nonexistent/x.gguf', ...env }).llm;

  it('picks openai for auto when a base URL is set, local when the model exists, else none', () => {
    expect(chooseWriterEngine(llm({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' })).engine).toBe(
      'openai',
    );
    expect(chooseWriterEngine(llm({ LLM_MODEL_PATH: tinyModel })).engine).toBe('local');
    expect(chooseWriterEngine(llm({})).engine).toBe('none');
    expect(chooseWriterEngine(llm({ LLM_ENGINE: 'none', OPENAI_API_KEY: 'k' })).engine).toBe(
      'none',
    );
  });

  it('logs one clear line for a broken model file and runs on the rules', async () => {
    const broken = join(dir, 'broken.gguf');
    await writeFile(broken, Buffer.from('GGUF\u0003\u0000\u0000\u0000 cut short'));
    const lines: string[] = [];
    const log = { info: () => undefined, warn: (line: string) => lines.push(line) };
    const services = await createAiServices(
      testConfig({ LLM_ENGINE: 'local', LLM_MODEL_PATH: broken, TRANSCRIBE_ENGINE: 'none' }),
      log,
    );
    const writerLines = lines.filter((line) => line.includes('Smart formatting'));
    expect(writerLines).toHaveLength(1);
    expect(writerLines[0]).toMatch(
      /embedded writer cannot start: llama\.cpp could not load the model .*broken\.gguf/,
    );
    expect(services.formatter.engine).toBe('none');
    const result = await services.formatter.format({
      transcript: SPOKEN,
      format: 'tweet',
      category: 'work',
      mode: 'smart',
    });
    expect(result.path).toBe('rules');
  });
});
