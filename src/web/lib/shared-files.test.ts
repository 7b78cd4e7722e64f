// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { SHARED_PARAM } from './share-target';
import { answerShare, takeSharedFile } from './shared-files';

function share(form: FormData): Request {
  return new Request('https://ideas.example/share-target', { method: 'POST', body: form });
}

describe('a recording shared to the app', () => {
  it('is kept before the app opens on it, then taken once, the same bytes and name', async () => {
    const bytes = Uint8Array.from({ length: 3000 }, (_, index) => index % 256);
    const form = new FormData();
    form.append('audio', new File([bytes], 'Voice memo.m4a', { type: 'audio/mp4' }));
    const answer = await answerShare(share(form));
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get('location') ?? '');
    expect(location.pathname).toBe('/');
    const id = location.searchParams.get(SHARED_PARAM) ?? '';
    expect(id).not.toBe('');

    const file = await takeSharedFile(id);
    expect(file?.name).toBe('Voice memo.m4a');
    expect(file?.type).toBe('audio/mp4');
    expect(new Uint8Array((await file?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(bytes);
    expect(await takeSharedFile(id)).toBeNull();
  });

  it('opens the app as it is when the share has no file, or only text', async () => {
    const form = new FormData();
    form.append('title', 'just a link');
    const answer = await answerShare(share(form));
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('https://ideas.example/');
    const empty = await answerShare(
      new Request('https://ideas.example/share-target', { method: 'POST', body: 'not a form' }),
    );
    expect(empty.headers.get('location')).toBe('https://ideas.example/');
  });
});
