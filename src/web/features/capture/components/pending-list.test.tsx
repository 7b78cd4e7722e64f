// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { guestMe, renderScreen, stubServer, usage } from '#web/testing/screen';
import type { Session } from '#web/lib/session';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  const { listPending, deletePending } = await import('../offline/pending-store');
  for (const record of await listPending()) await deletePending(record.id);
});
beforeEach(() => localStorage.clear());
// The screen loads the queue and the pipeline on demand. Their first import is compiled while the
// test waits, which beside other files in a loaded worker outlasts a wait meant for the screen:
// it is done here, under the hook's own timeout.
beforeAll(async () => {
  await Promise.all([
    import('./pending-list'),
    import('../offline/use-pending'),
    import('../offline/keep-for-later'),
    import('../offline/queue'),
    import('../pipeline'),
  ]);
});

const guest: Session = { me: guestMe, isSignedIn: false, isPro: false, owner: 'guest' };

async function mountHome() {
  const [{ PendingList }, { usePendingRecordings, useSavedByWorker }] = await Promise.all([
    import('./pending-list'),
    import('../offline/use-pending'),
  ]);
  function Home() {
    // As app.tsx: every page of the app hears the service worker's saves.
    useSavedByWorker();
    const pending = usePendingRecordings(guest);
    return (
      <PendingList items={pending.items} onRetry={pending.retry} onDiscard={pending.discard} />
    );
  }
  return renderScreen(<Home />);
}

function audio() {
  return new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3])], { type: 'audio/webm' });
}

describe('recordings kept on the device', () => {
  it('shows a refused one with Retry, which saves it once and clears it', async () => {
    const { keepForLater } = await import('../offline/keep-for-later');
    await keepForLater({
      audio: audio(),
      transcript: null,
      format: 'checklist',
      category: 'personal',
      status: 'failed',
      error: 'The transcription service failed. Please try again.',
    });
    const server = stubServer((request) => {
      if (request.path === '/api/transcribe')
        return { body: { transcript: 'buy milk, call mum', engine: 'openai', durationMs: 900 } };
      if (request.path === '/api/infer-format-category') {
        return { body: { format: null, category: null, confidence: 0 } };
      }
      if (request.path === '/api/format') {
        return {
          body: {
            formatted: '- [ ] Buy milk\n- [ ] Call mum',
            path: 'rules',
            mode: 'reliable',
            notes: [],
          },
        };
      }
      if (request.path === '/api/guest-ideas' && request.method === 'POST') {
        return {
          status: 201,
          body: {
            id: 'idea-1',
            content: '- [ ] Buy milk\n- [ ] Call mum',
            format: 'checklist',
            category: 'personal',
            transcript: 'buy milk, call mum',
            userId: null,
            createdAt: '2026-11-23T09:00:00.000Z',
          },
        };
      }
      if (request.path === '/api/usage') return { body: usage() };
      return { status: 404, body: { error: 'not_found', message: 'no' } };
    });
    await mountHome();

    const item = await screen.findByTestId('pending-idea');
    expect(screen.getByTestId('pending-count').textContent).toBe('1');
    expect(item.textContent).toContain('The transcription service failed. Please try again.');
    expect(item.textContent).toContain('Checklist');
    // Refused ones wait for the person: nothing was sent at start.
    expect(server.seen.filter((seen) => seen.method === 'POST')).toEqual([]);

    await userEvent.click(within(item).getByRole('button', { name: 'Retry' }));
    // Transcription, formatting and the save run in turn: slow on a busy machine.
    await waitFor(() => expect(screen.queryByTestId('pending-idea')).toBeNull(), {
      timeout: 10_000,
    });
    const saves = server.seen.filter((seen) => seen.path === '/api/guest-ideas');
    expect(saves).toHaveLength(1);
    expect(saves[0]?.body).toMatchObject({
      content: '- [ ] Buy milk\n- [ ] Call mum',
      format: 'checklist',
      category: 'personal',
      transcript: 'buy milk, call mum',
    });
    await screen.findByText('Recording saved');
  });

  it('says "Recording saved" and asks the lists again when the service worker saved one', async () => {
    const worker = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
    try {
      stubServer(() => ({ status: 404, body: { error: 'not_found', message: 'no' } }));
      const { client } = await mountHome();
      // Lists the page shows, cached as home caches them.
      client.setQueryData(['ideas', 'guest', 'recent'], { items: [], nextCursor: null, total: 0 });
      client.setQueryData(['/api/usage'], usage());
      // Another sender's message, or a malformed one, changes nothing.
      worker.dispatchEvent(new MessageEvent('message', { data: { type: 'VERSION_INFO' } }));
      worker.dispatchEvent(
        new MessageEvent('message', { data: { type: 'RECORDINGS_SAVED', count: 0 } }),
      );
      expect(client.getQueryState(['/api/usage'])?.isInvalidated).toBe(false);
      worker.dispatchEvent(
        new MessageEvent('message', { data: { type: 'RECORDINGS_SAVED', count: 1 } }),
      );
      await screen.findByText('Recording saved');
      expect(screen.getAllByText('Recording saved')).toHaveLength(1);
      expect(client.getQueryState(['ideas', 'guest', 'recent'])?.isInvalidated).toBe(true);
      expect(client.getQueryState(['/api/usage'])?.isInvalidated).toBe(true);
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('Discard deletes it from the device', async () => {
    const { keepForLater } = await import('../offline/keep-for-later');
    await keepForLater({
      audio: audio(),
      transcript: null,
      format: 'tweet',
      category: 'work',
      status: 'failed',
      error: 'No speech was found in the recording.',
    });
    stubServer(() => ({ status: 404, body: { error: 'not_found', message: 'no' } }));
    await mountHome();
    const item = await screen.findByTestId('pending-idea');
    await userEvent.click(within(item).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByTestId('pending-list')).toBeNull());
    const { listPending } = await import('../offline/pending-store');
    expect(await listPending()).toEqual([]);
  });

  it('keeps a waiting one when the connection fails again, and says so', async () => {
    const { keepForLater } = await import('../offline/keep-for-later');
    await keepForLater({
      audio: audio(),
      transcript: null,
      format: 'pitch',
      category: 'creative',
      status: 'waiting',
      error: null,
    });
    stubServer(() => Promise.reject(new TypeError('Failed to fetch')));
    await mountHome();
    const item = await screen.findByTestId('pending-idea');
    expect(item.textContent).toContain('It becomes an idea when you are back online.');
    expect(within(item).queryByRole('button', { name: 'Retry' })).toBeNull();
    const { listPending } = await import('../offline/pending-store');
    await waitFor(async () => expect((await listPending())[0]?.status).toBe('waiting'));
  });
});
