import type { Database } from '../db/database.js';
import { newId } from './ids.js';
import { toDate } from './rows.js';
import { toUserRecord, type UserRecord } from './users-repository.js';

export interface SessionLookup {
  sessionId: string;
  user: UserRecord;
  expiresAt: Date;
}

export interface SessionsRepository {
  /** `tokenHash` is the SHA-256 of the random cookie value; the value itself is never stored. */
  create(input: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
  }): Promise<{ sessionId: string }>;
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
  const { db } = database;
  const now = options.now ?? (() => new Date());

  return {
    async create({ userId, tokenHash, expiresAt }) {
      const sessionId = newId();
      await db
        .insertInto('sessions')
        .values({
          id: sessionId,
          token_hash: tokenHash,
          user_id: userId,
          expires_at: expiresAt.toISOString(),
          created_at: now().toISOString(),
        })
        .execute();
      return { sessionId };
    },

    async findUserBySession(tokenHash, at) {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select(['sessions.id as session_id', 'sessions.expires_at as session_expires_at'])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.expires_at', '>', at.toISOString())
        .executeTakeFirst();
      if (!row) return null;
      return {
        sessionId: row.session_id,
        user: toUserRecord(row),
        expiresAt: toDate(row.session_expires_at),
      };
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
