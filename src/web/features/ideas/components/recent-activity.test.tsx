// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IdeaList } from '#contract/api-schemas';
import { idea, renderScreen } from '#web/testing/screen';
import { RecentActivity, type RecentActivityProps } from './recent-activity';

afterEach(cleanup);

const first = idea({
  id: 'a',
  content: 'Ship the beta',
  format: 'checklist',
  category: 'personal',
});
const second = idea({
  id: 'b',
  content: 'Pitch the podcast',
  format: 'pitch',
  category: 'creative',
});

function show(list: IdeaList | undefined, props: Partial<RecentActivityProps> = {}) {
  const onOpen = vi.fn();
  const view = renderScreen(
    <RecentActivity
      list={list}
      isLoading={false}
      isError={false}
      visibleCount={2}
      highlightedId={null}
      onOpen={onOpen}
      {...props}
    />,
  );
  return { ...view, onOpen };
}

describe('Recent Activity on Home', () => {
  it('invites a first recording when nothing is saved', () => {
    show({ items: [], total: 0, nextCursor: null });
    expect(screen.getByText('No saved ideas yet!')).toBeTruthy();
    expect(screen.getByText(/Tap the record button/)).toBeTruthy();
  });

  it("shows each idea's 'format • category', its content, copy and share", () => {
    show({ items: [first, second], total: 2, nextCursor: null });
    const cards = screen.getAllByTestId('idea-card');
    expect(cards).toHaveLength(2);
    const card = within(cards[0] as HTMLElement);
    expect(card.getByText('Checklist • Personal')).toBeTruthy();
    expect(card.getByText('Ship the beta')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Copy idea' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Share idea' })).toBeTruthy();
    // All are shown: no link to search for more.
    expect(screen.queryByRole('link', { name: /^Search/ })).toBeNull();
  });

  it("links to search with 'Search N ideas' when there are more than it shows", () => {
    const { location } = show({ items: [first, second], total: 7, nextCursor: 'next' });
    const link = screen.getByRole('link', { name: 'Search 7 ideas' });
    expect(link.getAttribute('href')).toBe('/search');
    expect(location.history).toEqual(['/']);
  });

  it('highlights the idea just saved and opens an idea on tap', async () => {
    const user = userEvent.setup();
    const { onOpen } = show(
      { items: [first, second], total: 2, nextCursor: null },
      {
        highlightedId: 'b',
      },
    );
    const [plain, highlighted] = screen.getAllByTestId('idea-card');
    expect(highlighted?.className).toContain('idea-highlight');
    expect(plain?.className).not.toContain('idea-highlight');
    await user.click(within(plain as HTMLElement).getByText('Ship the beta'));
    expect(onOpen).toHaveBeenCalledWith(first);
  });

  it('says when the ideas could not be loaded', () => {
    show(undefined, { isError: true });
    expect(screen.getByText('Failed to load ideas')).toBeTruthy();
  });
});
