import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Idea, Me, Usage } from '#contract/api-schemas';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient } from '../lib/query-client';

/** One request as the fake server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  body: unknown;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

/**
 * Stands in for the server behind the app's real api client: every `fetch` goes to `answer`,
 * which gets the request and returns what the server would (a JSON body and a status). Answers
 * are checked by the app against the shared schemas, so they must have the server's shape.
 */
export function stubServer(answer: (request: SeenRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const seen: SeenRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const request: SeenRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      params: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    seen.push(request);
    const { status = 200, body } = await answer(request);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { seen };
}

/**
 * Mounted as the app mounts it (app.tsx): its own query client (no retries) and the toaster,
 * so a toast is on screen like any other text; the router is held in memory at `path`.
 */
export function renderScreen(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const client = createQueryClient();
  const location = memoryLocation({ path, record: true });
  const result = render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, client, location };
}

export const guestMe: Me = { id: 'guest_test', email: '', plan: 'guest' };
export const freeMe: Me = { id: 'user-1', email: 'ada@example.com', plan: 'free' };

export function usage(overrides: Partial<Usage> = {}): Usage {
  return {
    usedThisMonth: 2,
    monthlyLimit: 10,
    periodEndsAt: '2026-12-01T00:00:00.000Z',
    ...overrides,
  };
}

let ideaCount = 0;
export function idea(overrides: Partial<Idea> = {}): Idea {
  ideaCount += 1;
  return {
    id: `idea-${ideaCount}`,
    content: `Idea number ${ideaCount}`,
    format: 'tweet',
    category: 'work',
    transcript: null,
    userId: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}
