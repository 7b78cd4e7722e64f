import { sql, type Kysely, type Selectable } from 'kysely';
import type { Plan } from '#contract/plans.js';
import type { Database } from '../../db/database.js';
import type { DB, UsersTable } from '../../db/schema.js';
import { writeTransaction } from '../../db/transactions.js';
import { newId } from '../../db/ids.js';
import { isUniqueViolation, toDate, toIso } from '../../db/rows.js';
import {
  deleteIdeasOfUser,
  moveGuestIdeas,
  type Adoption,
  type AdoptionQuota,
} from '../ideas/transaction-steps.js';
import { deleteRecordingsOfUser } from '../recordings/transaction-steps.js';
import { deleteUsageOf } from '../usage/transaction-steps.js';
import { stillBilling } from './subscription-status.js';
import { holdsAnything } from './before-proof-repository.js';
import { consumeToken, type AuthTokenRecord } from './auth-tokens-repository.js';

export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string | null;
  plan: Plan;
  billingCustomerId: string | null;
  subscriptionId: string | null;
  /** The billing provider's status of that subscription, as last read (ADR 051). */
  subscriptionStatus: string | null;
  /** The current billing period, which is Pro's usage period; null without a subscription. */
  billingPeriod: { startsAt: Date; endsAt: Date } | null;
  /** The billing checkout whose fulfilment created this account; null for any other account. */
  createdByCheckout: string | null;
  /** A session opened now must carry this epoch to work (ADR 107). */
  sessionEpoch: number;
  /** Whether someone has used a mailed link of the account (ADR 107). */
  emailProven: boolean;
  /** The first proof found a password set before it, and nobody has said it was theirs. */
  passwordBeforeProof: boolean;
  /** The first proof found ideas, dictionary words or recordings, not yet answered for. */
  writtenBeforeProof: boolean;
  createdAt: string;
}

export interface CreateUserInput {
  /** Already trimmed and lower-cased (EmailSchema does it). */
  email: string;
  passwordHash: string | null;
  plan?: Plan;
  /** A guest whose ideas move into the new account in the same transaction, within `quota`. */
  adopt?: { guestId: string; quota: AdoptionQuota };
}

/** A new account, and what became of the guest ideas it adopted (null: none were asked for). */
export type CreatedUser = UserRecord & { adoption: Adoption | null };

export interface UsersRepository {
  findById(id: string): Promise<UserRecord | null>;
  findByEmail(email: string): Promise<UserRecord | null>;
  findByBillingCustomerId(billingCustomerId: string): Promise<UserRecord | null>;
  create(input: CreateUserInput): Promise<CreatedUser | 'email_taken'>;
  updatePassword(userId: string, passwordHash: string | null): Promise<void>;
  updatePlan(userId: string, plan: Plan, billingCustomerId?: string | null): Promise<void>;
  /**
   * Uses a password-reset token and sets the new password in one transaction: the token is
   * marked used, every other unused token of the user (reset and sign-in links) and every
   * pending checkout claim of its e-mail is voided, and every session of the user ends.
   * null (and nothing changed) when the token is unknown, used or expired at `at`.
   */
  resetPassword(tokenHash: string, passwordHash: string, at: Date): Promise<UserRecord | null>;
  /**
   * Uses a sign-in link and reads its account in one transaction, so the epoch a session is
   * opened with is the one that was current when the link was used (ADR 107). The link proves
   * the e-mail: the first proof raises the epoch, ending every session opened before it. null
   * when the link is unknown, used or expired at `at`.
   */
  useSignInLink(
    tokenHash: string,
    at: Date,
  ): Promise<{ user: UserRecord; token: AuthTokenRecord } | null>;
  /**
   * Uses a checkout claim for `accountId`, the account its paid checkout applies to, in one
   * transaction with the reads that decide it (ADR 100, 107): the claim opens the account only
   * for a caller already signed in to it, or while the account is the one its own checkout made
   * and nobody has proved its e-mail yet ('sign_in_required' otherwise, the claim kept). null
   * when the claim is used, expired or the account is gone.
   */
  useCheckoutClaim(claim: {
    tokenHash: string;
    checkoutSessionId: string;
    accountId: string;
    callerUserId: string | null;
    at: Date;
  }): Promise<UserRecord | 'sign_in_required' | null>;
  /**
   * Removes the user with its ideas, usage, sessions and tokens in one transaction, unless its
   * subscription may still bill (checked inside the transaction); 'missing' when there was none.
   */
  delete(userId: string): Promise<'deleted' | 'missing' | 'active_subscription'>;
}

export function toUserRecord(row: Selectable<UsersTable>): UserRecord {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    plan: row.plan,
    billingCustomerId: row.billing_customer_id,
    subscriptionId: row.subscription_id,
    subscriptionStatus: row.subscription_status,
    billingPeriod:
      row.current_period_start !== null && row.current_period_end !== null
        ? { startsAt: toDate(row.current_period_start), endsAt: toDate(row.current_period_end) }
        : null,
    createdByCheckout: row.created_by_checkout,
    sessionEpoch: Number(row.session_epoch),
    emailProven: row.email_proven_at !== null,
    passwordBeforeProof: Number(row.password_before_proof) === 1,
    writtenBeforeProof: Number(row.written_before_proof) === 1,
    createdAt: toIso(row.created_at),
  };
}

export function createUsersRepository(
  database: Database,
  options: { now?: () => Date } = {},
): UsersRepository {
  const { db } = database;
  const now = options.now ?? (() => new Date());

  /**
   * The account's row, locked on PostgreSQL until the transaction ends. A sign-in takes it before
   * its token, so it never holds a token that a reset or a deletion (which hold the account)
   * waits for while it waits for the account: they are ordered, never deadlocked. SQLite's
   * write lock already orders them.
   */
  function lockedAccount(trx: Kysely<DB>, userId: string) {
    const read = trx.selectFrom('users').selectAll().where('id', '=', userId);
    return (database.dialect === 'postgres' ? read.forUpdate() : read).executeTakeFirst();
  }

  return {
    async findById(id) {
      const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toUserRecord(row) : null;
    },

    async findByEmail(email) {
      // lower(email) on both sides matches the unique expression index users_email_lower_key.
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
      return row ? toUserRecord(row) : null;
    },

    async findByBillingCustomerId(billingCustomerId) {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('billing_customer_id', '=', billingCustomerId)
        .executeTakeFirst();
      return row ? toUserRecord(row) : null;
    },

    async create({ email, passwordHash, plan = 'free', adopt }) {
      const at = now().toISOString();
      try {
        return await writeTransaction(database, async (trx) => {
          const existing = await trx
            .selectFrom('users')
            .select('id')
            .where(sql<string>`lower(email)`, '=', email.toLowerCase())
            .executeTakeFirst();
          if (existing) return 'email_taken' as const;
          const row = await trx
            .insertInto('users')
            .values({
              id: newId(),
              email: email.toLowerCase(),
              password_hash: passwordHash,
              plan,
              billing_customer_id: null,
              created_at: at,
              updated_at: at,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          const adoption =
            adopt === undefined
              ? null
              : await moveGuestIdeas(trx, database.dialect, row.id, adopt.guestId, adopt.quota);
          return { ...toUserRecord(row), adoption };
        });
      } catch (error) {
        // Two registrations racing past the check on PostgreSQL: the unique index decides.
        if (isUniqueViolation(error)) return 'email_taken';
        throw error;
      }
    },

    async updatePassword(userId, passwordHash) {
      await db
        .updateTable('users')
        .set({
          password_hash: passwordHash,
          password_before_proof: 0,
          updated_at: now().toISOString(),
        })
        .where('id', '=', userId)
        .execute();
    },

    async updatePlan(userId, plan, billingCustomerId) {
      await db
        .updateTable('users')
        .set({
          plan,
          updated_at: now().toISOString(),
          ...(billingCustomerId !== undefined ? { billing_customer_id: billingCustomerId } : {}),
        })
        .where('id', '=', userId)
        .execute();
    },

    async resetPassword(tokenHash, passwordHash, at) {
      const iso = at.toISOString();
      return writeTransaction(database, async (trx) => {
        const token = await trx
          .updateTable('auth_tokens')
          .set({ used_at: iso })
          .where('token_hash', '=', tokenHash)
          .where('purpose', '=', 'password_reset')
          .where('used_at', 'is', null)
          .where('expires_at', '>', iso)
          .where('user_id', 'is not', null)
          .returning('user_id')
          .executeTakeFirst();
        const userId = token?.user_id;
        if (userId == null) return null;
        // A reset that is the first proof asks, as a first link does, about what was there.
        const held = await holdsAnything(trx, userId);
        // The raised epoch ends every session whenever it was opened, a sign-in racing this
        // reset included (ADR 107); deleting them below only frees their rows.
        const row = await trx
          .updateTable('users')
          .set((eb) => ({
            password_hash: passwordHash,
            password_before_proof: 0,
            written_before_proof: sql<number>`CASE WHEN email_proven_at IS NULL THEN ${sql.lit(held ? 1 : 0)} ELSE written_before_proof END`,
            session_epoch: eb('session_epoch', '+', 1),
            email_proven_at: sql<string>`coalesce(email_proven_at, ${iso})`,
            updated_at: iso,
          }))
          .where('id', '=', userId)
          .returningAll()
          .executeTakeFirst();
        if (!row) return null;
        // Whoever held the old password, a link or a claim may have read the mailbox or the
        // log: after a reset nothing issued before it opens the account (ADR 102). Claims are
        // found by e-mail, the one thing a claim for this account shares with it.
        await trx
          .updateTable('auth_tokens')
          .set({ used_at: iso })
          .where('used_at', 'is', null)
          .where((eb) =>
            eb.or([
              eb('user_id', '=', userId),
              eb.and([
                eb('purpose', '=', 'checkout_claim'),
                eb(sql<string>`lower(email)`, '=', row.email.toLowerCase()),
              ]),
            ]),
          )
          .execute();
        await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
        // Whoever held a session could share any idea, and their links cannot be told from the
        // owner's: every share link of the account stops too (sharing again makes a new one).
        await trx
          .deleteFrom('share_links')
          .where('idea_id', 'in', (eb) =>
            eb.selectFrom('ideas').select('ideas.id').where('ideas.user_id', '=', userId),
          )
          .execute();
        return toUserRecord(row);
      });
    },

    async useSignInLink(tokenHash, at) {
      const iso = at.toISOString();
      return writeTransaction(database, async (trx) => {
        const live = await trx
          .selectFrom('auth_tokens')
          .select('user_id')
          .where('token_hash', '=', tokenHash)
          .where('purpose', '=', 'magic_link')
          .executeTakeFirst();
        if (live?.user_id == null) return null;
        // The account before its link, the order a reset and a deletion take them in too.
        const account = await lockedAccount(trx, live.user_id);
        if (!account) return null;
        const token = await consumeToken(trx, 'magic_link', tokenHash, at);
        if (token === null) return null;
        if (account.email_proven_at !== null) return { user: toUserRecord(account), token };
        // The first proof of the e-mail ends whatever was opened before anyone proved it: a
        // checkout's claim for someone else's e-mail, above all (ADR 107).
        const held = await holdsAnything(trx, account.id);
        const proven = await trx
          .updateTable('users')
          .set((eb) => ({
            session_epoch: eb('session_epoch', '+', 1),
            email_proven_at: iso,
            // Whoever registered the address set this password; the person who just proved it
            // is asked whether that was them (ADR 107).
            password_before_proof: account.password_hash === null ? 0 : 1,
            // Whoever held the account before may have written into it (a stranger's claimed
            // checkout, a registrant whose password a checkout took): asked about too.
            written_before_proof: held ? 1 : 0,
            updated_at: iso,
          }))
          .where('id', '=', account.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { user: toUserRecord(proven), token };
      });
    },

    async useCheckoutClaim({ tokenHash, checkoutSessionId, accountId, callerUserId, at }) {
      return writeTransaction(database, async (trx) => {
        const row = await lockedAccount(trx, accountId);
        if (!row) return null;
        const opensForAnyone =
          row.created_by_checkout === checkoutSessionId && row.email_proven_at === null;
        if (callerUserId !== row.id && !opensForAnyone) return 'sign_in_required' as const;
        const token = await consumeToken(trx, 'checkout_claim', tokenHash, at);
        return token ? toUserRecord(row) : null;
      });
    },

    async delete(userId) {
      // Foreign keys cascade too; deleting explicitly also clears usage (keyed, not referenced)
      // and does not depend on SQLite's per-connection foreign_keys pragma.
      return writeTransaction(database, async (trx) => {
        const read = trx
          .selectFrom('users')
          .select(['email', 'subscription_status'])
          .where('id', '=', userId);
        // PostgreSQL: the row locked first, so a sign-in's rows (ideas moved in, their usage, a
        // session), which name it, wait for this transaction and are then refused, instead of
        // landing between its deletes. SQLite's write lock already keeps them out.
        const user = await (
          database.dialect === 'postgres' ? read.forUpdate() : read
        ).executeTakeFirst();
        if (!user) return 'missing' as const;
        if (stillBilling(user.subscription_status)) return 'active_subscription' as const;
        await deleteIdeasOfUser(trx, userId);
        await deleteRecordingsOfUser(trx, userId);
        await deleteUsageOf(trx, { kind: 'user', userId });
        await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
        // Checkout claims name the account by e-mail only when it did not exist yet.
        await trx
          .deleteFrom('auth_tokens')
          .where((eb) =>
            eb.or([
              eb('user_id', '=', userId),
              eb(sql<string>`lower(email)`, '=', user.email.toLowerCase()),
            ]),
          )
          .execute();
        await trx.deleteFrom('users').where('id', '=', userId).execute();
        return 'deleted' as const;
      });
    },
  };
}
