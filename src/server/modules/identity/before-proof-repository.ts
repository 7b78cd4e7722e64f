import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { ownerKey, userOwner } from '../../db/owner.js';
import type { DB } from '../../db/schema.js';
import { writeTransaction } from '../../db/transactions.js';
import { toIso } from '../../db/rows.js';
import { countIdeasHeldBefore, deleteIdeasHeldBefore } from '../ideas/transaction-steps.js';
import { deleteRecordingsHeldBefore, holdsRecordings } from '../recordings/transaction-steps.js';
import { giveBackUses } from '../usage/transaction-steps.js';
import { dictionaryEntryCount } from '../dictionary/transaction-steps.js';

/*
 * What an account held before its e-mail was proved, for the person who proved it
 * (docs/security.md, "What an account held before its e-mail was proved"): registering proves
 * nothing, and a checkout's claim opens the account it made for whoever paid, so whoever had it
 * before may have set its password, written ideas, recorded, and planted dictionary words that
 * rewrite what the owner later says.
 */

export interface WrittenBeforeProof {
  /** A password was set before the proof, and nobody has said it was theirs. */
  password: boolean;
  /** Ideas the account held before the proof: saved there, or moved in from a guest. */
  ideas: number;
  /** The dictionary's words, which are removed whole (see below). */
  dictionaryEntries: number;
  /** Recordings the account held before the proof, uploads still arriving included. */
  recordings: number;
}

export interface Disowned {
  passwordRemoved: boolean;
  ideas: number;
  dictionaryEntries: number;
  /** The removed recordings' ids: their bytes are the caller's to remove after the commit. */
  recordingIds: string[];
  /** Share links of the account's ideas stopped (with a password set before the proof). */
  shareLinks: number;
}

/** The account's quota period now: the removed ideas that joined in it are given back. */
export interface PeriodNow {
  periodKey: string;
  periodStartsAt: Date;
}

export interface BeforeProofRepository {
  /** null unless the account's first proof found something there, not yet answered for. */
  writtenBeforeProof(userId: string): Promise<WrittenBeforeProof | null>;
  /**
   * The owner says what was there was not theirs: the password set before the proof goes with
   * every session but `keepSessionId` and every share link of the account; the ideas and recordings held before the proof go, and
   * this period's uses of those ideas are given back; the dictionary goes whole, since a sign-in
   * merges the owner's own guest words into it and nothing tells its words apart. null when the
   * account is not (or no longer) asked.
   */
  disown(userId: string, keepSessionId: string, period: PeriodNow): Promise<Disowned | null>;
  /** The owner says what was there before the proof was theirs: the question is not put again. */
  keep(userId: string): Promise<void>;
}

/**
 * Whether the account holds anything someone could have written into it: ideas, dictionary
 * words or recordings. Read at the first proof of its e-mail.
 */
export async function holdsAnything(executor: Kysely<DB>, userId: string): Promise<boolean> {
  const idea = await executor
    .selectFrom('ideas')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  if (idea !== undefined) return true;
  if ((await dictionaryEntriesOf(executor, userId)) > 0) return true;
  return holdsRecordings(executor, userId);
}

function dictionaryEntriesOf(executor: Kysely<DB>, userId: string): Promise<number> {
  return dictionaryEntryCount(executor, userOwner(userId));
}

async function countRecordingsHeldBefore(
  executor: Kysely<DB>,
  userId: string,
  instant: string,
): Promise<number> {
  const row = await executor
    .selectFrom('recordings')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where((eb) => eb(eb.fn.coalesce('joined_at', 'created_at'), '<', instant))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function createBeforeProofRepository(
  database: Database,
  options: { now?: () => Date } = {},
): BeforeProofRepository {
  const { db } = database;
  const now = options.now ?? (() => new Date());

  async function askedAccount(executor: Kysely<DB>, userId: string, lock: boolean) {
    const read = executor
      .selectFrom('users')
      .select(['email_proven_at', 'password_before_proof', 'written_before_proof'])
      .where('id', '=', userId);
    const row = await (
      lock && database.dialect === 'postgres' ? read.forUpdate() : read
    ).executeTakeFirst();
    if (row?.email_proven_at == null) return null;
    const password = Number(row.password_before_proof) === 1;
    if (!password && Number(row.written_before_proof) !== 1) return null;
    return { provenAt: toIso(row.email_proven_at), password };
  }

  return {
    async writtenBeforeProof(userId) {
      const account = await askedAccount(db, userId, false);
      if (account === null) return null;
      return {
        password: account.password,
        ideas: await countIdeasHeldBefore(db, userId, account.provenAt),
        dictionaryEntries: await dictionaryEntriesOf(db, userId),
        recordings: await countRecordingsHeldBefore(db, userId, account.provenAt),
      };
    },

    async disown(userId, keepSessionId, period) {
      return writeTransaction(database, async (trx) => {
        const account = await askedAccount(trx, userId, true);
        if (account === null) return null;
        const dictionaryEntries = await dictionaryEntriesOf(trx, userId);
        // The password's end raises the epoch, as a reset does: a sign-in with it checked
        // before this commits cannot open its session after (ADR 107); the owner's own session
        // is carried to the new epoch.
        const updated = await trx
          .updateTable('users')
          .set((eb) => ({
            ...(account.password && {
              password_hash: null,
              session_epoch: eb('session_epoch', '+', 1),
            }),
            password_before_proof: 0,
            written_before_proof: 0,
            updated_at: now().toISOString(),
          }))
          .where('id', '=', userId)
          .returning('session_epoch')
          .executeTakeFirstOrThrow();
        // Without a password set before the proof, every session alive was opened after it,
        // by the owner's links or a password the owner set: none is a stranger's to end, and no
        // share link a stranger's.
        let shareLinks = 0;
        if (account.password) {
          await trx
            .updateTable('sessions')
            .set({ epoch: Number(updated.session_epoch) })
            .where('id', '=', keepSessionId)
            .execute();
          await trx
            .deleteFrom('sessions')
            .where('user_id', '=', userId)
            .where('id', '!=', keepSessionId)
            .execute();
          // Whoever held the password could share any idea, the owner's too: none of those
          // links can be told from the owner's, so every link of the account stops.
          const revoked = await trx
            .deleteFrom('share_links')
            .where('idea_id', 'in', (eb) =>
              eb.selectFrom('ideas').select('ideas.id').where('ideas.user_id', '=', userId),
            )
            .executeTakeFirst();
          shareLinks = Number(revoked.numDeletedRows);
        }
        const thisPeriods = await countIdeasHeldBefore(
          trx,
          userId,
          account.provenAt,
          period.periodStartsAt.toISOString(),
        );
        const ideas = await deleteIdeasHeldBefore(trx, userId, account.provenAt);
        await giveBackUses(trx, userOwner(userId), period.periodKey, thisPeriods);
        const recordingIds = await deleteRecordingsHeldBefore(trx, userId, account.provenAt);
        await trx
          .deleteFrom('dictionaries')
          .where('owner_key', '=', ownerKey(userOwner(userId)))
          .execute();
        return {
          passwordRemoved: account.password,
          ideas,
          dictionaryEntries,
          recordingIds,
          shareLinks,
        };
      });
    },

    async keep(userId) {
      await db
        .updateTable('users')
        .set({ password_before_proof: 0, written_before_proof: 0, updated_at: now().toISOString() })
        .where('id', '=', userId)
        .execute();
    },
  };
}
