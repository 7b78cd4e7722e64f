import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import {
  hashSessionToken,
  installSessions,
  SESSION_COOKIE,
  type SessionStore,
} from './sessions.js';

const USER = {
  id: 'user-1',
  email: 'owner@example.test',
  plan: 'free' as const,
  billingPeriod: null,
};

/** One stored session, which `endIt` ends, as a reset or a proof of the e-mail does. */
function storeWithOneSession(token: string) {
  let open = true;
  const store: SessionStore = {
    create: () => Promise.resolve({ sessionId: 'session-1' }),
    findUserBySession: (tokenHash) =>
      Promise.resolve(
        open && tokenHash === hashSessionToken(token)
          ? { sessionId: 'session-1', user: USER, expiresAt: new Date(Date.now() + 60_000_000) }
          : null,
      ),
    extend: () => Promise.resolve(),
    deleteByHash: () => Promise.resolve(),
  };
  return {
    store,
    endIt: () => {
      open = false;
    },
  };
}

describe('a session read again during a long reply', () => {
  it('is open until it is ended elsewhere, and then says so', async () => {
    const token = 'a'.repeat(43);
    const { store, endIt } = storeWithOneSession(token);
    const app = Fastify({ logger: false });
    await app.register(cookie);
    installSessions(app, testConfig(), store);
    app.get('/api/long-reply', async (request) => {
      const before = await request.sessionStillOpen();
      endIt();
      return {
        signedIn: request.user?.id ?? null,
        before,
        after: await request.sessionStillOpen(),
      };
    });
    const reply = await app.inject({
      url: '/api/long-reply',
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(reply.json()).toEqual({ signedIn: 'user-1', before: true, after: false });
    const guest = await app.inject({ url: '/api/long-reply' });
    expect(guest.json()).toMatchObject({ signedIn: null, before: false });
  });
});
