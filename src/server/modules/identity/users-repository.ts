import { sql, type Selectable } from 'kysely';
import type { Plan } from '../../../contract/plans.js';
import type { Database } from '../../db/database.js';
import type { UsersTable } from '../../db/schema.js';
import { writeTransaction } from '../../db/transactions.js';
import { newId } from '../../db/ids.js';
import { isUniqueViolation, toIso } from '../../db/rows.js';
import { deleteIdeasOfUser, moveGuestIdeas } from '../ideas/transaction-steps.js';
import { deleteUsageOf } from '../usage/transaction-steps.js';

export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string | null;
  plan: Plan;
  billingCustomerId: string | null;
  createdAt: string;
}

export interface CreateUserInput {
  /** Already trimmed and lower-cased (EmailSchema does it). */
  email: string;
  passwordHash: string | null;
  plan?: Plan;
  /** A guest whose ideas move into the new account in the same transaction. */
  guestIdToAdopt?: string;
}

export interface UsersRepository {
  findById(id: string): Promise<UserRecord | null>;
  findByEmail(email: string): Promise<UserRecord | null>;
  findByBillingCustomerId(billingCustomerId: string): Promise<UserRecord | null>;
  create(input: CreateUserInput): Promise<UserRecord | 'email_taken'>;
  updatePassword(userId: string, passwordHash: string | null): Promise<void>;
  updatePlan(userId: string, plan: Plan, billingCustomerId?: string | null): Promise<void>;
  /** Removes the user with its ideas, usage, sessions and tokens; false when there was none. */
  delete(userId: string): Promise<boolean>;
}

export function toUserRecord(row: Selectable<UsersTable>): UserRecord {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    plan: row.plan,
    billingCustomerId: row.billing_customer_id,
    createdAt: toIso(row.created_at),
  };
}

export function createUsersRepository(
  database: Database,
  options: { now?: () => Date } = {},
): UsersRepository {
  const { db } = database;
  const now = options.now ?? (() => new Date());

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

    async create({ email, passwordHash, plan = 'free', guestIdToAdopt }) {
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
          if (guestIdToAdopt !== undefined) {
            await moveGuestIdeas(trx, row.id, guestIdToAdopt);
          }
          return toUserRecord(row);
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
        .set({ password_hash: passwordHash, updated_at: now().toISOString() })
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

    async delete(userId) {
      // Foreign keys cascade too; deleting explicitly also clears usage (keyed, not referenced)
      // and does not depend on SQLite's per-connection foreign_keys pragma.
      return writeTransaction(database, async (trx) => {
        await deleteIdeasOfUser(trx, userId);
        await deleteUsageOf(trx, { kind: 'user', userId });
        await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
        await trx.deleteFrom('auth_tokens').where('user_id', '=', userId).execute();
        const result = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },
  };
}
