// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Idea } from '../../../../contract/api-schemas';
import type { Session } from '../../../lib/session';
import { guestMe, idea, renderScreen, stubServer } from '../../../testing/screen';
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

function open(deleteStatus = 204) {
  const server = stubServer((request) => {
    if (request.method === 'DELETE' && request.path === '/api/guest-ideas/idea-42') {
      return deleteStatus === 204
        ? { status: 204 }
        : { status: deleteStatus, body: { error: 'internal', message: 'Database is down' } };
    }
    return { status: 404, body: { error: 'not_found', message: 'Not found' } };
  });
  const onClose = vi.fn();
  renderScreen(<IdeaSheets idea={shown} session={guest} onClose={onClose} />);
  return { ...server, onClose, sheet: screen.getByRole('dialog', { name: 'Idea' }) };
}

describe('Idea detail sheet', () => {
  it('shows the badges, how long ago, the content, the transcript and the date', () => {
    const { sheet } = open();
    const view = within(sheet);
    expect(view.getByText('Checklist')).toBeTruthy();
    expect(view.getByText('Personal')).toBeTruthy();
    expect(view.getByText('3 hours ago')).toBeTruthy();
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
    expect(share).toHaveBeenCalledWith({ text: shown.content });
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

  it('deletes once confirmed, says so and closes', async () => {
    const user = userEvent.setup();
    const { sheet, seen, onClose } = open();
    await user.click(within(sheet).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this idea?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Idea deleted')).toBeTruthy();
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'DELETE /api/guest-ideas/idea-42',
    ]);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('reports a failed delete and keeps the idea open', async () => {
    const user = userEvent.setup();
    const { sheet, onClose } = open(500);
    await user.click(within(sheet).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this idea?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Delete failed')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
