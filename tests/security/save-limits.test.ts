/**
 * Saves are limited per client address, whatever guest id or account they name, and one
 * address cannot bring an endless supply of fresh guest ids (each with its own monthly quota).
 * On SQLite the counts are in memory; on PostgreSQL in the database table every instance shares
 * (ADR 070). docs/security.md names the control.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  expectApiError,
  guestHeaders,
  newGuestId,
  registerUser,
  useTestApp,
} from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';

const SAVES_PER_MIN = 6;
const NEW_GUESTS_PER_HOUR = 3;

let lastAddress = 0;
/** A client address of its own for each test, so one test's counts never touch another's. */
function newAddress(): string {
  lastAddress += 1;
  return `203.0.113.${lastAddress}`;
}

function save(app: FastifyInstance, url: string, headers: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url,
    headers,
    payload: { content: 'x'.repeat(3000), format: 'tweet', category: 'work', transcript: null },
  });
}

forEachDialect((dialect) => {
  describe('limits on saves per client address', () => {
    const testApp = useTestApp(dialect, {
      env: {
        TRUST_PROXY: 'true',
        FREE_MONTHLY_LIMIT: '1000',
        RATE_LIMIT_SAVES_PER_MIN: String(SAVES_PER_MIN),
        RATE_LIMIT_NEW_GUESTS_PER_HOUR: String(NEW_GUESTS_PER_HOUR),
      },
    });

    it('refuses the save past the limit with 429 and Retry-After, across guests and accounts', async () => {
      const { app } = testApp();
      const address = { 'x-forwarded-for': newAddress() };
      const user = await registerUser(app);
      const guests = [newGuestId(), newGuestId()];
      const statuses: number[] = [];
      for (let i = 0; i < SAVES_PER_MIN; i += 1) {
        const response =
          i % 3 === 2
            ? await save(app, '/api/ideas', { ...address, ...user.headers })
            : await save(app, '/api/guest-ideas', {
                ...address,
                ...guestHeaders(guests[i % 3] ?? ''),
              });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual(Array(SAVES_PER_MIN).fill(201));
      for (const [url, headers] of [
        ['/api/guest-ideas', guestHeaders(newGuestId())],
        ['/api/guest-ideas', guestHeaders(guests[0] ?? '')],
        ['/api/ideas', user.headers],
      ] as const) {
        const refused = await save(app, url, { ...address, ...headers });
        const body = expectApiError(refused, 429, 'rate_limited');
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
        expect(body.message).toMatch(/try again in \d+ seconds?\./);
      }
      // Another address is not touched by this one's count.
      const elsewhere = await save(app, '/api/guest-ideas', {
        'x-forwarded-for': newAddress(),
        ...guestHeaders(newGuestId()),
      });
      expect(elsewhere.statusCode).toBe(201);
    });

    it('caps the new guest ids one address brings in an hour, never the guests it already has', async () => {
      const { app } = testApp();
      const address = { 'x-forwarded-for': newAddress() };
      const known = Array.from({ length: NEW_GUESTS_PER_HOUR }, () => newGuestId());
      for (const guestId of known) {
        expect(
          (await save(app, '/api/guest-ideas', { ...address, ...guestHeaders(guestId) }))
            .statusCode,
        ).toBe(201);
      }
      const stranger = newGuestId();
      const refused = await save(app, '/api/guest-ideas', {
        ...address,
        ...guestHeaders(stranger),
      });
      const body = expectApiError(refused, 429, 'rate_limited');
      expect(body.message).toMatch(/new guests/);
      // The window is an hour: Retry-After says how much of it is left, in seconds.
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
      // A guest this address already saved with goes on saving.
      const again = await save(app, '/api/guest-ideas', {
        ...address,
        ...guestHeaders(known[0] ?? ''),
      });
      expect(again.statusCode).toBe(201);
      // Nothing was stored for the refused guest.
      const list = await app.inject({
        url: '/api/guest-ideas',
        headers: { ...address, ...guestHeaders(stranger) },
      });
      expect(list.json<{ total: number }>().total).toBe(0);
    });

    it('counts dictionary writes as saves, and their fresh guest ids against the new-guest cap', async () => {
      const { app } = testApp();
      const address = { 'x-forwarded-for': newAddress() };
      const entries = Array.from({ length: 500 }, (_, i) => ({
        term: `Term ${i} ${'x'.repeat(40)}`,
        soundsLike: 'y'.repeat(38),
      }));
      const putList = (headers: Record<string, string>) =>
        app.inject({
          method: 'PUT',
          url: '/api/dictionary',
          headers: { ...address, ...headers },
          payload: { entries },
        });
      const statuses: number[] = [];
      for (let i = 0; i < NEW_GUESTS_PER_HOUR; i += 1) {
        statuses.push((await putList(guestHeaders(newGuestId()))).statusCode);
      }
      expect(statuses).toEqual(Array(NEW_GUESTS_PER_HOUR).fill(200));
      const stranger = newGuestId();
      const tooNew = await putList(guestHeaders(stranger));
      expect(expectApiError(tooNew, 429, 'rate_limited').message).toMatch(/new guests/);
      const kept = await app.inject({
        url: '/api/dictionary',
        headers: { ...address, ...guestHeaders(stranger) },
      });
      expect(kept.json<{ entries: unknown[] }>().entries).toEqual([]);

      // Saves and dictionary writes share the per-minute count (the refused one counted too),
      // an account's as well.
      const user = await registerUser(app);
      const left = SAVES_PER_MIN - NEW_GUESTS_PER_HOUR - 1;
      const more: number[] = [];
      for (let i = 0; i < left; i += 1) more.push((await putList(user.headers)).statusCode);
      expect(more).toEqual(Array(left).fill(200));
      expectApiError(
        await save(app, '/api/ideas', { ...address, ...user.headers }),
        429,
        'rate_limited',
      );
      expectApiError(await putList(user.headers), 429, 'rate_limited');
    });
  });
});
