import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWithRules } from '#text/formats/format-with-rules.js';
import { writeTinyLlmModel } from '#tests/support/tiny-llm-model.js';
import { testConfig } from '../../config.js';
import { closeTestApp, createTestApp, type TestApp } from '../../test-support/api.js';
import { chooseWriterEngine, createAiServices } from './ai-services.js';

let dir: string;
let tinyModel: string;
let testApp: TestApp;

const SPOKEN = 'pitch work: a van that repairs bikes at the office while people work';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voice-ideas-llm-routes-'));
  tinyModel = join(dir, 'tiny-writer.gguf');
  await writeTinyLlmModel(tinyModel);
  testApp = await createTestApp('sqlite', {
    env: { LLM_ENGINE: 'local', LLM_MODEL_PATH: tinyModel },
  });
});

afterAll(async () => {
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
