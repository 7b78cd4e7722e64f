/**
 * A JSON body past its limit is refused before it is stored. docs/security.md names the
 * control; the upload's limit is proven in src/server/modules/ai/routes.test.ts.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { JSON_BODY_MAX_BYTES } from '#contract/limits.js';
import {
  closeTestApp,
  createTestApp,
  expectApiError,
  guestHeaders,
  newGuestId,
  type TestApp,
} from '#server/test-support/api.js';

describe('a body past its limit', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite', { env: { RATE_LIMIT_AUTH_PER_MIN: '2' } });
  });
  afterAll(async () => {
    await closeTestApp(testApp);
  });

  it('refuses a JSON body over 64 KiB with 413', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/guest-ideas',
      headers: { ...guestHeaders(newGuestId()), 'content-type': 'application/json' },
      payload: JSON.stringify({
        content: 'x'.repeat(JSON_BODY_MAX_BYTES),
        format: 'tweet',
        category: 'work',
      }),
    });
    expectApiError(response, 413, 'payload_too_large');
  });
});

describe('a JSON route sent another media type', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await closeTestApp(testApp);
  });

  // A cross-site <form enctype="text/plain"> body looks like this: it must never reach a schema.
  it.each([
    ['POST', '/api/guest-ideas'],
    ['POST', '/api/format'],
    ['POST', '/api/infer-format-category'],
    ['POST', '/api/login'],
    ['POST', '/api/register'],
    ['PUT', '/api/dictionary'],
  ] as const)(
    'answers %s %s as text/plain with 415 unsupported_media_type',
    async (method, url) => {
      const response = await testApp.app.inject({
        method,
        url,
        headers: { ...guestHeaders(newGuestId()), 'content-type': 'text/plain' },
        payload: '{"transcript":"ship it","format":"tweet","category":"work","content":"x"}',
      });
      expectApiError(response, 415, 'unsupported_media_type');
    },
  );
});
