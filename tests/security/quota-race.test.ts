/**
 * Saves sent in parallel cannot pass the monthly quota, on both databases. docs/security.md
 * names the control.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createIdea,
  createTestApp,
  guestHeaders,
  newGuestId,
  type TestApp,
} from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';

forEachDialect((dialect) => {
  describe('the monthly quota under parallel saves', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp(dialect, { env: { FREE_MONTHLY_LIMIT: '3' } });
    });
    afterAll(async () => {
      await closeTestApp(testApp);
    });

    it('gives exactly one success for twenty parallel saves with one unit left', async () => {
      const guest = guestHeaders(newGuestId());
      for (let i = 0; i < 2; i += 1) {
        await createIdea(testApp.app, { headers: guest, url: '/api/guest-ideas' });
      }
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          testApp.app.inject({
            method: 'POST',
            url: '/api/guest-ideas',
            headers: guest,
            payload: { content: 'race', format: 'tweet', category: 'work', transcript: null },
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 402)).toHaveLength(19);
    });
  });
});
