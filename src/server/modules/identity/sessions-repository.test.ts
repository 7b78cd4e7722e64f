import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import {
  forEachDialect,
  preparedStatementTexts,
  useTestDatabase,
} from '../../test-support/databases.js';
import { createTestUser } from '../../test-support/users.js';
import { createSessionsRepository } from './sessions-repository.js';
import type { UserRecord } from './users-repository.js';

function newTokenHash(): string {
  return createHash('sha256').update(randomBytes(32)).digest('hex');
}

const DAY_MS = 24 * 60 * 60 * 1000;

forEachDialect((dialect) => {
  const database = useTestDatabase(dialect);
  const sessions = () => createSessionsRepository(database());

  function newUser(): Promise<UserRecord> {
    return createTestUser(database(), { passwordHash: 'hash' });
  }

  it('finds the user of a live session by its token hash', async () => {
    const user = await newUser();
    const tokenHash = newTokenHash();
    const expiresAt = new Date('2026-12-01T10:00:00.000Z');
    const { sessionId } = await sessions().create({ userId: user.id, tokenHash, expiresAt });
    const found = await sessions().findUserBySession(
      tokenHash,
      new Date('2026-11-30T10:00:00.000Z'),
    );
    expect(found).toEqual({ sessionId, user, expiresAt });
    expect(
      await sessions().findUserBySession(newTokenHash(), new Date('2026-11-30T10:00:00.000Z')),
    ).toBeNull();
  });

  it('expires a session at its expiry instant', async () => {
    const user = await newUser();
    const tokenHash = newTokenHash();
    const expiresAt = new Date('2026-12-01T10:00:00.000Z');
    await sessions().create({ userId: user.id, tokenHash, expiresAt });
    expect(
      await sessions().findUserBySession(tokenHash, new Date(expiresAt.getTime() - 1)),
    ).not.toBeNull();
    expect(await sessions().findUserBySession(tokenHash, expiresAt)).toBeNull();
    expect(
      await sessions().findUserBySession(tokenHash, new Date(expiresAt.getTime() + DAY_MS)),
    ).toBeNull();
  });

  it('extends a session (sliding expiry)', async () => {
    const user = await newUser();
    const tokenHash = newTokenHash();
    const first = new Date('2026-12-01T10:00:00.000Z');
    const { sessionId } = await sessions().create({ userId: user.id, tokenHash, expiresAt: first });
    const later = new Date(first.getTime() + 30 * DAY_MS);
    await sessions().extend(sessionId, later);
    const found = await sessions().findUserBySession(tokenHash, new Date(first.getTime() + DAY_MS));
    expect(found?.expiresAt).toEqual(later);
  });

  it('ends one session by hash, or all of a user but the current one', async () => {
    const user = await newUser();
    const other = await newUser();
    const at = new Date('2026-11-01T00:00:00.000Z');
    const expiresAt = new Date(at.getTime() + DAY_MS);
    const hashes = [newTokenHash(), newTokenHash(), newTokenHash()] as const;
    const ids: string[] = [];
    for (const tokenHash of hashes) {
      ids.push((await sessions().create({ userId: user.id, tokenHash, expiresAt })).sessionId);
    }
    const otherHash = newTokenHash();
    await sessions().create({ userId: other.id, tokenHash: otherHash, expiresAt });

    await sessions().deleteByHash(hashes[0]);
    expect(await sessions().findUserBySession(hashes[0], at)).toBeNull();
    expect(await sessions().findUserBySession(hashes[1], at)).not.toBeNull();

    expect(await sessions().deleteAllForUser(user.id, ids[2])).toBe(1);
    expect(await sessions().findUserBySession(hashes[1], at)).toBeNull();
    expect(await sessions().findUserBySession(hashes[2], at)).not.toBeNull();
    expect(await sessions().deleteAllForUser(user.id)).toBe(1);
    expect(await sessions().findUserBySession(hashes[2], at)).toBeNull();
    expect(await sessions().findUserBySession(otherHash, at)).not.toBeNull();
  });

  it('sweeps expired sessions only', async () => {
    const user = await newUser();
    const now = new Date('2026-11-15T00:00:00.000Z');
    const live = newTokenHash();
    await sessions().create({
      userId: user.id,
      tokenHash: newTokenHash(),
      expiresAt: new Date(now.getTime() - 1),
    });
    await sessions().create({
      userId: user.id,
      tokenHash: live,
      expiresAt: new Date(now.getTime() + DAY_MS),
    });
    expect(await sessions().deleteExpired(now)).toBeGreaterThanOrEqual(1);
    expect(await sessions().findUserBySession(live, now)).not.toBeNull();
  });

  // db/prepared-statements.ts: a named statement's result columns are fixed when it is prepared.
  it.runIf(dialect === 'postgres')(
    'looks sessions up through a prepared statement, which a migration adding a column does not break',
    async () => {
      const user = await newUser();
      const tokenHash = newTokenHash();
      const expiresAt = new Date('2026-12-01T10:00:00.000Z');
      await sessions().create({ userId: user.id, tokenHash, expiresAt });
      const at = new Date('2026-11-30T10:00:00.000Z');
      expect(await sessions().findUserBySession(tokenHash, at)).not.toBeNull();
      expect(await preparedStatementTexts(database())).toContain('WHERE sessions.token_hash = $1');
      await sql`ALTER TABLE users ADD COLUMN added_while_running text`.execute(database().db);
      expect(await sessions().findUserBySession(tokenHash, at)).toMatchObject({ user });
    },
  );
});
