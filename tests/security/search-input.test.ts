/**
 * Search text is matched literally on both databases: no operator, wildcard or quote of FTS5,
 * LIKE or SQL changes what matches. docs/security.md names the control.
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
  describe('search text', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp(dialect, { env: { FREE_MONTHLY_LIMIT: '3' } });
    });
    afterAll(async () => {
      await closeTestApp(testApp);
    });

    it('reads search text literally: no operator, wildcard or quote changes what matches', async () => {
      const guest = guestHeaders(newGuestId());
      await createIdea(
        testApp.app,
        { headers: guest, url: '/api/guest-ideas' },
        { content: 'plain words only' },
      );
      const hostile = [
        '"',
        '*',
        'plain*',
        '%',
        '_',
        "' OR 1=1 --",
        'NEAR(plain words)',
        'plain OR nothing',
        'words AND only',
        '-plain',
        '^plain',
        '\\',
        '(((',
      ];
      for (const q of hostile) {
        const response = await testApp.app.inject({
          url: `/api/guest-ideas?q=${encodeURIComponent(q)}`,
          headers: guest,
        });
        expect(response.statusCode, q).toBe(200);
        expect(response.json<{ total: number }>().total, q).toBe(0);
      }
      const literal = await testApp.app.inject({
        url: `/api/guest-ideas?q=${encodeURIComponent('WORDS ONLY')}`,
        headers: guest,
      });
      expect(literal.json<{ total: number }>().total).toBe(1);
    });
  });
});
