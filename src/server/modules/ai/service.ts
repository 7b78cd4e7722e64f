import type { FormatBody } from '#contract/api-request-schemas.js';
import type { FormatResult, Idea, InferResult, TranscribeResult } from '#contract/api-schemas.js';
import { parsePrefix, stripCommandPhrase } from '#text/detect/command-text.js';
import { detectFormatAndCategory } from '#text/detect/detection.js';
import { IDEA_CONTENT_MAX_CHARS, TRANSCRIPT_MAX_CHARS } from '#contract/limits.js';
import {
  compileDictionary,
  dictionaryPrompt,
  termsToSpell,
  type DictionaryEntry,
} from '#contract/dictionary.js';
import type { Category, Format } from '#contract/taxonomy.js';
import type { Owner } from '../../db/owner.js';
import type { CancelSignal } from '../../http/client-gone.js';
import { ClientGoneError, HttpError, recordingsBusyError } from '../../http/errors.js';
import { ideaNotFound, type IdeasService } from '../ideas/service.js';
import type { AiServices } from './ai-services.js';
import { AUDIO_MIME_TYPES, SNIFF_BYTES, sniffAudioContainer } from './audio-sniff.js';
import { ChatModelError } from './chat-model.js';
import type { DraftListener } from './idea-formatter.js';
import { carriesEngineWork, TranscriptionError } from './transcriber.js';

/** For the recordings' queue: whether a failed job's minutes stay spent (transcriber.ts). */
export { afterEngineWorked } from './transcriber.js';
import { MAX_DECODED_SECONDS } from './audio-decode.js';
import { transcribeInPieces } from './audio-pieces.js';
import type { AudioContainer } from './audio-sniff.js';

const ACCEPTED_AUDIO = 'webm, ogg, mp4/m4a, wav or mp3';
const TRANSCRIPTION_UNAVAILABLE = 'Transcription is not configured on this server.';
const NOTHING_FOUND: InferResult = { format: null, category: null, confidence: 0 };

/** An upload already staged on disk by the route, with its first bytes for sniffing. */
export interface StagedAudio {
  filePath: string;
  sizeBytes: number;
  head: Buffer;
  /** The client address, so one client cannot hold every decoding slot. */
  client: string;
  /** Whose dictionary helps the engine; null for a caller who is neither user nor guest. */
  owner?: Owner | null;
  /** Told the audio's length before the engine is given it (AudioUpload.beforeEngine). */
  beforeEngine?: (durationMs: number) => Promise<void>;
  /** The language spoken, already checked (docs/api.md, "The spoken language"). */
  language?: string | undefined;
}

export interface RecordingAudio {
  filePath: string;
  /** The sniffed MIME type the recording was kept with. */
  contentType: string;
  client: string;
  signal: AbortSignal;
  onProgress(done: number, total: number, durationMs: number): Promise<void> | void;
  pieceMaxMs?: number | undefined;
  /** The language spoken the upload named (AudioUpload.language). */
  language?: string | undefined;
}

function containerOf(contentType: string): AudioContainer {
  for (const [container, mime] of Object.entries(AUDIO_MIME_TYPES)) {
    if (mime === contentType) return container as AudioContainer;
  }
  throw new TranscriptionError('undecodable', `A recording kept as ${contentType} is not audio.`);
}

export interface ReformatRequest {
  format?: Format | undefined;
  category?: Category | undefined;
  mode: FormatBody['mode'];
}

export interface AiService {
  /** 503 when no engine can transcribe, so the route refuses a recording before reading it. */
  ensureTranscriber(): void;
  /** `signal` aborts when the person has gone: that is logged as such, not as an engine fault. */
  transcribe(audio: StagedAudio, signal: AbortSignal): Promise<TranscribeResult>;
  /**
   * Never fails because a model is down: the rule formatter answers instead. `signal` is asked
   * for only when a model is called (the rules path has nothing to cancel); so for infer and
   * reformat.
   */
  format(
    body: FormatBody,
    signal: CancelSignal,
    onDraft?: DraftListener,
    /** Whose dictionary spells the text; null for a caller who is neither user nor guest. */
    owner?: Owner | null,
  ): Promise<FormatResult>;
  /** Never fails: a fault becomes "nothing found", which the app treats as "use the settings". */
  infer(transcript: string, signal: CancelSignal): Promise<InferResult>;
  /**
   * A kept recording of any length, cut on its pauses into pieces the engine takes (ADR 121).
   * Rejects with whatever failed; describeFailure says what that means for the person.
   */
  transcribeRecording(input: RecordingAudio): Promise<{ transcript: string; durationMs: number }>;
  /** What a failure of transcribeRecording tells the person, and whether trying again may help. */
  describeFailure(error: unknown): { error: string; message: string; retry: boolean };
  /** Rewrites an idea from what was said, in the format and category asked for; 404 if not the owner's. */
  reformat(owner: Owner, id: string, request: ReformatRequest, signal: CancelSignal): Promise<Idea>;
  close(): Promise<void>;
}

/** What the person is told for each way a transcription fails; the engine's own words go to the log. */
function transcriptionHttpError(error: TranscriptionError): HttpError {
  const answer = (status: number, code: string, message: string): HttpError =>
    new HttpError(status, code, message, undefined, { cause: error.message });
  switch (error.kind) {
    case 'no_speech':
      return answer(422, 'no_speech', 'No speech was detected in the recording.');
    case 'undecodable':
      return answer(
        415,
        'unsupported_media_type',
        `The recording could not be decoded; send ${ACCEPTED_AUDIO} audio.`,
      );
    case 'unavailable':
      return answer(503, 'transcription_unavailable', TRANSCRIPTION_UNAVAILABLE);
    case 'timeout':
      return answer(
        502,
        'transcription_failed',
        'The transcription service did not answer in time. Please try again.',
      );
    case 'engine_failed':
      return answer(
        502,
        'transcription_failed',
        'The transcription service failed. Please try again.',
      );
    case 'busy':
      return recordingsBusyError({ cause: error.message });
    case 'too_long':
      return answer(
        413,
        'payload_too_large',
        `The recording is longer than ${MAX_DECODED_SECONDS / 60} minutes.`,
      );
  }
}

/** How many leading bytes recogniseAudio needs. */
export const AUDIO_SNIFF_BYTES = SNIFF_BYTES;

/**
 * The MIME type of the container these first bytes start, when it is audio this server accepts
 * (webm, ogg, mp4/m4a, wav, mp3), else null: for any module that keeps audio.
 */
export function recogniseAudio(head: Uint8Array): string | null {
  const container = sniffAudioContainer(head);
  return container === null ? null : AUDIO_MIME_TYPES[container];
}

/**
 * The words to format again: the transcript as spoken minus the spoken command ("tweet work:",
 * "make this a checklist"), which was an instruction, not content; the content when the idea
 * was typed and has no transcript.
 */
export function reformatSource(idea: { transcript: string | null; content: string }): string {
  const transcript = idea.transcript?.trim() ?? '';
  if (transcript === '') return idea.content;
  const prefix = parsePrefix(transcript);
  if (prefix.wasDetected) return prefix.content;
  return stripCommandPhrase(transcript, detectFormatAndCategory(transcript).matchedText);
}

export function createAiService(deps: {
  engines: AiServices;
  ideas: Pick<IdeasService, 'findById' | 'update'>;
  log: { warn(fields: object, message: string): void };
  /** The person's names and jargon (docs/api.md, "Sharing and the person's own words"). */
  dictionary?: { entriesOf(owner: Owner): Promise<DictionaryEntry[]> };
}): AiService {
  const { engines, ideas, log, dictionary } = deps;
  const { transcriber, formatter, inferrer } = engines;

  /** A hint, not a need: when it cannot be read the work goes on without it. */
  async function entriesFor(owner: Owner | null | undefined): Promise<DictionaryEntry[]> {
    if (owner === null || owner === undefined || dictionary === undefined) return [];
    try {
      return await dictionary.entriesOf(owner);
    } catch (error) {
      log.warn({ err: error }, 'the dictionary could not be read; going on without it');
      return [];
    }
  }

  /**
   * The transcript with the person's terms spelled as given, formatted, and the result spelled
   * so again: the rules' sentence case and a model's habits would otherwise change "iOS".
   */
  async function formatWith(
    request: FormatBody,
    entries: readonly DictionaryEntry[],
    signal: CancelSignal,
    onDraft?: DraftListener,
  ): Promise<FormatResult> {
    if (entries.length === 0) return writerBusyIsHttp(formatter.format(request, signal, onDraft));
    const dictionary = compileDictionary(entries);
    // Each draft is the whole reply so far: only what it adds is read again.
    const draftSpelled = onDraft && dictionary.streaming();
    const found = new Set<string>();
    // A short sounds-like spelled as a long term makes the text longer: never past the
    // transcript's own limit, so the dictionary cannot multiply what the model is sent.
    const transcript = dictionary.apply(request.transcript, {
      maxChars: TRANSCRIPT_MAX_CHARS,
      found,
    });
    const result = await writerBusyIsHttp(
      formatter.format(
        // Only the terms this transcript holds: the whole dictionary with every idea made
        // each prompt up to 30,000 characters longer.
        { ...request, transcript, terms: termsToSpell(found) },
        signal,
        onDraft && draftSpelled && ((soFar) => onDraft(() => draftSpelled(soFar()))),
      ),
    );
    return {
      ...result,
      formatted: dictionary.apply(result.formatted, { maxChars: IDEA_CONTENT_MAX_CHARS }),
    };
  }

  return {
    ensureTranscriber() {
      if (!transcriber.available) {
        throw new HttpError(503, 'transcription_unavailable', TRANSCRIPTION_UNAVAILABLE);
      }
    },

    async transcribe({ filePath, sizeBytes, head, client, owner, beforeEngine, language }, signal) {
      this.ensureTranscriber();
      if (sizeBytes === 0) throw new HttpError(422, 'no_speech', 'The recording is empty.');
      const container = sniffAudioContainer(head);
      if (container === null) {
        throw new HttpError(
          415,
          'unsupported_media_type',
          `The upload is not audio; send ${ACCEPTED_AUDIO}.`,
        );
      }
      const entries = await entriesFor(owner);
      try {
        const result = await transcriber.transcribe(
          {
            filePath,
            container,
            sizeBytes,
            client,
            prompt: dictionaryPrompt(entries),
            beforeEngine,
            language,
          },
          signal,
        );
        if (result.warning !== undefined) log.warn({ language }, result.warning);
        return {
          // The prompt is only a hint to the engine: what it still spelled otherwise is fixed.
          transcript: compileDictionary(entries).apply(result.transcript, {
            maxChars: TRANSCRIPT_MAX_CHARS,
          }),
          engine: transcriber.engine,
          durationMs: result.durationMs,
        };
      } catch (error) {
        // Work stopped because the person left is neither their error nor the engine's.
        if (signal.aborted) throw new ClientGoneError(error);
        if (error instanceof TranscriptionError) {
          throw carriesEngineWork(error, transcriptionHttpError(error));
        }
        throw error;
      }
    },

    async transcribeRecording(input) {
      if (!transcriber.available) {
        throw new TranscriptionError('unavailable', TRANSCRIPTION_UNAVAILABLE);
      }
      const result = await transcribeInPieces(transcriber, {
        ...input,
        container: containerOf(input.contentType),
      });
      if (result.warning !== undefined) log.warn({ language: input.language }, result.warning);
      return { transcript: result.transcript, durationMs: result.durationMs };
    },

    describeFailure(error) {
      if (error instanceof TranscriptionError) {
        const answer = transcriptionHttpError(error);
        const retry =
          error.kind === 'engine_failed' || error.kind === 'timeout' || error.kind === 'busy';
        return { error: answer.code, message: answer.message, retry };
      }
      // Not the engine's answer (the database or the store briefly away): worth another try.
      return {
        error: 'transcription_failed',
        message: 'The recording could not be transcribed. Please try again.',
        retry: true,
      };
    },

    async format(body, signal, onDraft, owner) {
      return formatWith(body, await entriesFor(owner), signal, onDraft);
    },

    async infer(transcript, signal) {
      try {
        return await inferrer.infer(transcript, signal);
      } catch (error) {
        log.warn({ err: error }, 'format inference failed');
        return NOTHING_FOUND;
      }
    },

    async reformat(owner, id, request, signal) {
      const idea = await ideas.findById(owner, id);
      if (idea === null) throw ideaNotFound();
      const format = request.format ?? idea.format;
      const category = request.category ?? idea.category;
      const result = await formatWith(
        { transcript: reformatSource(idea), format, category, mode: request.mode },
        await entriesFor(owner),
        signal,
      );
      const content = Array.from(result.formatted).slice(0, IDEA_CONTENT_MAX_CHARS).join('');
      if (content.trim() === '') {
        // Text with no words in it formats to nothing; the person's idea is kept as it is.
        throw new HttpError(
          422,
          'nothing_to_format',
          'There are no words to format in this idea; it was left as it is.',
        );
      }
      return ideas.update(owner, id, { content, format, category });
    },

    close: async () => {
      await Promise.all([transcriber.close(), formatter.close?.()]);
    },
  };
}

/** How long to ask a client to wait when the embedded writer's queue is full: a generation or two. */
const WRITER_BUSY_RETRY_AFTER_SECONDS = 10;

/** The embedded writer's full queue is the server short of room: 503 server_busy, Retry-After. */
async function writerBusyIsHttp(result: Promise<FormatResult>): Promise<FormatResult> {
  try {
    return await result;
  } catch (error) {
    if (error instanceof ChatModelError && error.kind === 'busy') {
      throw new HttpError(
        503,
        'server_busy',
        'The writer on this server is busy with other ideas. Please try again in a few seconds.',
        { 'Retry-After': String(WRITER_BUSY_RETRY_AFTER_SECONDS) },
        { cause: error.message },
      );
    }
    throw error;
  }
}
