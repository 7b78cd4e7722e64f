/**
 * Text that cannot be stored or shows nothing: NUL characters are dropped and content made only
 * of them is empty, lone surrogates are refused, invisible characters count as nothing, and none
 * of it spends quota. docs/security.md names the control each block proves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createIdea,
  createTestApp,
  expectApiError,
  guestHeaders,
  newGuestId,
  type TestApp,
} from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';

forEachDialect((dialect) => {
  describe('content made only of NUL characters is empty', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp(dialect);
    });
    afterAll(async () => {
      await closeTestApp(testApp);
    });

    it('refuses it with 400 and spends no quota unit', async () => {
      const guest = guestHeaders(newGuestId());
      const refused = await testApp.app.inject({
        method: 'POST',
        url: '/api/guest-ideas',
        headers: guest,
        payload: { content: '\u0000\u0000', format: 'tweet', category: 'work', transcript: null },
      });
      const body = expectApiError(refused, 400, 'invalid_input');
      expect(body.message).toMatch(/content/);
      const usage = await testApp.app.inject({ url: '/api/usage', headers: guest });
      expect(usage.json()).toMatchObject({ usedThisMonth: 0 });

      const kept = await createIdea(
        testApp.app,
        { headers: guest, url: '/api/guest-ideas' },
        { content: 'ship\u0000 it' },
      );
      expect(kept.content).toBe('ship it');
      const edit = await testApp.app.inject({
        method: 'PUT',
        url: `/api/guest-ideas/${kept.id}`,
        headers: guest,
        payload: { content: ' \u0000 ' },
      });
      expectApiError(edit, 400, 'invalid_input');
    });

    it('treats a NUL-only transcript as empty when formatting', async () => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/format',
        payload: { transcript: '\u0000', format: 'tweet', category: 'work' },
      });
      expectApiError(response, 400, 'invalid_input');
    });
  });
});

describe('lone surrogates are not text', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await closeTestApp(testApp);
  });

  it('refuses lone surrogates in content, search and passwords', async () => {
    const guest = guestHeaders(newGuestId());
    const content = await testApp.app.inject({
      method: 'POST',
      url: '/api/guest-ideas',
      headers: { ...guest, 'content-type': 'application/json' },
      payload: `{"content":"${'\\ud800'.repeat(100)}","format":"tweet","category":"work"}`,
    });
    expect(expectApiError(content, 400, 'invalid_input').message).toMatch(/Unicode/);
    const search = await testApp.app.inject({
      url: '/api/guest-ideas?q=%ED%A0%80',
      headers: guest,
    });
    expect(search.statusCode).toBeLessThan(500);
    const register = await testApp.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"surrogate@example.com","password":"${'\\udc00'.repeat(8)}"}`,
    });
    expectApiError(register, 400, 'invalid_input');
    // A real pair (an emoji) is text like any other.
    const emoji = await testApp.app.inject({
      method: 'POST',
      url: '/api/guest-ideas',
      headers: guest,
      payload: { content: 'ship it 🚀', format: 'tweet', category: 'work' },
    });
    expect(emoji.statusCode).toBe(201);
  });
});

describe('text that shows nothing is empty', () => {
  it('refuses content made only of invisible characters, and spends no quota on it', async () => {
    const testApp = await createTestApp('sqlite');
    try {
      const guest = guestHeaders(newGuestId());
      const invisible = [
        '\u200b\u200c\u200d',
        '\u202e\u2066\u2069',
        '\u0085\u00a0',
        '\u3164\u115f',
        '\u2800',
        '\u0001\u0002\u001f',
        '\u007f\u0080\u009f',
        '\u{e0041}\u{e0042}',
        '\uffff\ufffe\ufdd0',
        '\u034f\u034f\u034f',
        '\ufe0f',
        '\u{e0100}',
        '\u{16fe4}',
      ];
      for (const content of invisible) {
        const response = await testApp.app.inject({
          method: 'POST',
          url: '/api/guest-ideas',
          headers: guest,
          payload: { content, format: 'tweet', category: 'work' },
        });
        expectApiError(response, 400, 'invalid_input');
      }
      const usage = await testApp.app.inject({ url: '/api/usage', headers: guest });
      expect(usage.json()).toMatchObject({ usedThisMonth: 0 });
      // Joined emoji hold zero-width joiners and still show something.
      const family = await testApp.app.inject({
        method: 'POST',
        url: '/api/guest-ideas',
        headers: guest,
        payload: { content: '👨‍👩‍👧', format: 'tweet', category: 'personal' },
      });
      expect(family.statusCode).toBe(201);
    } finally {
      await closeTestApp(testApp);
    }
  });
});
