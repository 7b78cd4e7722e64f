import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_LOCAL_WRITER_FILE } from '#server/config.js';
import { makeSpeech } from '#tests/support/speech-audio.js';
import { writeTinyLlmModel } from '#tests/support/tiny-llm-model.js';
import { writeTinyWhisperModel } from '#tests/support/tiny-whisper-model.js';
import { AppContainers, answers } from './support/app-container.js';
import { Caller } from './support/client.js';
import { run } from './support/docker.js';

/**
 * The speech and writer models given to a container without a rebuild (docs/deploy.md,
 * "Models"): put into the models volume by hand, or downloaded into it by `npm run models`.
 * The real files cannot be downloaded here, so the models are tiny ones in the real formats
 * with random weights, made by the tests.
 */

const apps = new AppContainers(inject('appImage'));

afterAll(async () => {
  await apps.removeAll();
});

/** A model file made on the host, copied into a fresh models volume as docs/deploy.md says. */
async function volumeWith(file: string, make: (path: string) => Promise<unknown>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vi-containers-'));
  try {
    await make(join(dir, file));
    const models = apps.volume(`given-${file}`);
    await apps.put(models, '/app/models', `/app/models/${file}`, await readFile(join(dir, file)));
    return models;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('models given to a container without a rebuild', () => {
  it('transcribes with a whisper model placed in its models volume', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vi-containers-'));
    const speech = await readFile(await makeSpeech(dir, 'Buy milk and call mum.', 'webm'));
    await rm(dir, { recursive: true, force: true });
    const models = await volumeWith('ggml-base.en.bin', writeTinyWhisperModel);

    const app = await apps.start({ models });
    await answers(app.url);
    const config = await new Caller(app.url).call<{ transcription: unknown }>(
      app.url,
      'GET',
      '/api/config',
    );
    expect(config.body.transcription).toEqual({ engine: 'whisper', available: true });

    const form = new FormData();
    form.append('audio', new Blob([speech], { type: 'audio/webm' }), 'recording.webm');
    const response = await fetch(`${app.url}/api/transcribe`, {
      method: 'POST',
      headers: { origin: app.url },
      body: form,
      signal: AbortSignal.timeout(120_000),
    });
    const body = (await response.json()) as { engine?: string; transcript?: string };
    // A model with random weights: the words are nonsense, but whisper.cpp ran on them.
    expect(response.status).toBe(200);
    expect(body.engine).toBe('whisper');
    expect(typeof body.transcript).toBe('string');
  });

  it('writes with the embedded writer once its model is in the models volume', async () => {
    const models = await volumeWith(DEFAULT_LOCAL_WRITER_FILE, writeTinyLlmModel);

    const app = await apps.start({ models });
    await answers(app.url);
    const caller = new Caller(app.url);
    const spoken = 'pitch work: a van that repairs bikes at the office while people work';
    const config = await caller.call<{ formatter: unknown }>(app.url, 'GET', '/api/config');
    expect(config.body.formatter).toMatchObject({ smart: true, engine: 'local' });
    const ask = (mode: 'smart' | 'reliable') =>
      caller.call<{ path: string; formatted: string }>(app.url, 'POST', '/api/format', {
        transcript: spoken,
        format: 'pitch',
        category: 'work',
        mode,
      });
    const smart = await ask('smart');
    const rules = await ask('reliable');
    // Random weights write nonsense, which the output checks refuse: llama.cpp ran in the
    // container, and the rules answered, as they do unasked in reliable mode.
    expect(smart.status).toBe(200);
    expect(smart.body.path).toBe('llm+fallback');
    expect(rules.body.path).toBe('rules');
    expect(smart.body.formatted).toBe(rules.body.formatted);
  });

  it('npm run models downloads both models into the models volume on a read-only root, and checks each file', async () => {
    const requested: string[] = [];
    // A mirror that serves bytes no published model has: each download must fail its checksum.
    const host: Server = createServer((request, response) => {
      requested.push(request.url ?? '');
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': '1024',
      });
      response.end(Buffer.alloc(1024, 7));
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const address = host.address();
    const mirror = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const models = apps.volume('download-models');
    const download = (only: 'speech' | 'writer') =>
      run(
        'docker',
        [
          'run',
          '--rm',
          '--network',
          'host',
          '--read-only',
          '--tmpfs',
          '/tmp',
          '--volume',
          `${models}:/app/models`,
          '--env',
          `WHISPER_MODEL_HOST=${mirror}`,
          '--env',
          `LLM_MODEL_HOST=${mirror}`,
          apps.image,
          'npm',
          'run',
          'models',
          '--',
          '--only',
          only,
        ],
        { check: false, timeoutMs: 120_000 },
      );
    try {
      const speech = await download('speech');
      expect(speech.code).not.toBe(0);
      expect(speech.stderr).toMatch(
        /ggml-base\.en\.bin failed its checksum .* the file was deleted/,
      );
      const writer = await download('writer');
      expect(writer.code).not.toBe(0);
      expect(writer.stderr).toContain(`${DEFAULT_LOCAL_WRITER_FILE} failed its checksum`);
      expect(writer.stderr).toMatch(/the file was deleted/);
      expect(requested).toEqual(['/ggml-base.en.bin', `/${DEFAULT_LOCAL_WRITER_FILE}`]);
      const { stdout } = await apps.inImage(
        `console.log(JSON.stringify(require('node:fs').readdirSync('/app/models')))`,
        [`${models}:/app/models`],
      );
      expect(JSON.parse(stdout)).toEqual([]);
    } finally {
      await new Promise((resolve) => host.close(resolve));
    }
  });
});
