/**
 * Signing in while the account is being deleted (docs/security.md, "Signing in to an account
 * being deleted"): whichever comes first, the sign-in is a clean refusal or a whole sign-in, no
 * session outlives the account, and a refused sign-in leaves the guest's ideas the guest's.
 */
import { describe, expect, it } from 'vitest';
import {
  createIdea,
  guestHeaders,
  newGuestId,
  registerUser,
  useTestApp,
} from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';

const ROUNDS = 12;
const GUEST_IDEAS = 2;

forEachDialect((dialect) => {
  describe('signing in to an account being deleted', () => {
    const ctx = useTestApp(dialect);

    /** Signs in with the guest's ideas and deletes the account, the deletion `delayMs` later. */
    async function signInWhileDeleting(delayMs: number | 'after' | 'before') {
      const { app, database } = ctx();
      const owner = await registerUser(app);
      const guestId = newGuestId();
      const guest = { headers: guestHeaders(guestId), url: '/api/guest-ideas' as const };
      for (let i = 0; i < GUEST_IDEAS; i += 1) await createIdea(app, guest);
      const signInRequest = () =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          headers: guest.headers,
          payload: { email: owner.email, password: owner.password },
        });
      const deletionRequest = () =>
        app.inject({
          method: 'DELETE',
          url: '/api/account',
          headers: owner.headers,
          payload: { password: owner.password },
        });
      let signIn: Awaited<ReturnType<typeof signInRequest>>;
      let deletion: Awaited<ReturnType<typeof deletionRequest>>;
      if (delayMs === 'before') {
        deletion = await deletionRequest();
        signIn = await signInRequest();
      } else if (delayMs === 'after') {
        signIn = await signInRequest();
        deletion = await deletionRequest();
      } else {
        // The sign-in starts first by a few rounds of the event loop, then the two overlap.
        [signIn, deletion] = await Promise.all([
          signInRequest(),
          new Promise((resolve) => setTimeout(resolve, delayMs)).then(deletionRequest),
        ]);
      }
      expect(deletion.statusCode, deletion.body).toBe(204);
      expect([200, 401], signIn.body).toContain(signIn.statusCode);

      const sessions = await database.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', owner.id)
        .execute();
      expect(sessions).toEqual([]);
      const left = await app.inject({ url: '/api/guest-ideas', headers: guest.headers });
      const kept = left.json<{ items: unknown[] }>().items.length;
      // Refused: nothing moved. Signed in: the ideas went into the account, then with it.
      expect(kept).toBe(signIn.statusCode === 401 ? GUEST_IDEAS : 0);
      if (signIn.statusCode === 401) {
        expect(signIn.json<{ error: string }>().error).toBe('invalid_credentials');
      }
      const usage = await database.db
        .selectFrom('usage')
        .select('period_key')
        .where('owner_key', '=', `user:${owner.id}`)
        .execute();
      expect(usage).toEqual([]);
      return signIn.statusCode;
    }

    it('signs in whole when the sign-in ends before the deletion, then nothing of it is left', async () => {
      expect(await signInWhileDeleting('after')).toBe(200);
    });

    it('refuses a sign-in to an account already deleted and keeps every guest idea', async () => {
      expect(await signInWhileDeleting('before')).toBe(401);
    });

    // Which one wins an overlap is the machine's to decide; whichever does, the rules hold.
    it('refuses cleanly or signs in whole when the two overlap, with no session left and no guest idea lost', async () => {
      for (let round = 0; round < ROUNDS; round += 1) await signInWhileDeleting(round % 4);
    });
  });
});
