import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { FileStore } from '@tus/file-store';
import type { ByteRange, RecordingStore } from './store.js';

/**
 * FileStore makes its directory from its constructor with a callback that throws on failure, an
 * exception no caller can catch (a directory removed meanwhile crashed the process); the
 * directory is made, and a failure reported, before the store is built instead.
 */
class OwnDirectoryFileStore extends FileStore {}
Object.defineProperty(OwnDirectoryFileStore.prototype, 'checkOrCreateDirectory', {
  value: () => undefined,
});

/**
 * Recordings as files under RECORDINGS_DIR (the default, for an install on one machine): the
 * upload's bytes in a file named by its id, tus's own record of it beside them as `<id>.json`.
 * Bytes are appended as they arrive, so what a killed process had received is on disk.
 */
export async function createFileRecordingStore(options: {
  directory: string;
  expiryMs: number;
}): Promise<RecordingStore> {
  const directory = resolve(options.directory);
  await mkdir(directory, { recursive: true });
  const datastore = new OwnDirectoryFileStore({
    directory,
    expirationPeriodInMilliseconds: options.expiryMs,
  });
  // Ids are checked against the server's own pattern before they get here; this keeps a path
  // inside the directory all the same.
  const pathOf = (id: string): string => {
    if (!/^[0-9A-Za-z]+$/.test(id)) throw new Error(`not a recording id: ${id}`);
    return join(directory, id);
  };
  return {
    kind: 'file',
    datastore,
    open(id: string, range?: ByteRange) {
      return Promise.resolve(
        createReadStream(pathOf(id), range ? { start: range.start, end: range.end } : {}),
      );
    },
    async withLocalFile(id, use) {
      return use(pathOf(id));
    },
    async remove(id) {
      await rm(pathOf(id), { force: true });
      await rm(`${pathOf(id)}.json`, { force: true });
    },
  };
}
