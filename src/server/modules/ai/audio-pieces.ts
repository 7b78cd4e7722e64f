import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  guardedFfmpeg,
  MIN_VOICED_MS,
  PCM_SAMPLE_RATE,
  untrustedInputArgs,
  withDecodeSlot,
} from './audio-decode.js';
import type { AudioContainer } from './audio-sniff.js';
import { TranscriptionError, type Transcriber } from './transcriber.js';

/**
 * Audio of any length, transcribed in pieces the engine takes (ADR 121). One pass of ffmpeg's
 * `silencedetect` finds the pauses and the length; the audio is then cut at pauses into pieces
 * of at most PIECE_MAX_MS, each decoded to 16 kHz mono WAV (the same forced demuxer and memory
 * caps as every decode, docs/security.md), transcribed, and the words joined in order.
 */

/** A piece is at most this long: within every engine's limits (25 MiB of WAV is 13 minutes). */
export const PIECE_MAX_MS = 4 * 60_000;
/** A cut is looked for in the last part of a piece, so pieces are not cut needlessly short. */
const PIECE_MIN_MS = 60_000;
/** A pause is this quiet for this long: between sentences, not between words. */
const SILENCE_NOISE_DB = -35;
const SILENCE_MIN_S = 0.4;

export interface Silence {
  startMs: number;
  endMs: number;
}

export interface AudioScan {
  durationMs: number;
  silences: Silence[];
  /** The length outside the pauses: whether anything was said at all. */
  voicedMs: number;
}

export interface Piece {
  startMs: number;
  endMs: number;
}

export interface LongAudioInput {
  filePath: string;
  container: AudioContainer;
  /** Who the ffmpeg slots are counted against (a queue lane, say). */
  client: string;
  signal: AbortSignal;
  /** Told the number of pieces once known, then each time one is done. */
  onProgress(done: number, total: number, durationMs: number): Promise<void> | void;
  /** The longest piece (PIECE_MAX_MS unless a test asks for shorter ones). */
  pieceMaxMs?: number | undefined;
  /** The language spoken, for every piece (AudioUpload.language). */
  language?: string | undefined;
}

interface FfmpegRun {
  code: number | null;
  stderrHead: string;
}

/** Runs ffmpeg guarded, feeding each stderr line to `onLine`; kills it when `signal` aborts. */
function runGuarded(
  args: string[],
  signal: AbortSignal,
  onLine: (line: string) => void = () => undefined,
): Promise<FfmpegRun> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new TranscriptionError('timeout', 'The recording took too long to transcribe.'));
      return;
    }
    const [command, argv] = guardedFfmpeg(['-nostdin', '-hide_banner', ...args]);
    const child = spawn(command, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
    let carry = '';
    let stderrHead = '';
    const onAbort = (): void => {
      child.kill('SIGKILL');
    };
    signal.addEventListener('abort', onAbort, { once: true });
    child.stderr.on('data', (chunk: Buffer) => {
      const text = carry + chunk.toString('utf8');
      const lines = text.split(/[\r\n]/);
      carry = lines.pop() ?? '';
      for (const line of lines) {
        if (stderrHead.length < 2000) stderrHead += `${line}\n`;
        onLine(line);
      }
    });
    child.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(new TranscriptionError('unavailable', `ffmpeg could not start: ${error.message}`));
    });
    child.on('close', (code) => {
      signal.removeEventListener('abort', onAbort);
      if (carry !== '') onLine(carry);
      if (signal.aborted) {
        reject(new TranscriptionError('timeout', 'The recording took too long to transcribe.'));
        return;
      }
      resolve({ code, stderrHead });
    });
  });
}

const TIME = /time=(\d+):(\d+):(\d+(?:\.\d+)?)/;

/** The recording's length and its pauses, in one pass that decodes and keeps nothing. */
export function scanAudio(
  filePath: string,
  container: AudioContainer,
  options: { client: string; signal: AbortSignal },
): Promise<AudioScan> {
  return withDecodeSlot(
    async () => {
      const silences: Silence[] = [];
      let openStart: number | null = null;
      let lastTimeMs = 0;
      const run = await runGuarded(
        [
          '-loglevel',
          'info',
          ...untrustedInputArgs(filePath, container),
          '-vn',
          '-sn',
          '-dn',
          '-ac',
          '1',
          '-af',
          `silencedetect=noise=${SILENCE_NOISE_DB}dB:d=${SILENCE_MIN_S}`,
          '-f',
          'null',
          '-',
        ],
        options.signal,
        (line) => {
          const start = /silence_start: (-?\d+(?:\.\d+)?)/.exec(line);
          if (start?.[1] !== undefined) openStart = Math.max(0, Number(start[1]) * 1000);
          const end = /silence_end: (\d+(?:\.\d+)?)/.exec(line);
          if (end?.[1] !== undefined && openStart !== null) {
            silences.push({ startMs: openStart, endMs: Number(end[1]) * 1000 });
            openStart = null;
          }
          const time = TIME.exec(line);
          if (time) {
            const [, h = '0', m = '0', sec = '0'] = time;
            lastTimeMs = Math.round((Number(h) * 3600 + Number(m) * 60 + Number(sec)) * 1000);
          }
        },
      );
      if (run.code !== 0) {
        throw new TranscriptionError(
          'undecodable',
          `The audio could not be decoded (${run.stderrHead.trim().split('\n').pop() ?? 'ffmpeg failed'}).`,
        );
      }
      const trailing: number | null = openStart;
      if (trailing !== null) silences.push({ startMs: trailing, endMs: lastTimeMs });
      const quietMs = silences.reduce(
        (sum, silence) => sum + Math.max(0, Math.min(silence.endMs, lastTimeMs) - silence.startMs),
        0,
      );
      return { durationMs: lastTimeMs, silences, voicedMs: Math.max(0, lastTimeMs - quietMs) };
    },
    { client: options.client, signal: options.signal, container },
  );
}

/**
 * Where to cut: each piece ends in the middle of the last pause that falls between PIECE_MIN_MS
 * and PIECE_MAX_MS after its start, or at PIECE_MAX_MS when the speaker never paused.
 */
export function planPieces(
  scan: Pick<AudioScan, 'durationMs' | 'silences'>,
  maxMs = PIECE_MAX_MS,
  minMs = PIECE_MIN_MS,
): Piece[] {
  const pieces: Piece[] = [];
  let start = 0;
  while (scan.durationMs - start > maxMs) {
    let cut = start + maxMs;
    for (const silence of scan.silences) {
      const middle = (silence.startMs + silence.endMs) / 2;
      if (middle > start + minMs && middle <= start + maxMs) cut = middle;
    }
    pieces.push({ startMs: start, endMs: Math.round(cut) });
    start = Math.round(cut);
  }
  pieces.push({ startMs: start, endMs: scan.durationMs });
  return pieces;
}

async function cutPiece(input: LongAudioInput, piece: Piece, outPath: string): Promise<void> {
  await withDecodeSlot(
    async () => {
      const run = await runGuarded(
        [
          '-loglevel',
          'error',
          '-ss',
          (piece.startMs / 1000).toFixed(3),
          ...untrustedInputArgs(input.filePath, input.container),
          '-t',
          ((piece.endMs - piece.startMs) / 1000).toFixed(3),
          '-vn',
          '-sn',
          '-dn',
          '-ac',
          '1',
          '-ar',
          String(PCM_SAMPLE_RATE),
          '-c:a',
          'pcm_s16le',
          '-f',
          'wav',
          '-y',
          outPath,
        ],
        input.signal,
      );
      if (run.code !== 0) {
        throw new TranscriptionError('undecodable', 'A piece of the audio could not be decoded.');
      }
    },
    { client: input.client, signal: input.signal, container: input.container },
  );
}

/**
 * The transcript of a recording of any length. A piece with no speech adds nothing; only when no
 * piece has any is it `no_speech`. Any other failure of a piece fails the whole (the queue
 * retries it).
 */
export async function transcribeInPieces(
  transcriber: Transcriber,
  input: LongAudioInput,
): Promise<{ transcript: string; durationMs: number; warning?: string | undefined }> {
  const scan = await scanAudio(input.filePath, input.container, input);
  const maxMs = input.pieceMaxMs ?? PIECE_MAX_MS;
  const pieces = planPieces(scan, maxMs, Math.min(PIECE_MIN_MS, maxMs / 4));
  await input.onProgress(0, pieces.length, scan.durationMs);
  if (pieces.length === 1) {
    const size = (await stat(input.filePath)).size;
    const result = await transcriber.transcribe(
      {
        filePath: input.filePath,
        container: input.container,
        sizeBytes: size,
        client: input.client,
        language: input.language,
        // The scan decoded all of it already: a second ffmpeg run to measure it again doubled
        // each short clip's decode and its wait for a decode slot.
        measured:
          scan.durationMs > 0
            ? { durationMs: scan.durationMs, hasSpeech: scan.voicedMs >= MIN_VOICED_MS }
            : undefined,
      },
      input.signal,
    );
    await input.onProgress(1, 1, scan.durationMs || result.durationMs);
    return {
      transcript: result.transcript,
      durationMs: scan.durationMs || result.durationMs,
      warning: result.warning,
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'voice-ideas-pieces-'));
  try {
    const words: string[] = [];
    let warning: string | undefined;
    for (const [index, piece] of pieces.entries()) {
      const path = join(dir, `piece-${index}.wav`);
      await cutPiece(input, piece, path);
      try {
        const size = (await stat(path)).size;
        const result = await transcriber.transcribe(
          {
            filePath: path,
            container: 'wav',
            sizeBytes: size,
            client: input.client,
            language: input.language,
          },
          input.signal,
        );
        words.push(result.transcript);
        warning ??= result.warning;
      } catch (error) {
        if (!(error instanceof TranscriptionError && error.kind === 'no_speech')) throw error;
      } finally {
        await rm(path, { force: true });
      }
      await input.onProgress(index + 1, pieces.length, scan.durationMs);
    }
    if (words.length === 0) {
      throw new TranscriptionError('no_speech', 'No speech was found in the recording.');
    }
    return { transcript: words.join(' '), durationMs: scan.durationMs, warning };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
