/**
 * One person's ideas are out of every other person's reach, guest or signed in, on both
 * databases. docs/security.md names the control.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createIdea,
  createTestApp,
  expectApiError,
  guestHeaders,
  newGuestId,
  registerUser,
  type TestApp,
} from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';

forEachDialect((dialect) => {
  describe('another person’s ideas', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp(dialect, { env: { FREE_MONTHLY_LIMIT: '3' } });
    });
    afterAll(async () => {
      await closeTestApp(testApp);
    });

    it('never shows, edits or deletes another person’s idea, and answers as if it did not exist', async () => {
      const guestA = guestHeaders(newGuestId());
      const guestB = guestHeaders(newGuestId());
      const user = await registerUser(testApp.app);
      const other = await registerUser(testApp.app);
      const guestIdea = await createIdea(testApp.app, { headers: guestA, url: '/api/guest-ideas' });
      const userIdea = await createIdea(testApp.app, { headers: user.headers, url: '/api/ideas' });

      const attempts = [
        { method: 'PUT' as const, url: `/api/guest-ideas/${guestIdea.id}`, headers: guestB },
        { method: 'DELETE' as const, url: `/api/guest-ideas/${guestIdea.id}`, headers: guestB },
        { method: 'PUT' as const, url: `/api/ideas/${userIdea.id}`, headers: other.headers },
        { method: 'DELETE' as const, url: `/api/ideas/${userIdea.id}`, headers: other.headers },
        // A guest cannot reach a user's idea through the guest routes, nor the reverse.
        { method: 'DELETE' as const, url: `/api/guest-ideas/${userIdea.id}`, headers: guestA },
        { method: 'DELETE' as const, url: `/api/ideas/${guestIdea.id}`, headers: user.headers },
      ];
      for (const attempt of attempts) {
        const response = await testApp.app.inject({ ...attempt, payload: { content: 'mine now' } });
        expectApiError(response, 404, 'not_found');
      }
      const seenByB = await testApp.app.inject({ url: '/api/guest-ideas', headers: guestB });
      expect(seenByB.json()).toMatchObject({ items: [], total: 0 });
      const seenByOther = await testApp.app.inject({ url: '/api/ideas', headers: other.headers });
      expect(seenByOther.json()).toMatchObject({ items: [], total: 0 });
      const mine = await testApp.app.inject({ url: '/api/ideas', headers: user.headers });
      expect(mine.json<{ items: { content: string }[] }>().items[0]?.content).toBe(
        'An idea worth keeping',
      );
    });
  });
});
