import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_WRITER_FILE } from '#server/config.js';

// `npm run models` against a local stand-in for the model host: the real files cannot be
// downloaded here, so what is proven is that a file whose checksum is wrong never becomes the
// model, and that the writer's model goes where LLM_MODEL_PATH expects it.

const run = promisify(execFile);
const script = new URL('../../scripts/models.mjs', import.meta.url).pathname;
const WRITER_SHA256 = '6a1a2eb6d15622bf3c96857206351ba97e1af16c30d7a74ee38970e434e9407e';
const served = Buffer.from('GGUF but not the model anyone published');

let server: Server;
let host: string;
let dir: string;
const asked: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voice-ideas-models-'));
  server = createServer((request, response) => {
    asked.push(request.url ?? '');
    if (request.url?.endsWith(`/${DEFAULT_LOCAL_WRITER_FILE}`)) {
      response.writeHead(200, { 'content-length': served.length });
      response.end(served);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mirror`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

async function models(args: string[], env: Record<string, string>) {
  return run(process.execPath, [script, ...args], { env: { ...process.env, ...env } }).then(
    ({ stderr }) => ({ code: 0, stderr }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
}

describe('npm run models, the embedded writer', () => {
  it('fetches the default model file that LLM_MODEL_PATH names', async () => {
    await models(['--only', 'writer', '--dir', dir], { LLM_MODEL_HOST: host });
    expect(asked).toContain(`/mirror/${DEFAULT_LOCAL_WRITER_FILE}`);
  });

  it('deletes a download whose SHA-256 is not the published one, and says so', async () => {
    const result = await models(['--only', 'writer', '--dir', dir], { LLM_MODEL_HOST: host });
    const digest = createHash('sha256').update(served).digest('hex');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${DEFAULT_LOCAL_WRITER_FILE} failed its checksum (SHA-256 ${digest}, expected ${WRITER_SHA256}); the file was deleted.`,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('replaces a damaged file already in place instead of trusting it', async () => {
    const target = join(dir, DEFAULT_LOCAL_WRITER_FILE);
    await writeFile(target, 'half a model');
    const result = await models(['--only', 'writer', '--dir', dir], { LLM_MODEL_HOST: host });
    expect(result.stderr).toContain('the existing file is damaged or incomplete');
    expect(result.code).toBe(1);
    // The damaged file stays until a verified one replaces it: the server refuses it at start.
    expect(await readFile(target, 'utf8')).toBe('half a model');
    await rm(target);
  });

  it('says in one sentence that the machine is offline, naming the model service instead', async () => {
    const result = await models(['--only', 'writer', '--dir', dir], {
      LLM_MODEL_HOST: 'http://127.0.0.1:9/mirror',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^npm run models: Could not reach 127\.0\.0\.1:9 .*LLM_BASE_URL/m,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(dir, `${DEFAULT_LOCAL_WRITER_FILE}.part`))).toBe(false);
  });
});

describe('npm run models -- --multilingual', () => {
  const BASE_SHA1 = '465707469ff3a37a2b9b8d8f89f2f99de7299dac';

  it('fetches the multilingual base model instead of base.en, checked against its SHA-1', async () => {
    asked.length = 0;
    const result = await models(['--multilingual', '--only', 'speech', '--dir', dir], {
      WHISPER_MODEL_HOST: host,
    });
    expect(asked).toEqual(['/mirror/ggml-base.bin']);
    // The stand-in has no such file: a 404 is one sentence, and nothing is left behind.
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('npm run models: Downloading');
    expect(result.stderr).toContain('/mirror/ggml-base.bin failed with HTTP 404.');
    expect(await readdir(dir)).toEqual([]);
  });

  it('deletes a download that is not the published ggml-base.bin', async () => {
    const bad = createServer((_request, response) => response.end('not a whisper model'));
    await new Promise<void>((resolve) => bad.listen(0, '127.0.0.1', resolve));
    try {
      const badHost = `http://127.0.0.1:${(bad.address() as AddressInfo).port}`;
      const result = await models(['--multilingual', '--only', 'speech', '--dir', dir], {
        WHISPER_MODEL_HOST: badHost,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        new RegExp(
          `ggml-base\\.bin failed its checksum \\(SHA-1 [0-9a-f]{40}, expected ${BASE_SHA1}\\)`,
        ),
      );
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await new Promise((resolve) => bad.close(resolve));
    }
  });

  it('offline, stops with one sentence naming the transcription service instead', async () => {
    const result = await models(['--multilingual', '--only', 'speech', '--dir', dir], {
      WHISPER_MODEL_HOST: 'http://127.0.0.1:9/mirror',
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(
      /^npm run models: Could not reach 127\.0\.0\.1:9 .*ggml-base\.bin.*TRANSCRIBE_BASE_URL/,
    );
  });
});
