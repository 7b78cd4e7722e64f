import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { makeSpeech } from '../support/speech-audio';
import { startStack, type Stack } from './support/stack';
import { ChunkSource } from '#web/features/capture/offline/chunk-source';
import {
  addChunk,
  addPending,
  getPending,
  listChunks,
  type PendingRecording,
} from '#web/features/capture/offline/pending-store';
import { keptSource, uploadRecording } from '#web/features/capture/offline/recording-upload';

/**
 * The web app's upload of a recording while it is made (ADR 122), against the real server
 * process: the tus client with the app's own byte source, kept chunks and fetch, pieces arriving
 * as a recorder hands them over, the page gone halfway, and the rest sent by whoever resumes.
 * No browser: the upload code runs here, with IndexedDB from fake-indexeddb.
 */

let stack: Stack;
let origin: string;
let audio: Buffer;
const audioDir = mkdtempSync(join(tmpdir(), 'voice-ideas-web-upload-'));

beforeAll(async () => {
  audio = await readFile(await makeSpeech(audioDir, 'Checklist: buy milk, call the bank.', 'webm'));
  stack = await startStack({ transcript: 'Checklist: buy milk, call the bank.' });
  origin = stack.baseUrl;
  // The page's own origin, as the browser gives it to the upload code.
  Object.assign(globalThis, { self: { location: new URL(origin) } });
});

afterAll(async () => {
  await stack?.close();
  rmSync(audioDir, { recursive: true, force: true });
});

function newGuestId(): string {
  return `guest_${randomBytes(9).toString('base64url')}`;
}

function pieces(bytes: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size)
    out.push(bytes.subarray(start, start + size));
  return out;
}

async function keptRecording(guestId: string): Promise<PendingRecording> {
  return addPending({
    audio: null,
    transcript: null,
    format: 'checklist',
    category: 'personal',
    status: 'recording',
    error: null,
    guestId,
    chunked: true,
    mimeType: 'audio/webm;codecs=opus',
  });
}

async function storedAudio(guestId: string, recordingId: string): Promise<Buffer> {
  const response = await fetch(`${origin}/api/recordings/${recordingId}/audio`, {
    headers: { 'X-Guest-Id': guestId },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('uploading a recording while it is made', () => {
  it('sends pieces as they come, then the length, and the server holds exactly the recording', async () => {
    const guestId = newGuestId();
    const record = await keptRecording(guestId);
    const source = new ChunkSource([], 50);
    const upload = uploadRecording({ record, source, guestId });
    const done = upload.run();
    for (const piece of pieces(audio, 700)) {
      const start = source.append(new Blob([new Uint8Array(piece)]));
      await addChunk(record.id, start, new Blob([new Uint8Array(piece)]));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    source.end();
    const recordingId = await done;
    expect(await storedAudio(guestId, recordingId)).toEqual(audio);
    // Its address was kept as soon as it existed, and every acknowledged piece was dropped.
    expect((await getPending(record.id))?.uploadUrl).toBe(`/api/uploads/${recordingId}`);
    await expect.poll(() => listChunks(record.id)).toEqual([]);
  });

  it('resumes from the server offset after the page went away, from the chunks kept on the device', async () => {
    const guestId = newGuestId();
    const record = await keptRecording(guestId);
    const all = pieces(audio, 500);
    const half = Math.ceil(all.length / 2);
    const source = new ChunkSource([], 20);
    const first = uploadRecording({ record, source, guestId });
    const running = first.run();
    for (const piece of all.slice(0, half)) {
      const start = source.append(new Blob([new Uint8Array(piece)]));
      await addChunk(record.id, start, new Blob([new Uint8Array(piece)]));
    }
    // The page is gone once the server has acknowledged some of it: the upload stops there.
    // The first acknowledgement can take longer than expect.poll's 1 s on a busy machine, so it
    // is given the page waits' 15 s.
    await expect
      .poll(async () => (await listChunks(record.id)).length, { timeout: 15_000 })
      .toBeLessThan(half);
    first.abort();
    void running.catch(() => undefined);
    // What the recorder made after the server's last acknowledgement was kept on the device too.
    for (const piece of all.slice(half)) {
      const start = all.slice(0, all.indexOf(piece)).reduce((sum, p) => sum + p.length, 0);
      await addChunk(record.id, start, new Blob([new Uint8Array(piece)]));
    }

    const kept = await getPending(record.id);
    if (!kept) throw new Error('the kept recording is gone');
    const keptBytes = await keptSource(kept);
    // The start is no longer on the device: only the server's upload can finish it.
    expect(keptBytes.firstByte).toBeGreaterThan(0);
    const resumed = uploadRecording({ record: kept, source: keptBytes, guestId });
    const recordingId = await resumed.run();
    expect(await storedAudio(guestId, recordingId)).toEqual(audio);
  });

  it('will not start a new upload without the recording’s first bytes', async () => {
    const guestId = newGuestId();
    const record = await keptRecording(guestId);
    await addChunk(record.id, 100, new Blob([new Uint8Array(audio.subarray(100, 200))]));
    expect(() =>
      uploadRecording({
        record,
        source: new ChunkSource([{ start: 100, bytes: new ArrayBuffer(100) }]),
        guestId,
      }),
    ).toThrow('no longer has the start');
  });
});
