import type { TranscriptionEngineName } from '#contract/api-schemas.js';
import type { AudioContainer } from './audio-sniff.js';

/** An upload already on disk and sniffed; the route owns (and removes) the file. */
export interface AudioUpload {
  filePath: string;
  container: AudioContainer;
  sizeBytes: number;
  /** Who sent it (the client address), so one client cannot take every decoding slot. */
  client?: string;
  /**
   * Words to expect (the person's dictionary): the OpenAI-compatible `prompt`, whisper.cpp's
   * initial prompt. A hint the engine may ignore.
   */
  prompt?: string | undefined;
  /**
   * The language spoken, ISO 639-1 ("fr"), when the person said (docs/api.md, "The spoken
   * language"): the OpenAI-compatible `language`, whisper.cpp's language. Absent: the engine
   * detects it (an English-only model hears English).
   */
  language?: string | undefined;
  /**
   * What a pass over this very audio already found (a recording's silence scan): an engine that
   * decodes only to measure it need not decode it a second time.
   */
  measured?: { durationMs: number; hasSpeech: boolean } | undefined;
  /**
   * Told the audio's length once it is known and before the engine is given it, so what the
   * engine costs can be counted (and refused) before it is spent. An engine that cannot know the
   * length first does not call it.
   */
  beforeEngine?: ((durationMs: number) => Promise<void>) | undefined;
}

export interface Transcription {
  transcript: string;
  /** Length of the recording itself (decoded audio), not the time the engine took. */
  durationMs: number;
  /** Something whoever runs the server should know about this transcription (it is logged). */
  warning?: string | undefined;
}

/**
 * One interface for every speech-to-text engine, so routes and tests do not care which one
 * runs. `available` is decided once at start; `reason` says why (it is logged).
 */
export interface Transcriber {
  readonly engine: TranscriptionEngineName;
  readonly available: boolean;
  readonly reason: string;
  transcribe(upload: AudioUpload, signal?: AbortSignal): Promise<Transcription>;
  close(): Promise<void>;
}

export type TranscriptionFailureKind =
  /** Silence, an empty recording or an empty transcript: 422 no_speech. */
  | 'no_speech'
  /** The bytes looked like audio but could not be decoded: 415. */
  | 'undecodable'
  /** No engine configured or its model could not be loaded: 503. */
  | 'unavailable'
  /** The engine answered with an error: 502. */
  | 'engine_failed'
  /** The engine did not answer within TRANSCRIBE_TIMEOUT_MS: 502. */
  | 'timeout'
  /** This server has no room for the work now (queues full, decoding out of time): 503. */
  | 'busy'
  /** Longer than a call for a short clip takes (MAX_DECODED_SECONDS): 413. */
  | 'too_long';

export class TranscriptionError extends Error {
  /**
   * The engine had the audio and worked on it before this failure (it answered with no words,
   * or was still at it when the time ran out): a paid provider bills that, so the minutes it
   * was counted for are not given back (afterEngineWorked).
   */
  readonly engineWorked: boolean;

  constructor(
    readonly kind: TranscriptionFailureKind,
    message: string,
    options?: { cause?: unknown; engineWorked?: boolean },
  ) {
    super(message, options);
    this.name = 'TranscriptionError';
    this.engineWorked = options?.engineWorked === true;
  }
}

/** The answers (HttpError) made from failures the engine worked on, for afterEngineWorked. */
const answeredAfterWork = new WeakSet<Error>();

/** Notes that `answer`, the HTTP error made from `failure`, came after the engine worked. */
export function carriesEngineWork(failure: TranscriptionError, answer: Error): Error {
  if (failure.engineWorked) answeredAfterWork.add(answer);
  return answer;
}

/** Whether a failed transcription's minutes stay spent: the engine worked on the audio. */
export function afterEngineWorked(error: unknown): boolean {
  if (error instanceof TranscriptionError) return error.engineWorked;
  return error instanceof Error && answeredAfterWork.has(error);
}

/** TRANSCRIBE_ENGINE=none, or a configured engine that could not start. */
export class UnavailableTranscriber implements Transcriber {
  readonly available = false;

  constructor(
    readonly engine: TranscriptionEngineName,
    readonly reason: string,
  ) {}

  transcribe(): Promise<Transcription> {
    return Promise.reject(
      new TranscriptionError('unavailable', 'Transcription is not configured on this server.'),
    );
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
