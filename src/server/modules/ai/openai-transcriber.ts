import { createReadStream } from 'node:fs';
import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError, toFile } from 'openai';
import { AUDIO_EXTENSIONS, AUDIO_MIME_TYPES } from './audio-sniff.js';
import { decodeAudio, ensureWithinDecodeCeiling, lengthCountedFromSize } from './audio-decode.js';
import { normaliseTranscript } from './transcript-text.js';
import {
  TranscriptionError,
  type AudioUpload,
  type Transcriber,
  type Transcription,
} from './transcriber.js';

export interface OpenAITranscriberOptions {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  /**
   * ffmpeg measures silence and length before paying for a call; without it an empty transcript
   * decides, and the length is counted from the size.
   */
  canDecode: boolean;
  reason: string;
}

/**
 * Any OpenAI-compatible `/audio/transcriptions` endpoint: OpenAI, Groq, speaches, LocalAI or a
 * whisper.cpp server. The original upload is sent as it came (no re-encoding), named by its
 * sniffed container so the server picks the right decoder.
 */
export class OpenAITranscriber implements Transcriber {
  readonly engine = 'openai' as const;
  readonly available = true;
  readonly reason: string;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAITranscriberOptions) {
    this.reason = options.reason;
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      // Local servers (speaches, whisper.cpp) need no key, but the SDK refuses to start without one.
      apiKey: options.apiKey ?? 'no-key-needed',
      timeout: options.timeoutMs,
      maxRetries: 0,
    });
  }

  async transcribe(upload: AudioUpload, signal?: AbortSignal): Promise<Transcription> {
    const budget = AbortSignal.timeout(this.options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, budget]) : budget;

    let durationMs = 0;
    if (upload.measured !== undefined) {
      if (!upload.measured.hasSpeech) {
        throw new TranscriptionError('no_speech', 'No speech was found in the recording.');
      }
      durationMs = upload.measured.durationMs;
    } else if (this.options.canDecode) {
      const decoded = await decodeAudio(upload.filePath, {
        container: upload.container,
        client: upload.client,
        keepPcm: false,
        signal: combined,
      });
      if (!decoded.hasSpeech) {
        throw new TranscriptionError('no_speech', 'No speech was found in the recording.');
      }
      ensureWithinDecodeCeiling(decoded);
      durationMs = decoded.durationMs;
    }

    // Unmeasured, the engine still costs what the audio is: counted from its size.
    await upload.beforeEngine?.(
      durationMs > 0 ? durationMs : lengthCountedFromSize(upload.sizeBytes),
    );
    let text: string;
    try {
      const file = await toFile(
        createReadStream(upload.filePath),
        `recording.${AUDIO_EXTENSIONS[upload.container]}`,
        { type: AUDIO_MIME_TYPES[upload.container] },
      );
      const result = await this.client.audio.transcriptions.create(
        {
          file,
          model: this.options.model,
          response_format: 'json',
          ...(upload.prompt === undefined ? {} : { prompt: upload.prompt }),
          ...(upload.language === undefined ? {} : { language: upload.language }),
        },
        { signal: combined, timeout: this.options.timeoutMs, maxRetries: 0 },
      );
      text = typeof result.text === 'string' ? result.text : '';
    } catch (error) {
      throw toTranscriptionError(error, combined);
    }

    const transcript = normaliseTranscript(text);
    if (transcript === '') {
      throw new TranscriptionError('no_speech', 'No speech was found in the recording.', {
        engineWorked: true,
      });
    }
    return { transcript, durationMs };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

function toTranscriptionError(error: unknown, signal: AbortSignal): TranscriptionError {
  if (
    error instanceof APIConnectionTimeoutError ||
    error instanceof APIUserAbortError ||
    signal.aborted
  ) {
    // The service had the whole upload and may have worked on it (and billed it) all along.
    return new TranscriptionError('timeout', 'The transcription service did not answer in time.', {
      cause: error,
      engineWorked: true,
    });
  }
  if (error instanceof APIError) {
    const status = error.status === undefined ? 'no status' : `status ${error.status}`;
    return new TranscriptionError(
      'engine_failed',
      `The transcription service failed (${status}).`,
      { cause: error },
    );
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new TranscriptionError('engine_failed', `The transcription service failed: ${detail}`, {
    cause: error,
  });
}
