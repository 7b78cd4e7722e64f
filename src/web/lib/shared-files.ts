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
  // One share waits at a time: a page that posts here again and again replaces its own file
  // instead of filling the device's storage.
  const tx = db.transaction('files', 'readwrite');
  await tx.store.clear();
  await tx.store.put(record);
  await tx.done;
  db.close();
  return id;
}

/** The shared file, left in the store: the app shows it and waits for the person's tap. */
export async function peekSharedFile(id: string): Promise<File | null> {
  const db = await open();
  const record = (await db.get('files', id)) as SharedFile | undefined;
  db.close();
  return record ? new File([record.bytes], record.name, { type: record.type }) : null;
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
 *
 * Any page on any site can post a form here, and the worker cannot tell the OS share sheet from
 * such a page: the share sheet's navigation has no referrer, and neither has a page's form with
 * `referrerpolicy="no-referrer"`, so the referrer (or its absence) attributes nothing; Sec-Fetch-Site
 * is not shown to the worker. A share whose referrer names another site came from a page, never
 * from the share sheet, so it is dropped; every other share waits for the person's tap in the app
 * (use-shared-recording.ts), which is what holds.
 */
export async function answerShare(request: Request): Promise<Response> {
  const home = new URL('/', request.url);
  if (fromAnotherSite(request)) return Response.redirect(home.href, 303);
  let file: File | null = null;
  try {
    const form = await request.formData();
    const entry = form.getAll(SHARED_FILE_FIELD).find((value) => value instanceof File);
    file = entry instanceof File && entry.size > 0 ? entry : null;
  } catch (error) {
    console.warn('The shared item could not be read', error);
  }
  if (file === null) return Response.redirect(home.href, 303);
  const id = await keepSharedFile(file);
  home.searchParams.set(SHARED_PARAM, id);
  return Response.redirect(home.href, 303);
}

function fromAnotherSite(request: Request): boolean {
  if (request.referrer === '' || request.referrer === 'about:client') return false;
  try {
    return new URL(request.referrer).origin !== new URL(request.url).origin;
  } catch {
    return true;
  }
}
