/**
 * One address may write a bounded amount of text an hour, whatever guest ids or accounts it
 * names and whichever route carries it, so it cannot grow the database without end within the
 * other limits. On PostgreSQL the count is in the table every instance shares (ADR 070).
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectApiError, guestHeaders, newGuestId, useTestApp } from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';

/** 100 KiB: three ideas of 27 KiB (9,000 three-byte characters) fit, a fourth does not. */
const TEXT_BYTES_PER_HOUR = 100 * 1024;
const IDEA_TEXT = '字'.repeat(9000);

let lastAddress = 0;
function newAddress(): string {
  lastAddress += 1;
  return `192.0.2.${lastAddress}`;
}

function save(app: FastifyInstance, headers: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/api/guest-ideas',
    headers,
    payload: { content: IDEA_TEXT, format: 'tweet', category: 'work', transcript: null },
  });
}

forEachDialect((dialect) => {
  describe('the text one address may write in an hour', () => {
    const testApp = useTestApp(dialect, {
      env: {
        TRUST_PROXY: 'true',
        FREE_MONTHLY_LIMIT: '1000',
        RATE_LIMIT_TEXT_BYTES_PER_HOUR: String(TEXT_BYTES_PER_HOUR),
      },
    });

    it('refuses the write past the budget with 429 and an hour-long Retry-After, storing nothing', async () => {
      const { app } = testApp();
      const address = { 'x-forwarded-for': newAddress() };
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push((await save(app, { ...address, ...guestHeaders(newGuestId()) })).statusCode);
      }
      expect(statuses).toEqual([201, 201, 201]);
      const guest = guestHeaders(newGuestId());
      const refused = await save(app, { ...address, ...guest });
      const body = expectApiError(refused, 429, 'rate_limited');
      expect(body.message).toMatch(/Too much text/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
      const list = await app.inject({ url: '/api/guest-ideas', headers: { ...address, ...guest } });
      expect(list.json<{ total: number }>().total).toBe(0);
      // Another address has its own budget.
      const elsewhere = await save(app, {
        'x-forwarded-for': newAddress(),
        ...guestHeaders(newGuestId()),
      });
      expect(elsewhere.statusCode).toBe(201);
    });

    it('counts the text of edits and dictionaries with that of saves', async () => {
      const { app } = testApp();
      const address = { 'x-forwarded-for': newAddress() };
      const guest = { ...address, ...guestHeaders(newGuestId()) };
      const created = await save(app, guest);
      expect(created.statusCode).toBe(201);
      const { id, content } = created.json<{ id: string; content: string }>();
      const edit = () =>
        app.inject({
          method: 'PUT',
          url: `/api/guest-ideas/${id}`,
          headers: guest,
          payload: { content: IDEA_TEXT },
        });
      expect((await edit()).statusCode).toBe(200);
      expect((await edit()).statusCode).toBe(200);
      expectApiError(await edit(), 429, 'rate_limited');
      const dictionary = await app.inject({
        method: 'PUT',
        url: '/api/dictionary',
        headers: guest,
        payload: { entries: [{ term: 'Voice Ideas' }] },
      });
      expectApiError(dictionary, 429, 'rate_limited');
      // The idea is as the last accepted edit left it.
      const kept = await app.inject({ url: `/api/guest-ideas`, headers: guest });
      expect(kept.json<{ items: { content: string }[] }>().items[0]?.content).toBe(content);
    });
  });
});
