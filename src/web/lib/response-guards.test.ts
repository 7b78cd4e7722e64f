import { describe, expect, it } from 'vitest';
import { ResponseShapeError, parseConfig } from './response-guards';
import { voiceTranscriptionAvailable } from './server-config';

const EMBEDDED_DEFAULT = {
  version: '1.0.0',
  transcription: { engine: 'none', available: false },
  formatter: { smart: false },
  billing: { enabled: false, priceMonthly: 9 },
  freeMonthlyLimit: 10,
};

describe('parseConfig', () => {
  it('accepts the embedded default and keeps what the app reads', () => {
    const config = parseConfig({ ...EMBEDDED_DEFAULT, extra: 'ignored' });
    expect(config).toEqual(EMBEDDED_DEFAULT);
    expect(voiceTranscriptionAvailable(config)).toBe(false);
  });

  it('accepts a server with a transcription engine', () => {
    const config = parseConfig({
      ...EMBEDDED_DEFAULT,
      transcription: { engine: 'whisper', available: true },
    });
    expect(voiceTranscriptionAvailable(config)).toBe(true);
  });

  it.each([
    ['no transcription block', { ...EMBEDDED_DEFAULT, transcription: undefined }],
    ['an unknown engine', { ...EMBEDDED_DEFAULT, transcription: { engine: 'x', available: true } }],
    [
      'availability as a string',
      { ...EMBEDDED_DEFAULT, transcription: { engine: 'none', available: 'false' } },
    ],
    ['a missing formatter', { ...EMBEDDED_DEFAULT, formatter: null }],
    ['a price as text', { ...EMBEDDED_DEFAULT, billing: { enabled: false, priceMonthly: '9' } }],
    ['an array', [EMBEDDED_DEFAULT]],
  ])('refuses %s', (_name, value) => {
    expect(() => parseConfig(value)).toThrow(ResponseShapeError);
  });
});

describe('voiceTranscriptionAvailable', () => {
  it('records as before while the configuration is unknown', () => {
    expect(voiceTranscriptionAvailable(undefined)).toBe(true);
  });
});
