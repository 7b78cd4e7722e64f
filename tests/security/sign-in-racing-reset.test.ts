/**
 * A sign-in racing a password reset (docs/security.md, "Sign-ins racing a reset"; ADR 107).
 * A link or an old password checked just before the reset's revocation ran used to open its
 * session just after it, so that session outlived the reset. Sent here as real parallel
 * requests: whatever the order they land in, after the reset only its own session opens the
 * account.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#server/http/sessions.js';
import {
  closeTestApp,
  createTestApp,
  registerUser,
  sessionCookieOf,
  type TestApp,
} from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';
import { extractLink, startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';

const PUBLIC_URL = 'http://ideas.example:8080';
const ROUNDS = 8;
/** Sign-in links and old-password logins sent beside each reset. */
const RACERS = 3;

function sessionOf(response: LightMyRequestResponse): string | null {
  return response.cookies.some((cookie) => cookie.name === SESSION_COOKIE)
    ? sessionCookieOf(response)
    : null;
}

forEachDialect((dialect) => {
  describe('sign-ins racing a password reset', () => {
    let inbox: SmtpInbox;
    let testApp: TestApp;
    const app = (): FastifyInstance => testApp.app;

    beforeAll(async () => {
      inbox = await startSmtpInbox();
      testApp = await createTestApp(dialect, { env: { SMTP_URL: inbox.url, PUBLIC_URL } });
    });
    afterAll(async () => {
      await closeTestApp(testApp);
      await inbox.close();
    });

    async function mailedToken(url: string, payload: { email: string; password?: string }) {
      await app().inject({ method: 'POST', url, payload });
      const link = extractLink(await inbox.waitForMessage(payload.email));
      return new URL(link).searchParams.get('token') ?? '';
    }

    async function signedInAs(cookie: string): Promise<string> {
      const me = await app().inject({ url: '/api/me', headers: { cookie } });
      return me.json<{ id: string }>().id;
    }

    it('leaves no session opened by a link or the old password beside the reset’s own', async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const user = await registerUser(app());
        const links: string[] = [];
        for (let i = 0; i < RACERS; i += 1) {
          links.push(await mailedToken('/api/login', { email: user.email, password: '' }));
        }
        const resetToken = await mailedToken('/api/auth/forgot-password', { email: user.email });

        const reset = app().inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token: resetToken, newPassword: 'taken back at last' },
        });
        const racers = [
          ...links.map((token) =>
            app().inject({ method: 'POST', url: '/api/auth/magic', payload: { token } }),
          ),
          ...links.map((token) => app().inject({ url: `/api/auth/magic?token=${token}` })),
          ...Array.from({ length: RACERS }, () =>
            app().inject({
              method: 'POST',
              url: '/api/login',
              payload: { email: user.email, password: user.password },
            }),
          ),
        ];
        const [resetDone, ...raced] = await Promise.all([reset, ...racers]);
        expect(resetDone.statusCode, resetDone.body).toBe(200);
        expect(await signedInAs(sessionCookieOf(resetDone))).toBe(user.id);

        for (const response of raced) {
          const cookie = sessionOf(response);
          if (cookie !== null) expect(await signedInAs(cookie), `round ${round}`).toBe('');
        }
        expect(await signedInAs(user.cookie)).toBe('');
      }
    });
  });
});
