/**
 * Every route that writes is counted in the per-address saves limit, and the guest ids it
 * writes for in the new-guests cap: a script cannot keep the database's writer busy with edits,
 * shares or usage counts, nor spread rows over fresh guest ids, beside the saves that were
 * already counted. The route table is walked, so a new route is held to this as it is added.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
const NOT_COUNTED_AS_SAVES: Record<string, string> = {
  'POST /api/register': '',
  'POST /api/login': '',
  'POST /api/auth/magic': '',
  'POST /api/auth/magic/account': '',
  'POST /api/auth/forgot-password': '',
  'POST /api/auth/reset-password': '',
  'POST /api/auth/reset-password/account': '',
  'POST /api/auth/claim': '',
  'DELETE /api/account': '',
  'POST /api/billing/create-checkout-session': '',
  'POST /api/billing/webhook': '',
  'POST /api/transcribe': '',
  'POST /api/format': '',
  'POST /api/infer-format-category': '',
  'PATCH /api/uploads/:id': '',
};
import {
  expectApiError,
  guestHeaders,
  newGuestId,
  registerUser,
  useTestApp,
} from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';

const SAVES_PER_MIN = 4;
const NEW_GUESTS_PER_HOUR = 2;
const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE'];

let lastAddress = 0;
function newAddress(): string {
  lastAddress += 1;
  return `198.51.100.${lastAddress}`;
}

interface Route {
  method: string;
  url: string;
}

/** The state-changing /api/ routes of printRoutes' tree: `├── /segment (GET, POST)`. */
function stateChangingRoutes(app: FastifyInstance): Route[] {
  const parents: string[] = [];
  const routes: Route[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? '').length / 4;
    const url = (parents[depth - 1] ?? '') + (match[2] ?? '');
    parents[depth] = url;
    parents.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ')) {
      if (STATE_CHANGING.includes(method) && url.startsWith('/api/')) routes.push({ method, url });
    }
  }
  return routes;
}

const ANY_ID = '00000000-0000-4000-8000-000000000000';

function send(
  app: FastifyInstance,
  route: Route,
  headers: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: route.method as 'POST',
    url: route.url.replace(/:[a-z]+/gi, ANY_ID),
    headers,
  });
}

forEachDialect((dialect) => {
  describe('every route that writes', () => {
    const testApp = useTestApp(dialect, {
      env: {
        TRUST_PROXY: 'true',
        FREE_MONTHLY_LIMIT: '1000',
        RATE_LIMIT_SAVES_PER_MIN: String(SAVES_PER_MIN),
        RATE_LIMIT_NEW_GUESTS_PER_HOUR: String(NEW_GUESTS_PER_HOUR),
      },
    });

    it('is found in the route table, and the routes left out are ones that exist', () => {
      const routes = stateChangingRoutes(testApp().app).map((r) => `${r.method} ${r.url}`);
      expect(routes).toContain('PUT /api/guest-ideas/:id');
      expect(routes).toContain('POST /api/usage/increment');
      for (const left of Object.keys(NOT_COUNTED_AS_SAVES)) expect(routes).toContain(left);
    });

    it('refuses any write past the saves limit of its address, a guest’s or an account’s', async () => {
      const { app } = testApp();
      const user = await registerUser(app);
      const counted = stateChangingRoutes(app).filter(
        (route) => !(`${route.method} ${route.url}` in NOT_COUNTED_AS_SAVES),
      );
      expect(counted.length).toBeGreaterThan(15);
      const uncounted: string[] = [];
      for (const route of counted) {
        for (const who of [guestHeaders(newGuestId()), user.headers]) {
          const headers = { 'x-forwarded-for': newAddress(), ...who };
          // Whatever each answers (404 for a made-up id, say), the calls are counted.
          for (let i = 0; i < SAVES_PER_MIN; i += 1) await send(app, route, headers);
          const over = await send(app, route, headers);
          if (over.statusCode !== 429) uncounted.push(`${route.method} ${route.url}`);
          else expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(uncounted).toEqual([]);
    });

    it('counts each fresh guest id a write names against the new-guests cap', async () => {
      const { app } = testApp();
      const counted = stateChangingRoutes(app).filter(
        (route) => !(`${route.method} ${route.url}` in NOT_COUNTED_AS_SAVES),
      );
      const guestWrites = counted.filter(
        (route) =>
          route.url.startsWith('/api/guest-') ||
          ['/api/usage/increment', '/api/dictionary', '/api/uploads'].includes(route.url),
      );
      expect(guestWrites.length).toBeGreaterThan(8);
      const uncounted: string[] = [];
      for (const route of guestWrites) {
        const address = { 'x-forwarded-for': newAddress() };
        // One write each from new guests, so the saves limit is never what refuses.
        for (let i = 0; i < NEW_GUESTS_PER_HOUR; i += 1) {
          await send(app, route, { ...address, ...guestHeaders(newGuestId()) });
        }
        const fresh = await send(app, route, { ...address, ...guestHeaders(newGuestId()) });
        if (fresh.statusCode !== 429 || !/new guests/.test(fresh.body)) {
          uncounted.push(`${route.method} ${route.url}`);
        }
      }
      expect(uncounted).toEqual([]);
    });

    it('gives a guest that keeps its id no new-guest refusal and stores nothing for a refused one', async () => {
      const { app } = testApp();
      const address = { 'x-forwarded-for': newAddress() };
      const known = guestHeaders(newGuestId());
      const increment = (headers: Record<string, string>) =>
        app.inject({
          method: 'POST',
          url: '/api/usage/increment',
          headers: { ...address, ...headers },
        });
      expect((await increment(known)).statusCode).toBe(200);
      expect((await increment(guestHeaders(newGuestId()))).statusCode).toBe(200);
      const stranger = guestHeaders(newGuestId());
      expectApiError(await increment(stranger), 429, 'rate_limited');
      const usage = await app.inject({
        url: '/api/usage',
        headers: { 'x-forwarded-for': newAddress(), ...stranger },
      });
      expect(usage.json<{ usedThisMonth: number }>().usedThisMonth).toBe(0);
    });
  });
});
