import { createHash, randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { forEachDialect, useTestDatabase } from '../../test-support/databases.js';
import { createTestUser } from '../../test-support/users.js';
import { createAuthTokensRepository } from './auth-tokens-repository.js';

function newTokenHash(): string {
  return createHash('sha256').update(randomBytes(32)).digest('hex');
}

const NOW = new Date('2026-11-22T10:00:00.000Z');
const IN_15_MINUTES = new Date(NOW.getTime() + 15 * 60_000);

forEachDialect((dialect) => {
  const database = useTestDatabase(dialect);
  const tokens = () => createAuthTokensRepository(database(), { now: () => NOW });

  async function newUserId(): Promise<string> {
    return (await createTestUser(database())).id;
  }

  it('uses a token once, keeping the guest id that asked for it', async () => {
    const userId = await newUserId();
    const tokenHash = newTokenHash();
    await tokens().create({
      purpose: 'magic_link',
      tokenHash,
      userId,
      guestId: 'guest_abcdefgh',
      expiresAt: IN_15_MINUTES,
    });
    const used = await tokens().consume('magic_link', tokenHash, NOW);
    expect(used).toMatchObject({ userId, guestId: 'guest_abcdefgh', usedAt: NOW });
    expect(await tokens().consume('magic_link', tokenHash, NOW)).toBeNull();
  });

  it('refuses an expired token, an unknown one and one of another purpose', async () => {
    const userId = await newUserId();
    const tokenHash = newTokenHash();
    await tokens().create({
      purpose: 'password_reset',
      tokenHash,
      userId,
      expiresAt: IN_15_MINUTES,
    });
    expect(await tokens().consume('magic_link', tokenHash, NOW)).toBeNull();
    expect(await tokens().consume('password_reset', newTokenHash(), NOW)).toBeNull();
    expect(await tokens().consume('password_reset', tokenHash, IN_15_MINUTES)).toBeNull();
    expect(await tokens().consume('password_reset', tokenHash, NOW)).not.toBeNull();
  });

  it('lets exactly one of ten parallel uses succeed', async () => {
    const tokenHash = newTokenHash();
    await tokens().create({
      purpose: 'checkout_claim',
      tokenHash,
      email: 'a@example.com',
      expiresAt: IN_15_MINUTES,
    });
    const repo = tokens();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => repo.consume('checkout_claim', tokenHash, NOW)),
    );
    expect(results.filter((result) => result !== null)).toHaveLength(1);
  });

  it('revokes the unused tokens of one user and sweeps expired ones', async () => {
    const userId = await newUserId();
    const other = await newUserId();
    const mine = [newTokenHash(), newTokenHash()];
    for (const tokenHash of mine) {
      await tokens().create({
        purpose: 'password_reset',
        tokenHash,
        userId,
        expiresAt: IN_15_MINUTES,
      });
    }
    const theirs = newTokenHash();
    await tokens().create({
      purpose: 'password_reset',
      tokenHash: theirs,
      userId: other,
      expiresAt: IN_15_MINUTES,
    });
    expect(await tokens().revokeForUser(userId, 'password_reset', NOW)).toBe(2);
    for (const tokenHash of mine) {
      expect(await tokens().consume('password_reset', tokenHash, NOW)).toBeNull();
    }
    expect(await tokens().consume('password_reset', theirs, NOW)).not.toBeNull();
    expect(
      await tokens().deleteExpired(new Date(IN_15_MINUTES.getTime() + 1)),
    ).toBeGreaterThanOrEqual(3);
  });
});
