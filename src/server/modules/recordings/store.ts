import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/utils';

/** A byte range of a stored recording, both ends included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where the bytes of recordings live: a tus DataStore that uploads write into, and the reads the
 * rest of the server needs (the audio route, the sniffer, the decoder). A recording's id is its
 * upload's id, so the bytes never move once the upload completes.
 */
export interface RecordingStore {
  readonly kind: 'file' | 'postgres' | 's3';
  readonly datastore: DataStore;
  /**
   * The stored bytes, or the range asked for; rejects before any byte when the store cannot be
   * reached, so the caller can still answer 503.
   */
  open(id: string, range?: ByteRange): Promise<Readable>;
  /**
   * Runs `use` with a path ffmpeg can read the bytes from: the file itself on disk, a private
   * temporary copy for a store without files (removed after `use`, whatever happens).
   */
  withLocalFile<T>(id: string, use: (path: string) => Promise<T>): Promise<T>;
  /** Removes the bytes; nothing happens when there are none. */
  remove(id: string): Promise<void>;
}

/** The first `bytes` bytes of a recording (fewer when it is shorter). */
export async function readHead(store: RecordingStore, id: string, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of await store.open(id, { start: 0, end: bytes - 1 })) {
    const buffer = chunk as Buffer;
    chunks.push(buffer);
    length += buffer.length;
    if (length >= bytes) break;
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}
