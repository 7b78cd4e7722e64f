import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import type { AudioContainer } from './audio-sniff.js';
import { TranscriptionError } from './transcriber.js';

/** whisper.cpp wants 16 kHz mono signed 16-bit PCM; the same stream feeds the silence check. */
export const PCM_SAMPLE_RATE = 16_000;
const BYTES_PER_SAMPLE = 2;
/** Decoding stops here: 15 minutes of PCM is 28.8 MB in memory, a sane ceiling. */
export const MAX_DECODED_SECONDS = 15 * 60;

/**
 * Refuses audio the decoder stopped at its ceiling: it is that long or longer, and what is past
 * it was never measured. An engine given the whole file would transcribe (and a paid provider
 * bill) hours counted as 15 minutes, and one given the decoded part would drop the rest
 * unsaid. A kept recording is cut into pieces well under it (audio-pieces.ts) and never meets it.
 */
export function ensureWithinDecodeCeiling(decoded: Pick<DecodedAudio, 'durationMs'>): void {
  if (decoded.durationMs >= MAX_DECODED_SECONDS * 1000) {
    throw new TranscriptionError(
      'too_long',
      `The recording is ${MAX_DECODED_SECONDS / 60} minutes or longer.`,
    );
  }
}

/**
 * Bytes a second of the leanest speech this server accepts takes (Opus at 16 kbit/s): without a
 * decoder a recording's length is counted from its size at this rate, so it is never counted as
 * shorter than it can be. Leaner audio is rare and counts at most this many times more.
 */
const UNMEASURED_BYTES_PER_SECOND = 2_000;

/** The length a recording that could not be decoded is counted as (see above). */
export function lengthCountedFromSize(sizeBytes: number): number {
  return Math.ceil((sizeBytes / UNMEASURED_BYTES_PER_SECOND) * 1000);
}

const FRAME_SAMPLES = (PCM_SAMPLE_RATE * 30) / 1000;
/**
 * A 30 ms frame counts as voiced above about -45 dBFS RMS: a quiet room recorded by a phone
 * sits near -60 dBFS, normal speech between -30 and -15 dBFS.
 */
const VOICED_FRAME_RMS = 32768 * 10 ** (-45 / 20);
/** Less voiced audio than this is not a spoken idea (a click, a breath, a bump). */
export const MIN_VOICED_MS = 200;

export interface DecodedAudio {
  durationMs: number;
  voicedMs: number;
  hasSpeech: boolean;
  /** Present only when asked for (the embedded engine needs it). */
  pcm: Buffer | null;
}

/** Frame-by-frame loudness over a PCM stream that arrives in chunks of any size. */
class SpeechMeter {
  private carry = Buffer.alloc(0);
  private samples = 0;
  private voicedFrames = 0;

  push(chunk: Buffer): void {
    const data = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const frameBytes = FRAME_SAMPLES * BYTES_PER_SAMPLE;
    let offset = 0;
    for (; offset + frameBytes <= data.length; offset += frameBytes) {
      let sumSquares = 0;
      for (let i = 0; i < frameBytes; i += BYTES_PER_SAMPLE) {
        const sample = data.readInt16LE(offset + i);
        sumSquares += sample * sample;
      }
      if (Math.sqrt(sumSquares / FRAME_SAMPLES) >= VOICED_FRAME_RMS) this.voicedFrames += 1;
      this.samples += FRAME_SAMPLES;
    }
    this.carry = Buffer.from(data.subarray(offset));
  }

  result(): { durationMs: number; voicedMs: number } {
    const totalSamples = this.samples + Math.floor(this.carry.length / BYTES_PER_SAMPLE);
    return {
      durationMs: Math.round((totalSamples / PCM_SAMPLE_RATE) * 1000),
      voicedMs: Math.round(((this.voicedFrames * FRAME_SAMPLES) / PCM_SAMPLE_RATE) * 1000),
    };
  }
}

/**
 * The one ffmpeg demuxer for each container the sniffer recognises. Uploads are hostile: left to
 * probe, ffmpeg reads whatever the bytes look like, and a file that starts like an mp3 but goes on
 * as an HLS playlist or a concat script makes it open other files on this server. Forcing the
 * demuxer, allowing no other (nested demuxers included) and only the file protocol closes that.
 */
const DEMUXERS: Record<AudioContainer, string> = {
  webm: 'matroska',
  ogg: 'ogg',
  mp4: 'mov',
  wav: 'wav',
  mp3: 'mp3',
};

/**
 * The largest single allocation ffmpeg may make. A real recording needs a few megabytes at a
 * time; a 24 KB file whose header declares fifty million samples (or a WAV chunk of 2 GB) makes
 * ffmpeg allocate gigabytes for the index before decoding anything. Refused, it fails at once.
 */
const FFMPEG_MAX_ALLOC_BYTES = 64 * 1024 * 1024;

/**
 * ffmpeg's whole address space. Debian's ffmpeg maps about 250 MB of libraries before reading a
 * byte; a 15-minute recording needs well under 100 MB more.
 */
const FFMPEG_ADDRESS_SPACE_KB = 512 * 1024;
/** What the shell exits with when it cannot find the program to exec. */
const SHELL_COMMAND_NOT_FOUND = 127;

/** ffmpeg's input options for an upload of this container: nothing but that demuxer on a file. */
export function untrustedInputArgs(filePath: string, container: AudioContainer): string[] {
  const demuxer = DEMUXERS[container];
  return [
    '-max_alloc',
    String(FFMPEG_MAX_ALLOC_BYTES),
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    demuxer,
    '-f',
    demuxer,
    '-i',
    // The explicit protocol keeps a path that looks like a URL or an option from being read as one.
    `file:${filePath}`,
  ];
}

export interface DecodeOptions {
  /** What the sniffer found; ffmpeg reads the file as exactly that and nothing else. */
  container: AudioContainer;
  /** Who asked (the client address); one client holds at most DECODES_PER_CLIENT slots. */
  client?: string | undefined;
  keepPcm: boolean;
  signal?: AbortSignal;
  ffmpegPath?: string;
}

/**
 * How many ffmpeg processes decode at once, and how many uploads may wait for one. Each decode
 * holds up to about 130 MB (ffmpeg and the PCM kept for the engine), so the number is bounded by
 * the cores, and a burst beyond the queue is refused at once rather than piling up in memory.
 */
const DECODE_SLOTS = Math.max(1, availableParallelism());
const DECODES_WAITING_MAX = 16;
/**
 * Decodes one client may have running or waiting at once. A person records one idea at a time;
 * without this, one address could fill the queue with slow files and refuse everyone else.
 */
const DECODES_PER_CLIENT = 2;

class DecodeSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly perClient = new Map<string, number>();

  constructor(
    private readonly slots: number,
    private readonly waitingMax: number,
    private readonly clientMax: number,
  ) {}

  async run<T>(work: () => Promise<T>, options: DecodeOptions): Promise<T> {
    const client = options.client;
    const held = client === undefined ? 0 : (this.perClient.get(client) ?? 0);
    if (held >= this.clientMax) {
      throw new TranscriptionError('busy', 'This client already has recordings being decoded.');
    }
    if (this.running >= this.slots && this.waiting.length >= this.waitingMax) {
      throw new TranscriptionError('busy', 'The server is decoding too many recordings at once.');
    }
    if (client !== undefined) this.perClient.set(client, held + 1);
    try {
      if (this.running >= this.slots) {
        await new Promise<void>((resolve) => this.waiting.push(resolve));
      }
      this.running += 1;
      try {
        if (options.signal?.aborted) {
          throw new TranscriptionError(
            'timeout',
            'Audio decoding was cancelled before it started.',
          );
        }
        return await work();
      } finally {
        this.running -= 1;
        this.waiting.shift()?.();
      }
    } finally {
      if (client !== undefined) {
        const left = (this.perClient.get(client) ?? 1) - 1;
        if (left > 0) this.perClient.set(client, left);
        else this.perClient.delete(client);
      }
    }
  }
}

const decodeSlots = new DecodeSlots(DECODE_SLOTS, DECODES_WAITING_MAX, DECODES_PER_CLIENT);

/**
 * Decode any container ffmpeg knows into 16 kHz mono PCM and measure how much of it is speech.
 * At most DECODE_SLOTS run at once; the rest wait their turn, up to DECODES_WAITING_MAX.
 * Rejects with TranscriptionError 'undecodable' when ffmpeg cannot read the file and
 * 'unavailable' when ffmpeg itself is missing; an aborted signal kills ffmpeg at once.
 */
export function decodeAudio(filePath: string, options: DecodeOptions): Promise<DecodedAudio> {
  return decodeSlots.run(() => runFfmpeg(filePath, options), options);
}

/**
 * Other work ffmpeg does on an upload (finding its silences, cutting a piece of it) in the same
 * slots as decoding, so the number of ffmpeg processes stays bounded whatever asks.
 */
export function withDecodeSlot<T>(
  work: () => Promise<T>,
  options: Pick<DecodeOptions, 'client' | 'signal' | 'container'>,
): Promise<T> {
  return decodeSlots.run(work, { ...options, keepPcm: false });
}

/**
 * The command that runs ffmpeg with `args` under the address-space cap (see runFfmpeg): spawn
 * the returned program with the returned arguments.
 */
export function guardedFfmpeg(args: readonly string[], ffmpegPath = 'ffmpeg'): [string, string[]] {
  return [
    'sh',
    ['-c', `ulimit -v ${FFMPEG_ADDRESS_SPACE_KB} 2>/dev/null; exec "$0" "$@"`, ffmpegPath, ...args],
  ];
}

function runFfmpeg(filePath: string, options: DecodeOptions): Promise<DecodedAudio> {
  const { container, keepPcm, signal, ffmpegPath = 'ffmpeg' } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new TranscriptionError('timeout', 'Audio decoding was cancelled before it started.'));
      return;
    }
    const child = spawn(
      'sh',
      [
        // The address-space cap: -max_alloc stops one huge allocation, this stops many
        // moderate ones (forty tracks with an 85 MB index each). Where the shell cannot set
        // it (not on Linux), ffmpeg runs without it rather than not at all.
        '-c',
        `ulimit -v ${FFMPEG_ADDRESS_SPACE_KB} 2>/dev/null; exec "$0" "$@"`,
        ffmpegPath,
        '-nostdin',
        '-hide_banner',
        '-loglevel',
        'error',
        ...untrustedInputArgs(filePath, container),
        '-t',
        String(MAX_DECODED_SECONDS),
        '-vn',
        '-sn',
        '-dn',
        '-ac',
        '1',
        '-ar',
        String(PCM_SAMPLE_RATE),
        '-f',
        's16le',
        'pipe:1',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const meter = new SpeechMeter();
    const chunks: Buffer[] = [];
    let stderr = '';
    let settled = false;

    const finish = (action: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      action();
    };
    const onAbort = (): void => {
      child.kill('SIGKILL');
      finish(() => reject(new TranscriptionError('timeout', 'Audio decoding took too long.')));
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      meter.push(chunk);
      if (keepPcm) chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      // Only the first lines matter for the log; a broken file can make ffmpeg very chatty.
      if (stderr.length < 2000) stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish(() =>
        reject(
          error.code === 'ENOENT'
            ? new TranscriptionError('unavailable', 'ffmpeg is not installed on this server.', {
                cause: error,
              })
            : new TranscriptionError('engine_failed', `ffmpeg failed to start: ${error.message}`, {
                cause: error,
              }),
        ),
      );
    });
    child.on('close', (code) => {
      if (code === SHELL_COMMAND_NOT_FOUND) {
        finish(() =>
          reject(new TranscriptionError('unavailable', 'ffmpeg is not installed on this server.')),
        );
        return;
      }
      if (code !== 0) {
        finish(() =>
          reject(
            new TranscriptionError(
              'undecodable',
              `The audio could not be decoded (${stderr.trim().split('\n')[0] ?? 'ffmpeg failed'}).`,
            ),
          ),
        );
        return;
      }
      const { durationMs, voicedMs } = meter.result();
      finish(() =>
        resolve({
          durationMs,
          voicedMs,
          hasSpeech: voicedMs >= MIN_VOICED_MS,
          pcm: keepPcm ? Buffer.concat(chunks) : null,
        }),
      );
    });
  });
}

/** Whether an ffmpeg binary answers; checked once at start. */
export function ffmpegWorks(ffmpegPath = 'ffmpeg'): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(ffmpegPath, ['-hide_banner', '-version'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}
