// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Idea } from '#contract/api-schemas';
import type { Session } from '#web/lib/session';
import { freeMe, idea, renderScreen, stubServer, type SeenRequest } from '#web/testing/screen';
import { IdeaSheets } from './idea-sheets';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => localStorage.clear());

const signedIn: Session = { me: freeMe, isSignedIn: true, isPro: false, owner: 'user:user-1' };

const original: Idea = idea({
  id: 'idea-7',
  content: 'Draft the launch tweet',
  userId: 'user-1',
});

/** A server that stores the edit, or fails it with 500. */
function serve({ fail = false } = {}) {
  return stubServer((request: SeenRequest) => {
    if (request.method === 'PUT' && request.path === '/api/ideas/idea-7') {
      if (fail) return { status: 500, body: { error: 'internal', message: 'Database is down' } };
      const { content } = request.body as { content: string };
      return { body: { ...original, content } };
    }
    return { status: 404, body: { error: 'not_found', message: 'Not found' } };
  });
}

/** Opens the idea and taps Edit, as a person does. */
async function openEditor() {
  const user = userEvent.setup();
  renderScreen(<IdeaSheets idea={original} session={signedIn} onClose={() => {}} />);
  await user.click(
    within(screen.getByRole('dialog', { name: 'Idea' })).getByRole('button', { name: 'Edit' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Edit idea' });
  const box = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Idea content' });
  return { user, dialog, box };
}

function puts(seen: SeenRequest[]) {
  return seen.filter((request) => request.method === 'PUT');
}

describe('Edit idea dialog', () => {
  it('opens with the content and its length', async () => {
    serve();
    const { dialog, box } = await openEditor();
    expect(box.value).toBe('Draft the launch tweet');
    expect(within(dialog).getByText('22 characters')).toBeTruthy();
    // Nothing changed yet: there is nothing to save.
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('shows the suggested title, following the first line as it is typed', async () => {
    serve();
    const { user, dialog, box } = await openEditor();
    const title = within(dialog).getByTestId('edit-idea-title');
    expect(title.textContent).toBe('Title: Draft the launch tweet');
    await user.clear(box);
    await user.type(box, 'Launch day plan, in order of what matters most to us{Enter}Tweet');
    expect(title.textContent).toBe('Title: Launch day plan, in order of what matters most to');
  });

  it('sends the new content with PUT, closes and shows the saved text', async () => {
    const { seen } = serve();
    const { user, dialog, box } = await openEditor();
    await user.clear(box);
    await user.type(box, 'Post the launch tweet at 9');
    expect(within(dialog).getByText('26 characters')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Idea updated')).toBeTruthy();
    expect(puts(seen)).toEqual([
      expect.objectContaining({
        path: '/api/ideas/idea-7',
        body: { content: 'Post the launch tweet at 9' },
      }),
    ]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit idea' })).toBeNull());
    const detail = await screen.findByRole('dialog', { name: 'Idea' });
    expect(within(detail).getByTestId('idea-content').textContent).toBe(
      'Post the launch tweet at 9',
    );
  });

  it('refuses empty content and says why', async () => {
    const { seen } = serve();
    const { user, dialog, box } = await openEditor();
    await user.clear(box);
    await user.type(box, '   ');
    expect(within(dialog).getByText('Idea content cannot be empty.')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    await user.type(box, '{Enter}');
    await user.click(save);
    expect(puts(seen)).toHaveLength(0);
  });

  it('leaves the idea as it was on Cancel', async () => {
    const { seen } = serve();
    const { user, dialog, box } = await openEditor();
    await user.type(box, ' and never mind');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog', { name: 'Edit idea' })).toBeNull();
    expect(puts(seen)).toHaveLength(0);
    const detail = await screen.findByRole('dialog', { name: 'Idea' });
    expect(within(detail).getByTestId('idea-content').textContent).toBe('Draft the launch tweet');
  });

  it('keeps the dialog and the draft open when the update fails', async () => {
    serve({ fail: true });
    const { user, dialog, box } = await openEditor();
    await user.type(box, '!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Update Failed')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit idea' })).toBeTruthy();
    expect(box.value).toBe('Draft the launch tweet!');
  });
});

describe('Edit idea dialog for a checklist', () => {
  const list: Idea = idea({
    id: 'idea-7',
    format: 'checklist',
    content: 'Chores\n- [ ] Call mom\n- [x] Book dentist',
    userId: 'user-1',
  });

  async function openListEditor() {
    const user = userEvent.setup();
    renderScreen(<IdeaSheets idea={list} session={signedIn} onClose={() => {}} />);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Idea' })).getByRole('button', { name: 'Edit' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit idea' });
    return { user, dialog: within(dialog) };
  }

  it('edits the items as a list and saves the same markdown shape', async () => {
    const { seen } = serve();
    const { user, dialog } = await openListEditor();
    expect(dialog.getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe('Chores');
    expect(dialog.getByRole<HTMLInputElement>('textbox', { name: 'Item 1' }).value).toBe(
      'Call mom',
    );
    expect(dialog.getByRole<HTMLInputElement>('checkbox', { name: 'Item 2 done' }).checked).toBe(
      true,
    );
    await user.type(dialog.getByRole('textbox', { name: 'Item 1' }), ' on Sunday{Enter}');
    await user.keyboard('Water the plants');
    await user.click(dialog.getByRole('button', { name: 'Remove item 3' }));
    await user.click(dialog.getByRole('button', { name: 'Add item' }));
    await user.keyboard('Pay rent');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await screen.findByText('Idea updated');
    expect(puts(seen)[0]?.body).toEqual({
      content: 'Chores\n- [ ] Call mom on Sunday\n- [ ] Water the plants\n- [ ] Pay rent',
    });
  });

  it('keeps a task on one line of the checklist when words with a line break are pasted in', async () => {
    const { seen } = serve();
    const { user, dialog } = await openListEditor();
    const first = dialog.getByRole<HTMLTextAreaElement>('textbox', { name: 'Item 1' });
    await user.clear(first);
    await user.click(first);
    await user.paste('Call mom\nabout Sunday');
    expect(first.value).toBe('Call mom about Sunday');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await screen.findByText('Idea updated');
    expect(puts(seen)[0]?.body).toEqual({
      content: 'Chores\n- [ ] Call mom about Sunday\n- [x] Book dentist',
    });
  });

  it('offers the markdown as text, and keeps what was changed in the list', async () => {
    serve();
    const { user, dialog } = await openListEditor();
    await user.click(dialog.getByRole('checkbox', { name: 'Item 1 done' }));
    await user.click(dialog.getByRole('button', { name: 'Edit as text' }));
    expect(dialog.getByRole<HTMLTextAreaElement>('textbox', { name: 'Idea content' }).value).toBe(
      'Chores\n- [x] Call mom\n- [x] Book dentist',
    );
  });
});
