// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Idea } from '#contract/api-schemas';
import { guestMe, idea, renderScreen, stubServer, type SeenRequest } from '../../testing/screen';
import SearchRoute from './search';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => localStorage.clear());

const saved: Idea[] = [
  idea({ content: 'Ship the beta on Friday', category: 'work' }),
  idea({ content: 'Plan the team offsite', category: 'work', format: 'checklist' }),
  idea({ content: 'Call grandma on Sunday', category: 'personal' }),
];

/** A server holding `ideas` that filters the way the real one does: query, category, format. */
function serverWith(ideas: Idea[]) {
  return stubServer((request: SeenRequest) => {
    if (request.path === '/api/me') return { body: guestMe };
    if (request.path === '/api/guest-ideas') {
      const q = (request.params.get('q') ?? '').toLowerCase();
      const category = request.params.get('category');
      const format = request.params.get('format');
      const items = ideas.filter(
        (one) =>
          (!category || one.category === category) &&
          (!format || one.format === format) &&
          (!q || one.content.toLowerCase().includes(q)),
      );
      return { body: { items, total: items.length, nextCursor: null } };
    }
    return { status: 404, body: { error: 'not_found', message: 'Not found' } };
  });
}

function ideaRequests(seen: SeenRequest[]) {
  return seen.filter((request) => request.path === '/api/guest-ideas');
}

describe('Search page', () => {
  it('says it is loading until the ideas arrive', () => {
    stubServer((request) =>
      request.path === '/api/me' ? { body: guestMe } : new Promise(() => undefined),
    );
    renderScreen(<SearchRoute />, { path: '/search' });
    expect(screen.getByRole('status').textContent).toBe('Loading your ideas...');
  });

  it('says the ideas failed to load when the server answers 500', async () => {
    stubServer((request) =>
      request.path === '/api/me'
        ? { body: guestMe }
        : { status: 500, body: { error: 'internal', message: 'Something broke' } },
    );
    renderScreen(<SearchRoute />, { path: '/search' });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load ideas');
  });

  it('tells someone with no ideas that nothing is saved yet', async () => {
    serverWith([]);
    renderScreen(<SearchRoute />, { path: '/search' });
    expect(await screen.findByText('No saved ideas yet')).toBeTruthy();
    expect(screen.queryByTestId('results-count')).toBeNull();
  });

  it('focuses the text box on load and finds nothing for a query without a match', async () => {
    const user = userEvent.setup();
    const { seen } = serverWith(saved);
    renderScreen(<SearchRoute />, { path: '/search' });
    const box = screen.getByRole('searchbox', { name: 'Search your ideas' });
    expect(document.activeElement).toBe(box);
    expect((await screen.findByTestId('results-count')).textContent).toBe('3 ideas');

    await user.type(box, 'zebra');
    expect(await screen.findByText('No ideas found')).toBeTruthy();
    expect(screen.queryByText('No saved ideas yet')).toBeNull();
    expect(ideaRequests(seen).at(-1)?.params.get('q')).toBe('zebra');
  });

  it('says what to try when nothing matches, and clears the query and filter in one tap', async () => {
    const user = userEvent.setup();
    serverWith(saved);
    renderScreen(<SearchRoute />, { path: '/search' });
    await user.click(await screen.findByRole('button', { name: 'Personal' }));
    const box = screen.getByRole('searchbox');
    await user.type(box, 'zebra');
    expect(await screen.findByText('No ideas found')).toBeTruthy();
    expect(
      screen.getByText('No Personal ideas match "zebra". Try fewer words or clear the filters.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect((box as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(box);
    expect((await screen.findByTestId('results-count')).textContent).toBe('3 ideas');
  });

  it('asks for one category when a filter is chosen and counts the results as found', async () => {
    const user = userEvent.setup();
    const { seen } = serverWith(saved);
    renderScreen(<SearchRoute />, { path: '/search' });
    const filters = within(screen.getByRole('group', { name: 'Filter by category' }));
    expect(filters.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'All',
      'Work',
      'Personal',
      'Creative',
    ]);
    expect(filters.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    expect((await screen.findByTestId('results-count')).textContent).toBe('3 ideas');
    expect(ideaRequests(seen).at(-1)?.params.has('category')).toBe(false);

    await user.click(filters.getByRole('button', { name: 'Work' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('results-count').textContent).toBe('2 ideas found'),
    );
    expect(ideaRequests(seen).at(-1)?.params.get('category')).toBe('work');
    expect(filters.getByRole('button', { name: 'Work' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText('Call grandma on Sunday')).toBeNull();

    await user.click(filters.getByRole('button', { name: 'Personal' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('results-count').textContent).toBe('1 idea found'),
    );
    expect(ideaRequests(seen).at(-1)?.params.get('category')).toBe('personal');
    expect(screen.getByText('Call grandma on Sunday')).toBeTruthy();

    await user.click(filters.getByRole('button', { name: 'All' }));
    await vi.waitFor(() => expect(screen.getByTestId('results-count').textContent).toBe('3 ideas'));
  });

  it('filters by format beside the category, says which kind has none, and clears both', async () => {
    const user = userEvent.setup();
    const { seen } = serverWith(saved);
    renderScreen(<SearchRoute />, { path: '/search' });
    const formats = within(screen.getByRole('group', { name: 'Filter by format' }));
    expect(formats.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'All',
      'Tweet',
      'Checklist',
      'Pitch',
    ]);
    expect((await screen.findByTestId('results-count')).textContent).toBe('3 ideas');

    await user.click(formats.getByRole('button', { name: 'Checklist' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('results-count').textContent).toBe('1 idea found'),
    );
    expect(ideaRequests(seen).at(-1)?.params.get('format')).toBe('checklist');
    expect(screen.getByText('Plan the team offsite')).toBeTruthy();

    const categories = within(screen.getByRole('group', { name: 'Filter by category' }));
    await user.click(categories.getByRole('button', { name: 'Personal' }));
    expect(await screen.findByText('No Personal checklist ideas yet.')).toBeTruthy();
    expect(ideaRequests(seen).at(-1)?.params.get('category')).toBe('personal');
    expect(ideaRequests(seen).at(-1)?.params.get('format')).toBe('checklist');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(formats.getByRole('button', { name: 'All formats' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect((await screen.findByTestId('results-count')).textContent).toBe('3 ideas');
  });

  it('says "1,000+ ideas found" when the server stopped counting', async () => {
    const user = userEvent.setup();
    stubServer((request: SeenRequest) => {
      if (request.path === '/api/me') return { body: guestMe };
      if (request.path === '/api/guest-ideas') {
        const capped = request.params.get('q') === 'the';
        return {
          body: { items: saved, total: capped ? 1000 : 3, totalCapped: capped, nextCursor: null },
        };
      }
      return { status: 404, body: { error: 'not_found', message: 'Not found' } };
    });
    renderScreen(<SearchRoute />, { path: '/search' });
    expect((await screen.findByTestId('results-count')).textContent).toBe('3 ideas');
    await user.type(screen.getByRole('searchbox'), 'the');
    await vi.waitFor(() =>
      expect(screen.getByTestId('results-count').textContent).toBe('1,000+ ideas found'),
    );
  });

  it('shows each card as home does: format and category, age, a preview cut at a word, copy and share', async () => {
    const long = `${'word '.repeat(19)}ends and a TAIL that should not show`;
    serverWith([idea({ content: long, format: 'pitch', category: 'creative' })]);
    renderScreen(<SearchRoute />, { path: '/search' });
    const card = within(await screen.findByTestId('search-results')).getByTestId('idea-card');
    expect(card.textContent).toContain(`${'word '.repeat(19)}ends...`);
    expect(card.textContent).not.toContain('TAIL');
    expect(within(card).getByText('Pitch • Creative')).toBeTruthy();
    expect(within(card).getByText('5 minutes ago')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Copy idea' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Share idea' })).toBeTruthy();
  });

  it('shows a checklist card as boxes with how many are done', async () => {
    serverWith([idea({ content: 'Trip\n- [x] Pack\n- [ ] Book the train', format: 'checklist' })]);
    renderScreen(<SearchRoute />, { path: '/search' });
    const card = within(await screen.findByTestId('search-results')).getByTestId('idea-card');
    expect(card.textContent).not.toContain('[ ]');
    expect(within(card).getByTestId('checklist-progress').textContent).toBe('1 of 2 done');
    expect(within(card).getByText('Book the train')).toBeTruthy();
  });
});
