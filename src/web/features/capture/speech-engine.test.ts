import { describe, expect, it } from 'vitest';
import { browserSpeechAvailable, chooseSpeechEngine, microphoneCanBeShared } from './speech-engine';
import { explainSpeechError } from './speech-errors';

describe('choosing the speech engine', () => {
  it('prefers a real server engine when the person has not chosen', () => {
    expect(chooseSpeechEngine(null, true, true)).toBe('server');
    expect(chooseSpeechEngine(null, true, false)).toBe('server');
  });

  it("uses the browser's engine when the server has none", () => {
    expect(chooseSpeechEngine(null, false, true)).toBe('browser');
    expect(chooseSpeechEngine('server', false, true)).toBe('browser');
  });

  it("keeps the person's choice when both engines can work", () => {
    expect(chooseSpeechEngine('browser', true, true)).toBe('browser');
    expect(chooseSpeechEngine('server', true, true)).toBe('server');
  });

  it('falls back to the server when the chosen browser engine is missing', () => {
    expect(chooseSpeechEngine('browser', true, false)).toBe('server');
  });

  it('leaves only typing when neither engine exists', () => {
    expect(chooseSpeechEngine(null, false, false)).toBeNull();
    expect(chooseSpeechEngine('browser', false, false)).toBeNull();
  });

  it('finds the standard and the prefixed Web Speech constructor', () => {
    expect(browserSpeechAvailable({ SpeechRecognition: EventTarget })).toBe(true);
    expect(browserSpeechAvailable({ webkitSpeechRecognition: EventTarget })).toBe(true);
    expect(browserSpeechAvailable({})).toBe(false);
  });
});

describe('the live preview beside a server recording', () => {
  const ANDROID =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0 Mobile Safari/537.36';
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
  const MAC =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
  const LINUX_CHROME =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0 Safari/537.36';

  it('is offered on desktops, where recording and recognition share the microphone', () => {
    expect(microphoneCanBeShared({ userAgent: MAC, maxTouchPoints: 0 })).toBe(true);
    expect(
      microphoneCanBeShared({ userAgent: LINUX_CHROME, userAgentData: { mobile: false } }),
    ).toBe(true);
  });

  it('is not offered on phones and tablets, where one owner gets the microphone', () => {
    expect(microphoneCanBeShared({ userAgent: ANDROID, userAgentData: { mobile: true } })).toBe(
      false,
    );
    expect(microphoneCanBeShared({ userAgent: ANDROID })).toBe(false);
    expect(microphoneCanBeShared({ userAgent: IPHONE, maxTouchPoints: 5 })).toBe(false);
    // iPadOS Safari says Macintosh; its touch points give it away.
    expect(microphoneCanBeShared({ userAgent: MAC, maxTouchPoints: 5 })).toBe(false);
  });
});

describe('speech recognition errors', () => {
  const codes = [
    'no-speech',
    'network',
    'not-allowed',
    'service-not-allowed',
    'audio-capture',
    'aborted',
    'language-not-supported',
  ];

  it('gives every error code its own message', () => {
    const titles = codes.map((code) => explainSpeechError(code, false).title);
    expect(new Set(titles).size).toBe(codes.length);
    expect(titles).not.toContain(explainSpeechError('bad-grammar', false).title);
  });

  it('keeps typing on offer beside the button only when the microphone itself is the problem', () => {
    const micProblems = codes.filter((code) => explainSpeechError(code, false).micUnavailable);
    expect(micProblems).toEqual(['not-allowed', 'audio-capture']);
    expect(explainSpeechError('not-allowed', false).title).toBe('Microphone Permission Denied');
    expect(explainSpeechError('no-speech', false).typingReason).toBe('speech-failed');
  });

  it('points to the server engine for browser-side failures only when there is one', () => {
    for (const code of ['network', 'service-not-allowed', 'language-not-supported']) {
      expect(explainSpeechError(code, true).description).toContain('This server');
      expect(explainSpeechError(code, false).description).not.toContain('This server');
      expect(explainSpeechError(code, false).description).toContain('type your idea');
    }
    expect(explainSpeechError('no-speech', true).description).not.toContain('This server');
  });
});
