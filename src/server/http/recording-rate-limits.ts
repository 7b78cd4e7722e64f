import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../config.js';
import {
  addressAndNetworkLimit,
  addressLimit,
  clientKeyOf,
  countForAddressAndNetwork,
  networkKeyOf,
  ONE_HOUR_MS,
  type SharedLimits,
} from './rate-limit-counters.js';

export interface RecordingRateLimits {
  /** An upload begun or a recording sent again: one of RATE_LIMIT_AI_PER_MIN a minute. */
  sendsForTranscription: preHandlerAsyncHookHandler;
  /**
   * Counts `bytes` of recording arriving from the client address (announced by a new upload,
   * or a deferred upload's next PATCH) and throws the 429 when they take the address past
   * RECORDING_BYTES_PER_HOUR; counted before they are stored, so parallel uploads cannot race
   * past it.
   */
  reserveBytes(request: FastifyRequest, bytes: number): Promise<void>;
  /**
   * Gives back `bytes` counted by reserveBytes that the server itself refused to take (its room
   * ran out while they arrived), so resuming the upload later does not pay for them twice.
   */
  returnBytes(request: FastifyRequest, bytes: number): Promise<void>;
  /** A PATCH to an upload: one of UPLOAD_WRITES_PER_MINUTE a minute from the client address. */
  writesToUpload(request: FastifyRequest): void | Promise<void>;
}

/**
 * PATCHes one address may send a minute. Its bytes an hour bound what it stores, not how often
 * it asks: looping one-byte PATCHes cost the server a reservation each, without end. The web
 * app sends 1 MiB a PATCH, so this is far above what those bytes an hour allow a minute, and
 * leaves room for many people behind one network and for resumed uploads.
 */
export const UPLOAD_WRITES_PER_MINUTE = 600;

/**
 * /64s of one IPv6 /48 whose recordings a minute and bytes an hour it may send together: a host
 * with a routed /56 had 256 budgets, and 56 /64s announcing uploads they never sent held the whole room for an hour
 * (every upload 507). Eight budgets are at most a sixth of the room by default.
 */
const RECORDING_ADDRESSES_PER_NETWORK = 8;

/**
 * Recordings sent for transcription (a tus upload begun, POST /api/recordings/:id/transcribe):
 * RATE_LIMIT_AI_PER_MIN per minute and address (eight times that per IPv6 /48), in a bucket of their own beside the AI one,
 * whose routes docs/api.md names. Without it one client queued whisper work without end. The
 * bytes are counted too, per address and hour, whatever guest id they name: a guest id costs
 * nothing, so the per-owner caps alone let one address store without end (ADR 106). They are
 * counted in KiB, so a window's count stays far inside the PostgreSQL table's integer.
 */
export function createRecordingRateLimits(
  app: FastifyInstance,
  config: Config,
  shared: SharedLimits,
): RecordingRateLimits {
  const byAddress = addressAndNetworkLimit(
    app,
    shared,
    'recording',
    config.rateLimits.aiPerMinute,
    RECORDING_ADDRESSES_PER_NETWORK,
  );
  const budgetKib = Math.floor(config.recordings.bytesPerHourPerAddress / 1024);
  return {
    sendsForTranscription: async (request) => byAddress(request),
    writesToUpload: addressLimit(app, shared, 'upload-writes', UPLOAD_WRITES_PER_MINUTE),
    async reserveBytes(request, bytes) {
      if (bytes <= 0) return;
      const kib = Math.ceil(bytes / 1024);
      await countForAddressAndNetwork(shared.counters, request, {
        family: 'recording-bytes',
        windowMs: ONE_HOUR_MS,
        amount: kib,
        limit: budgetKib,
        perNetwork: RECORDING_ADDRESSES_PER_NETWORK,
        message: 'Too many recordings from this network this hour.',
      });
    },
    async returnBytes(request, bytes) {
      // Rounded down, as the count rounds up: what is given back never exceeds what was counted.
      const kib = Math.floor(bytes / 1024);
      if (kib <= 0) return;
      await shared.counters.decrement(`recording-bytes:${clientKeyOf(request)}`, kib);
      const network = networkKeyOf(clientKeyOf(request));
      if (network !== undefined) {
        await shared.counters.decrement(`recording-bytes-network:${network}`, kib);
      }
    },
  };
}
