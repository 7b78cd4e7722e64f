/**
 * Deleting an account asks for its password, so a stolen session could guess the password
 * there. That check is counted like a sign-in's (docs/security.md, "Password guessing through
 * account deletion"): the same per-address and per-e-mail counts, shared with sign-in.
 */
import { describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createTestApp,
  registerUser,
  type SignedInUser,
  type TestApp,
} from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';

const PER_MINUTE = 4;

async function withApp(
  dialect: 'sqlite' | 'postgres',
  body: (testApp: TestApp) => Promise<void>,
): Promise<void> {
  const testApp = await createTestApp(dialect, {
    env: { RATE_LIMIT_AUTH_PER_MIN: String(PER_MINUTE) },
  });
  try {
    await body(testApp);
  } finally {
    await closeTestApp(testApp);
  }
}

function deleteAccount(testApp: TestApp, user: SignedInUser, address: string, password: string) {
  return testApp.app.inject({
    method: 'DELETE',
    url: '/api/account',
    remoteAddress: address,
    headers: user.headers,
    payload: { password },
  });
}

function logIn(testApp: TestApp, user: SignedInUser, address: string, password: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: address,
    payload: { email: user.email, password },
  });
}

async function stillThere(testApp: TestApp, user: SignedInUser): Promise<boolean> {
  const me = await testApp.app.inject({ url: '/api/me', headers: user.headers });
  return me.statusCode === 200;
}

forEachDialect((dialect) => {
  describe('password guesses through account deletion', () => {
    it('refuses a stolen session’s guesses past the sign-in allowance', async () => {
      await withApp(dialect, async (testApp) => {
        const owner = await registerUser(testApp.app);
        const statuses: number[] = [];
        for (let i = 0; i < PER_MINUTE + 2; i += 1) {
          statuses.push(
            (await deleteAccount(testApp, owner, '203.0.113.7', `guess-${i}`)).statusCode,
          );
        }
        expect(statuses).toEqual([...Array(PER_MINUTE).fill(401), 429, 429]);
        const refused = await deleteAccount(testApp, owner, '203.0.113.7', owner.password);
        expect(refused.statusCode).toBe(429);
        expect(refused.headers['retry-after']).toBeDefined();
        expect(await stillThere(testApp, owner)).toBe(true);
      });
    });

    it('cannot race past the allowance with parallel guesses', async () => {
      await withApp(dialect, async (testApp) => {
        const owner = await registerUser(testApp.app);
        const parallel = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            deleteAccount(testApp, owner, '203.0.113.8', `parallel-${i}`),
          ),
        );
        const statuses = parallel.map((response) => response.statusCode).sort();
        expect(statuses).toEqual([...Array(PER_MINUTE).fill(401), ...Array(8).fill(429)]);
        expect(await stillThere(testApp, owner)).toBe(true);
      });
    });

    it('counts deletion guesses and sign-in guesses for the account together', async () => {
      await withApp(dialect, async (testApp) => {
        const owner = await registerUser(testApp.app);
        for (let i = 0; i < PER_MINUTE; i += 1) {
          await deleteAccount(testApp, owner, '203.0.113.9', `guess-${i}`);
        }
        // The account is under attack now: another address gets three wrong sign-ins, not four.
        const tries: number[] = [];
        for (let i = 0; i < 4; i += 1) {
          tries.push((await logIn(testApp, owner, '192.0.2.44', `again-${i}`)).statusCode);
        }
        expect(tries).toEqual([401, 401, 401, 429]);
      });
    });

    it('still deletes for the owner’s right password from an address that has not failed', async () => {
      await withApp(dialect, async (testApp) => {
        const owner = await registerUser(testApp.app);
        for (let i = 0; i < PER_MINUTE + 1; i += 1) {
          await deleteAccount(testApp, owner, '203.0.113.10', `guess-${i}`);
        }
        const deleted = await deleteAccount(testApp, owner, '198.51.100.40', owner.password);
        expect(deleted.statusCode).toBe(204);
        expect((await logIn(testApp, owner, '198.51.100.40', owner.password)).statusCode).toBe(401);
      });
    });
  });
});
