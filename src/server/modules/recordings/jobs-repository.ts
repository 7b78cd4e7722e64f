import { sql, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Owner } from '../../db/owner.js';

/*
 * The transcription queue's SQL (ADR 121): a job is the recording's own row, claimed with a
 * lease that its worker renews; `attempts` numbers each run and fences its writes.
 */

/** Short recordings have a lane of their own, so they never wait behind a long one. */
export interface Lane {
  name: string;
  /**
   * Recordings of at most (or, with `above`, more than) this many bytes and, once their
   * length is known, this many milliseconds of audio: a small file can hold hours of audio.
   */
  bytes: number;
  audioMs: number;
  above: boolean;
}

export interface ClaimedJob {
  id: string;
  attempt: number;
  contentType: string;
  keepAudio: boolean;
  /** The language spoken the upload named; null: the engine detects it. */
  language: string | null;
  /** The address that began the upload (null for one begun before addresses were kept). */
  clientKey: string | null;
  /** When it became due (queued, or its retry's time) and when this run took it. */
  dueAt: Date;
  claimedAt: Date;
}

export interface JobError {
  error: string;
  message: string;
}

export interface RecordingJobsRepository {
  /**
   * Takes the next due job of the lane for `leaseMs`: a queued one, or one whose worker stopped
   * renewing its lease (a killed process). `attempt` fences every later write to this run.
   */
  claimNext(lane: Lane, leaseMs: number): Promise<ClaimedJob | null>;
  extendLease(job: ClaimedJob, leaseMs: number): Promise<boolean>;
  setProgress(job: ClaimedJob, done: number, total: number, durationMs: number): Promise<void>;
  complete(job: ClaimedJob, transcript: string): Promise<boolean>;
  /** Back in the queue, due at `runAfter`, with the reason it failed this time. */
  retryLater(job: ClaimedJob, runAfter: Date, error: JobError | null): Promise<void>;
  fail(job: ClaimedJob, error: JobError): Promise<void>;
  /** Queued again from the start (POST …/transcribe); false when it is not the owner's. */
  requeue(owner: Owner, id: string): Promise<boolean>;
}

const ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** Whose job a lane ran last: the owner and the address it came from. */
interface Served {
  userId: string | null;
  guestId: string | null;
  clientKey: string | null;
}

/**
 * An order term putting the rows of the owner, or the address, served last after the others,
 * followed by a comma; nothing when none was served (a bare number in ORDER BY would name a
 * column).
 */
function servedLast(served: Served | undefined) {
  if (served === undefined) return sql``;
  const owner =
    served.userId !== null
      ? sql<SqlBool>`due.user_id = ${served.userId}`
      : sql<SqlBool>`due.guest_id = ${served.guestId}`;
  const address =
    served.clientKey !== null ? sql<SqlBool>`due.client_key = ${served.clientKey}` : sql`1 = 0`;
  return sql`CASE WHEN ${owner} OR ${address} THEN 1 ELSE 0 END,`;
}

export function createRecordingJobsRepository(
  database: Database,
  options: { now?: () => Date } = {},
): RecordingJobsRepository {
  const { db } = database;
  const now = options.now ?? (() => new Date());
  /** Whose job each lane ran last here: at equal turns another owner and address go first. */
  const lastServed = new Map<string, Served>();

  function ownedBy(owner: Owner) {
    return owner.kind === 'user'
      ? sql<SqlBool>`recordings.user_id = ${owner.userId}`
      : sql<SqlBool>`recordings.guest_id = ${owner.guestId}`;
  }

  /** The job, if this run still holds it: nothing a stale worker writes lands. */
  function heldBy(job: ClaimedJob) {
    return sql<SqlBool>`recordings.id = ${job.id} AND recordings.attempts = ${job.attempt}
      AND recordings.status = 'transcribing'`;
  }

  return {
    async claimNext(lane, leaseMs) {
      const at = now();
      const nowIso = at.toISOString();
      const until = new Date(at.getTime() + leaseMs).toISOString();
      const size = lane.above
        ? sql<SqlBool>`(size_bytes > ${lane.bytes} OR duration_ms > ${lane.audioMs})`
        : sql<SqlBool>`(size_bytes <= ${lane.bytes} AND (duration_ms IS NULL OR duration_ms <= ${lane.audioMs}))`;
      const free = sql<SqlBool>`(lease_until IS NULL OR lease_until < ${nowIso})`;
      const skipLocked = database.dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
      // Owners and addresses take turns: each owner's jobs of the lane, running ones included,
      // are numbered oldest first, and so are each address's; a job's turn is the later of its
      // two numbers, and the lowest due turn goes next (at equal turns, not the owner or address
      // this lane served last). So a hundred clips from one client, or from one address under a
      // hundred fresh guest ids, do not push back everyone else's. A job from before addresses
      // were kept counts as an address of its own. PostgreSQL locks no row of a windowed query,
      // so the chosen row is locked (or skipped, when another worker has it) by the plain query
      // around it.
      const result = await sql<{
        id: string;
        attempts: number;
        content_type: string | null;
        keep_audio: number;
        language: string | null;
        user_id: string | null;
        guest_id: string | null;
        client_key: string | null;
        run_after: string | Date | null;
      }>`UPDATE recordings
        SET status = 'transcribing', attempts = attempts + 1, lease_until = ${until},
          updated_at = ${nowIso}
        WHERE id = (
          SELECT id FROM recordings WHERE id = (
            SELECT id FROM (
              SELECT id, user_id, guest_id, client_key, run_after, lease_until,
                ROW_NUMBER() OVER (
                  PARTITION BY user_id, guest_id ORDER BY run_after, id) AS owner_turn,
                ROW_NUMBER() OVER (
                  PARTITION BY COALESCE(client_key, id) ORDER BY run_after, id) AS address_turn
              FROM recordings
              WHERE status IN ('queued', 'transcribing') AND ${size}
            ) AS due
            WHERE run_after <= ${nowIso} AND ${free}
            ORDER BY CASE WHEN owner_turn > address_turn THEN owner_turn ELSE address_turn END,
              ${servedLast(lastServed.get(lane.name))} run_after, id LIMIT 1
          ) ${skipLocked}
        ) AND ${free}
        RETURNING id, attempts, content_type, keep_audio, language, user_id, guest_id,
          client_key, run_after`.execute(db);
      const row = result.rows[0];
      if (row === undefined) return null;
      lastServed.set(lane.name, {
        userId: row.user_id,
        guestId: row.guest_id,
        clientKey: row.client_key,
      });
      return {
        id: row.id,
        attempt: Number(row.attempts),
        contentType: row.content_type ?? 'application/octet-stream',
        keepAudio: Number(row.keep_audio) !== 0,
        language: row.language,
        clientKey: row.client_key,
        dueAt: row.run_after === null ? at : new Date(row.run_after),
        claimedAt: at,
      };
    },

    async extendLease(job, leaseMs) {
      const result = await db
        .updateTable('recordings')
        .set({ lease_until: new Date(now().getTime() + leaseMs).toISOString() })
        .where(heldBy(job))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setProgress(job, done, total, durationMs) {
      await db
        .updateTable('recordings')
        .set({
          pieces_done: done,
          pieces_total: total,
          duration_ms: durationMs,
          updated_at: now().toISOString(),
        })
        .where(heldBy(job))
        .execute();
    },

    async complete(job, transcript) {
      const result = await db
        .updateTable('recordings')
        .set({
          status: 'done',
          transcript,
          error_code: null,
          error_message: null,
          lease_until: null,
          updated_at: now().toISOString(),
        })
        .where(heldBy(job))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async retryLater(job, runAfter, error) {
      await db
        .updateTable('recordings')
        .set({
          status: 'queued',
          run_after: runAfter.toISOString(),
          lease_until: null,
          error_code: error?.error ?? null,
          error_message: error?.message ?? null,
          updated_at: now().toISOString(),
        })
        .where(heldBy(job))
        .execute();
    },

    async fail(job, error) {
      await db
        .updateTable('recordings')
        .set({
          status: 'failed',
          lease_until: null,
          error_code: error.error,
          error_message: error.message,
          updated_at: now().toISOString(),
        })
        .where(heldBy(job))
        .execute();
    },

    async requeue(owner, id) {
      if (!ID_PATTERN.test(id)) return false;
      const at = now().toISOString();
      const result = await db
        .updateTable('recordings')
        .set({
          status: 'queued',
          attempts: 0,
          pieces_done: 0,
          pieces_total: 0,
          transcript: null,
          error_code: null,
          error_message: null,
          run_after: at,
          lease_until: null,
          updated_at: at,
        })
        .where('id', '=', id)
        .where(ownedBy(owner))
        .where('status', 'in', ['done', 'failed'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
