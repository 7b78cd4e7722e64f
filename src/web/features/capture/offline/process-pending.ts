import type { NewIdea } from '#contract/api-schemas';
import { ApiError, isQuotaExceeded } from '#web/lib/api-error';
import { isNetworkFailure } from '#web/lib/network-failure';
import {
  audioOf,
  claimPending,
  deletePending,
  getPending,
  listPending,
  updatePending,
  type PendingRecording,
} from './pending-store';

/**
 * What processing needs from the server: the page's calls (pending-steps.ts), the service
 * worker's (worker-steps.ts), or a test's own.
 */
export interface PendingSteps {
  /** False for a recording these steps cannot save now: it is left waiting for someone who can. */
  accepts(record: PendingRecording): boolean;
  transcribe(audio: Blob, record: PendingRecording): Promise<string>;
  /** A chunked recording: sends what the server lacks of it; the recording's id. */
  upload(record: PendingRecording): Promise<string>;
  /** The server's transcript of a recording it holds, once its job is done. */
  transcriptOf(recordingId: string, record: PendingRecording): Promise<string>;
  format(record: PendingRecording, transcript: string): Promise<NewIdea>;
  /** Saves with the recording's id as Idempotency-Key. */
  save(idea: NewIdea, record: PendingRecording): Promise<unknown>;
}

export type PendingOutcome = 'saved' | 'failed' | 'offline' | 'gone';

const LOCK_NAME = 'voice-ideas-pending';
/** Without Web Locks: a claim outlives the slowest transcription and formatting together. */
const CLAIM_MS = 10 * 60_000;

function failureMessage(error: unknown): string {
  if (isQuotaExceeded(error)) return 'Monthly limit reached. Upgrade to Pro for unlimited ideas.';
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/**
 * One recording, from audio to saved idea. Each step's result is kept before the next starts,
 * and the local copy is deleted only after the server has saved the idea.
 */
async function processOne(id: string, steps: PendingSteps): Promise<PendingOutcome> {
  // Read again under the lock: another tab may have finished it a moment ago.
  const record = await getPending(id);
  if (!record) return 'gone';
  try {
    let transcript = record.transcript;
    let recordingId = record.recordingId;
    if (transcript === null && record.chunked) {
      if (recordingId === null) {
        recordingId = await steps.upload(record);
        if (!(await updatePending(id, { recordingId }))) return 'gone';
      }
      transcript = await steps.transcriptOf(recordingId, record);
      if (!(await updatePending(id, { transcript }))) return 'gone';
    } else if (transcript === null) {
      const audio = audioOf(record);
      if (!audio) throw new Error('This recording has no audio to transcribe.');
      transcript = await steps.transcribe(audio, record);
      if (!(await updatePending(id, { transcript }))) return 'gone';
    }
    const idea = await steps.format(record, transcript);
    await steps.save(recordingId === null ? idea : { ...idea, recordingId }, record);
    await deletePending(id);
    return 'saved';
  } catch (error) {
    if (isNetworkFailure(error)) {
      // Nothing was refused: it waits for the connection, whatever step it had reached.
      await updatePending(id, { claimedUntil: 0 });
      return 'offline';
    }
    await updatePending(id, { status: 'failed', error: failureMessage(error), claimedUntil: 0 });
    return 'failed';
  }
}

/** The lock a tab holds while it records, so others know the recording is still being made. */
export function recordingLockName(id: string): string {
  return `voice-ideas-recording:${id}`;
}

/** Without Web Locks a recording tab renews its claim this often, and it lasts this long. */
export const RECORDING_CLAIM_RENEW_MS = 5000;
export const RECORDING_CLAIM_MS = 15_000;

async function isStillRecording(record: PendingRecording): Promise<boolean> {
  if (!hasWebLocks()) return record.claimedUntil > Date.now();
  // Granted at once only when no tab holds it: the tab that was recording is gone.
  return navigator.locks.request(
    recordingLockName(record.id),
    { ifAvailable: true },
    (lock) => lock === null,
  );
}

/**
 * Recordings whose tab was closed, killed or reloaded while recording: what was kept is the
 * recording (at most its last second is missing), and it waits to be sent like any other.
 * Returns how many.
 */
export async function adoptInterrupted(): Promise<number> {
  let adopted = 0;
  for (const record of await listPending()) {
    if (record.status !== 'recording' || (await isStillRecording(record))) continue;
    if (await updatePending(record.id, { status: 'waiting', claimedUntil: 0 })) adopted += 1;
  }
  return adopted;
}

function hasWebLocks(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.locks?.request === 'function';
}

/**
 * Processes recordings one at a time, across every tab of this browser and its service worker:
 * with Web Locks (which workers have too) one of them holds the queue while the others wait
 * their turn and then find the work done; without them each recording is claimed in an
 * IndexedDB transaction. Either way a recording is read again
 * before it is touched, and the save carries its id as Idempotency-Key, so a reply lost on the
 * way back cannot make a second idea.
 */
async function underQueueLock<T>(work: () => Promise<T>): Promise<T> {
  if (hasWebLocks()) return navigator.locks.request(LOCK_NAME, work);
  return work();
}

async function runOne(id: string, steps: PendingSteps): Promise<PendingOutcome> {
  if (!hasWebLocks() && !(await claimPending(id, Date.now(), CLAIM_MS))) return 'gone';
  return processOne(id, steps);
}

/**
 * Every waiting recording, oldest first; stops at the first one the connection fails, since the
 * rest would fail the same way. Returns how many became ideas.
 */
export function processWaiting(steps: PendingSteps): Promise<number> {
  return underQueueLock(async () => {
    await adoptInterrupted();
    let saved = 0;
    for (const record of await listPending()) {
      if (record.status !== 'waiting' || !steps.accepts(record)) continue;
      const outcome = await runOne(record.id, steps);
      if (outcome === 'saved') saved += 1;
      if (outcome === 'offline') break;
    }
    return saved;
  });
}

/** The person's Retry on a recording the server refused: it waits again, then goes at once. */
export function retryPending(id: string, steps: PendingSteps): Promise<PendingOutcome> {
  return underQueueLock(async () => {
    if (!(await updatePending(id, { status: 'waiting', error: null }))) return 'gone';
    return runOne(id, steps);
  });
}
