/**
 * One client cannot fill the server's disk or its transcription queue with recordings: uploads
 * begun and recordings sent again are counted per address, an owner has a few uploads arriving
 * at once, and recordings not saved as ideas have a budget. docs/security.md names the control.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createTestApp,
  expectApiError,
  guestHeaders,
  newGuestId,
  type TestApp,
} from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';
import { OPEN_UPLOADS_PER_OWNER, UNSAVED_BYTES } from '#server/modules/recordings/service.js';

const TUS = { 'tus-resumable': '1.0.0' };
const MiB = 1024 * 1024;

function begin(testApp: TestApp, headers: Record<string, string>, length: number, ip?: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...TUS, ...headers, 'upload-length': String(length) },
    ...(ip === undefined ? {} : { remoteAddress: ip }),
  });
}

forEachDialect((dialect) => {
  describe('recordings one client may send', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp(dialect, { env: { RATE_LIMIT_AI_PER_MIN: '5' } });
    });
    afterAll(async () => {
      await closeTestApp(testApp);
    });

    it('counts uploads begun per address, whatever guest ids it makes up', async () => {
      const ip = '198.51.100.7';
      for (let i = 0; i < 5; i += 1) {
        const created = await begin(testApp, guestHeaders(newGuestId()), 1000, ip);
        expect(created.statusCode, created.body).toBe(201);
      }
      const refused = await begin(testApp, guestHeaders(newGuestId()), 1000, ip);
      expect(expectApiError(refused, 429, 'rate_limited').message).toMatch(/try again/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address has its own count.
      expect(
        (await begin(testApp, guestHeaders(newGuestId()), 1000, '198.51.100.8')).statusCode,
      ).toBe(201);
    });

    it('counts a recording sent again like an upload begun', async () => {
      const ip = '198.51.100.9';
      const guest = guestHeaders(newGuestId());
      for (let i = 0; i < 5; i += 1) {
        const again = await testApp.app.inject({
          method: 'POST',
          url: '/api/recordings/01JD00000000000000000000AA/transcribe',
          headers: guest,
          remoteAddress: ip,
        });
        expect(again.statusCode).toBe(404);
      }
      const refused = await testApp.app.inject({
        method: 'POST',
        url: '/api/recordings/01JD00000000000000000000AA/transcribe',
        headers: guest,
        remoteAddress: ip,
      });
      expectApiError(refused, 429, 'rate_limited');
    });

    it(`lets one owner have ${OPEN_UPLOADS_PER_OWNER} uploads arriving at once, and says so beyond`, async () => {
      const guest = guestHeaders(newGuestId());
      const ip = '198.51.100.10';
      const locations: string[] = [];
      for (let i = 0; i < OPEN_UPLOADS_PER_OWNER; i += 1) {
        const created = await begin(testApp, guest, 1000, ip);
        expect(created.statusCode, created.body).toBe(201);
        locations.push(String(created.headers.location));
      }
      const refused = await begin(testApp, guest, 1000, ip);
      expect(expectApiError(refused, 429, 'too_many_uploads').message).toMatch(/finish or cancel/);
      expect(refused.headers['retry-after']).toBe('30');

      const cancelled = await testApp.app.inject({
        method: 'DELETE',
        url: locations[0] ?? '',
        headers: { ...TUS, ...guest },
        remoteAddress: ip,
      });
      expect(cancelled.statusCode).toBe(204);
      expect((await begin(testApp, guest, 1000, ip)).statusCode).toBe(201);
    });

    it('keeps a guest’s recordings not saved as ideas within their budget', async () => {
      const guest = guestHeaders(newGuestId());
      const ip = '198.51.100.11';
      const budget = UNSAVED_BYTES.guest;
      const part = Math.floor(budget / 2) - MiB;
      expect((await begin(testApp, guest, part, ip)).statusCode).toBe(201);
      expect((await begin(testApp, guest, part, ip)).statusCode).toBe(201);
      const refused = await begin(testApp, guest, 4 * MiB, ip);
      const message = expectApiError(refused, 409, 'recordings_full').message;
      expect(message).toContain(`of the ${budget / MiB} MiB kept for you`);
      expect(message).toMatch(/Save them as ideas or delete some/);
      // Another guest's budget is their own.
      expect((await begin(testApp, guestHeaders(newGuestId()), 4 * MiB, ip)).statusCode).toBe(201);
    });
  });
});
