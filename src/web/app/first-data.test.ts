// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guestMe, idea, stubServer, usage } from '#web/testing/screen';
import { createQueryClient, queryKeys } from '../lib/query-client';
import { FIRST_DATA_WAIT_MS, loadFirstScreenData } from './first-data';

const CONFIG = {
  version: '1.0.0',
  transcription: { engine: 'none', available: false },
  formatter: { smart: false, engine: 'none' },
  billing: { enabled: false, priceMonthly: 9 },
  freeMonthlyLimit: 10,
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function homeServer() {
  const recent = [idea(), idea()];
  const server = stubServer((request) => {
    if (request.path === '/api/me') return { body: guestMe };
    if (request.path === '/api/config') return { body: CONFIG };
    if (request.path === '/api/usage') return { body: usage() };
    if (request.path === '/api/guest-ideas') {
      return { body: { items: recent, nextCursor: null, total: recent.length } };
    }
    return { status: 404, body: { error: 'not_found', message: 'no' } };
  });
  return { server, recent };
}

describe("home's answers before the first render", () => {
  it('fills the cache with the session, config, usage and the recent list, once each', async () => {
    const { server, recent } = homeServer();
    const client = createQueryClient();
    await loadFirstScreenData(client, '/');
    expect(client.getQueryData(queryKeys.me)).toEqual(guestMe);
    expect(client.getQueryData(queryKeys.config)).toEqual(CONFIG);
    expect(client.getQueryData(queryKeys.usage)).toEqual(usage());
    expect(client.getQueryData(queryKeys.recentIdeas('guest'))).toMatchObject({
      items: recent.map(({ id }) => expect.objectContaining({ id })),
    });
    // Usage reads the session beside it: the one request on its way, not a second.
    expect(server.seen.map((request) => request.path).sort()).toEqual([
      '/api/config',
      '/api/guest-ideas',
      '/api/me',
      '/api/usage',
    ]);
    expect(server.seen.find((r) => r.path === '/api/guest-ideas')?.params.get('limit')).toBe('4');
  });

  it('asks nothing for another page, whose hooks ask for what it shows', async () => {
    const { server } = homeServer();
    await loadFirstScreenData(createQueryClient(), '/search');
    expect(server.seen).toEqual([]);
  });

  it('leaves a failure in the cache and still resolves, so the app renders', async () => {
    stubServer(() => ({ status: 500, body: { error: 'internal', message: 'down' } }));
    const client = createQueryClient();
    await loadFirstScreenData(client, '/');
    expect(client.getQueryState(queryKeys.me)?.status).toBe('error');
    expect(client.getQueryData(queryKeys.recentIdeas('guest'))).toBeUndefined();
  });

  it('stops waiting for a server that does not answer', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    let done = false;
    const loading = loadFirstScreenData(createQueryClient(), '/').then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(FIRST_DATA_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await loading;
    expect(done).toBe(true);
  });
});
