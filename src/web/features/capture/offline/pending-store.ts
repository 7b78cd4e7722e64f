import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Category, Format } from '#contract/taxonomy';

/**
 * Recordings kept on this device until they are saved as ideas (ADR 060). IndexedDB, because a
 * minute of audio is a few hundred kilobytes, far past what local storage holds, and because
 * its transactions let two tabs agree on who processes a recording.
 */
export interface PendingRecording {
  /** Also the Idempotency-Key of its save, so a retried save never makes a second idea. */
  id: string;
  createdAt: number;
  /**
   * The recording in one piece; null for a typed idea, and for one recorded into an upload
   * (`chunked`), whose bytes are in the `chunks` store until the server has them.
   */
  audio: ArrayBuffer | null;
  mimeType: string;
  /** Kept as soon as the server returns it, so formatting retries never transcribe again. */
  transcript: string | null;
  /** The format and category chosen when it was recorded. */
  format: Format;
  category: Category;
  /**
   * recording: a tab is recording it now (it holds the recording's Web Lock, or renews
   * `claimedUntil`); waiting: processed when the connection returns; failed: the server refused,
   * the person decides.
   */
  status: 'recording' | 'waiting' | 'failed';
  error: string | null;
  /** Where Web Locks are missing: the time until which one tab has claimed it (0: nobody). */
  claimedUntil: number;
  /**
   * This browser's guest id when it was kept: the service worker has no local storage, and
   * saves a guest's recording to it (ADR 060). null for one kept before this was stored.
   */
  guestId: string | null;
  /** Recorded into a resumable upload from its first second: its bytes are in `chunks`. */
  chunked: boolean;
  /** The upload's address once the server created it, to resume it from the server's offset. */
  uploadUrl: string | null;
  /** The server's recording, once every byte is in (docs/api.md, "Recordings"). */
  recordingId: string | null;
  /** An imported file's own name, sent as the upload's `filename`; absent for a recording. */
  fileName?: string;
  /** False: the server removes the audio once it is transcribed (Keep recordings off). */
  keepAudio?: boolean;
  /** The language spoken when it was recorded (ISO 639-1), sent with the upload. */
  language?: string;
}

/** A piece of a chunked recording, kept until the server has acknowledged its bytes. */
export interface KeptChunk {
  pendingId: string;
  /** Where its bytes start in the recording. */
  start: number;
  bytes: ArrayBuffer;
}

interface PendingSchema extends DBSchema {
  pending: { key: string; value: PendingRecording; indexes: { createdAt: number } };
  chunks: { key: [string, number]; value: KeptChunk };
}

const DATABASE_NAME = 'voice-ideas-offline';
/** 2: records carry the guest id they were kept for; 3: recordings kept in chunks. */
const DATABASE_VERSION = 3;
const CHANNEL_NAME = 'voice-ideas-pending';

let database: Promise<IDBPDatabase<PendingSchema>> | null = null;

function open(): Promise<IDBPDatabase<PendingSchema>> {
  database ??= openDB<PendingSchema>(DATABASE_NAME, DATABASE_VERSION, {
    async upgrade(db, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1) {
        db.createObjectStore('pending', { keyPath: 'id' }).createIndex('createdAt', 'createdAt');
      }
      if (oldVersion < 2) {
        // The upgrade may run in the service worker, which cannot read the guest id: records
        // kept before version 2 get none, and only a page (or a signed-in worker) saves them.
        let cursor = await transaction.objectStore('pending').openCursor();
        while (cursor) {
          await cursor.update({ ...cursor.value, guestId: cursor.value.guestId ?? null });
          cursor = await cursor.continue();
        }
      }
      if (oldVersion < 3) {
        db.createObjectStore('chunks', { keyPath: ['pendingId', 'start'] });
        let cursor = await transaction.objectStore('pending').openCursor();
        while (cursor) {
          await cursor.update({
            ...cursor.value,
            chunked: cursor.value.chunked ?? false,
            uploadUrl: cursor.value.uploadUrl ?? null,
            recordingId: cursor.value.recordingId ?? null,
          });
          cursor = await cursor.continue();
        }
      }
    },
    // Another tab runs a newer version of the app and wants to upgrade: let it.
    blocking() {
      void database?.then((db) => db.close());
      database = null;
    },
  }).catch((error: unknown) => {
    database = null;
    throw error;
  });
  return database;
}

const localListeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

function broadcastChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  if (!channel) {
    channel = new BroadcastChannel(CHANNEL_NAME);
    channel.addEventListener('message', () => notifyLocal());
  }
  return channel;
}

function notifyLocal() {
  for (const listener of localListeners) listener();
}

/** Every tab's list follows every change: this tab's at once, the others' by BroadcastChannel. */
function changed() {
  notifyLocal();
  broadcastChannel()?.postMessage('changed');
}

export function subscribePending(listener: () => void): () => void {
  broadcastChannel();
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

/** Oldest first: they are processed, and shown, in the order they were recorded. */
export async function listPending(): Promise<PendingRecording[]> {
  return (await open()).getAllFromIndex('pending', 'createdAt');
}

export async function getPending(id: string): Promise<PendingRecording | undefined> {
  return (await open()).get('pending', id);
}

export interface NewPending {
  audio: Blob | null;
  transcript: string | null;
  format: Format;
  category: Category;
  status: PendingRecording['status'];
  error: string | null;
  guestId: string | null;
  /** Recorded into an upload: its bytes come by addChunk, not as `audio`. */
  chunked?: boolean;
  /** The container of a chunked recording (else the audio's own type). */
  mimeType?: string;
  /** A recording tab's first claim, where Web Locks are missing. */
  claimedUntil?: number;
  fileName?: string;
  keepAudio?: boolean;
  language?: string;
}

export async function addPending(input: NewPending): Promise<PendingRecording> {
  const record: PendingRecording = {
    id: crypto.randomUUID(),
    createdAt: Date.now(),
    // Bytes, not the Blob: older Safari versions lose Blobs stored in IndexedDB.
    audio: input.audio ? await input.audio.arrayBuffer() : null,
    mimeType: input.mimeType ?? input.audio?.type ?? '',
    transcript: input.transcript,
    format: input.format,
    category: input.category,
    status: input.status,
    error: input.error,
    claimedUntil: input.claimedUntil ?? 0,
    guestId: input.guestId,
    chunked: input.chunked ?? false,
    uploadUrl: null,
    recordingId: null,
    ...(input.fileName === undefined ? {} : { fileName: input.fileName }),
    ...(input.keepAudio === undefined ? {} : { keepAudio: input.keepAudio }),
    ...(input.language === undefined ? {} : { language: input.language }),
  };
  await (await open()).put('pending', record);
  changed();
  return record;
}

/** Changes a recording that is still there; false when another tab has already finished it. */
export async function updatePending(
  id: string,
  patch: Partial<Omit<PendingRecording, 'id'>>,
): Promise<boolean> {
  const db = await open();
  const tx = db.transaction('pending', 'readwrite');
  const current = await tx.store.get(id);
  if (current) await tx.store.put({ ...current, ...patch });
  await tx.done;
  if (current) changed();
  return current !== undefined;
}

/**
 * Claims a recording for `forMs` in one IndexedDB transaction (transactions over the same store
 * never interleave, across tabs too). Used only where Web Locks are missing.
 */
export async function claimPending(id: string, now: number, forMs: number): Promise<boolean> {
  const db = await open();
  const tx = db.transaction('pending', 'readwrite');
  const current = await tx.store.get(id);
  const free = current !== undefined && current.claimedUntil <= now;
  if (current && free) await tx.store.put({ ...current, claimedUntil: now + forMs });
  await tx.done;
  return free;
}

function chunksOf(pendingId: string): IDBKeyRange {
  return IDBKeyRange.bound([pendingId, 0], [pendingId, Number.MAX_SAFE_INTEGER]);
}

export async function deletePending(id: string): Promise<void> {
  const db = await open();
  const tx = db.transaction(['pending', 'chunks'], 'readwrite');
  await Promise.all([
    tx.objectStore('pending').delete(id),
    tx.objectStore('chunks').delete(chunksOf(id)),
    tx.done,
  ]);
  changed();
}

/** Keeps the next piece of a chunked recording; bytes, as `audio` is, for older Safari. */
export async function addChunk(pendingId: string, start: number, blob: Blob): Promise<void> {
  const bytes = await blob.arrayBuffer();
  await (await open()).put('chunks', { pendingId, start, bytes });
}

/** The pieces still kept, in order. */
export async function listChunks(pendingId: string): Promise<KeptChunk[]> {
  return (await open()).getAll('chunks', chunksOf(pendingId));
}

/** The server holds every byte before `offset`: the pieces wholly before it go. */
export async function dropChunksBefore(pendingId: string, offset: number): Promise<void> {
  const db = await open();
  const tx = db.transaction('chunks', 'readwrite');
  let cursor = await tx.store.openCursor(IDBKeyRange.bound([pendingId, 0], [pendingId, offset]));
  while (cursor) {
    if (cursor.value.start + cursor.value.bytes.byteLength <= offset) await cursor.delete();
    cursor = await cursor.continue();
  }
  await tx.done;
}

export function audioOf(record: PendingRecording): Blob | null {
  return record.audio ? new Blob([record.audio], { type: record.mimeType }) : null;
}
