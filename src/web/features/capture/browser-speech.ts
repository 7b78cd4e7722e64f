/**
 * The browser's own speech recognition (Web Speech API), loaded on demand: it is the engine
 * when the server has none or the person chose it, and the live preview while a server engine
 * records. TypeScript's DOM library has no types for it, so the part used is declared here.
 */
import { explainSpeechError } from './speech-errors';

interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  readonly [index: number]: { readonly transcript: string };
}

interface RecognitionResultList {
  readonly length: number;
  readonly [index: number]: RecognitionResult;
}

interface Recognition extends EventTarget {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  processLocally?: boolean;
  start(): void;
  stop(): void;
  abort(): void;
}

type OnDeviceStatus = 'available' | 'downloadable' | 'downloading' | 'unavailable';
interface OnDeviceOptions {
  langs: string[];
  processLocally: true;
}

interface RecognitionConstructor {
  new (): Recognition;
  available?: (options: OnDeviceOptions) => Promise<OnDeviceStatus>;
  install?: (options: OnDeviceOptions) => Promise<boolean>;
}

export { explainSpeechError };

/** A Web Speech API error code ('no-speech', 'network', 'not-allowed'…), kept for the message. */
export class SpeechFailure extends Error {
  readonly code: string;
  constructor(code: string) {
    super(`Speech recognition failed: ${code}`);
    this.name = 'SpeechFailure';
    this.code = code;
  }
}

export function explainSpeechFailure(error: unknown, serverAvailable: boolean) {
  return explainSpeechError(error instanceof SpeechFailure ? error.code : '', serverAvailable);
}

function recognitionConstructor(): RecognitionConstructor | null {
  const scope = globalThis as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

/** The words so far: final results then the one still being heard, as one line of text. */
export function transcriptOf(results: RecognitionResultList): { final: string; interim: string } {
  const final: string[] = [];
  const interim: string[] = [];
  for (let i = 0; i < results.length; i++) {
    const result = results[i];
    const text = result && result.length > 0 ? result[0]?.transcript.trim() : '';
    if (text) (result?.isFinal ? final : interim).push(text);
  }
  return { final: final.join(' '), interim: interim.join(' ') };
}

export function joinText(...parts: string[]): string {
  return parts.filter(Boolean).join(' ');
}

const onDeviceOptions = (lang: string): OnDeviceOptions => ({
  langs: [lang],
  processLocally: true,
});

/**
 * Where the browser would hear speech in this language: on this device when it has an on-device
 * model ready, else at its maker's speech service. Browsers without the on-device API (Safari,
 * older Chrome) always use their service.
 */
export async function whereSpeechIsHeard(lang: string): Promise<'device' | 'service'> {
  const Recognition = recognitionConstructor();
  try {
    const status = await Recognition?.available?.(onDeviceOptions(lang));
    return status === 'available' ? 'device' : 'service';
  } catch {
    return 'service';
  }
}

/** After stop(), the service sends its last words; past this it is not coming back. */
const FINISH_TIMEOUT_MS = 5000;
/**
 * Chrome ends a continuous session by itself after a long pause or about a minute; listening
 * resumes unless sessions keep ending this fast, which means the service is refusing.
 */
const SHORTEST_SESSION_MS = 1000;

export interface SpeechSession {
  /** Settles when listening ends: with everything heard, or with a SpeechFailure. */
  readonly done: Promise<string>;
  /** Asks for the last words and ends; `done` then settles. */
  stop(): void;
  /** Ends at once and drops the outcome. */
  cancel(): void;
}

export interface ListenOptions {
  lang: string;
  /** Everything heard so far, final words and the ones still being recognised, as they change. */
  onText: (text: string) => void;
}

/**
 * Starts listening and resolves once the service has the microphone (the permission prompt, if
 * any, answered), or rejects with the SpeechFailure that stopped it from starting.
 */
export async function listen({ lang, onText }: ListenOptions): Promise<SpeechSession> {
  const Recognition = recognitionConstructor();
  if (!Recognition) throw new SpeechFailure('service-not-allowed');
  let onDevice = false;
  try {
    const status = await Recognition.available?.(onDeviceOptions(lang));
    onDevice = status === 'available';
    // Downloaded now, recognition stays on this device from the next recording on.
    if (status === 'downloadable')
      void Recognition.install?.(onDeviceOptions(lang)).catch(() => {});
  } catch {
    onDevice = false;
  }

  let recognition: Recognition;
  let committed = '';
  let latest = { final: '', interim: '' };
  let started = false;
  let stopping = false;
  let cancelled = false;
  let settled = false;
  let heardAnything = false;
  let sessionStartedAt = 0;
  let error: string | null = null;
  let finishTimer: ReturnType<typeof setTimeout> | undefined;
  let resolveStart: (session: SpeechSession) => void = () => {};
  let rejectStart: (failure: SpeechFailure) => void = () => {};
  let resolveDone: (text: string) => void = () => {};
  let rejectDone: (failure: SpeechFailure) => void = () => {};
  const done = new Promise<string>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });
  // A failure nobody awaits (a cancelled preview) must not surface as an unhandled rejection.
  done.catch(() => {});

  const heard = () => joinText(committed, latest.final, latest.interim);
  const settle = () => {
    settled = true;
    clearTimeout(finishTimer);
    const text = heard();
    if (error && !(error === 'no-speech' && text)) rejectDone(new SpeechFailure(error));
    else if (!text) rejectDone(new SpeechFailure('no-speech'));
    else resolveDone(text);
  };

  const session: SpeechSession = {
    done,
    stop() {
      if (stopping || cancelled || settled) return;
      stopping = true;
      recognition.stop();
      finishTimer = setTimeout(() => {
        recognition.abort();
        error = null;
        settle();
      }, FINISH_TIMEOUT_MS);
    },
    cancel() {
      if (cancelled) return;
      cancelled = true;
      clearTimeout(finishTimer);
      recognition.abort();
      rejectDone(new SpeechFailure('aborted'));
    },
  };

  const begin = () => {
    recognition = new Recognition();
    recognition.continuous = true;
    recognition.interimResults = true;
    recognition.lang = lang;
    if (onDevice) recognition.processLocally = true;
    recognition.addEventListener('start', () => {
      sessionStartedAt = Date.now();
      if (!started) {
        started = true;
        resolveStart(session);
      }
    });
    recognition.addEventListener('result', (event) => {
      heardAnything = true;
      latest = transcriptOf((event as Event & { results: RecognitionResultList }).results);
      if (!cancelled) onText(heard());
    });
    recognition.addEventListener('error', (event) => {
      const code = (event as Event & { error?: string }).error ?? '';
      // A pause after some words is not a failure: listening simply goes on.
      if (code === 'no-speech' && heard()) return;
      error ??= code;
    });
    recognition.addEventListener('end', () => {
      if (cancelled) return;
      if (!started) {
        // On-device recognition was offered but would not run: the normal service takes over.
        if (onDevice && error !== 'not-allowed' && error !== 'aborted') {
          onDevice = false;
          error = null;
          try {
            begin();
          } catch {
            rejectStart(new SpeechFailure('service-not-allowed'));
          }
          return;
        }
        rejectStart(new SpeechFailure(error ?? 'aborted'));
        return;
      }
      // The last interim words stand: stop() may end before the service confirms them.
      committed = joinText(committed, latest.final, latest.interim);
      latest = { final: '', interim: '' };
      const tooQuick = Date.now() - sessionStartedAt < SHORTEST_SESSION_MS && !heardAnything;
      if (stopping || error || tooQuick) {
        settle();
        return;
      }
      heardAnything = false;
      try {
        begin();
      } catch {
        settle();
      }
    });
    recognition.start();
  };

  return new Promise<SpeechSession>((resolve, reject) => {
    resolveStart = resolve;
    rejectStart = reject;
    try {
      begin();
    } catch {
      reject(new SpeechFailure('service-not-allowed'));
    }
  });
}
