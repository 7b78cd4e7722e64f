// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, getQueryFn } from './api-client';
import { ApiError } from './api-error';
import { STORAGE_KEYS } from './storage';

const GUEST = 'guest_abcdef123456';

function stubFetch(status = 200, body = '{"ok":true}') {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(status === 204 ? null : body, { status });
    }),
  );
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.guestId, GUEST);
});
afterEach(() => vi.unstubAllGlobals());

describe('every call (docs/product.md, docs/api.md)', () => {
  it('carries the guest id header and the cookies', async () => {
    const calls = stubFetch();
    await apiFetch('GET', '/api/me');
    const [call] = calls;
    expect(call?.init.credentials).toBe('include');
    expect(call?.init.headers).toEqual({ 'X-Guest-Id': GUEST });
    expect(call?.init.body).toBeUndefined();
  });

  it('sends JSON with a JSON content type only when there is a body', async () => {
    const calls = stubFetch();
    await apiFetch('PUT', '/api/guest-ideas/1', { body: { content: 'New text' } });
    await apiFetch('DELETE', '/api/guest-ideas/1');
    expect(calls[0]?.init.headers).toEqual({
      'X-Guest-Id': GUEST,
      'Content-Type': 'application/json',
    });
    expect(calls[0]?.init.body).toBe('{"content":"New text"}');
    expect(calls[1]?.init.headers).toEqual({ 'X-Guest-Id': GUEST });
  });
});

describe('the default query function', () => {
  it('GETs the query key joined with slashes and returns the parsed body', async () => {
    const calls = stubFetch(200, '{"usedThisMonth":1}');
    const answer = await getQueryFn()({ queryKey: ['/api', 'usage'] });
    expect(calls[0]?.url).toBe('/api/usage');
    expect(calls[0]?.init.method).toBe('GET');
    expect(answer).toEqual({ usedThisMonth: 1 });
  });

  it('throws on 401 by default, and answers null when asked to', async () => {
    stubFetch(401, 'Not signed in');
    await expect(getQueryFn()({ queryKey: ['/api/me'] })).rejects.toThrow(
      new ApiError(401, '', 'Not signed in'),
    );
    expect(await getQueryFn('returnNull')({ queryKey: ['/api/me'] })).toBeNull();
  });
});
