// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTranscript, inferOnServer, transcribe } from './capture-api';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: string) {
  const fetchStub = vi.fn(async () => new Response(body, { status }));
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

const input = { transcript: 'ship it', format: 'tweet', category: 'work' } as const;

describe('capture calls fail with what the person should read (docs/product.md, What goes wrong)', () => {
  it("a transcription: the server's message, else 'Transcription failed with status {code}'", async () => {
    answer(502, '{"error":"transcription_failed","message":"The service failed."}');
    await expect(transcribe(new Blob(['x']), 'recording.webm')).rejects.toThrow(
      'The service failed.',
    );
    answer(500, '');
    await expect(transcribe(new Blob(['x']), 'recording.webm')).rejects.toThrow(
      'Transcription failed with status 500',
    );
  });

  it("a format: the server's message or error, else 'Formatting failed with status {code}'", async () => {
    answer(400, '{"error":"invalid_body","message":"transcript is required"}');
    await expect(formatTranscript(input)).rejects.toThrow('transcript is required');
    answer(429, '{"error":"rate_limited"}');
    await expect(formatTranscript(input)).rejects.toThrow('rate_limited');
    answer(503, '<html>proxy</html>');
    await expect(formatTranscript(input)).rejects.toThrow('Formatting failed with status 503');
  });

  it('sends the format call in smart mode', async () => {
    const fetchStub = answer(500, '');
    await formatTranscript(input).catch(() => undefined);
    const init = fetchStub.mock.calls[0]?.at(1) as RequestInit | undefined;
    expect(JSON.parse(String(init?.body))).toEqual({ ...input, mode: 'smart' });
  });

  it('an inference: silent, nothing found at confidence 0', async () => {
    answer(500, 'boom');
    expect(await inferOnServer('ship it')).toEqual({
      format: null,
      category: null,
      confidence: 0,
    });
  });
});
