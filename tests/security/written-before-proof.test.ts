/**
 * What an account held before its e-mail was proved (docs/security.md). Whoever had the account
 * before its owner first used a mailed link may have written into it with no password at all:
 * a stranger who paid a checkout for the owner's address and claimed it in their own browser,
 * or a registrant whose password the owner's own checkout took away. The owner is asked about
 * what is there in any session, and It Wasn't Me takes the ideas, dictionary words and
 * recordings held before the proof, and gives back this period's uses of those ideas.
 */
import { describe, expect, it } from 'vitest';
import {
  createIdea,
  guestHeaders,
  newEmail,
  newGuestId,
  registerUser,
  sessionCookieOf,
} from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';
import { silentWav, uploadWhole } from '#server/test-support/uploads.js';
import { extractLink } from '../support/smtp-inbox.js';
import { PERIOD_START, PUBLIC_URL, useCheckoutApp } from './support.js';

const QUESTION = '/api/account/password-before-proof';

const OWNER_PATHS = ['opens a sign-in link from the mail', 'resets the password'] as const;
type OwnerPath = (typeof OWNER_PATHS)[number];

forEachDialect((dialect) => {
  describe('what an account held before its e-mail was proved', () => {
    const { app, fake, inbox, startCheckout, claim } = useCheckoutApp(dialect, {
      env: { PUBLIC_URL },
      mail: true,
    });

    async function mailedToken(email: string): Promise<string> {
      const link = extractLink(await inbox().waitForMessage(email));
      return new URL(link).searchParams.get('token') ?? '';
    }

    /** The owner proves the address; the session cookie they end up with. */
    async function ownerGetsIn(
      email: string,
      path: OwnerPath,
      headers: Record<string, string> = {},
    ): Promise<string> {
      if (path === 'resets the password') {
        await app().inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email },
        });
        const reset = await app().inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token: await mailedToken(email), newPassword: 'the owner’s own words' },
        });
        expect(reset.statusCode, reset.body).toBe(200);
        return sessionCookieOf(reset);
      }
      await app().inject({ method: 'POST', url: '/api/login', payload: { email, password: '' } });
      const opened = await app().inject({
        method: 'POST',
        url: '/api/auth/magic',
        headers,
        payload: { token: await mailedToken(email) },
      });
      expect(opened.statusCode, opened.body).toBe(200);
      return sessionCookieOf(opened);
    }

    async function questionFor(cookie: string) {
      const response = await app().inject({ url: QUESTION, headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Record<string, unknown>>();
    }

    async function ideasOf(cookie: string): Promise<string[]> {
      const listed = await app().inject({ url: '/api/ideas', headers: { cookie } });
      return listed.json<{ items: { content: string }[] }>().items.map((idea) => idea.content);
    }

    async function plantWord(headers: Record<string, string>) {
      const planted = await app().inject({
        method: 'PUT',
        url: '/api/dictionary',
        headers,
        payload: { entries: [{ term: 'the stranger’s bank', soundsLike: 'my bank' }] },
      });
      expect(planted.statusCode, planted.body).toBe(200);
    }

    /** A stranger pays a checkout for the owner's address and claims it in their own browser. */
    async function strangersClaimedAccount(email: string): Promise<Record<string, string>> {
      const strangers = await startCheckout(email);
      await fake().pay(strangers.session.id, { sendWebhook: true, now: PERIOD_START });
      const claimed = await claim(strangers);
      expect(claimed.statusCode, claimed.body).toBe(200);
      return { cookie: sessionCookieOf(claimed) };
    }

    for (const path of OWNER_PATHS) {
      it(`asks the owner who ${path} about a stranger’s claimed checkout’s ideas and words, and takes them`, async () => {
        const email = newEmail();
        const stranger = await strangersClaimedAccount(email);
        const theirs = { headers: stranger, url: '/api/ideas' as const };
        await createIdea(app(), theirs, { content: 'Planted by the payer' });
        await createIdea(app(), theirs, { content: 'Also planted' });
        await plantWord(stranger);

        const owner = await ownerGetsIn(email, path);
        expect(await questionFor(owner)).toEqual({
          passwordSetBeforeProof: false,
          writtenBeforeProof: true,
          ideasBeforeProof: 2,
          dictionaryEntriesBeforeProof: 1,
          recordingsBeforeProof: 0,
        });
        await createIdea(
          app(),
          { headers: { cookie: owner }, url: '/api/ideas' },
          { content: 'The owner’s own, after the proof' },
        );

        const notMine = await app().inject({
          method: 'POST',
          url: `${QUESTION}/not-mine`,
          headers: { cookie: owner },
        });
        expect(notMine.statusCode, notMine.body).toBe(200);
        expect(notMine.json()).toEqual({
          passwordRemoved: false,
          ideasRemoved: 2,
          dictionaryEntriesRemoved: 1,
          recordingsRemoved: 0,
          shareLinksRemoved: 0,
        });
        expect(await ideasOf(owner)).toEqual(['The owner’s own, after the proof']);
        const words = await app().inject({ url: '/api/dictionary', headers: { cookie: owner } });
        expect(words.json()).toEqual({ entries: [] });
        expect((await questionFor(owner)).writtenBeforeProof).toBe(false);
        if (path === 'resets the password') {
          // The password the owner set in the reset is theirs, and stays.
          const login = await app().inject({
            method: 'POST',
            url: '/api/login',
            payload: { email, password: 'the owner’s own words' },
          });
          expect(login.statusCode, login.body).toBe(200);
        }
      });
    }

    it('asks the owner about what a registrant wrote when the owner’s checkout took the registrant’s password', async () => {
      const registrant = await registerUser(app());
      await createIdea(
        app(),
        { headers: registrant.headers, url: '/api/ideas' },
        { content: 'Written by the registrant' },
      );
      // The address's owner pays for it from a browser of their own.
      const owners = await startCheckout(registrant.email);
      await fake().pay(owners.session.id, { sendWebhook: true, now: PERIOD_START });
      // The address is told its password went (billing-of-an-account.test.ts).
      expect((await inbox().waitForMessage(registrant.email)).subject).toMatch(
        /password was removed/,
      );
      const owner = await ownerGetsIn(registrant.email, 'opens a sign-in link from the mail');
      expect(await questionFor(owner)).toMatchObject({
        passwordSetBeforeProof: false,
        writtenBeforeProof: true,
        ideasBeforeProof: 1,
      });
      const kept = await app().inject({
        method: 'POST',
        url: QUESTION,
        headers: { cookie: owner },
      });
      expect(kept.statusCode, kept.body).toBe(204);
      expect((await questionFor(owner)).writtenBeforeProof).toBe(false);
      expect(await ideasOf(owner)).toEqual(['Written by the registrant']);
    });

    it('takes the recordings made before the proof and gives back this period’s uses of the ideas it removes', async () => {
      const registrant = await registerUser(app());
      const theirs = { headers: registrant.headers, url: '/api/ideas' as const };
      await createIdea(app(), theirs, { content: 'Planted one' });
      await createIdea(app(), theirs, { content: 'Planted two' });
      await uploadWhole(app(), registrant.headers, silentWav(64 * 1024), '198.51.100.7');
      // The owner, a guest until now, brings an idea and a recording in with the link.
      const guestId = newGuestId();
      const guest = guestHeaders(guestId);
      await createIdea(app(), { headers: guest, url: '/api/guest-ideas' }, { content: 'Mine' });
      const ownRecording = await uploadWhole(app(), guest, silentWav(32 * 1024), '198.51.100.8');

      const owner = await ownerGetsIn(
        registrant.email,
        'opens a sign-in link from the mail',
        guest,
      );
      const usedBefore = await app().inject({ url: '/api/usage', headers: { cookie: owner } });
      expect(usedBefore.json<{ usedThisMonth: number }>().usedThisMonth).toBe(3);
      expect(await questionFor(owner)).toMatchObject({
        passwordSetBeforeProof: true,
        ideasBeforeProof: 2,
        recordingsBeforeProof: 1,
      });

      const notMine = await app().inject({
        method: 'POST',
        url: `${QUESTION}/not-mine`,
        headers: { cookie: owner },
      });
      expect(notMine.json()).toMatchObject({ ideasRemoved: 2, recordingsRemoved: 1 });
      const usedAfter = await app().inject({ url: '/api/usage', headers: { cookie: owner } });
      expect(usedAfter.json<{ usedThisMonth: number }>().usedThisMonth).toBe(1);
      const recordings = await app().inject({ url: '/api/recordings', headers: { cookie: owner } });
      expect(recordings.statusCode, recordings.body).toBe(200);
      expect(recordings.json<{ items: { id: string }[] }>().items.map((item) => item.id)).toEqual([
        ownRecording,
      ]);
    });

    it('asks nothing of an account that held nothing when its e-mail was proved', async () => {
      const email = newEmail();
      await strangersClaimedAccount(email);
      const owner = await ownerGetsIn(email, 'opens a sign-in link from the mail');
      expect(await questionFor(owner)).toMatchObject({
        passwordSetBeforeProof: false,
        writtenBeforeProof: false,
      });
      const notMine = await app().inject({
        method: 'POST',
        url: `${QUESTION}/not-mine`,
        headers: { cookie: owner },
      });
      expect(notMine.statusCode).toBe(403);
    });
  });
});
