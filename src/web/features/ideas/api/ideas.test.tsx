// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { NewIdea } from '#contract/api-schemas';
import { createQueryClient } from '#web/lib/query-client';
import type { Session } from '#web/lib/session';
import { freeMe, guestMe, idea, stubServer } from '#web/testing/screen';
import { useSaveIdea } from './ideas';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const draft: NewIdea = {
  content: 'Ship the beta',
  format: 'tweet',
  category: 'work',
  transcript: 'tweet work ship the beta',
};

async function save(session: Session) {
  const { seen } = stubServer(() => ({ status: 201, body: idea(draft) }));
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useSaveIdea(session), { wrapper });
  await result.current.mutateAsync(draft);
  return seen.find((request) => request.method === 'POST');
}

describe('saving an idea (docs/product.md, Constants and timings)', () => {
  it('posts a guest idea to the guest ideas with guestId as an empty string', async () => {
    const posted = await save({ me: guestMe, isSignedIn: false, isPro: false, owner: 'guest' });
    expect(posted?.path).toBe('/api/guest-ideas');
    expect(posted?.body).toEqual({ ...draft, guestId: '' });
  });

  it("posts a signed-in person's idea to their ideas with their userId", async () => {
    const posted = await save({ me: freeMe, isSignedIn: true, isPro: false, owner: 'user:user-1' });
    expect(posted?.path).toBe('/api/ideas');
    expect(posted?.body).toEqual({ ...draft, userId: 'user-1' });
  });
});
