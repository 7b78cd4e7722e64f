import { HttpError } from '../../http/errors.js';
import { rateLimitedError } from '../../http/rate-limit-counters.js';

/**
 * Downloads of GET /api/ideas/export running at once. Each holds a batch of up to 1,000 ideas
 * (tens of MB at the longest texts) while its client reads; a client that never reads kept it
 * held until the write guard fired, and sixty such from one address took the server past 1.5
 * GB and its health check past 10 s. Per instance, as the memory is.
 */
export interface ExportSlots {
  /** Takes a slot for an export of `owner` from `address`, or throws the 429 or 503. */
  take(owner: string, address: string): () => void;
}

/** One export running and one more (a second tab, a retry before the first has gone). */
export const EXPORTS_PER_OWNER = 2;
export const EXPORTS_PER_ADDRESS = 2;
/** Exports this instance runs at once, whoever asks. */
export const EXPORTS_PER_INSTANCE = 8;
const RETRY_AFTER_SECONDS = 10;

export function createExportSlots(
  perOwner = EXPORTS_PER_OWNER,
  perAddress = EXPORTS_PER_ADDRESS,
  perInstance = EXPORTS_PER_INSTANCE,
): ExportSlots {
  const byOwner = new Map<string, number>();
  const byAddress = new Map<string, number>();
  let running = 0;
  const add = (counts: Map<string, number>, key: string, by: number): void => {
    const next = (counts.get(key) ?? 0) + by;
    if (next <= 0) counts.delete(key);
    else counts.set(key, next);
  };
  return {
    take(owner, address) {
      if ((byOwner.get(owner) ?? 0) >= perOwner || (byAddress.get(address) ?? 0) >= perAddress) {
        throw rateLimitedError(
          RETRY_AFTER_SECONDS,
          'Exports are already being downloaded from here or for this account.',
        );
      }
      if (running >= perInstance) {
        throw new HttpError(
          503,
          'server_busy',
          'This server is busy with other exports. Please try again in a moment.',
          { 'Retry-After': String(RETRY_AFTER_SECONDS) },
        );
      }
      add(byOwner, owner, 1);
      add(byAddress, address, 1);
      running += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        add(byOwner, owner, -1);
        add(byAddress, address, -1);
        running -= 1;
      };
    },
  };
}
