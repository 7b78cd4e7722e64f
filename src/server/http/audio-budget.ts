import type { Config } from '../config.js';
import { ONE_HOUR_MS, rateLimitedError, type SharedLimits } from './rate-limit-counters.js';

/**
 * Minutes of audio one address may have transcribed an hour (TRANSCRIPTION_MINUTES_PER_HOUR),
 * counted across instances like the other limits (ADR 070). Calls alone bounded nothing a
 * paid speech service charges for: one AI unit bought 15 minutes through POST /api/transcribe
 * and 4 hours as a kept recording, and a recording could be sent again and again.
 */
export interface AudioBudget {
  /** 429 when the address has used its minutes this hour: answered before any work. */
  ensureLeft(clientKey: string): Promise<void>;
  /** Counts audio the address had transcribed (after the fact, when only then is it known). */
  spend(clientKey: string, audioMs: number): Promise<void>;
  /**
   * Counts the audio of a job about to be transcribed, whose length is known first: when it
   * takes the address past its minutes, nothing is counted and the answer says when there is
   * room again.
   */
  take(clientKey: string, audioMs: number): Promise<{ retryAfterMs: number } | null>;
  /** Gives back what take() counted for audio the engine then did not transcribe. */
  giveBack(clientKey: string, audioMs: number): Promise<void>;
}

/** 429: the address has used its minutes of audio this hour; room again in `retryAfterMs`. */
export function minutesUsedError(retryAfterMs: number) {
  return rateLimitedError(
    retryAfterMs / 1000,
    'Too many minutes of audio transcribed from this network this hour.',
  );
}

/** Counted in seconds, so a window's count stays far inside the PostgreSQL table's integer. */
const key = (clientKey: string) => `audio-seconds:${clientKey}`;

export function createAudioBudget(config: Config, shared: SharedLimits): AudioBudget {
  const budgetSeconds = config.rateLimits.transcriptionMinutesPerHour * 60;
  const seconds = (audioMs: number) => Math.max(1, Math.ceil(audioMs / 1000));
  return {
    async ensureLeft(clientKey) {
      const used = await shared.counters.read(key(clientKey));
      if (used !== undefined && used.count >= budgetSeconds) {
        throw minutesUsedError(used.ttlMs);
      }
    },
    async spend(clientKey, audioMs) {
      await shared.counters.increment(key(clientKey), ONE_HOUR_MS, seconds(audioMs));
    },
    async take(clientKey, audioMs) {
      const wanted = seconds(audioMs);
      // Counted first and taken back when over, so calls running at once cannot all pass on the
      // same reading. Audio longer than a whole hour's minutes gets them when the address has
      // used none.
      const counted = await shared.counters.increment(key(clientKey), ONE_HOUR_MS, wanted);
      if (counted.count - wanted > 0 && counted.count > budgetSeconds) {
        await shared.counters.decrement(key(clientKey), wanted);
        return { retryAfterMs: counted.ttlMs };
      }
      return null;
    },
    async giveBack(clientKey, audioMs) {
      // Taken away from the open window only, never below zero: a window opened since starts
      // from nothing, not below it with minutes to spare.
      await shared.counters.decrement(key(clientKey), seconds(audioMs));
    },
  };
}
