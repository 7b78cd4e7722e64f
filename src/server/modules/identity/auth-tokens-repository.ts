import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { AuthTokenPurpose, AuthTokensTable, DB } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { toDate } from '../../db/rows.js';

export type { AuthTokenPurpose };

export interface AuthTokenRecord {
  id: string;
  purpose: AuthTokenPurpose;
  userId: string | null;
  /** The guest whose ideas move into the account when the token is used. */
  guestId: string | null;
  email: string | null;
  expiresAt: Date;
  usedAt: Date | null;
  /** The checkout a claim token belongs to. */
  checkoutSessionId: string | null;
  /** A claim token's browser: SHA-256 of the cookie its checkout was started with. */
  browserHash: string | null;
  createdAt: Date;
}

export interface NewAuthToken {
  purpose: AuthTokenPurpose;
  /** SHA-256 of the random value sent to the person; the value itself is never stored. */
  tokenHash: string;
  userId?: string | null;
  guestId?: string | null;
  email?: string | null;
  checkoutSessionId?: string | null;
  browserHash?: string | null;
  expiresAt: Date;
}

export interface AuthTokensRepository {
  create(token: NewAuthToken): Promise<AuthTokenRecord>;
  /**
   * Uses a token once: marks it used and returns it when it exists for this purpose, is unused and
   * has not expired at `now`; otherwise null. One conditional UPDATE, so of two parallel uses
   * exactly one succeeds.
   */
  consume(purpose: AuthTokenPurpose, tokenHash: string, now: Date): Promise<AuthTokenRecord | null>;
  /** The token when it exists for this purpose, is unused and has not expired; nothing changes. */
  findLive(
    purpose: AuthTokenPurpose,
    tokenHash: string,
    now: Date,
  ): Promise<AuthTokenRecord | null>;
  /** Removes one token (e.g. a link whose e-mail could not be sent). */
  discard(id: string): Promise<void>;
  /** Ends every unused token of a user for a purpose (e.g. older reset links after a reset). */
  revokeForUser(userId: string, purpose: AuthTokenPurpose, now: Date): Promise<number>;
  deleteExpired(now: Date): Promise<number>;
}

function toRecord(row: Selectable<AuthTokensTable>): AuthTokenRecord {
  return {
    id: row.id,
    purpose: row.purpose,
    userId: row.user_id,
    guestId: row.guest_id,
    email: row.email,
    expiresAt: toDate(row.expires_at),
    usedAt: row.used_at === null ? null : toDate(row.used_at),
    checkoutSessionId: row.checkout_session_id,
    browserHash: row.browser_hash,
    createdAt: toDate(row.created_at),
  };
}

/**
 * Uses a token once, inside the caller's transaction or on its own: one conditional UPDATE, so
 * of two parallel uses exactly one succeeds.
 */
export async function consumeToken(
  db: Kysely<DB>,
  purpose: AuthTokenPurpose,
  tokenHash: string,
  at: Date,
): Promise<AuthTokenRecord | null> {
  const row = await db
    .updateTable('auth_tokens')
    .set({ used_at: at.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at.toISOString())
    .returningAll()
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

export function createAuthTokensRepository(
  database: Database,
  options: { now?: () => Date } = {},
): AuthTokensRepository {
  const { db } = database;
  const now = options.now ?? (() => new Date());

  return {
    async create(token) {
      const row = await db
        .insertInto('auth_tokens')
        .values({
          id: newId(),
          purpose: token.purpose,
          token_hash: token.tokenHash,
          user_id: token.userId ?? null,
          guest_id: token.guestId ?? null,
          email: token.email ?? null,
          checkout_session_id: token.checkoutSessionId ?? null,
          browser_hash: token.browserHash ?? null,
          expires_at: token.expiresAt.toISOString(),
          used_at: null,
          created_at: now().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRecord(row);
    },

    consume: (purpose, tokenHash, at) => consumeToken(db, purpose, tokenHash, at),

    async findLive(purpose, tokenHash, at) {
      const row = await db
        .selectFrom('auth_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at.toISOString())
        .executeTakeFirst();
      return row ? toRecord(row) : null;
    },

    async discard(id) {
      await db.deleteFrom('auth_tokens').where('id', '=', id).execute();
    },

    async revokeForUser(userId, purpose, at) {
      const result = await db
        .updateTable('auth_tokens')
        .set({ used_at: at.toISOString() })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async deleteExpired(at) {
      const result = await db
        .deleteFrom('auth_tokens')
        .where('expires_at', '<=', at.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
