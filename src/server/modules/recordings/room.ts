import type { Owner } from '../../db/owner.js';
import { HttpError } from '../../http/errors.js';

/*
 * The room for recordings no idea accounts for, per owner, per address and on the server, and
 * the refusals when a recording would pass it (docs/api.md, "Recordings").
 */

/**
 * Bounds on what one owner keeps that no idea accounts for (ideas have their monthly limit):
 * uploads arriving at once, and the audio of recordings not made into an idea. A guest id costs
 * nothing to make, so a guest's share is small; an account's allows a long day of recordings.
 */
export const OPEN_UPLOADS_PER_OWNER = 3;
export const UNSAVED_BYTES: Record<Owner['kind'], number> = {
  guest: 256 * 1024 * 1024,
  user: 2 * 1024 * 1024 * 1024,
};

function mebibytes(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MiB`;
}

export function tooManyUploads(): HttpError {
  return new HttpError(
    429,
    'too_many_uploads',
    `${OPEN_UPLOADS_PER_OWNER} uploads are still arriving; finish or cancel one before starting another.`,
    { 'Retry-After': '30' },
  );
}

export function recordingsFull(unsavedBytes: number, budget: number): HttpError {
  return new HttpError(
    409,
    'recordings_full',
    `Recordings not saved as ideas already take ${mebibytes(unsavedBytes)} of the ${mebibytes(budget)} kept for you. Save them as ideas or delete some, then record again.`,
  );
}

/**
 * The most one address may hold of the server's room for recordings not saved as ideas. Its
 * hourly bytes (config.ts, recordingBytesPerHour) only slow it: kept 30 days, an address that
 * never stopped filled the whole room in two days, and every upload was 507 for everyone. With
 * a share, filling it takes this many addresses at once. Never less than a guest's budget, so
 * a guest is never refused before their own cap.
 */
export const ADDRESSES_TO_FILL_ROOM = 8;

export function addressShareOf(unsavedMaxBytes: number): number {
  return Math.max(Math.floor(unsavedMaxBytes / ADDRESSES_TO_FILL_ROOM), UNSAVED_BYTES.guest);
}

export function addressFull(unsavedBytes: number, share: number): HttpError {
  return new HttpError(
    409,
    'recordings_full',
    `Recordings not saved as ideas from your network already take ${mebibytes(unsavedBytes)} of the ${mebibytes(share)} kept for it. Save them as ideas or delete some, then record again.`,
  );
}

/**
 * A free account at its cap of audio kept with its ideas. Waiting frees nothing (that audio is
 * kept for good), so no Retry-After: the person deletes recordings they no longer need, or
 * upgrades.
 */
export function keptAudioFull(keptBytes: number, cap: number): HttpError {
  return new HttpError(
    507,
    'storage_full',
    `Your ideas already keep ${mebibytes(keptBytes)} of audio, and a free account keeps up to ${mebibytes(cap)}. Delete the recordings of ideas you no longer need to hear (the ideas stay), or upgrade to Pro, then record again.`,
  );
}

/**
 * The free accounts of one network at their cap of audio kept with their ideas: free accounts
 * cost nothing to make, so the cap per account alone let one address keep all it sent.
 */
export function addressKeptAudioFull(keptBytes: number, cap: number): HttpError {
  return new HttpError(
    507,
    'storage_full',
    `Free accounts on your network already keep ${mebibytes(keptBytes)} of audio with their ideas, and together they keep up to ${mebibytes(cap)}. Delete the recordings of ideas you no longer need to hear (the ideas stay), or upgrade to Pro, then record again.`,
  );
}

/** Retry-After: room comes back as people save, delete or let recordings expire. */
const SERVER_FULL_RETRY_SECONDS = 600;

export function serverFull(): HttpError {
  return new HttpError(
    507,
    'storage_full',
    'This server has no room for more recordings right now; please try again later.',
    { 'Retry-After': String(SERVER_FULL_RETRY_SECONDS) },
  );
}
