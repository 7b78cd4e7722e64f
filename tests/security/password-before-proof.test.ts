/**
 * A password set before the e-mail was proved (docs/security.md). Registering proves nothing, so
 * whoever registers a stranger's address keeps a password for it after the owner signs in by a
 * mailed link. The owner is asked whether the password was theirs: the account says so until
 * they answer or set a new one.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createIdea,
  createTestApp,
  guestHeaders,
  newGuestId,
  registerUser,
  sessionCookieOf,
  type TestApp,
} from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';
import { createSessionsRepository } from '#server/modules/identity/sessions-repository.js';
import { extractLink, startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';

const URL_PATH = '/api/account/password-before-proof';

forEachDialect((dialect) => {
  describe('a password set before the e-mail was proved', () => {
    let inbox: SmtpInbox;
    let testApp: TestApp;
    const app = (): FastifyInstance => testApp.app;

    beforeAll(async () => {
      inbox = await startSmtpInbox();
      testApp = await createTestApp(dialect, { env: { SMTP_URL: inbox.url } });
    });
    afterAll(async () => {
      await closeTestApp(testApp);
      await inbox.close();
    });

    /** The owner opens a sign-in link from the mail: the first proof of the address. */
    async function signInByLink(email: string): Promise<string> {
      await app().inject({ method: 'POST', url: '/api/login', payload: { email, password: '' } });
      const link = new URL(extractLink(await inbox.waitForMessage(email)));
      const opened = await app().inject({ url: `${link.pathname}${link.search}` });
      expect(opened.headers.location).toBe('/');
      return sessionCookieOf(opened);
    }

    async function asked(cookie: string): Promise<boolean> {
      const response = await app().inject({ url: URL_PATH, headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ passwordSetBeforeProof: boolean }>().passwordSetBeforeProof;
    }

    it('is put to the owner after their first sign-in link, until they say it was theirs', async () => {
      const registrant = await registerUser(app());
      expect(await asked(registrant.cookie)).toBe(false);
      const owner = await signInByLink(registrant.email);
      expect(await asked(owner)).toBe(true);
      // Whoever set the password signs in with it again: they neither see the question nor
      // answer it for the owner.
      const withPassword = await app().inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: registrant.email, password: registrant.password },
      });
      const registrants = sessionCookieOf(withPassword);
      expect(await asked(registrants)).toBe(false);
      const answered = await app().inject({
        method: 'POST',
        url: URL_PATH,
        headers: { cookie: registrants },
      });
      expect(answered.statusCode).toBe(403);
      expect(await asked(owner)).toBe(true);
      const kept = await app().inject({
        method: 'POST',
        url: URL_PATH,
        headers: { cookie: owner },
      });
      expect(kept.statusCode).toBe(204);
      expect(await asked(owner)).toBe(false);
      // Later links ask nothing: the address was proved once.
      expect(await asked(await signInByLink(registrant.email))).toBe(false);
    });

    it('is not put once the owner sets a new password', async () => {
      const registrant = await registerUser(app());
      const owner = await signInByLink(registrant.email);
      expect(await asked(owner)).toBe(true);
      await app().inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: registrant.email },
      });
      const reset = new URL(extractLink(await inbox.waitForMessage(registrant.email)));
      const done = await app().inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: reset.searchParams.get('token'), newPassword: 'a brand new one' },
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(await asked(sessionCookieOf(done))).toBe(false);
    });

    it('takes away, when the owner says it was not theirs, the password and what its setter wrote, and keeps the owner’s own', async () => {
      const registrant = await registerUser(app());
      const theirs = { headers: registrant.headers, url: '/api/ideas' as const };
      await createIdea(app(), theirs, { content: 'Planted before the proof' });
      await createIdea(app(), theirs, { content: 'Also planted' });
      const planted = await app().inject({
        method: 'PUT',
        url: '/api/dictionary',
        headers: registrant.headers,
        payload: { entries: [{ term: 'the attacker’s bank', soundsLike: 'my bank' }] },
      });
      expect(planted.statusCode, planted.body).toBe(200);
      // The owner, a guest until now, brings an idea of their own in with the link.
      const guestId = newGuestId();
      const guest = { headers: guestHeaders(guestId), url: '/api/guest-ideas' as const };
      await createIdea(app(), guest, { content: 'The owner’s own idea' });
      await app().inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: registrant.email, password: '' },
      });
      const link = new URL(extractLink(await inbox.waitForMessage(registrant.email)));
      const opened = await app().inject({
        method: 'POST',
        url: '/api/auth/magic',
        headers: guestHeaders(guestId),
        payload: { token: link.searchParams.get('token') },
      });
      expect(opened.statusCode, opened.body).toBe(200);
      const owner = sessionCookieOf(opened);
      const question = await app().inject({ url: URL_PATH, headers: { cookie: owner } });
      expect(question.json()).toEqual({
        passwordSetBeforeProof: true,
        writtenBeforeProof: true,
        ideasBeforeProof: 2,
        dictionaryEntriesBeforeProof: 1,
        recordingsBeforeProof: 0,
      });
      // The registrant is back in with the password, and cannot say it for the owner.
      const again = sessionCookieOf(
        await app().inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: registrant.email, password: registrant.password },
        }),
      );
      const byRegistrant = await app().inject({
        method: 'POST',
        url: `${URL_PATH}/not-mine`,
        headers: { cookie: again },
      });
      expect(byRegistrant.statusCode, byRegistrant.body).toBe(403);

      const notMine = await app().inject({
        method: 'POST',
        url: `${URL_PATH}/not-mine`,
        headers: { cookie: owner },
      });
      expect(notMine.statusCode, notMine.body).toBe(200);
      expect(notMine.json()).toEqual({
        passwordRemoved: true,
        ideasRemoved: 2,
        dictionaryEntriesRemoved: 1,
        recordingsRemoved: 0,
        shareLinksRemoved: 0,
      });

      const left = await app().inject({ url: '/api/ideas', headers: { cookie: owner } });
      expect(
        left.json<{ items: { content: string }[] }>().items.map((idea) => idea.content),
      ).toEqual(['The owner’s own idea']);
      const words = await app().inject({ url: '/api/dictionary', headers: { cookie: owner } });
      expect(words.json()).toEqual({ entries: [] });
      const registrantNow = await app().inject({ url: '/api/me', headers: { cookie: again } });
      expect(registrantNow.json<{ plan: string }>().plan).toBe('guest');
      const password = await app().inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: registrant.email, password: registrant.password },
      });
      expect(password.statusCode).toBe(401);
      expect(await asked(owner)).toBe(false);
      // Said once: a second answer finds nothing to take.
      const twice = await app().inject({
        method: 'POST',
        url: `${URL_PATH}/not-mine`,
        headers: { cookie: owner },
      });
      expect(twice.statusCode).toBe(403);
    });

    /** The registrant signs in again with the password they set, after the owner's proof. */
    async function registrantBackIn(registrant: { email: string; password: string }) {
      const back = await app().inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: registrant.email, password: registrant.password },
      });
      expect(back.statusCode, back.body).toBe(200);
      return sessionCookieOf(back);
    }

    it('leaves no sign-in with the password, even one checked before It Wasn’t Me, a session after it', async () => {
      const registrant = await registerUser(app());
      const owner = await signInByLink(registrant.email);
      const users = testApp.database.db.selectFrom('users').where('email', '=', registrant.email);
      const { id, session_epoch: checkedAt } = await users
        .select(['id', 'session_epoch'])
        .executeTakeFirstOrThrow();
      const notMine = await app().inject({
        method: 'POST',
        url: `${URL_PATH}/not-mine`,
        headers: { cookie: owner },
      });
      expect(notMine.statusCode, notMine.body).toBe(200);
      // A login whose password was checked just before the answer opens its session just after.
      const raced = await createSessionsRepository(testApp.database).create({
        userId: id,
        tokenHash: 'a'.repeat(64),
        expiresAt: new Date(Date.now() + 60_000),
        epoch: Number(checkedAt),
      });
      expect(raced).toBeNull();
      const me = await app().inject({ url: '/api/me', headers: { cookie: owner } });
      expect(me.json<{ email: string }>().email).toBe(registrant.email);
    });

    it('stops the share links of the account, which the password’s holder may have made', async () => {
      const registrant = await registerUser(app());
      const owner = await signInByLink(registrant.email);
      const ownIdea = await createIdea(
        app(),
        { headers: { cookie: owner }, url: '/api/ideas' },
        { content: 'The owner’s plan, written after the proof' },
      );
      const registrants = await registrantBackIn(registrant);
      const shared = await app().inject({
        method: 'POST',
        url: `/api/ideas/${ownIdea.id}/share`,
        headers: { cookie: registrants },
      });
      expect(shared.statusCode, shared.body).toBe(200);
      const page = new URL(shared.json<{ url: string }>().url).pathname;
      expect((await app().inject({ url: page })).statusCode).toBe(200);

      const notMine = await app().inject({
        method: 'POST',
        url: `${URL_PATH}/not-mine`,
        headers: { cookie: owner },
      });
      expect(notMine.json()).toMatchObject({ passwordRemoved: true, shareLinksRemoved: 1 });
      expect((await app().inject({ url: page })).statusCode).toBe(404);
      const gone = await app().inject({ url: '/api/me', headers: { cookie: registrants } });
      expect(gone.json<{ plan: string }>().plan).toBe('guest');
    });

    it('answers only a signed-in account', async () => {
      expect((await app().inject({ url: URL_PATH })).statusCode).toBe(401);
    });
  });
});
