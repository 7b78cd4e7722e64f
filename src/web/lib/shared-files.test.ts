// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { SHARED_PARAM } from './share-target';
import { answerShare, peekSharedFile, takeSharedFile } from './shared-files';

function share(form: FormData, referrer?: string): Request {
  return new Request('https://ideas.example/share-target', {
    method: 'POST',
    body: form,
    referrer,
  });
}

function memo(name: string, size = 3000): FormData {
  const form = new FormData();
  form.append('audio', new File([new Uint8Array(size)], name, { type: 'audio/mp4' }));
  return form;
}

function sharedId(answer: Response): string | null {
  return new URL(answer.headers.get('location') ?? '').searchParams.get(SHARED_PARAM);
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

  it('stays on the device until the app takes it: looking at it does not take it', async () => {
    const id = sharedId(await answerShare(share(memo('Kept.m4a')))) ?? '';
    expect((await peekSharedFile(id))?.name).toBe('Kept.m4a');
    expect((await peekSharedFile(id))?.name).toBe('Kept.m4a');
    expect((await takeSharedFile(id))?.name).toBe('Kept.m4a');
    expect(await peekSharedFile(id)).toBeNull();
  });

  it('keeps only the latest share, so shares posted again and again do not fill the device', async () => {
    const first = sharedId(await answerShare(share(memo('First.m4a')))) ?? '';
    const second = sharedId(await answerShare(share(memo('Second.m4a')))) ?? '';
    expect(await peekSharedFile(first)).toBeNull();
    expect((await takeSharedFile(second))?.name).toBe('Second.m4a');
  });

  it('drops a share posted by a page on another site and opens the app as it is', async () => {
    const answer = await answerShare(share(memo('Attacker.m4a'), 'https://elsewhere.example/page'));
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('https://ideas.example/');
    const own = await answerShare(share(memo('Own.m4a'), 'https://ideas.example/'));
    expect(sharedId(own)).not.toBeNull();
  });
});
