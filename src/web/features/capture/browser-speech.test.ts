import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SpeechFailure, joinText, listen, transcriptOf } from './browser-speech';

type Result = { isFinal: boolean; length: number; 0: { transcript: string } };
const result = (transcript: string, isFinal: boolean): Result => ({
  isFinal,
  length: 1,
  0: { transcript },
});

/** A Web Speech API recognition as Chrome behaves, driven step by step by the test. */
class FakeRecognition extends EventTarget {
  static instances: FakeRecognition[] = [];
  static onDevice: string | undefined;
  static installs = 0;
  static available?: (options: { langs: string[] }) => Promise<string>;
  static install?: () => Promise<boolean>;
  continuous = false;
  interimResults = false;
  lang = '';
  processLocally = false;
  results: Result[] = [];
  running = false;
  constructor() {
    super();
    FakeRecognition.instances.push(this);
  }
  start() {
    this.running = true;
  }
  stop() {
    this.finish();
  }
  abort() {
    this.fail('aborted');
  }
  opened() {
    this.dispatchEvent(new Event('start'));
  }
  hear(transcript: string, isFinal: boolean) {
    const last = this.results.at(-1);
    if (last && !last.isFinal) this.results.pop();
    this.results.push(result(transcript, isFinal));
    this.dispatchEvent(Object.assign(new Event('result'), { results: this.results }));
  }
  fail(error: string) {
    this.dispatchEvent(Object.assign(new Event('error'), { error }));
    this.finish();
  }
  finish() {
    if (!this.running) return;
    this.running = false;
    this.dispatchEvent(new Event('end'));
  }
}

const latest = () => {
  const recognition = FakeRecognition.instances.at(-1);
  if (!recognition) throw new Error('no recognition was created');
  return recognition;
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  FakeRecognition.instances = [];
  FakeRecognition.available = undefined;
  FakeRecognition.install = undefined;
  vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function started(onText: (text: string) => void = () => {}) {
  const session = listen({ lang: 'en-GB', onText });
  await tick();
  latest().opened();
  return session;
}

describe('browser speech recognition', () => {
  it('listens continuously with interim words, and ends with everything heard', async () => {
    const texts: string[] = [];
    const session = await started((text) => texts.push(text));
    const recognition = latest();
    expect([recognition.continuous, recognition.interimResults, recognition.lang]).toEqual([
      true,
      true,
      'en-GB',
    ]);
    recognition.hear('tweet work', false);
    recognition.hear('tweet work:', true);
    recognition.hear('ship the', false);
    expect(texts).toEqual(['tweet work', 'tweet work:', 'tweet work: ship the']);
    session.stop();
    await expect(session.done).resolves.toBe('tweet work: ship the');
  });

  it('goes on listening after the service ends a session by itself', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const session = await started();
    latest().hear('first part', true);
    vi.setSystemTime(Date.now() + 5000);
    latest().finish();
    expect(FakeRecognition.instances).toHaveLength(2);
    latest().opened();
    latest().hear('second part', true);
    session.stop();
    await expect(session.done).resolves.toBe('first part second part');
  });

  it('treats a pause after some words as no failure', async () => {
    const session = await started();
    latest().hear('call mum', true);
    latest().fail('no-speech');
    latest().opened();
    session.stop();
    await expect(session.done).resolves.toBe('call mum');
  });

  it('fails with the service error code, during or before listening', async () => {
    const session = await started();
    latest().hear('half a', false);
    latest().fail('network');
    await expect(session.done).rejects.toEqual(new SpeechFailure('network'));

    const refused = listen({ lang: 'en-US', onText: () => {} });
    await tick();
    latest().fail('not-allowed');
    await expect(refused).rejects.toMatchObject({ code: 'not-allowed' });
  });

  it('fails with no-speech when nothing at all was heard', async () => {
    const session = await started();
    session.stop();
    await expect(session.done).rejects.toMatchObject({ code: 'no-speech' });
  });

  it('recognises on this device when the browser can, else falls back to its service', async () => {
    FakeRecognition.available = () => Promise.resolve('available');
    const attempt = listen({ lang: 'en-US', onText: () => {} });
    await tick();
    expect(latest().processLocally).toBe(true);
    latest().fail('language-not-supported');
    expect(FakeRecognition.instances).toHaveLength(2);
    expect(latest().processLocally).toBe(false);
    latest().opened();
    const session = await attempt;
    latest().hear('hello', true);
    session.stop();
    await expect(session.done).resolves.toBe('hello');
  });

  it('asks the browser to install on-device recognition it could download', async () => {
    let installs = 0;
    FakeRecognition.available = () => Promise.resolve('downloadable');
    FakeRecognition.install = () => {
      installs++;
      return Promise.resolve(true);
    };
    await started();
    expect(installs).toBe(1);
    expect(latest().processLocally).toBe(false);
  });

  it('gives up waiting for the last words when the service never ends', async () => {
    const session = await started();
    const recognition = latest();
    recognition.hear('last words', false);
    recognition.stop = () => {};
    recognition.abort = () => {};
    vi.useFakeTimers();
    session.stop();
    vi.advanceTimersByTime(5000);
    await expect(session.done).resolves.toBe('last words');
  });

  it('joins final and interim words into one line', () => {
    expect(
      transcriptOf([result(' one', true), result(' two', true), result('thr', false)]),
    ).toEqual({
      final: 'one two',
      interim: 'thr',
    });
    expect(joinText('', 'a', '', 'b')).toBe('a b');
  });
});
