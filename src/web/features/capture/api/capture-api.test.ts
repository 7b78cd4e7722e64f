// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTranscript, inferOnServer, transcribe } from './capture-api';

/** The AI calls one capture makes carry the recording the first one was counted for (ADR 071). */

interface Sent {
  url: string;
  token: string | null;
}

function serverNaming(tokens: string[]): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    sent.push({ url, token: headers.get('Recording-Token') });
    const body = url.includes('transcribe')
      ? { transcript: 'buy milk', engine: 'openai', durationMs: 900 }
      : url.includes('infer')
        ? { format: null, category: null, confidence: 0 }
        : { formatted: 'Buy milk', path: 'rules', mode: 'smart', notes: [] };
    const named = tokens.shift();
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: 200,
        headers: {
          'content-type': 'application/json',
          ...(named === undefined ? {} : { 'Recording-Token': named }),
        },
      }),
    );
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a capture names its recording to the AI calls that follow', () => {
  it('sends the token from the transcription to infer and format, then forgets it', async () => {
    const sent = serverNaming(['recording-one']);
    await transcribe(new Blob(['x'], { type: 'audio/webm' }), 'recording.webm');
    await inferOnServer('buy milk');
    await formatTranscript({ transcript: 'buy milk', format: 'checklist', category: 'personal' });
    await inferOnServer('a typed idea');
    expect(sent.map((call) => call.token)).toEqual([null, 'recording-one', 'recording-one', null]);
  });

  it('without a transcription, the token the inference was counted under goes to format', async () => {
    const sent = serverNaming(['typed-one']);
    await inferOnServer('ship the release');
    await formatTranscript({ transcript: 'ship the release', format: 'tweet', category: 'work' });
    expect(sent.map((call) => call.token)).toEqual([null, 'typed-one']);
  });
});

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

  it("sends the format call in smart mode, with the browser's language (happy-dom's en-US)", async () => {
    const fetchStub = answer(500, '');
    await formatTranscript(input).catch(() => undefined);
    const init = fetchStub.mock.calls[0]?.at(1) as RequestInit | undefined;
    expect(JSON.parse(String(init?.body))).toEqual({ ...input, mode: 'smart', language: 'en' });
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

describe('the language spoken travels with the audio and the transcript', () => {
  function capturing(): { forms: FormData[]; bodies: unknown[] } {
    const forms: FormData[] = [];
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (init.body instanceof FormData) forms.push(init.body);
      else if (typeof init.body === 'string') bodies.push(JSON.parse(init.body));
      const body = url.includes('transcribe')
        ? { transcript: 'acheter du pain', engine: 'openai', durationMs: 900 }
        : { formatted: 'Acheter du pain.', path: 'rules', mode: 'smart', notes: [] };
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    return { forms, bodies };
  }

  it('sends the language picked, the field ahead of the audio', async () => {
    localStorage.setItem('spokenLanguage', 'fr');
    const { forms, bodies } = capturing();
    await transcribe(new Blob(['x'], { type: 'audio/webm' }), 'recording.webm');
    await formatTranscript({
      transcript: 'acheter du pain',
      format: 'checklist',
      category: 'personal',
    });
    expect([...(forms[0]?.keys() ?? [])]).toEqual(['language', 'audio']);
    expect(forms[0]?.get('language')).toBe('fr');
    expect(bodies[0]).toMatchObject({ language: 'fr', mode: 'smart' });
    localStorage.clear();
  });

  it("sends the browser's language by default", async () => {
    vi.stubGlobal('navigator', { ...navigator, language: 'de-AT' });
    const { bodies } = capturing();
    await formatTranscript({
      transcript: 'Milch kaufen',
      format: 'checklist',
      category: 'personal',
    });
    expect(bodies[0]).toMatchObject({ language: 'de' });
  });
});
