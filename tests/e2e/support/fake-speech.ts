import type { BrowserContext, Page } from 'playwright-core';

/**
 * A scripted Web Speech API for journeys: headless Chromium's real one needs Google's service
 * (no network here), so every page gets this stand-in as `SpeechRecognition` and
 * `webkitSpeechRecognition`. It behaves as Chrome's does with `continuous` and `interimResults`:
 * 'start' once listening, result events whose list keeps earlier final results and replaces the
 * interim one, stop() turning the pending interim words final before 'end', abort() ending
 * with an 'aborted' error. The test cues words and errors; `startError` fails the next start().
 */
export interface FakeSpeechControl {
  /** Every recognition started on the page, in order, with the settings the app gave it. */
  started: {
    lang: string;
    continuous: boolean;
    interimResults: boolean;
    processLocally: boolean;
  }[];
  /** How many recognitions are listening right now. */
  listening(): number;
  say(transcript: string, isFinal: boolean): void;
  fail(error: string): void;
  startError: string | null;
  /** What `SpeechRecognition.available({processLocally: true})` answers. */
  onDevice: 'available' | 'downloadable' | 'unavailable';
}

type FakeWindow = Window & { __fakeSpeech: FakeSpeechControl };

function installStandIn() {
  type Result = { isFinal: boolean; length: number; 0: { transcript: string; confidence: number } };
  const running: FakeSpeechRecognition[] = [];

  class FakeSpeechRecognition extends EventTarget {
    continuous = false;
    interimResults = false;
    lang = '';
    processLocally = false;
    maxAlternatives = 1;
    onstart: ((event: Event) => void) | null = null;
    onresult: ((event: Event) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    onend: ((event: Event) => void) | null = null;
    results: Result[] = [];
    active = false;

    static available() {
      return Promise.resolve(control.onDevice);
    }

    static install() {
      return Promise.resolve(false);
    }

    emit(type: 'start' | 'result' | 'error' | 'end', props: object = {}) {
      const event = Object.assign(new Event(type), props);
      this.dispatchEvent(event);
      const handler: ((event: Event) => void) | null = this[`on${type}`];
      handler?.(event);
    }

    start() {
      if (this.active)
        throw new DOMException('recognition has already started', 'InvalidStateError');
      this.active = true;
      control.started.push({
        lang: this.lang,
        continuous: this.continuous,
        interimResults: this.interimResults,
        processLocally: this.processLocally,
      });
      const error = control.startError;
      control.startError = null;
      setTimeout(() => {
        if (error) this.failWith(error);
        else {
          running.push(this);
          this.emit('start');
        }
      }, 20);
    }

    stop() {
      setTimeout(() => {
        const last = this.results.at(-1);
        if (last && !last.isFinal) {
          last.isFinal = true;
          this.emit('result', { resultIndex: this.results.length - 1, results: this.results });
        }
        this.end();
      }, 50);
    }

    abort() {
      setTimeout(() => this.failWith('aborted'), 0);
    }

    hear(transcript: string, isFinal: boolean) {
      const last = this.results.at(-1);
      if (last && !last.isFinal) this.results.pop();
      this.results.push({ isFinal, length: 1, 0: { transcript, confidence: 0.9 } });
      this.emit('result', { resultIndex: this.results.length - 1, results: this.results });
    }

    failWith(error: string) {
      if (!this.active) return;
      this.emit('error', { error, message: '' });
      this.end();
    }

    end() {
      if (!this.active) return;
      this.active = false;
      running.splice(running.indexOf(this), 1);
      this.emit('end');
    }
  }

  const current = () => {
    const recognition = running.at(-1);
    if (!recognition) throw new Error('No speech recognition is listening');
    return recognition;
  };
  const control: FakeSpeechControl = {
    started: [],
    listening: () => running.length,
    say: (transcript, isFinal) => current().hear(transcript, isFinal),
    fail: (error) => current().failWith(error),
    startError: null,
    onDevice: 'unavailable',
  };
  Object.assign(window, {
    __fakeSpeech: control,
    SpeechRecognition: FakeSpeechRecognition,
    webkitSpeechRecognition: FakeSpeechRecognition,
  });
}

export async function installFakeSpeech(context: BrowserContext) {
  await context.addInitScript(installStandIn);
}

/**
 * Chromium defines `webkitSpeechRecognition` even headless, though it cannot reach its service
 * here: journeys about a browser without speech recognition take it away.
 */
export async function removeSpeechRecognition(context: BrowserContext) {
  await context.addInitScript(() => {
    Reflect.deleteProperty(window, 'SpeechRecognition');
    Reflect.deleteProperty(window, 'webkitSpeechRecognition');
  });
}

export async function waitForListening(page: Page) {
  await page.waitForFunction(() => (window as unknown as FakeWindow).__fakeSpeech.listening() > 0);
}

export const say = (page: Page, transcript: string, isFinal: boolean) =>
  page.evaluate(
    ([text, final]) => (window as unknown as FakeWindow).__fakeSpeech.say(text, final),
    [transcript, isFinal] as const,
  );

export const failSpeech = (page: Page, error: string) =>
  page.evaluate((code) => (window as unknown as FakeWindow).__fakeSpeech.fail(code), error);

export const failNextStart = (page: Page, error: string) =>
  page.evaluate((code) => {
    (window as unknown as FakeWindow).__fakeSpeech.startError = code;
  }, error);

export const startedRecognitions = (page: Page) =>
  page.evaluate(() => (window as unknown as FakeWindow).__fakeSpeech.started);

export const offerOnDevice = (page: Page, status: FakeSpeechControl['onDevice']) =>
  page.evaluate((answer) => {
    (window as unknown as FakeWindow).__fakeSpeech.onDevice = answer;
  }, status);
