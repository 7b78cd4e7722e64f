import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponseShapeError } from './api-error';
import { fetchServerConfig, voiceTranscriptionAvailable } from './server-config';

const EMBEDDED_DEFAULT = {
  version: '1.0.0',
  transcription: { engine: 'none', available: false },
  formatter: { smart: false, engine: 'none' },
  billing: { enabled: false, priceMonthly: 9 },
  freeMonthlyLimit: 10,
};

function serverAnswers(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body)),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchServerConfig', () => {
  it('accepts the embedded default and keeps only what the contract names', async () => {
    serverAnswers({ ...EMBEDDED_DEFAULT, extra: 'ignored' });
    const config = await fetchServerConfig();
    expect(config).toEqual(EMBEDDED_DEFAULT);
    expect(voiceTranscriptionAvailable(config)).toBe(false);
  });

  it('accepts a server with a transcription engine', async () => {
    serverAnswers({ ...EMBEDDED_DEFAULT, transcription: { engine: 'whisper', available: true } });
    expect(voiceTranscriptionAvailable(await fetchServerConfig())).toBe(true);
  });

  it.each([
    ['no transcription block', { ...EMBEDDED_DEFAULT, transcription: undefined }, 'transcription'],
    [
      'an unknown engine',
      { ...EMBEDDED_DEFAULT, transcription: { engine: 'x', available: true } },
      'transcription.engine',
    ],
    [
      'availability as a string',
      { ...EMBEDDED_DEFAULT, transcription: { engine: 'none', available: 'false' } },
      'transcription.available',
    ],
    ['a missing formatter', { ...EMBEDDED_DEFAULT, formatter: null }, 'formatter'],
    [
      'a price as text',
      { ...EMBEDDED_DEFAULT, billing: { enabled: false, priceMonthly: '9' } },
      'billing.priceMonthly',
    ],
    ['an array', [EMBEDDED_DEFAULT], ''],
  ])('refuses %s, naming the field', async (_name, body, field) => {
    serverAnswers(body);
    const failure = fetchServerConfig();
    await expect(failure).rejects.toThrow(ResponseShapeError);
    await expect(failure).rejects.toThrow(
      `Unexpected response from the server (/api/config${field === '' ? '' : `: ${field}`})`,
    );
  });
});

describe('voiceTranscriptionAvailable', () => {
  it('records as before while the configuration is unknown', () => {
    expect(voiceTranscriptionAvailable(undefined)).toBe(true);
  });
});
