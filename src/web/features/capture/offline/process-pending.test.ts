// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Idea, NewIdea } from '#contract/api-schemas';
import { ApiError } from '#web/lib/api-error';
import {
  addChunk,
  addPending,
  deletePending,
  listChunks,
  listPending,
  type PendingRecording,
} from './pending-store';
import { adoptInterrupted, processWaiting, type PendingSteps } from './process-pending';

afterEach(async () => {
  for (const record of await listPending()) await deletePending(record.id);
});

function keep(transcript: string | null = null) {
  return addPending({
    audio: new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' }),
    transcript,
    format: 'tweet',
    category: 'work',
    status: 'waiting',
    error: null,
    guestId: 'guest_kept12345',
  });
}

function steps(overrides: Partial<PendingSteps> = {}) {
  const saved: { idea: NewIdea; key: string }[] = [];
  const real: PendingSteps = {
    accepts: () => true,
    transcribe: vi.fn(async () => 'ship it'),
    upload: vi.fn(async () => 'recording-1'),
    transcriptOf: vi.fn(async () => 'said while recording'),
    format: vi.fn(async (record, transcript) => ({
      content: transcript.toUpperCase(),
      format: record.format,
      category: record.category,
      transcript,
    })),
    save: vi.fn(async (idea: NewIdea, record: PendingRecording) => {
      saved.push({ idea, key: record.id });
      return { ...idea, id: `idea-${saved.length}`, userId: null, createdAt: '' } as Idea;
    }),
    ...overrides,
  };
  return { steps: real, saved };
}

describe('processing kept recordings', () => {
  it('saves each once, with its id as the key, even when two tabs run at the same moment', async () => {
    const first = await keep();
    const second = await keep('already transcribed');
    const tabA = steps();
    const tabB = steps();
    const [savedByA, savedByB] = await Promise.all([
      processWaiting(tabA.steps),
      processWaiting(tabB.steps),
    ]);
    expect(savedByA + savedByB).toBe(2);
    const keys = [...tabA.saved, ...tabB.saved].map((save) => save.key).sort();
    expect(keys).toEqual([first.id, second.id].sort());
    expect(await listPending()).toEqual([]);
    // The transcript kept before going offline is not sent for transcription again.
    const transcribed = [tabA, tabB].flatMap((tab) => vi.mocked(tab.steps.transcribe).mock.calls);
    expect(transcribed).toHaveLength(1);
  });

  it('keeps a recording, with its transcript, when the connection fails at the save', async () => {
    const record = await keep();
    const offline = steps({
      save: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    expect(await processWaiting(offline.steps)).toBe(0);
    const [kept] = await listPending();
    expect(kept).toMatchObject({
      id: record.id,
      status: 'waiting',
      transcript: 'ship it',
      claimedUntil: 0,
    });
  });

  it('marks a recording the server refuses as failed, for the person to retry or discard', async () => {
    await keep();
    const refused = steps({
      save: vi.fn(async () => {
        throw new ApiError(
          402,
          'Payment Required',
          JSON.stringify({ error: 'quota_exceeded', message: 'Monthly limit reached' }),
        );
      }),
    });
    await processWaiting(refused.steps);
    const [kept] = await listPending();
    expect(kept?.status).toBe('failed');
    expect(kept?.error).toContain('Monthly limit reached');
    // A failed one is not picked up again by itself.
    const again = steps();
    expect(await processWaiting(again.steps)).toBe(0);
    expect(again.saved).toEqual([]);
  });
});

/** A recording kept in chunks as it was made, by a tab that is recording it (or was). */
async function keepChunked(status: PendingRecording['status'] = 'recording', claimedUntil = 0) {
  const record = await addPending({
    audio: null,
    transcript: null,
    format: 'checklist',
    category: 'personal',
    status,
    error: null,
    guestId: 'guest_kept12345',
    chunked: true,
    mimeType: 'audio/webm',
    claimedUntil,
  });
  await addChunk(record.id, 0, new Blob([new Uint8Array([1, 2, 3])]));
  await addChunk(record.id, 3, new Blob([new Uint8Array([4, 5])]));
  return record;
}

describe('recordings kept in chunks while they were made', () => {
  // This environment has no Web Locks: the recording tab's renewed claim stands for its lock.
  it('are left alone while the tab recording them still claims them', async () => {
    await keepChunked('recording', Date.now() + 60_000);
    const tab = steps();
    expect(await adoptInterrupted()).toBe(0);
    expect(await processWaiting(tab.steps)).toBe(0);
    expect(tab.steps.upload).not.toHaveBeenCalled();
  });

  it('are finished once their tab is gone: uploaded, transcribed by the server, saved naming the recording', async () => {
    const record = await keepChunked();
    expect(await listChunks(record.id)).toHaveLength(2);
    const tab = steps();
    expect(await processWaiting(tab.steps)).toBe(1);
    expect(tab.steps.upload).toHaveBeenCalledTimes(1);
    expect(tab.steps.transcriptOf).toHaveBeenCalledWith('recording-1', expect.anything());
    expect(tab.steps.transcribe).not.toHaveBeenCalled();
    expect(tab.saved).toEqual([
      {
        key: record.id,
        idea: expect.objectContaining({
          transcript: 'said while recording',
          recordingId: 'recording-1',
        }) as NewIdea,
      },
    ]);
    // The idea is saved: nothing of it is left on the device, its chunks included.
    expect(await listPending()).toEqual([]);
    expect(await listChunks(record.id)).toEqual([]);
  });

  it('keep the recording id when the transcript cannot be fetched, and never upload twice', async () => {
    await keepChunked('waiting');
    const offline = steps({
      transcriptOf: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    expect(await processWaiting(offline.steps)).toBe(0);
    const [kept] = await listPending();
    expect(kept).toMatchObject({ status: 'waiting', recordingId: 'recording-1', transcript: null });
    const online = steps();
    expect(await processWaiting(online.steps)).toBe(1);
    expect(online.steps.upload).not.toHaveBeenCalled();
    expect(online.saved[0]?.idea.recordingId).toBe('recording-1');
  });
});
