import { availableParallelism } from 'node:os';
import { afterEngineWorked, type AiService } from '../ai/service.js';
import type { AudioBudget } from '../../http/audio-budget.js';
import type { ClaimedJob, Lane, RecordingJobsRepository } from './jobs-repository.js';
import type { RecordingStore } from './store.js';

/**
 * The transcription queue (ADR 121): workers that take due jobs from the recordings table, one
 * per lane, so a short clip is never decoded behind a long one. A job holds a lease it renews;
 * a worker that dies (SIGKILL, a crash) stops renewing, and after the lease any instance takes
 * the job up again. A failed engine call is retried with exponential backoff; a recording that
 * cannot be transcribed (no speech, not decodable) fails at once with the reason.
 */

export interface QueueTuning {
  leaseMs: number;
  /** How often an idle worker looks for work another instance queued. */
  pollMs: number;
  /** The first retry's delay; each later one doubles it. */
  backoffMs: number;
  maxAttempts: number;
  /** The whole job's budget: this much plus `budgetPerAudioMs` per millisecond of audio. */
  budgetBaseMs: number;
  budgetPerAudioMs: number;
  /** The longest piece sent to the engine; unset, the AI module's own choice. */
  pieceMaxMs?: number;
  /** Short clips transcribed at once (the long lane always takes one at a time). */
  shortWorkers: number;
}

export const DEFAULT_QUEUE_TUNING: QueueTuning = {
  leaseMs: 30_000,
  pollMs: 1_000,
  backoffMs: 2_000,
  maxAttempts: 5,
  budgetBaseMs: 60_000,
  budgetPerAudioMs: 3,
  // One short clip at a time made twenty people's clips queue behind each other while a decode
  // slot stood idle (docs/benchmarks.md, "Recordings"): as many as there are decode slots.
  shortWorkers: Math.max(1, availableParallelism()),
};

/**
 * A clip of up to 4 MiB (a few minutes of a phone's recording) takes the short lane, until its
 * length is known: past SHORT_RECORDING_AUDIO_MS it moves to the long lane (a 2 MB file of
 * low-bitrate Opus holds an hour).
 */
export const SHORT_RECORDING_BYTES = 4 * 1024 * 1024;
export const SHORT_RECORDING_AUDIO_MS = 5 * 60_000;
/** The longest recording transcribed: a whole day of meetings, not a week of one client's. */
export const MAX_RECORDING_AUDIO_MS = 4 * 60 * 60_000;
export const LANES: Lane[] = [
  { name: 'short', bytes: SHORT_RECORDING_BYTES, audioMs: SHORT_RECORDING_AUDIO_MS, above: false },
  { name: 'long', bytes: SHORT_RECORDING_BYTES, audioMs: SHORT_RECORDING_AUDIO_MS, above: true },
];

/** Thrown from the job once its length says it belongs elsewhere or nowhere. */
/** The recording's address has used its minutes of audio this hour (http/audio-budget.ts). */
class OverBudget extends Error {
  constructor(readonly waitMs: number) {
    super('over the address’s transcription minutes');
  }
}

class LengthDecided extends Error {
  constructor(readonly outcome: 'long_lane' | 'too_long') {
    super(outcome);
  }
}

export interface TranscriptionQueue {
  /** Looks for work now (an upload just completed here) instead of at the next poll. */
  wake(): void;
  stop(): Promise<void>;
}

export interface QueueLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

export function startTranscriptionQueue(deps: {
  jobs: RecordingJobsRepository;
  store: RecordingStore;
  ai: Pick<AiService, 'transcribeRecording' | 'describeFailure'>;
  log: QueueLog;
  /** Minutes of audio per address an hour; none: unbounded (tests of the queue alone). */
  audioBudget?: Pick<AudioBudget, 'take' | 'giveBack'>;
  tuning?: Partial<QueueTuning>;
  now?: () => Date;
}): TranscriptionQueue {
  const { jobs, store, ai, log } = deps;
  const tuning = { ...DEFAULT_QUEUE_TUNING, ...deps.tuning };
  const now = deps.now ?? (() => new Date());
  let stopped = false;
  const stopping = new AbortController();
  const wakers = new Set<() => void>();

  function idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, tuning.pollMs);
      timer.unref();
      wakers.add(done);
    });
  }

  async function run(job: ClaimedJob, lane: Lane, worker: string): Promise<void> {
    const budget = new AbortController();
    let budgetTimer = setTimeout(() => budget.abort(), tuning.budgetBaseMs);
    const heartbeat = setInterval(() => {
      void jobs.extendLease(job, tuning.leaseMs).catch((error: unknown) => {
        log.warn({ err: error, recordingId: job.id }, 'could not renew a transcription lease');
      });
    }, tuning.leaseMs / 3);
    heartbeat.unref();
    const signal = AbortSignal.any([budget.signal, stopping.signal]);
    // Set from inside the engine's progress callback, so kept in an object TypeScript follows.
    const taken: { minutes: { clientKey: string; durationMs: number } | null } = { minutes: null };
    try {
      const result = await store.withLocalFile(job.id, (filePath) =>
        ai.transcribeRecording({
          filePath,
          contentType: job.contentType,
          // Each worker its own decode client: the per-client cap is for people, not workers.
          client: worker,
          signal,
          pieceMaxMs: tuning.pieceMaxMs,
          language: job.language ?? undefined,
          async onProgress(done, total, durationMs) {
            if (done === 0) {
              if (durationMs > MAX_RECORDING_AUDIO_MS) throw new LengthDecided('too_long');
              if (!lane.above && durationMs > lane.audioMs) {
                await jobs.setProgress(job, done, total, durationMs);
                throw new LengthDecided('long_lane');
              }
              const waitMs =
                job.clientKey !== null
                  ? (await deps.audioBudget?.take(job.clientKey, durationMs))?.retryAfterMs
                  : undefined;
              if (waitMs !== undefined) throw new OverBudget(waitMs);
              if (job.clientKey !== null) taken.minutes = { clientKey: job.clientKey, durationMs };
              // The length is known: the budget grows with it.
              clearTimeout(budgetTimer);
              budgetTimer = setTimeout(
                () => budget.abort(),
                tuning.budgetBaseMs + durationMs * tuning.budgetPerAudioMs,
              );
            }
            await jobs.setProgress(job, done, total, durationMs);
          },
        }),
      );
      const completed = await jobs.complete(job, result.transcript);
      if (completed && !job.keepAudio) await store.remove(job.id);
      if (completed) {
        // What an operator (and npm run bench) reads to tell waiting from working.
        log.info(
          {
            recordingId: job.id,
            lane: lane.name,
            attempt: job.attempt,
            waitedMs: Math.max(0, job.claimedAt.getTime() - job.dueAt.getTime()),
            ranMs: now().getTime() - job.claimedAt.getTime(),
            audioMs: result.durationMs,
          },
          'recording transcribed',
        );
      }
    } catch (error) {
      // Minutes counted for audio the engine did not transcribe are given back: the job is
      // counted again, whole, when it is tried again (it starts from its first piece). Not when
      // the engine worked on it and found no words, or was still at it when the time ran out.
      if (taken.minutes !== null && !afterEngineWorked(error)) {
        await deps.audioBudget?.giveBack(taken.minutes.clientKey, taken.minutes.durationMs);
      }
      // Stopping (a deploy): the job goes back as it was, for the next instance to take.
      if (stopping.signal.aborted) {
        await jobs.retryLater(job, now(), null);
        return;
      }
      if (error instanceof OverBudget) {
        // Not a failure: it waits, queued, until its address has minutes again.
        await jobs.retryLater(job, new Date(now().getTime() + error.waitMs), {
          error: 'rate_limited',
          message:
            'Too many minutes of audio transcribed from this network this hour; it will be transcribed once there is room.',
        });
        return;
      }
      if (error instanceof LengthDecided) {
        if (error.outcome === 'long_lane') await jobs.retryLater(job, now(), null);
        else {
          await jobs.fail(job, {
            error: 'recording_too_long',
            message: `The recording is longer than ${MAX_RECORDING_AUDIO_MS / 3_600_000} hours; record it in parts.`,
          });
        }
        return;
      }
      const failure = ai.describeFailure(error);
      const reason = { error: failure.error, message: failure.message };
      if (failure.retry && job.attempt < tuning.maxAttempts) {
        const delay = tuning.backoffMs * 2 ** (job.attempt - 1);
        log.info(
          { recordingId: job.id, attempt: job.attempt, delayMs: delay, cause: String(error) },
          'transcription failed; trying again later',
        );
        await jobs.retryLater(job, new Date(now().getTime() + delay), reason);
      } else {
        log.warn({ recordingId: job.id, cause: String(error) }, 'transcription failed');
        await jobs.fail(job, reason);
      }
    } finally {
      clearTimeout(budgetTimer);
      clearInterval(heartbeat);
    }
  }

  async function work(lane: Lane, worker: string): Promise<void> {
    while (!stopped) {
      let job: ClaimedJob | null = null;
      try {
        job = await jobs.claimNext(lane, tuning.leaseMs);
        if (job !== null) await run(job, lane, worker);
      } catch (error) {
        log.warn({ err: error, lane: lane.name }, 'the transcription queue could not run a job');
      }
      if (job === null && !stopped) await idle();
    }
  }

  const workers = LANES.flatMap((lane) =>
    Array.from({ length: lane.above ? 1 : Math.max(1, tuning.shortWorkers) }, (_, i) =>
      work(lane, i === 0 ? `recordings-${lane.name}` : `recordings-${lane.name}-${i + 1}`),
    ),
  );

  return {
    wake() {
      for (const waker of [...wakers]) waker();
    },
    async stop() {
      stopped = true;
      stopping.abort();
      for (const waker of [...wakers]) waker();
      await Promise.allSettled(workers);
    },
  };
}
