import { openDB } from 'idb';
import { SHARED_FILE_FIELD, SHARED_PARAM } from './share-target';

/**
 * Files shared to the installed app (docs/product.md, Shared from another app): the service
 * worker keeps the shared recording here before it answers, so the page that opens next can
 * import it even if it opens much later, or the phone kills the worker in between. A database of
 * its own, so the device queue's schema (ADR 060) is not touched.
 */
interface SharedFile {
  id: string;
  name: string;
  type: string;
  /** Bytes, not the Blob: older Safari versions lose Blobs stored in IndexedDB. */
  bytes: ArrayBuffer;
}

function open() {
  return openDB('voice-ideas-shared', 1, {
    upgrade(db) {
      db.createObjectStore('files', { keyPath: 'id' });
    },
  });
}

export async function keepSharedFile(file: File): Promise<string> {
  const id = crypto.randomUUID();
  const record: SharedFile = {
    id,
    name: file.name,
    type: file.type,
    bytes: await file.arrayBuffer(),
  };
  const db = await open();
  await db.put('files', record);
  db.close();
  return id;
}

/** The shared file, taken out of the store: a reload does not import it twice. */
export async function takeSharedFile(id: string): Promise<File | null> {
  const db = await open();
  const tx = db.transaction('files', 'readwrite');
  const record = (await tx.store.get(id)) as SharedFile | undefined;
  if (record) await tx.store.delete(id);
  await tx.done;
  db.close();
  return record ? new File([record.bytes], record.name, { type: record.type }) : null;
}

/**
 * The worker's answer to the share's POST: the file kept, then the app opened on it (303, so
 * the browser follows with a GET); a share with no file opens the app as it is.
 */
export async function answerShare(request: Request): Promise<Response> {
  let file: File | null = null;
  try {
    const form = await request.formData();
    const entry = form.getAll(SHARED_FILE_FIELD).find((value) => value instanceof File);
    file = entry instanceof File && entry.size > 0 ? entry : null;
  } catch (error) {
    console.warn('The shared item could not be read', error);
  }
  if (file === null) return Response.redirect(new URL('/', request.url).href, 303);
  const id = await keepSharedFile(file);
  const target = new URL('/', request.url);
  target.searchParams.set(SHARED_PARAM, id);
  return Response.redirect(target.href, 303);
}
