import { useSyncExternalStore } from 'react';
import type { AppConfig } from '#contract/api-schemas';
import { voiceTranscriptionAvailable } from '../../lib/server-config';
import { STORAGE_KEYS, readItem, writeItem } from '../../lib/storage';

/**
 * Who turns speech into text: this server (its configured engine, fed an uploaded recording)
 * or this browser (the Web Speech API, words live while the person speaks).
 */
export type SpeechEngine = 'server' | 'browser';

export interface SpeechPreferences {
  /** The person's pick in Voice Settings; null until they make one. */
  engine: SpeechEngine | null;
  /** Whether the browser shows the words live while a server engine records. */
  livePreview: boolean;
}

/** What this page can use right now, and which engine a tap on the record button starts. */
export interface SpeechSetup {
  engine: SpeechEngine | null;
  serverAvailable: boolean;
  browserAvailable: boolean;
  /** The server's engine kind, so the app can say who hears the audio. */
  serverEngine: AppConfig['transcription']['engine'] | null;
  /** The browser can preview the words while recording for the server (see below). */
  previewAvailable: boolean;
  /** The person turned that preview on in Voice Settings (it starts off). */
  livePreview: boolean;
}

/** Feature test only: whether the constructor exists says nothing about the service answering. */
export function browserSpeechAvailable(scope: object = globalThis): boolean {
  return 'SpeechRecognition' in scope || 'webkitSpeechRecognition' in scope;
}

interface PlatformHints {
  userAgent: string;
  maxTouchPoints?: number;
  userAgentData?: { mobile: boolean };
}

/**
 * Whether the page's recording and the browser's recognition can hear the microphone at once.
 * Phone systems give the microphone to one owner: on Android the system recogniser behind the
 * Web Speech API leaves the recording silent, or hears nothing itself, and iOS arbitrates the
 * same way. There the preview would cost the recording, so it is only offered on desktops.
 */
export function microphoneCanBeShared(platform: PlatformHints): boolean {
  if (platform.userAgentData) return !platform.userAgentData.mobile;
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(platform.userAgent)) return false;
  // iPadOS Safari presents itself as a Mac; only its touch screen tells it apart.
  return !(/Macintosh/.test(platform.userAgent) && (platform.maxTouchPoints ?? 0) > 1);
}

/**
 * The engine a recording uses: the person's pick when it can work here; otherwise a real server
 * engine first (one transcript for every browser, from the engine the operator chose), then the
 * browser's own; null when neither exists and only typing is left.
 */
export function chooseSpeechEngine(
  preference: SpeechEngine | null,
  serverAvailable: boolean,
  browserAvailable: boolean,
): SpeechEngine | null {
  if (preference === 'browser' && browserAvailable) return 'browser';
  if (preference === 'server' && serverAvailable) return 'server';
  if (serverAvailable) return 'server';
  return browserAvailable ? 'browser' : null;
}

function parseEngine(value: string | null): SpeechEngine | null {
  return value === 'server' || value === 'browser' ? value : null;
}

let cached: SpeechPreferences | null = null;
const listeners = new Set<() => void>();

/** What the build-time shell (prerender.tsx) assumes: nothing stored yet. */
const DEFAULT_SPEECH_PREFERENCES: SpeechPreferences = { engine: null, livePreview: false };

export function readSpeechPreferences(): SpeechPreferences {
  cached ??= {
    engine: parseEngine(readItem(STORAGE_KEYS.speechEngine)),
    // Off until the person turns it on: a server set up to transcribe privately must not have
    // the same audio go to the browser maker's speech service unasked.
    livePreview: readItem(STORAGE_KEYS.livePreview) === 'true',
  };
  return cached;
}

export function updateSpeechPreferences(patch: Partial<SpeechPreferences>) {
  const next = { ...readSpeechPreferences(), ...patch };
  if (next.engine) writeItem(STORAGE_KEYS.speechEngine, next.engine);
  writeItem(STORAGE_KEYS.livePreview, String(next.livePreview));
  cached = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSpeechSetup(config: AppConfig | undefined): SpeechSetup {
  const preferences = useSyncExternalStore(
    subscribe,
    readSpeechPreferences,
    () => DEFAULT_SPEECH_PREFERENCES,
  );
  const serverAvailable = voiceTranscriptionAvailable(config);
  const browserAvailable = browserSpeechAvailable();
  return {
    engine: chooseSpeechEngine(preferences.engine, serverAvailable, browserAvailable),
    serverAvailable,
    browserAvailable,
    serverEngine: config ? config.transcription.engine : null,
    previewAvailable: browserAvailable && microphoneCanBeShared(navigator),
    livePreview: preferences.livePreview,
  };
}
