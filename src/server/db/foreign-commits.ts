import { closeSync, openSync, readSync } from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';

/** Tells whether another connection may have committed to the SQLite file since the last look. */
export interface ForeignCommitWatch {
  changedSinceLastLook(): boolean;
  close(): void;
}

/**
 * The wal-index header: two copies of 48 bytes at the start of the -shm file. Every commit
 * rewrites both (its change counter and last valid frame move), in the format SQLite
 * documents for all processes sharing a WAL database (https://sqlite.org/walformat.html, 2.1).
 */
const WAL_INDEX_HEADER_BYTES = 96;

/**
 * One pread of the wal-index header instead of PRAGMA data_version (ADR 013). The PRAGMA
 * begins a read transaction: a lock, a stat of the file and an unlock, 8.5 µs a look inside
 * the server on the benchmark machine, where system calls are dear. The header is compared
 * with the previous reading: a commit by anyone (ourselves included) changes it, and a read
 * torn by a writer mid-update only makes it look changed, so a change is never missed and at
 * worst one is reported twice. Where the -shm file cannot be read (an in-memory database, a
 * file not yet in WAL mode), the PRAGMA answers.
 */
export function watchForeignCommits(
  connection: BetterSqlite3.Database,
  databaseFile: string | null,
): ForeignCommitWatch {
  const pragma = connection.prepare('PRAGMA data_version').pluck();
  let seenVersion = pragma.get();
  const shmFile = databaseFile === null ? null : `${databaseFile}-shm`;
  let shm: number | null = null;
  const reading = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  const seenHeader = Buffer.alloc(WAL_INDEX_HEADER_BYTES);

  function openShm(): number | null {
    if (shmFile === null) return null;
    try {
      const fd = openSync(shmFile, 'r');
      readSync(fd, seenHeader, 0, WAL_INDEX_HEADER_BYTES, 0);
      return fd;
    } catch {
      return null;
    }
  }

  function pragmaChanged(): boolean {
    const version = pragma.get();
    if (version === seenVersion) return false;
    seenVersion = version;
    return true;
  }

  return {
    changedSinceLastLook() {
      if (shm === null) {
        shm = openShm();
        // The first header read only sets the baseline; the PRAGMA covers the time before it.
        return pragmaChanged();
      }
      const read = readSync(shm, reading, 0, WAL_INDEX_HEADER_BYTES, 0);
      if (read === WAL_INDEX_HEADER_BYTES && reading.equals(seenHeader)) return false;
      reading.copy(seenHeader);
      return true;
    },
    close() {
      if (shm !== null) closeSync(shm);
      shm = null;
    },
  };
}
