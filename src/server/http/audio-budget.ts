import type { Config } from '../config.js';
import {
  networkKeyOf,
  ONE_HOUR_MS,
  rateLimitedError,
  type SharedLimits,
} from './rate-limit-counters.js';

/**
 * Minutes of audio one address may have transcribed an hour (TRANSCRIPTION_MINUTES_PER_HOUR),
 * and one IPv6 /48 eight times that, counted across instances like the other limits (ADR 070).
 * Calls alone bounded nothing a paid speech service charges for: one AI unit bought 15 minutes
 * through POST /api/transcribe and 4 hours as a kept recording, and a recording could be sent
 * again and again.
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

/**
 * /64s of one IPv6 /48 whose minutes an hour it may have together: a host with a routed /56 had
 * 256 budgets of a paid speech service's minutes.
 */
const AUDIO_ADDRESSES_PER_NETWORK = 8;

/**
 * The counts one address's audio goes into, in seconds so that a window's count stays far inside
 * the PostgreSQL table's integer: its own, and its IPv6 /48's at eight addresses' worth.
 */
function countsOf(clientKey: string, budgetSeconds: number) {
  const counts = [{ key: `audio-seconds:${clientKey}`, budget: budgetSeconds }];
  const network = networkKeyOf(clientKey);
  if (network !== undefined) {
    counts.push({
      key: `audio-seconds-network:${network}`,
      budget: budgetSeconds * AUDIO_ADDRESSES_PER_NETWORK,
    });
  }
  return counts;
}

export function createAudioBudget(config: Config, shared: SharedLimits): AudioBudget {
  const budgetSeconds = config.rateLimits.transcriptionMinutesPerHour * 60;
  const seconds = (audioMs: number) => Math.max(1, Math.ceil(audioMs / 1000));
  return {
    async ensureLeft(clientKey) {
      for (const { key, budget } of countsOf(clientKey, budgetSeconds)) {
        const used = await shared.counters.read(key);
        if (used !== undefined && used.count >= budget) throw minutesUsedError(used.ttlMs);
      }
    },
    async spend(clientKey, audioMs) {
      for (const { key } of countsOf(clientKey, budgetSeconds)) {
        await shared.counters.increment(key, ONE_HOUR_MS, seconds(audioMs));
      }
    },
    async take(clientKey, audioMs) {
      const wanted = seconds(audioMs);
      const taken: string[] = [];
      // Counted first and taken back when over, so calls running at once cannot all pass on the
      // same reading. Audio longer than a whole hour's minutes gets them when nothing is used.
      for (const { key, budget } of countsOf(clientKey, budgetSeconds)) {
        const counted = await shared.counters.increment(key, ONE_HOUR_MS, wanted);
        taken.push(key);
        if (counted.count - wanted > 0 && counted.count > budget) {
          for (const counting of taken) await shared.counters.decrement(counting, wanted);
          return { retryAfterMs: counted.ttlMs };
        }
      }
      return null;
    },
    async giveBack(clientKey, audioMs) {
      // Taken away from the open window only, never below zero: a window opened since starts
      // from nothing, not below it with minutes to spare.
      for (const { key } of countsOf(clientKey, budgetSeconds)) {
        await shared.counters.decrement(key, seconds(audioMs));
      }
    },
  };
}
