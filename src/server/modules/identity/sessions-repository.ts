import { CompiledQuery, type Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { SessionOpening, UsersTable } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { preparedOnPostgres } from '../../db/prepared-statements.js';
import { writeTransaction } from '../../db/transactions.js';
import { toDate } from '../../db/rows.js';
import { toUserRecord, type UserRecord } from './users-repository.js';

/** What toUserRecord reads, qualified by the users table. */
const USER_COLUMNS = [
  'id',
  'email',
  'password_hash',
  'plan',
  'billing_customer_id',
  'subscription_id',
  'subscription_status',
  'current_period_start',
  'current_period_end',
  'created_by_checkout',
  'session_epoch',
  'email_proven_at',
  'created_at',
  'updated_at',
]
  .map((column) => `users.${column}`)
  .join(', ');

export interface SessionLookup {
  sessionId: string;
  user: UserRecord;
  expiresAt: Date;
}

export interface SessionsRepository {
  /**
   * `tokenHash` is the SHA-256 of the random cookie value; the value itself is never stored.
   * `epoch` is the account's session epoch as read when the credential was checked: when the
   * account has moved on since (a reset, a first proof of its e-mail), nothing is opened and
   * the answer is null (ADR 107).
   */
  create(input: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    epoch: number;
    openedBy?: SessionOpening;
  }): Promise<{ sessionId: string } | null>;
  /** How and when a session began; null when it no longer exists. */
  openingOf(sessionId: string): Promise<{ openedBy: SessionOpening; createdAt: Date } | null>;
  /** null when there is no such session or it expired at or before `now`. */
  findUserBySession(tokenHash: string, now: Date): Promise<SessionLookup | null>;
  extend(sessionId: string, expiresAt: Date): Promise<void>;
  deleteByHash(tokenHash: string): Promise<void>;
  deleteAllForUser(userId: string, exceptSessionId?: string): Promise<number>;
  deleteExpired(now: Date): Promise<number>;
}

export function createSessionsRepository(
  database: Database,
  options: { now?: () => Date } = {},
): SessionsRepository {
  const { db, dialect } = database;
  const now = options.now ?? (() => new Date());
  // Runs on every request that carries a session cookie, so it skips the query builder: one
  // fixed SQL text (a cached prepared statement on SQLite, ADR 012) over the unique
  // token_hash index, outside any transaction.
  // Kept prepared on PostgreSQL, so it names its columns (db/prepared-statements.ts).
  const lookupSql = preparedOnPostgres(`SELECT ${USER_COLUMNS}, sessions.id AS session_id,
      sessions.expires_at AS session_expires_at
    FROM sessions INNER JOIN users ON users.id = sessions.user_id
      AND users.session_epoch = sessions.epoch
    WHERE sessions.token_hash = ${dialect === 'postgres' ? '$1' : '?'}`);
  async function lookUp(tokenHash: string): Promise<SessionLookup | null> {
    const result = await db.executeQuery<
      Selectable<UsersTable> & { session_id: string; session_expires_at: string | Date }
    >(CompiledQuery.raw(lookupSql, [tokenHash]));
    const row = result.rows[0];
    if (!row) return null;
    return {
      sessionId: row.session_id,
      user: toUserRecord(row),
      expiresAt: toDate(row.session_expires_at),
    };
  }

  return {
    async create({ userId, tokenHash, expiresAt, epoch, openedBy = 'password' }) {
      const sessionId = newId();
      // The epoch check on every lookup is what keeps a raced session dead; checking it here
      // too tells the caller, instead of handing out a cookie that opens nothing.
      return writeTransaction(database, async (trx) => {
        const account = await trx
          .selectFrom('users')
          .select('session_epoch')
          .where('id', '=', userId)
          .executeTakeFirst();
        if (account === undefined || Number(account.session_epoch) !== epoch) return null;
        await trx
          .insertInto('sessions')
          .values({
            id: sessionId,
            token_hash: tokenHash,
            user_id: userId,
            expires_at: expiresAt.toISOString(),
            created_at: now().toISOString(),
            opened_by: openedBy,
            epoch,
          })
          .execute();
        return { sessionId };
      });
    },

    async openingOf(sessionId) {
      const row = await db
        .selectFrom('sessions')
        .select(['opened_by', 'created_at'])
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return row ? { openedBy: row.opened_by, createdAt: toDate(row.created_at) } : null;
    },

    async findUserBySession(tokenHash, at) {
      const lookup = await lookUp(tokenHash);
      return lookup !== null && lookup.expiresAt.getTime() > at.getTime() ? lookup : null;
    },

    async extend(sessionId, expiresAt) {
      await db
        .updateTable('sessions')
        .set({ expires_at: expiresAt.toISOString() })
        .where('id', '=', sessionId)
        .execute();
    },

    async deleteByHash(tokenHash) {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },

    async deleteAllForUser(userId, exceptSessionId) {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteExpired(at) {
      const result = await db
        .deleteFrom('sessions')
        .where('expires_at', '<=', at.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
