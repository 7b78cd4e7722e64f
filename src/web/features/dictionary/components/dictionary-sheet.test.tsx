// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DictionaryEntry } from '#contract/dictionary';
import { guestMe, renderScreen, stubServer, type FakeAnswer } from '#web/testing/screen';
import { DICTIONARY_EMPTY_TEXT, DictionarySheet } from './dictionary-sheet';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => localStorage.clear());

const KUBERNETES: DictionaryEntry = { term: 'Kubernetes', soundsLike: 'cooper netties' };
const AOIFE: DictionaryEntry = { term: 'Aoife', soundsLike: 'ee fa' };
const IOS: DictionaryEntry = { term: 'iOS' };

const REFUSED: FakeAnswer = {
  status: 429,
  body: { error: 'rate_limited', message: 'Too many saves; try again in a minute.' },
};

/**
 * A server holding one dictionary: GET answers it, PUT replaces it, unless `refuse` says the
 * save is refused. `hold` keeps each PUT waiting until the test lets it go.
 */
function serve(start: DictionaryEntry[], options: { refuse?: boolean; hold?: boolean } = {}) {
  let stored = start;
  const waiting: (() => void)[] = [];
  const server = stubServer(async (request) => {
    if (request.path === '/api/me') return { body: guestMe };
    if (request.path !== '/api/dictionary') {
      return { status: 404, body: { error: 'not_found', message: 'Not found' } };
    }
    if (request.method === 'GET') return { body: { entries: stored } };
    if (options.hold) await new Promise<void>((resolve) => waiting.push(resolve));
    if (options.refuse) return REFUSED;
    stored = (request.body as { entries: DictionaryEntry[] }).entries;
    return { body: { entries: stored } };
  });
  return {
    ...server,
    puts: () =>
      server.seen
        .filter((request) => request.method === 'PUT')
        .map((request) => (request.body as { entries: DictionaryEntry[] }).entries),
    release: () => waiting.splice(0).forEach((resolve) => resolve()),
  };
}

async function openSheet() {
  const user = userEvent.setup();
  renderScreen(<DictionarySheet open onOpenChange={() => {}} />);
  const sheet = await screen.findByRole('dialog', { name: 'Dictionary' });
  return { user, sheet };
}

/** The add form, once the list has loaded (its fields are disabled until then). */
async function addForm(sheet: HTMLElement) {
  const form = within(sheet).getByRole('form', { name: 'Add a word' });
  const term = within(form).getByRole<HTMLInputElement>('textbox', { name: 'Word or name' });
  await vi.waitFor(() => expect(term.disabled).toBe(false));
  const soundsLike = within(form).getByRole<HTMLInputElement>('textbox', {
    name: 'Sounds like (optional)',
  });
  const button = within(form).getByRole('button', { name: 'Add' });
  return { form, term, soundsLike, button };
}

function shownEntries(sheet: HTMLElement): string[] {
  const list = within(sheet).queryByRole('list', { name: /Your words/ });
  if (!list) return [];
  return within(list)
    .queryAllByTestId('dictionary-entry')
    .map((row) => row.querySelector('div')?.textContent ?? '');
}

describe('the dictionary screen', () => {
  it('lists the entries in order, each with what it sounds like, and buttons named for it', async () => {
    serve([KUBERNETES, IOS, AOIFE]);
    const { sheet } = await openSheet();
    const list = await within(sheet).findByRole('list', { name: 'Your words (3)' });
    expect(shownEntries(sheet)).toEqual([
      'KubernetesSounds like “cooper netties”',
      'iOS',
      'AoifeSounds like “ee fa”',
    ]);
    for (const term of ['Kubernetes', 'iOS', 'Aoife']) {
      expect(within(list).getByRole('button', { name: `Edit ${term}` })).toBeTruthy();
      expect(within(list).getByRole('button', { name: `Remove ${term}` })).toBeTruthy();
    }
  });

  it('says in one line what it is for when there is nothing in it', async () => {
    serve([]);
    const { sheet } = await openSheet();
    expect((await within(sheet).findByTestId('dictionary-empty')).textContent).toBe(
      DICTIONARY_EMPTY_TEXT,
    );
    expect(DICTIONARY_EMPTY_TEXT).toContain('“Kubernetes”, sounds like “cooper netties”');
    expect(within(sheet).queryByRole('list', { name: /Your words/ })).toBeNull();
  });

  it('adds an entry at once, then saves the whole list', async () => {
    const server = serve([IOS], { hold: true });
    const { user, sheet } = await openSheet();
    const { term, soundsLike, button } = await addForm(sheet);
    await user.type(term, '  Kubernetes ');
    await user.type(soundsLike, 'cooper netties');
    await user.click(button);

    // Shown before the server has answered.
    expect(shownEntries(sheet)).toEqual(['iOS', 'KubernetesSounds like “cooper netties”']);
    expect(term.value).toBe('');
    expect(soundsLike.value).toBe('');
    expect(within(sheet).getByTestId('dictionary-said').textContent).toBe('Kubernetes added.');
    await vi.waitFor(() => expect(server.puts()).toEqual([[IOS, KUBERNETES]]));
    server.release();
    await vi.waitFor(() =>
      expect(within(sheet).getByRole('list', { name: 'Your words (2)' })).toBeTruthy(),
    );
  });

  it('adds an entry without a sounds-like, and with Enter', async () => {
    const server = serve([]);
    const { user, sheet } = await openSheet();
    const { term } = await addForm(sheet);
    await user.type(term, 'iOS{Enter}');
    await vi.waitFor(() => expect(server.puts()).toEqual([[{ term: 'iOS' }]]));
    expect(shownEntries(sheet)).toEqual(['iOS']);
  });

  it('edits an entry in its row and gives the focus back to its Edit button', async () => {
    const server = serve([KUBERNETES, IOS]);
    const { user, sheet } = await openSheet();
    await user.click(await within(sheet).findByRole('button', { name: 'Edit Kubernetes' }));
    const editor = within(sheet).getByRole('form', { name: 'Edit Kubernetes' });
    const soundsLike = within(editor).getByRole<HTMLInputElement>('textbox', {
      name: 'Sounds like (optional)',
    });
    expect(document.activeElement).toBe(
      within(editor).getByRole('textbox', { name: 'Word or name' }),
    );
    expect(soundsLike.value).toBe('cooper netties');
    await user.clear(soundsLike);
    await user.type(soundsLike, 'cuber nettys');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));

    expect(shownEntries(sheet)).toEqual(['KubernetesSounds like “cuber nettys”', 'iOS']);
    await vi.waitFor(() =>
      expect(server.puts()).toEqual([[{ term: 'Kubernetes', soundsLike: 'cuber nettys' }, IOS]]),
    );
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(
        within(sheet).getByRole('button', { name: 'Edit Kubernetes' }),
      ),
    );
  });

  it('leaves an entry as it was on Cancel', async () => {
    const server = serve([KUBERNETES]);
    const { user, sheet } = await openSheet();
    await user.click(await within(sheet).findByRole('button', { name: 'Edit Kubernetes' }));
    const editor = within(sheet).getByRole('form', { name: 'Edit Kubernetes' });
    await user.type(within(editor).getByRole('textbox', { name: 'Word or name' }), ' Engine');
    await user.click(within(editor).getByRole('button', { name: 'Cancel' }));
    expect(shownEntries(sheet)).toEqual(['KubernetesSounds like “cooper netties”']);
    expect(server.puts()).toEqual([]);
  });

  it('removes an entry at once and moves the focus to the next one', async () => {
    const server = serve([KUBERNETES, AOIFE, IOS]);
    const { user, sheet } = await openSheet();
    await user.click(await within(sheet).findByRole('button', { name: 'Remove Aoife' }));
    expect(shownEntries(sheet)).toEqual(['KubernetesSounds like “cooper netties”', 'iOS']);
    expect(within(sheet).getByTestId('dictionary-said').textContent).toBe('Aoife removed.');
    await vi.waitFor(() => expect(server.puts()).toEqual([[KUBERNETES, IOS]]));
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(
        within(sheet).getByRole('button', { name: 'Remove iOS' }),
      ),
    );
  });

  it('refuses a term already there in any casing, says so beside it and keeps what was typed', async () => {
    const server = serve([KUBERNETES]);
    const { user, sheet } = await openSheet();
    const { term, soundsLike, button } = await addForm(sheet);
    await user.type(term, 'kubernetes');
    await user.type(soundsLike, 'cube');
    await user.click(button);

    expect(within(sheet).getByText('“Kubernetes” is already in your dictionary.')).toBeTruthy();
    expect(term.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(term);
    expect(term.value).toBe('kubernetes');
    expect(soundsLike.value).toBe('cube');
    expect(shownEntries(sheet)).toEqual(['KubernetesSounds like “cooper netties”']);
    expect(server.puts()).toEqual([]);

    // The reason follows the field: another spelling is accepted.
    await user.clear(term);
    await user.type(term, 'Kubectl');
    expect(within(sheet).queryByText('“Kubernetes” is already in your dictionary.')).toBeNull();
  });

  it('refuses an edit that makes two entries of one term', async () => {
    const server = serve([KUBERNETES, IOS]);
    const { user, sheet } = await openSheet();
    await user.click(await within(sheet).findByRole('button', { name: 'Edit iOS' }));
    const editor = within(sheet).getByRole('form', { name: 'Edit iOS' });
    const term = within(editor).getByRole<HTMLInputElement>('textbox', { name: 'Word or name' });
    await user.clear(term);
    await user.type(term, 'KUBERNETES');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(within(editor).getByText('“Kubernetes” is already in your dictionary.')).toBeTruthy();
    expect(server.puts()).toEqual([]);
  });

  it('refuses an empty term and one over 60 characters, as the server would', async () => {
    const server = serve([]);
    const { user, sheet } = await openSheet();
    const { term, soundsLike, button } = await addForm(sheet);
    await user.type(soundsLike, 'cooper netties');
    await user.click(button);
    expect(within(sheet).getByText('Type the word as you want it written.')).toBeTruthy();
    expect(soundsLike.value).toBe('cooper netties');

    await user.type(term, 'x'.repeat(61));
    expect(within(sheet).getByText('Up to 60 characters (this is 61).')).toBeTruthy();
    await user.click(button);
    expect(server.puts()).toEqual([]);
    expect(term.value).toBe('x'.repeat(61));

    // Both fields emptied: nothing to complain about until the next try.
    await user.clear(term);
    await user.clear(soundsLike);
    expect(term.getAttribute('aria-invalid')).toBeNull();
    expect(within(sheet).queryByText('Type the word as you want it written.')).toBeNull();
  });

  it('puts the list back when the save is refused, says why and gives the fields back', async () => {
    const server = serve([IOS], { refuse: true, hold: true });
    const { user, sheet } = await openSheet();
    const { term, soundsLike, button } = await addForm(sheet);
    await user.type(term, 'Kubernetes');
    await user.type(soundsLike, 'cooper netties');
    await user.click(button);
    expect(shownEntries(sheet)).toEqual(['iOS', 'KubernetesSounds like “cooper netties”']);

    await vi.waitFor(() => expect(server.puts()).toHaveLength(1));
    server.release();
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Dictionary not saved')).toBeTruthy();
    expect(within(toast).getByText('Too many saves; try again in a minute.')).toBeTruthy();
    expect(shownEntries(sheet)).toEqual(['iOS']);
    expect(term.value).toBe('Kubernetes');
    expect(soundsLike.value).toBe('cooper netties');
  });

  it('brings back a removed entry, and an edit with its draft, when the save is refused', async () => {
    serve([KUBERNETES, IOS], { refuse: true });
    const { user, sheet } = await openSheet();
    await user.click(await within(sheet).findByRole('button', { name: 'Remove iOS' }));
    await screen.findByTestId('toast');
    await vi.waitFor(() =>
      expect(shownEntries(sheet)).toEqual(['KubernetesSounds like “cooper netties”', 'iOS']),
    );

    await user.click(within(sheet).getByRole('button', { name: 'Edit Kubernetes' }));
    const term = within(
      within(sheet).getByRole('form', { name: 'Edit Kubernetes' }),
    ).getByRole<HTMLInputElement>('textbox', { name: 'Word or name' });
    await user.clear(term);
    await user.type(term, 'K8s');
    await user.keyboard('{Enter}');
    const editor = await within(sheet).findByRole('form', { name: 'Edit Kubernetes' });
    expect(
      within(editor).getByRole<HTMLInputElement>('textbox', { name: 'Word or name' }).value,
    ).toBe('K8s');
    expect(shownEntries(sheet)).toEqual(['iOS']);
  });
});
