/**
 * A tus request for an extension this server does not offer (concatenation, the parallel
 * uploads some clients try) is answered 501 with a code that says so, `not_implemented`, not a
 * server fault (docs/api.md, "Errors"); a method the API does not have stays 404.
 */
import { describe, expect, it } from 'vitest';
import { guestHeaders, newGuestId, useTestApp } from '#server/test-support/api.js';

const TUS = { 'tus-resumable': '1.0.0' };

describe('tus extensions this server does not offer', () => {
  const ctx = useTestApp('sqlite');

  it('answers a concatenated upload 501 not_implemented, naming what to do instead', async () => {
    for (const concat of ['partial', 'final;/api/uploads/a /api/uploads/b']) {
      const response = await ctx().app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: {
          ...TUS,
          ...guestHeaders(newGuestId()),
          'upload-length': '100',
          'upload-concat': concat,
        },
      });
      expect(response.statusCode).toBe(501);
      const body = response.json<{ error: string; message: string }>();
      expect(body.error).toBe('not_implemented');
      expect(body.message).toMatch(/one piece/);
    }
  });

  it('keeps answering a method the API does not have with 404', async () => {
    const response = await ctx().app.inject({
      method: 'PROPFIND',
      url: '/api/uploads',
      headers: { ...TUS, ...guestHeaders(newGuestId()) },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ error: string }>().error).toBe('not_found');
  });
});
