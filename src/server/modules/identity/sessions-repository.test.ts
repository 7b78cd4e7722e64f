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

  /** A session opened at the account's starting epoch, which a new account is still at. */
  async function openSession(input: { userId: string; tokenHash: string; expiresAt: Date }) {
    const opened = await sessions().create({ ...input, epoch: 0 });
    if (opened === null) throw new Error('the session was refused');
    return opened;
  }

  function newUser(): Promise<UserRecord> {
    return createTestUser(database(), { passwordHash: 'hash' });
  }

  it('finds the user of a live session by its token hash', async () => {
    const user = await newUser();
    const tokenHash = newTokenHash();
    const expiresAt = new Date('2026-12-01T10:00:00.000Z');
    const { sessionId } = await openSession({ userId: user.id, tokenHash, expiresAt });
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
    await openSession({ userId: user.id, tokenHash, expiresAt });
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
    const { sessionId } = await openSession({ userId: user.id, tokenHash, expiresAt: first });
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
      ids.push((await openSession({ userId: user.id, tokenHash, expiresAt })).sessionId);
    }
    const otherHash = newTokenHash();
    await openSession({ userId: other.id, tokenHash: otherHash, expiresAt });

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
    await openSession({
      userId: user.id,
      tokenHash: newTokenHash(),
      expiresAt: new Date(now.getTime() - 1),
    });
    await openSession({
      userId: user.id,
      tokenHash: live,
      expiresAt: new Date(now.getTime() + DAY_MS),
    });
    expect(await sessions().deleteExpired(now)).toBeGreaterThanOrEqual(1);
    expect(await sessions().findUserBySession(live, now)).not.toBeNull();
  });

  it('opens nothing with a session from an earlier epoch of its account, and opens none at one', async () => {
    const user = await newUser();
    const expiresAt = new Date('2026-12-01T10:00:00.000Z');
    const at = new Date('2026-11-30T10:00:00.000Z');
    const before = newTokenHash();
    await openSession({ userId: user.id, tokenHash: before, expiresAt });
    await database()
      .db.updateTable('users')
      .set((eb) => ({ session_epoch: eb('session_epoch', '+', 1) }))
      .where('id', '=', user.id)
      .execute();

    expect(await sessions().findUserBySession(before, at)).toBeNull();
    const stale = newTokenHash();
    expect(
      await sessions().create({ userId: user.id, tokenHash: stale, expiresAt, epoch: 0 }),
    ).toBeNull();
    expect(await sessions().findUserBySession(stale, at)).toBeNull();
    const current = newTokenHash();
    expect(
      await sessions().create({ userId: user.id, tokenHash: current, expiresAt, epoch: 1 }),
    ).not.toBeNull();
    expect(await sessions().findUserBySession(current, at)).toMatchObject({
      user: { id: user.id, sessionEpoch: 1 },
    });
  });

  // db/prepared-statements.ts: a named statement's result columns are fixed when it is prepared.
  it.runIf(dialect === 'postgres')(
    'looks sessions up through a prepared statement, which a migration adding a column does not break',
    async () => {
      const user = await newUser();
      const tokenHash = newTokenHash();
      const expiresAt = new Date('2026-12-01T10:00:00.000Z');
      await openSession({ userId: user.id, tokenHash, expiresAt });
      const at = new Date('2026-11-30T10:00:00.000Z');
      expect(await sessions().findUserBySession(tokenHash, at)).not.toBeNull();
      expect(await preparedStatementTexts(database())).toContain('WHERE sessions.token_hash = $1');
      await sql`ALTER TABLE users ADD COLUMN added_while_running text`.execute(database().db);
      expect(await sessions().findUserBySession(tokenHash, at)).toMatchObject({ user });
    },
  );
});
