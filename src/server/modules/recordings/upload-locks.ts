import type { Readable } from 'node:stream';
import type pg from 'pg';
import {
  DataStore,
  ERRORS,
  type Lock,
  type Locker,
  type RequestRelease,
  type Upload,
} from '@tus/utils';
import { DATABASE_UNAVAILABLE, HttpError } from '../../http/errors.js';

/**
 * How long a request waits for an upload that another request is writing before it is answered
 * 423: long enough for a write that is just finishing, short enough that a client (tus-js-client
 * retries 423) asks again rather than hanging on a body that may take minutes.
 */
export const UPLOAD_LOCK_WAIT_MS = 3000;
/** Between two tries for the lock. */
const RETRY_MS = 100;
/** A lock query is a lookup in PostgreSQL's memory: this long means the connection is gone. */
const LOCK_QUERY_TIMEOUT_MS = 5000;

/** In the shape @tus/server answers a thrown error with (status_code, body), as StorageUnavailableError. */
export class UploadLockedError extends HttpError {
  readonly status_code = 423;
  readonly body: string;
  constructor() {
    super(
      423,
      'upload_locked',
      'Another request is writing this upload right now; ask with HEAD where to resume in a moment.',
      { 'Retry-After': '3' },
    );
    this.body = JSON.stringify({ error: this.code, message: this.message });
  }
}

class LocksUnavailableError extends HttpError {
  readonly status_code = 503;
  readonly body: string;
  constructor(cause?: unknown) {
    super(
      503,
      DATABASE_UNAVAILABLE.error,
      DATABASE_UNAVAILABLE.message,
      { 'Retry-After': '5' },
      {
        cause,
      },
    );
    this.body = JSON.stringify(DATABASE_UNAVAILABLE);
  }
}

export interface UploadLocker extends Locker {
  /** Ends the session, which lets go of every lock it holds. */
  close(): Promise<void>;
}

interface Held {
  lock: Lock;
  release: RequestRelease;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * One upload written by one request at a time across every instance on one PostgreSQL database
 * (ADR 128): a session-level advisory lock keyed by the upload's id, taken before tus reads or
 * writes the upload and let go after. tus's own MemoryLocker keeps the locks in one process, so
 * two instances could append to one S3 multipart upload at once.
 *
 * All locks of an instance share one session, outside the pool: a lock lives as long as a
 * request's body (minutes, for a slow network), which would otherwise hold a pooled connection
 * each. A session's advisory locks are reentrant, so the instance's own requests are kept apart
 * by the map of what it holds; pg_try_advisory_lock, retried, rather than a blocking
 * pg_advisory_lock, because a query waiting on the shared session would hold up every other.
 *
 * Failure modes: a request that cannot have the lock within UPLOAD_LOCK_WAIT_MS is answered 423
 * (the holder is not asked to stop, unlike MemoryLocker: its write is whole, and the client that
 * left it resumes from the offset it ends at). A session that cannot be opened or answer in
 * LOCK_QUERY_TIMEOUT_MS is a 503 database_unavailable. A session that ends lets go of all its
 * locks in PostgreSQL, so the requests that held them are asked to stop (tus's release, which
 * ends their write after tus's drain time); an unlock that fails ends the session for the same
 * reason, rather than leave a lock held.
 */
export function createPostgresUploadLocker(
  openSession: (options: { queryTimeoutMs: number }) => Promise<pg.Client>,
  waitMs: number = UPLOAD_LOCK_WAIT_MS,
): UploadLocker {
  let session: Promise<pg.Client> | null = null;
  let closed = false;
  const held = new Map<string, Held>();

  /** The session ended or is no longer trusted: PostgreSQL let go of every lock it held. */
  function drop(ended: Promise<pg.Client>): Promise<void> {
    if (session !== ended) return Promise.resolve();
    session = null;
    const releases = [...held.values()].map((entry) => entry.release);
    held.clear();
    for (const release of releases) void Promise.resolve(release()).catch(() => undefined);
    return ended.then((client) => client.end()).catch(() => undefined);
  }

  function current(): Promise<pg.Client> {
    if (session !== null) return session;
    const opening = openSession({ queryTimeoutMs: LOCK_QUERY_TIMEOUT_MS }).then((client) => {
      client.on('error', () => void drop(opening));
      client.on('end', () => void drop(opening));
      return client;
    });
    opening.catch(() => {
      if (session === opening) session = null;
    });
    session = opening;
    return opening;
  }

  async function ask(sqlText: string, id: string): Promise<boolean> {
    const asked = current();
    try {
      const client = await asked;
      const { rows } = await client.query<{ answer: boolean }>(sqlText, [
        `voice-ideas recording upload ${id}`,
      ]);
      return rows[0]?.answer === true;
    } catch (error) {
      void drop(asked);
      throw new LocksUnavailableError(error);
    }
  }

  function newLock(id: string): Lock {
    const lock: Lock = {
      async lock(signal, release) {
        const deadline = Date.now() + waitMs;
        for (;;) {
          if (signal.aborted || closed) throw ERRORS.ABORTED;
          if (!held.has(id)) {
            const entry: Held = { lock, release };
            held.set(id, entry);
            let taken = false;
            try {
              taken = await ask(
                'select pg_try_advisory_lock(hashtextextended($1, 0)) as answer',
                id,
              );
            } finally {
              if (!taken && held.get(id) === entry) held.delete(id);
            }
            if (taken) {
              // The session ended while the lock was being taken: what it took is gone with it.
              if (held.get(id) !== entry) throw new LocksUnavailableError();
              return;
            }
          }
          const left = deadline - Date.now();
          if (left <= 0) throw new UploadLockedError();
          await pause(Math.min(RETRY_MS, left), signal);
        }
      },
      async unlock() {
        // Not held any more: its session ended, and PostgreSQL let go of it then.
        if (held.get(id)?.lock !== lock) return;
        held.delete(id);
        await ask('select pg_advisory_unlock(hashtextextended($1, 0)) as answer', id).catch(
          () => undefined,
        );
      },
    };
    return lock;
  }

  return {
    newLock,
    async close() {
      closed = true;
      if (session !== null) await drop(session);
    },
  };
}

/**
 * The store as tus is given it, which knows when a write has finished. tus lets go of an
 * upload's lock as soon as a request's body breaks off, while the store may still be storing
 * what came before: stream.pipeline rejects at the source's error without waiting for its last
 * step, the store's write. A part of 8 MiB still on its way to the bucket then landed after the
 * next request had read the offset and written a tail of its own, which the late write deleted.
 */
export class WholeWritesStore extends DataStore {
  private readonly writing = new Map<string, Promise<number>>();

  constructor(private readonly inner: DataStore) {
    super();
    this.extensions = inner.extensions;
  }

  override create(upload: Upload): Promise<Upload> {
    return this.inner.create(upload);
  }

  override remove(id: string): Promise<void> {
    return this.inner.remove(id);
  }

  override write(stream: Readable, id: string, offset: number): Promise<number> {
    const written = this.inner.write(stream, id, offset);
    this.writing.set(id, written);
    const forget = () => {
      if (this.writing.get(id) === written) this.writing.delete(id);
    };
    written.then(forget, forget);
    return written;
  }

  override getUpload(id: string): Promise<Upload> {
    return this.inner.getUpload(id);
  }

  override declareUploadLength(id: string, length: number): Promise<void> {
    return this.inner.declareUploadLength(id, length);
  }

  override deleteExpired(): Promise<number> {
    return this.inner.deleteExpired();
  }

  override getExpiration(): number {
    return this.inner.getExpiration();
  }

  /** Once the write of `id` under way, if any, has finished, whether it stored its bytes or not. */
  async settled(id: string): Promise<void> {
    await this.writing.get(id)?.catch(() => undefined);
  }
}

/** `locker`'s locks, each let go only once the store has finished writing its upload. */
export function lockingWholeWrites(locker: Locker, store: WholeWritesStore): Locker {
  return {
    newLock(id) {
      const lock = locker.newLock(id);
      return {
        lock: (signal, release) => lock.lock(signal, release),
        async unlock() {
          await store.settled(id);
          await lock.unlock();
        },
      };
    },
  };
}
