import { describe, expect, it } from 'vitest';
import {
  ImportRefusedError,
  checkImport,
  importFileName,
  looksLikeAudio,
  slicesOf,
  uploadLimitBytes,
} from './import-audio';

const MIB = 1024 * 1024;

async function refusal(promise: Promise<void>): Promise<ImportRefusedError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ImportRefusedError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('what an import accepts', () => {
  it('takes audio types, audio labelled as video, and untyped files; refuses other types', () => {
    for (const type of ['audio/mp4', 'audio/x-m4a', 'audio/mpeg', 'audio/ogg; codecs=opus', '']) {
      expect(looksLikeAudio(type), type).toBe(true);
    }
    for (const type of ['video/mp4', 'video/webm', 'application/ogg']) {
      expect(looksLikeAudio(type), type).toBe(true);
    }
    for (const type of ['text/plain', 'image/png', 'application/pdf', 'video/quicktime']) {
      expect(looksLikeAudio(type), type).toBe(false);
    }
  });

  it('refuses a file of another type before asking the server anything', async () => {
    let asked = false;
    const error = await refusal(
      checkImport(new Blob(['hello'], { type: 'text/plain' }), () => {
        asked = true;
        return Promise.resolve(MIB);
      }),
    );
    expect(error.reason).toBe('not_audio');
    expect(error.message).toBe('This file is not a recording');
    expect(asked).toBe(false);
  });

  it('refuses an empty file and one over the server limit, saying the limit', async () => {
    expect((await refusal(checkImport(new Blob([], { type: 'audio/mpeg' })))).reason).toBe('empty');
    const big = new Blob([new Uint8Array(2 * MIB + 1)], { type: 'audio/mpeg' });
    const error = await refusal(checkImport(big, () => Promise.resolve(2 * MIB)));
    expect(error.reason).toBe('too_large');
    expect(error.description).toBe('Recordings can be up to 2 MB.');
  });

  it('lets the upload decide when the limit cannot be asked (offline)', async () => {
    const file = new Blob([new Uint8Array(10)], { type: 'audio/mpeg' });
    await expect(checkImport(file, () => Promise.resolve(null))).resolves.toBeUndefined();
  });
});

describe('the server limit', () => {
  it("reads tus's Tus-Max-Size, and is unknown when the server cannot answer", async () => {
    const answering = (() =>
      Promise.resolve(
        new Response(null, { status: 204, headers: { 'Tus-Max-Size': '209715200' } }),
      )) as typeof fetch;
    expect(await uploadLimitBytes(answering)).toBe(209_715_200);
    const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    expect(await uploadLimitBytes(offline)).toBeNull();
    const silent = (() => Promise.resolve(new Response(null, { status: 204 }))) as typeof fetch;
    expect(await uploadLimitBytes(silent)).toBeNull();
  });
});

describe('the file on its way', () => {
  it('is cut into slices that put back together are the same bytes', async () => {
    const bytes = Uint8Array.from({ length: 2500 }, (_, index) => index % 251);
    const slices = [...slicesOf(new Blob([bytes]), 1000)];
    expect(slices.map((slice) => slice.size)).toEqual([1000, 1000, 500]);
    const joined = new Uint8Array(await new Blob(slices).arrayBuffer());
    expect(joined).toEqual(bytes);
  });

  it("keeps the file's own name, without a path", () => {
    expect(importFileName('Voice memo 12.m4a')).toBe('Voice memo 12.m4a');
    expect(importFileName('C:\\fakepath\\memo.mp3')).toBe('memo.mp3');
    expect(importFileName('  ')).toBe('recording');
  });
});
