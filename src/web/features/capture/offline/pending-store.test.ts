// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { listPending } from './pending-store';

/** A device that kept a recording with the first version of the queue. */
function keepWithVersion1(record: Record<string, unknown>): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('voice-ideas-offline', 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore('pending', { keyPath: 'id' });
      store.createIndex('createdAt', 'createdAt');
      store.put(record);
    };
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error);
  });
}

describe('the device queue', () => {
  it('keeps recordings made before it stored guest ids or chunks, marked as having neither', async () => {
    const kept = {
      id: 'kept-before',
      createdAt: 1,
      audio: new Uint8Array([1, 2, 3]).buffer,
      mimeType: 'audio/webm',
      transcript: null,
      format: 'pitch',
      category: 'creative',
      status: 'waiting',
      error: null,
      claimedUntil: 0,
    };
    await keepWithVersion1(kept);

    const [migrated, ...others] = await listPending();
    expect(others).toEqual([]);
    expect(migrated).toEqual({
      ...kept,
      guestId: null,
      chunked: false,
      uploadUrl: null,
      recordingId: null,
    });
  });
});
