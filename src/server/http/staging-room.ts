import { recordingsBusyError } from './errors.js';
import { rateLimitedError } from './rate-limit-counters.js';

/**
 * Room on this machine's disk for uploads being staged (http/upload.ts). A staged upload is
 * written to the temp directory while its body arrives, which a slow client can stretch to the
 * whole-request timeout; without a bound, one address holding thirty 25 MiB bodies open filled
 * hundreds of MiB of `/tmp` (a tmpfs in the compose file: memory). Each upload holds what its
 * Content-Length says, or the most an upload may be when it says nothing, from before its first
 * byte is written until its file is removed. Per instance, as the disk is.
 */
export interface StagingHold {
  /** The body is all in: the address may send another while this one's file is worked on. */
  bodyIn(): void;
  /** The staged file is gone: its bytes go back to the room. */
  release(): void;
}

export interface StagingRoom {
  /** Holds `bytes` for one upload from `clientKey`, or throws the 429 or 503. */
  hold(clientKey: string, bytes: number): StagingHold;
}

/** Bodies one address may be sending at once: two, as many as it may have decoding. */
export const STAGING_PER_ADDRESS = 2;
/** All uploads being staged at once: eight of the largest, or thousands of short clips. */
export const STAGING_MAX_BYTES = 8 * 26 * 1024 * 1024;
/** An address's bodies in flight are a minute's sending at most. */
const SENDING_RETRY_AFTER_SECONDS = 30;

export function createStagingRoom(
  maxBytes = STAGING_MAX_BYTES,
  perAddress = STAGING_PER_ADDRESS,
): StagingRoom {
  let held = 0;
  const byAddress = new Map<string, number>();
  return {
    hold(clientKey, bytes) {
      const sending = byAddress.get(clientKey) ?? 0;
      if (sending >= perAddress) {
        throw rateLimitedError(
          SENDING_RETRY_AFTER_SECONDS,
          'Recordings from this network are already being sent.',
        );
      }
      if (held + bytes > maxBytes) throw recordingsBusyError();
      held += bytes;
      byAddress.set(clientKey, sending + 1);
      let arriving = true;
      let released = false;
      const bodyIn = () => {
        if (!arriving) return;
        arriving = false;
        const left = (byAddress.get(clientKey) ?? 1) - 1;
        if (left <= 0) byAddress.delete(clientKey);
        else byAddress.set(clientKey, left);
      };
      return {
        bodyIn,
        release() {
          bodyIn();
          if (released) return;
          released = true;
          held -= bytes;
        },
      };
    },
  };
}
