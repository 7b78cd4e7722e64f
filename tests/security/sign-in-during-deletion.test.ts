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

    it('refuses cleanly or signs in whole, with no session left and no guest idea lost', async () => {
      const { app, database } = ctx();
      const signIns: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const owner = await registerUser(app);
        const guestId = newGuestId();
        const guest = { headers: guestHeaders(guestId), url: '/api/guest-ideas' as const };
        for (let i = 0; i < GUEST_IDEAS; i += 1) await createIdea(app, guest);
        // The sign-in starts first by a few rounds of the event loop, then the two overlap.
        const [signIn, deletion] = await Promise.all([
          app.inject({
            method: 'POST',
            url: '/api/login',
            headers: guest.headers,
            payload: { email: owner.email, password: owner.password },
          }),
          new Promise((resolve) => setTimeout(resolve, round % 4)).then(() =>
            app.inject({
              method: 'DELETE',
              url: '/api/account',
              headers: owner.headers,
              payload: { password: owner.password },
            }),
          ),
        ]);
        expect(deletion.statusCode, deletion.body).toBe(204);
        expect([200, 401], signIn.body).toContain(signIn.statusCode);
        signIns.push(signIn.statusCode);

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
      }
      // Both orders happened, so both outcomes were checked.
      expect(new Set(signIns).size, String(signIns)).toBe(2);
    });
  });
});
