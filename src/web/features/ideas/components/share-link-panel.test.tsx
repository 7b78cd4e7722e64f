// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session } from '#web/lib/session';
import { guestMe, idea, renderScreen, stubServer } from '#web/testing/screen';
import { IdeaSheets } from './idea-sheets';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
beforeEach(() => localStorage.clear());

const guest: Session = { me: guestMe, isSignedIn: false, isPro: false, owner: 'guest' };
const LINK = 'http://localhost:3000/s/AAAAAAAAAAAAAAAAAAAAAA';

function open(shareStatus = 200) {
  const server = stubServer((request) => {
    if (request.path === '/api/guest-ideas/idea-7/share') {
      if (request.method === 'POST') {
        return shareStatus === 200
          ? { body: { url: LINK } }
          : { status: shareStatus, body: { error: 'internal', message: 'Database is down' } };
      }
      if (request.method === 'DELETE') return { status: 204 };
    }
    return { status: 404, body: { error: 'not_found', message: 'Not found' } };
  });
  renderScreen(<IdeaSheets idea={idea({ id: 'idea-7' })} session={guest} onClose={() => {}} />);
  return { ...server, sheet: within(screen.getByRole('dialog', { name: 'Idea' })) };
}

describe('Share link in the detail sheet', () => {
  it('shows the public link, copies it, and stops it', async () => {
    const user = userEvent.setup();
    const { sheet, seen } = open();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(sheet.getByRole('button', { name: 'Share link' }));
    const field = await sheet.findByRole('textbox', { name: 'Public link' });
    expect((field as HTMLInputElement).value).toBe(LINK);
    expect((field as HTMLInputElement).readOnly).toBe(true);

    await user.click(sheet.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(LINK);

    await user.click(sheet.getByRole('button', { name: 'Stop sharing' }));
    expect(await screen.findByText('Link stopped')).toBeTruthy();
    expect(sheet.getByRole('button', { name: 'Share link' })).toBeTruthy();
    expect(sheet.queryByRole('textbox', { name: 'Public link' })).toBeNull();
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/guest-ideas/idea-7/share',
      'DELETE /api/guest-ideas/idea-7/share',
    ]);
  });

  it('says why when no link could be made, and offers the button again', async () => {
    const user = userEvent.setup();
    const { sheet } = open(500);
    await user.click(sheet.getByRole('button', { name: 'Share link' }));
    expect(await screen.findByText('Could not make a link')).toBeTruthy();
    expect(screen.getByText('Database is down')).toBeTruthy();
    expect(sheet.getByRole('button', { name: 'Share link' })).toBeTruthy();
  });
});
