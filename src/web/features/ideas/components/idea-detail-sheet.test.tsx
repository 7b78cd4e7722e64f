// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Idea, IdeaList } from '#contract/api-schemas';
import { queryKeys } from '#web/lib/query-client';
import type { Session } from '#web/lib/session';
import {
  guestMe,
  idea,
  renderScreen,
  stubServer,
  type FakeAnswer,
  type SeenRequest,
} from '#web/testing/screen';
import { UNDO_DELETE_MS } from '../api/delete-later';
import { pendingContent } from '../api/edit-queue';
import { IdeaSheets } from './idea-sheets';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'share');
});
beforeEach(() => localStorage.clear());

const guest: Session = { me: guestMe, isSignedIn: false, isPro: false, owner: 'guest' };

const shown: Idea = idea({
  id: 'idea-42',
  content: 'Ship the beta on Friday and tell the team',
  format: 'checklist',
  category: 'personal',
  transcript: 'checklist personal ship the beta on friday and tell the team',
  createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
});

function open(
  deleteStatus = 204,
  answerReformat?: (request: SeenRequest) => FakeAnswer | Promise<FakeAnswer>,
) {
  const server = stubServer((request) => {
    if (request.method === 'POST' && request.path === '/api/guest-ideas/idea-42/reformat') {
      if (answerReformat) return answerReformat(request);
    }
    if (request.method === 'DELETE' && request.path === '/api/guest-ideas/idea-42') {
      return deleteStatus === 204
        ? { status: 204 }
        : { status: deleteStatus, body: { error: 'internal', message: 'Database is down' } };
    }
    return { status: 404, body: { error: 'not_found', message: 'Not found' } };
  });
  const onClose = vi.fn();
  const { client } = renderScreen(<IdeaSheets idea={shown} session={guest} onClose={onClose} />);
  return { ...server, client, onClose, sheet: screen.getByRole('dialog', { name: 'Idea' }) };
}

describe('Idea detail sheet', () => {
  it('shows the badges, how long ago, the content, the transcript and the date', () => {
    const { sheet } = open();
    const view = within(sheet);
    expect(view.getByTestId('idea-badges').textContent).toBe('ChecklistPersonal3 hours ago');
    expect(view.getByTestId('idea-content').textContent).toBe(shown.content);
    expect(view.getByText('Original recording')).toBeTruthy();
    expect(view.getByText(shown.transcript ?? '')).toBeTruthy();
    expect(view.getByText(/^Created /)).toBeTruthy();
    for (const name of ['Copy', 'Share', 'Edit', 'Delete']) {
      expect(view.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('has no transcript section for an idea that was typed', () => {
    stubServer(() => ({ status: 404, body: { error: 'not_found', message: 'Not found' } }));
    renderScreen(
      <IdeaSheets idea={{ ...shown, transcript: null }} session={guest} onClose={() => {}} />,
    );
    expect(screen.queryByText('Original recording')).toBeNull();
  });

  it('copies the content to the clipboard and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const { sheet } = open();
    await user.click(within(sheet).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(shown.content);
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
  });

  it('tells the person when the browser blocks the clipboard', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const { sheet } = open();
    await user.click(within(sheet).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copy failed')).toBeTruthy();
  });

  it("shares through the device's share sheet, or copies where there is none", async () => {
    const user = userEvent.setup();
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const { sheet } = open();
    await user.click(within(sheet).getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: shown.content, text: shown.content });
    expect(writeText).not.toHaveBeenCalled();

    Reflect.deleteProperty(navigator, 'share');
    await user.click(within(sheet).getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(shown.content);
  });

  it('opens the edit dialog on Edit', async () => {
    const user = userEvent.setup();
    const { sheet } = open();
    await user.click(within(sheet).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit idea' });
    expect(within(dialog).getByRole('textbox')).toHaveProperty('value', shown.content);
  });

  it('asks before deleting, and Cancel keeps the idea', async () => {
    const user = userEvent.setup();
    const { sheet, seen, onClose } = open();
    await user.click(within(sheet).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this idea?' });
    expect(seen).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(seen.filter((request) => request.method === 'DELETE')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('deletes once confirmed: gone from the lists at once, sent when the Undo window ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { sheet, seen, onClose, client } = open();
    client.setQueryData<IdeaList>(queryKeys.recentIdeas('guest'), {
      items: [shown],
      total: 1,
      nextCursor: null,
    });
    await user.click(within(sheet).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this idea?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Idea deleted')).toBeTruthy();
    expect(onClose).toHaveBeenCalledOnce();
    expect(client.getQueryData<IdeaList>(queryKeys.recentIdeas('guest'))?.items).toEqual([]);
    expect(seen.filter((request) => request.method === 'DELETE')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(UNDO_DELETE_MS + 100);
    expect(seen.map((request) => `${request.method} ${request.path}`)).toContain(
      'DELETE /api/guest-ideas/idea-42',
    );
    // An Undo that could take nothing back is not left on screen.
    await vi.waitFor(() => expect(screen.queryByText('Undo')).toBeNull());
    vi.useRealTimers();
  });

  it('takes a delete back with Undo: the server is never asked', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { seen } = stubServer(() => ({ status: 204 }));
    // Closed the way home and search close it, by unmounting it: a sheet left open by a bare
    // onClose keeps the toast in the confirm dialog until a later render moves it, so a click
    // could land on the copy being taken away.
    function Home() {
      const [openIdea, setOpenIdea] = useState<Idea | null>(shown);
      return openIdea ? (
        <IdeaSheets idea={openIdea} session={guest} onClose={() => setOpenIdea(null)} />
      ) : null;
    }
    renderScreen(<Home />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this idea?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Nothing modal is left over the page, so the Undo is a person's to tap.
    expect(document.body.style.pointerEvents).toBe('');

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Idea restored')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(UNDO_DELETE_MS + 100);
    expect(seen.filter((request) => request.method === 'DELETE')).toHaveLength(0);
    vi.useRealTimers();
  });

  it('says so when the server refuses the delete', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { sheet } = open(500);
    await user.click(within(sheet).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this idea?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await vi.advanceTimersByTimeAsync(UNDO_DELETE_MS + 100);
    expect(await screen.findByText('Delete failed')).toBeTruthy();
    vi.useRealTimers();
  });

  it('gives the share sheet the suggested title: the first line, at most 50 characters', async () => {
    const user = userEvent.setup();
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    stubServer(() => ({ status: 404, body: { error: 'not_found', message: 'Not found' } }));
    const content = `Morning routine for the whole week, before any meetings\n- [ ] Stretch`;
    renderScreen(<IdeaSheets idea={{ ...shown, content }} session={guest} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Morning routine for the whole week, before any mee',
      text: content,
    });
  });
});

describe('Reformatting an idea', () => {
  const rewritten = {
    ...shown,
    content: 'Problem: the beta slips.\nSolution: ship it on Friday.\nValue: the team knows.',
    format: 'pitch' as const,
    category: 'creative' as const,
  };

  async function openReformat(answer: (request: SeenRequest) => FakeAnswer | Promise<FakeAnswer>) {
    const user = userEvent.setup();
    const server = open(204, answer);
    await user.click(within(server.sheet).getByText('Reformat', { selector: 'summary' }));
    const panel = within(within(server.sheet).getByTestId('reformat'));
    return { ...server, user, panel };
  }

  it("offers the idea's own format and category first", async () => {
    const { panel } = await openReformat(() => ({ body: rewritten }));
    expect(panel.getByRole('radio', { name: 'Checklist' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(panel.getByRole('radio', { name: 'Personal' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(panel.getByText(/from the original recording/)).toBeTruthy();
  });

  it('rewrites the idea in the chosen format and category and shows it', async () => {
    const { user, panel, sheet, seen, client } = await openReformat(() => ({ body: rewritten }));
    const other = idea({ id: 'idea-43' });
    client.setQueryData<IdeaList>(queryKeys.recentIdeas(guest.owner), {
      items: [other, shown],
      total: 2,
      nextCursor: null,
    });
    await user.click(panel.getByRole('radio', { name: 'Pitch' }));
    await user.click(panel.getByRole('radio', { name: 'Creative' }));
    await user.click(panel.getByRole('button', { name: 'Reformat as Pitch · Creative' }));

    expect(await screen.findByText('Idea reformatted')).toBeTruthy();
    expect(seen.filter((request) => request.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/api/guest-ideas/idea-42/reformat',
        body: { format: 'pitch', category: 'creative', mode: 'smart' },
      }),
    ]);
    const view = within(sheet);
    expect(view.getByTestId('idea-content').textContent).toBe(rewritten.content);
    expect(view.getByTestId('idea-badges').textContent).toMatch(/^PitchCreative/);
    expect(screen.queryByRole('alert')).toBeNull();
    // The home list shows the rewritten idea in its place without fetching again.
    expect(client.getQueryData<IdeaList>(queryKeys.recentIdeas(guest.owner))?.items).toEqual([
      other,
      rewritten,
    ]);
  });

  it('is busy while the server writes, and takes no second tap', async () => {
    let finish: (answer: FakeAnswer) => void = () => {};
    const { user, panel, seen } = await openReformat(
      () => new Promise<FakeAnswer>((resolve) => (finish = resolve)),
    );
    await user.click(panel.getByRole('button', { name: /^Reformat as/ }));
    const busy = await panel.findByRole('button', { name: 'Reformatting…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(busy).toBe(document.activeElement);
    expect(panel.getByRole('radio', { name: 'Tweet' })).toHaveProperty('disabled', true);
    await user.click(busy);
    expect(seen.filter((request) => request.method === 'POST')).toHaveLength(1);

    finish({ body: rewritten });
    expect(await screen.findByText('Idea reformatted')).toBeTruthy();
  });

  it('says exactly what failed and keeps the idea as it was', async () => {
    const { user, panel, sheet } = await openReformat(() => ({
      status: 502,
      body: { error: 'internal', message: 'The model is down' },
    }));
    await user.click(panel.getByRole('radio', { name: 'Tweet' }));
    await user.click(panel.getByRole('button', { name: /^Reformat as/ }));

    const alert = await within(sheet).findByRole('alert');
    expect(alert.textContent).toBe('Failed to reformat idea. Please try again.');
    expect(within(sheet).getByTestId('idea-content').textContent).toBe(shown.content);
    expect(panel.getByRole('button', { name: /^Reformat as/ }).getAttribute('aria-disabled')).toBe(
      'false',
    );
  });
});

describe('ticking a checklist in the detail sheet', () => {
  const list: Idea = idea({
    id: 'idea-42',
    format: 'checklist',
    content: 'Trip\n- [ ] Pack the bags\n- [ ] Book the train',
  });

  function openList(answer: (request: SeenRequest) => FakeAnswer | Promise<FakeAnswer>) {
    const server = stubServer(answer);
    const { client } = renderScreen(<IdeaSheets idea={list} session={guest} onClose={() => {}} />);
    client.setQueryData<IdeaList>(queryKeys.recentIdeas('guest'), {
      items: [list],
      total: 1,
      nextCursor: null,
    });
    return { ...server, client };
  }

  it('is a real checkbox per task, saved at once as - [x] and shown in the lists', async () => {
    const user = userEvent.setup();
    const { seen, client } = openList((request) =>
      request.method === 'PUT'
        ? { body: { ...list, content: (request.body as { content: string }).content } }
        : { status: 404 },
    );
    const box = screen.getByRole('checkbox', { name: 'Pack the bags' });
    await user.click(box);
    expect((box as HTMLInputElement).checked).toBe(true);
    await vi.waitFor(() => expect(seen.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({
      content: 'Trip\n- [x] Pack the bags\n- [ ] Book the train',
    });
    expect(client.getQueryData<IdeaList>(queryKeys.recentIdeas('guest'))?.items[0]?.content).toBe(
      'Trip\n- [x] Pack the bags\n- [ ] Book the train',
    );
  });

  it('takes the tick back and says so when the server refuses it', async () => {
    const user = userEvent.setup();
    openList(() => ({ status: 500, body: { error: 'internal', message: 'Database is down' } }));
    const box = screen.getByRole('checkbox', { name: 'Book the train' });
    await user.click(box);
    expect(await screen.findByText('Could not save the tick')).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(false);
  });

  it('keeps the tick on this device when there is no connection', async () => {
    const user = userEvent.setup();
    openList(() => {
      throw new TypeError('Failed to fetch');
    });
    const box = screen.getByRole('checkbox', { name: 'Book the train' });
    await user.click(box);
    expect(await screen.findByText('Kept on this device')).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(pendingContent('guest', 'idea-42')).toBe(
      'Trip\n- [ ] Pack the bags\n- [x] Book the train',
    );
  });

  describe('a tweet over 280 characters', () => {
    const sentence = (n: number) =>
      `Point ${n}: the standup should be shorter, start on time and end before ten on every working day.`;
    const content = [1, 2, 3, 4, 5].map(sentence).join(' ');
    const thread = [
      `${sentence(1)} ${sentence(2)} 1/3`,
      `${sentence(3)} ${sentence(4)} 2/3`,
      `${sentence(5)} 3/3`,
    ].join('\n\n');

    function openTweet(format: Idea['format'] = 'tweet') {
      stubServer(() => ({ status: 404, body: { error: 'not_found', message: 'Not found' } }));
      renderScreen(
        <IdeaSheets idea={{ ...shown, format, content }} session={guest} onClose={() => {}} />,
      );
      return within(screen.getByRole('dialog', { name: 'Idea' }));
    }

    it('shows as numbered posts under the count of the thread', () => {
      const view = openTweet();
      expect(view.getByTestId('thread-count').textContent).toBe('Thread of 3 posts');
      const posts = view.getAllByTestId('thread-post').map((post) => post.textContent);
      expect(posts).toEqual([
        `Post 1/3${sentence(1)} ${sentence(2)}`,
        `Post 2/3${sentence(3)} ${sentence(4)}`,
        `Post 3/3${sentence(5)}`,
      ]);
    });

    it('copies the whole thread, its posts a blank line apart', async () => {
      const user = userEvent.setup();
      const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
      const view = openTweet();
      await user.click(view.getByRole('button', { name: 'Copy' }));
      expect(writeText).toHaveBeenCalledWith(thread);
    });

    it('shares the first post as the text with the rest after it', async () => {
      const user = userEvent.setup();
      const share = vi.fn().mockResolvedValue(undefined);
      Object.defineProperty(navigator, 'share', { value: share, configurable: true });
      const view = openTweet();
      await user.click(view.getByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith({
        title: 'Point 1: the standup should be shorter, start on t',
        text: thread,
      });
    });

    it('is no thread when the idea is not a tweet', async () => {
      const user = userEvent.setup();
      const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
      const view = openTweet('pitch');
      expect(view.queryByTestId('thread-count')).toBeNull();
      await user.click(view.getByRole('button', { name: 'Copy' }));
      expect(writeText).toHaveBeenCalledWith(content);
    });
  });
});
