import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashSessionToken } from '../../http/sessions.js';
import { createAuthTokensRepository } from './auth-tokens-repository.js';
import { createSessionsRepository } from './sessions-repository.js';
import { createUsersRepository } from './users-repository.js';
import { forEachDialect, useTestDatabase } from '../../test-support/databases.js';
import { startHousekeeping, type ExpiringStore } from './housekeeping.js';

const log = { info: vi.fn(), warn: vi.fn() };

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('startHousekeeping', () => {
  it('sweeps at once and then every interval, and stops', async () => {
    vi.useFakeTimers();
    const store: ExpiringStore = { deleteExpired: vi.fn(() => Promise.resolve(0)) };
    const housekeeping = startHousekeeping({ stores: { sessions: store }, log, intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.deleteExpired).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(store.deleteExpired).toHaveBeenCalledTimes(4);
    await housekeeping.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(store.deleteExpired).toHaveBeenCalledTimes(4);
  });

  it('logs a failing store, still sweeps the others, and tries again next time', async () => {
    vi.useFakeTimers();
    const failing: ExpiringStore = {
      deleteExpired: vi.fn(() => Promise.reject(new Error('database is away'))),
    };
    const healthy: ExpiringStore = { deleteExpired: vi.fn(() => Promise.resolve(3)) };
    const housekeeping = startHousekeeping({
      stores: { sessions: failing, 'auth tokens': healthy },
      log,
      intervalMs: 1000,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(failing.deleteExpired).toHaveBeenCalledTimes(2);
    expect(healthy.deleteExpired).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'housekeeping: could not remove expired sessions',
    );
    expect(log.info).toHaveBeenCalledWith('housekeeping: removed 3 expired auth tokens');
    await housekeeping.stop();
  });

  it('never runs two sweeps at once when the database is slow', async () => {
    vi.useFakeTimers();
    let active = 0;
    let most = 0;
    const slow: ExpiringStore = {
      deleteExpired: vi.fn(async () => {
        active += 1;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 2500));
        active -= 1;
        return 0;
      }),
    };
    const housekeeping = startHousekeeping({ stores: { sessions: slow }, log, intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(most).toBe(1);
    // Sweeps start at 0, 3, 6 and 9 s: the ticks that found one under way were skipped.
    expect(slow.deleteExpired).toHaveBeenCalledTimes(4);
    const stopping = housekeeping.stop();
    await vi.advanceTimersByTimeAsync(5000);
    await stopping;
  });
});

forEachDialect((dialect) => {
  const testDatabase = useTestDatabase(dialect);

  it('removes expired sessions and auth tokens and keeps live ones', async () => {
    const database = testDatabase();
    const users = createUsersRepository(database);
    const sessions = createSessionsRepository(database);
    const authTokens = createAuthTokensRepository(database);
    const user = await users.create({ email: `sweep-${dialect}@example.com`, passwordHash: null });
    if (user === 'email_taken') throw new Error('unexpected');
    const at = new Date('2026-11-22T08:00:00.000Z');
    const before = new Date(at.getTime() - 1000);
    const after = new Date(at.getTime() + 60_000);
    await sessions.create({
      userId: user.id,
      tokenHash: hashSessionToken('old'),
      expiresAt: before,
      epoch: 0,
    });
    await sessions.create({
      userId: user.id,
      tokenHash: hashSessionToken('live'),
      expiresAt: after,
      epoch: 0,
    });
    await authTokens.create({
      purpose: 'password_reset',
      tokenHash: hashSessionToken('old-reset'),
      userId: user.id,
      expiresAt: before,
    });
    await authTokens.create({
      purpose: 'password_reset',
      tokenHash: hashSessionToken('live-reset'),
      userId: user.id,
      expiresAt: after,
    });

    const housekeeping = startHousekeeping({
      stores: { sessions, 'auth tokens': authTokens },
      log,
      now: () => at,
    });
    await housekeeping.stop();

    expect(await sessions.findUserBySession(hashSessionToken('live'), at)).not.toBeNull();
    expect(await sessions.deleteExpired(at)).toBe(0);
    expect(await authTokens.deleteExpired(at)).toBe(0);
    expect(
      await authTokens.consume('password_reset', hashSessionToken('live-reset'), at),
    ).not.toBeNull();
    expect(log.info).toHaveBeenCalledWith('housekeeping: removed 1 expired sessions');
    expect(log.info).toHaveBeenCalledWith('housekeeping: removed 1 expired auth tokens');
  });
});
