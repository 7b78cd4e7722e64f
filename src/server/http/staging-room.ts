import { recordingsBusyError } from './errors.js';
import { rateLimitedError } from './rate-limit-counters.js';

/**
 * Room on this machine's disk for uploads being staged (http/upload.ts). A staged upload is
 * written to the temp directory while its body arrives, which a slow client can stretch to the
 * whole-request timeout; without a bound, one address holding thirty 25 MiB bodies open filled
 * hundreds of MiB of `/tmp` (a tmpfs in the compose file: memory). An upload holds the bytes it
 * has written, as they arrive, until its file is removed: a body that says 25 MiB and trickles
 * holds what it sent, so nine of them from five addresses no longer shut everyone else out for
 * ten minutes, as holding each declared length did. Per instance, as the disk is.
 */
export interface StagingHold {
  /** `bytes` more of the body are about to be written; throws the 503 when there is no room. */
  grow(bytes: number): void;
  /** The body is all in: the address may send another while this one's file is worked on. */
  bodyIn(): void;
  /** The staged file is gone: its bytes go back to the room. */
  release(): void;
}

export interface StagingRoom {
  /** Holds a place for one upload from `clientKey`, or throws the 429. */
  hold(clientKey: string): StagingHold;
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
    hold(clientKey) {
      const sending = byAddress.get(clientKey) ?? 0;
      if (sending >= perAddress) {
        throw rateLimitedError(
          SENDING_RETRY_AFTER_SECONDS,
          'Recordings from this network are already being sent.',
        );
      }
      byAddress.set(clientKey, sending + 1);
      let mine = 0;
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
        grow(bytes) {
          if (released) return;
          if (held + bytes > maxBytes) throw recordingsBusyError();
          held += bytes;
          mine += bytes;
        },
        bodyIn,
        release() {
          bodyIn();
          if (released) return;
          released = true;
          held -= mine;
        },
      };
    },
  };
}
