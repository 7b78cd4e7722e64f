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
