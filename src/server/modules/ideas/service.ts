import { IdeaSchema, type Idea, type NewIdea } from '#contract/api-schemas.js';
import { isProPlan, type Plan } from '#contract/plans.js';
import { userOwner, type Owner } from '../../db/owner.js';
import { HttpError } from '../../http/errors.js';
import type { BillingPeriod } from '../../http/sessions.js';
import { quotaExceeded, type UsageService } from '../usage/service.js';
import { InvalidCursorError } from '../../db/cursor.js';
import { exportFile, type ExportFile, type ExportFormat } from './export.js';
import type { IdeaPatch, IdeasRepository, ListIdeasOptions } from './repository.js';
import type { IdeaPage } from './repository-rows.js';
import type { KeptAudioCaps } from '../recordings/transaction-steps.js';
import type { Adoption, AdoptionQuota } from './transaction-steps.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/rows.js';

/**
 * What the ideas module needs of recordings (docs/api.md, "Recordings"): an idea names only the
 * caller's own recording, and takes it along when deleted. Given by app.ts from the recordings
 * service, which also calls back into this one.
 */
export interface RecordingLinks {
  isOwnRecording(owner: Owner, id: string): Promise<boolean>;
  deleteQuietly(owner: Owner, id: string): Promise<void>;
  deleteAllOf(owner: Owner): Promise<number>;
}

const NO_RECORDINGS: RecordingLinks = {
  isOwnRecording: () => Promise.resolve(false),
  deleteQuietly: () => Promise.resolve(),
  deleteAllOf: () => Promise.resolve(0),
};

function notYourRecording(): HttpError {
  return new HttpError(
    400,
    'invalid_input',
    'Invalid input: body.recordingId is not a recording of yours.',
  );
}

export interface IdeasService {
  /** One page, newest first; 400 for a cursor this server did not hand out. */
  list(owner: Owner, options: ListIdeasOptions): Promise<IdeaPage>;
  /** Checks and counts the monthly quota and saves the idea in one step; 402 at the limit. */
  create(
    owner: Owner,
    plan: Plan,
    input: NewIdea,
    billingPeriod?: BillingPeriod | null,
  ): Promise<Idea>;
  /** null when the idea is missing or another owner's (the caller cannot tell which). */
  findById(owner: Owner, id: string): Promise<Idea | null>;
  /** 404 when the idea is missing or another owner's. */
  update(owner: Owner, id: string, patch: IdeaPatch): Promise<Idea>;
  /** 404 when the idea is missing or another owner's. */
  delete(owner: Owner, id: string): Promise<void>;
  deleteAll(owner: Owner): Promise<number>;
  /**
   * Moves a guest's ideas into the account that just signed in; this period's count towards
   * its quota, and those past its limit stay the guest's (ADR 105).
   */
  adoptGuestIdeas(account: AdoptingAccount, guestId: string): Promise<Adoption>;
  /** The quota a new account on `plan` counts adopted ideas towards, for its creating transaction. */
  adoptionQuota(plan: Plan): AdoptionQuota;
  /**
   * Every idea of the owner as a file; the first batch is read before this resolves.
   * `stillOpen` is asked after each batch is read: once the session that asked has ended, no
   * batch read after that is sent (ADR 107).
   */
  exportFor(
    owner: Owner,
    format: ExportFormat,
    stillOpen?: () => Promise<boolean>,
  ): Promise<ExportFile>;
}

/** The account a guest's ideas move into, with what decides its quota. */
export interface AdoptingAccount {
  id: string;
  plan: Plan;
  billingPeriod: BillingPeriod | null;
}

export function ideaNotFound(): HttpError {
  return new HttpError(404, 'not_found', 'This idea does not exist.');
}

export function createIdeasService(deps: {
  ideas: IdeasRepository;
  usage: Pick<UsageService, 'quotaFor'>;
  now: () => Date;
  recordings?: RecordingLinks;
  /** A free account's caps on kept audio, held when guest ideas move in and when an idea is made from a recording; unset: none. */
  keptAudioFree?: KeptAudioCaps;
}): IdeasService {
  const { ideas, usage, now } = deps;
  const recordings = deps.recordings ?? NO_RECORDINGS;
  const keptAudioOf = (plan: Plan) => (isProPlan(plan) ? null : (deps.keptAudioFree ?? null));
  return {
    async list(owner, options) {
      try {
        return await ideas.list(owner, options);
      } catch (error) {
        if (error instanceof InvalidCursorError) {
          throw new HttpError(
            400,
            'invalid_input',
            'Invalid input: query.cursor is not a cursor this server handed out.',
          );
        }
        throw error;
      }
    },

    async create(owner, plan, input, billingPeriod) {
      const recordingId = input.recordingId ?? null;
      if (recordingId !== null && !(await recordings.isOwnRecording(owner, recordingId))) {
        throw notYourRecording();
      }
      const quota = usage.quotaFor(owner, plan, billingPeriod);
      let created: Awaited<ReturnType<IdeasRepository['createWithinQuota']>>;
      try {
        created = await ideas.createWithinQuota(
          owner,
          { ...input, recordingId },
          { monthlyLimit: quota.monthlyLimit, periodKey: quota.periodKey },
          owner.kind === 'user' ? keptAudioOf(plan) : null,
        );
      } catch (error) {
        if (recordingId !== null && isUniqueViolation(error)) {
          throw new HttpError(
            409,
            'recording_in_use',
            'An idea was already made from this recording.',
          );
        }
        // Deleted between the check above and the save.
        if (recordingId !== null && isForeignKeyViolation(error)) throw notYourRecording();
        throw error;
      }
      if (created === 'quota_exceeded') throw quotaExceeded();
      return created;
    },

    findById: (owner, id) => ideas.findById(owner, id),

    async update(owner, id, patch) {
      const updated = await ideas.update(owner, id, patch);
      if (!updated) throw ideaNotFound();
      return updated;
    },

    async delete(owner, id) {
      const deleted = await ideas.deleteReturningRecording(owner, id);
      if (deleted === null) throw ideaNotFound();
      if (deleted.recordingId !== null) await recordings.deleteQuietly(owner, deleted.recordingId);
    },

    // Usage rows are keyed by owner and period, not by idea, so this month's count survives.
    // Clearing one's data takes every recording along, those no idea was made from included.
    async deleteAll(owner) {
      const deleted = await ideas.deleteAll(owner);
      await recordings.deleteAllOf(owner);
      return deleted;
    },

    async adoptGuestIdeas(account, guestId) {
      const quota = {
        ...usage.quotaFor(userOwner(account.id), account.plan, account.billingPeriod),
        keptAudio: keptAudioOf(account.plan),
      };
      return ideas.adoptGuestIdeas(account.id, guestId, quota);
    },

    adoptionQuota: (plan) => ({
      ...usage.quotaFor(userOwner(''), plan),
      keptAudio: keptAudioOf(plan),
    }),

    async exportFor(owner, format, stillOpen) {
      const { total } = await ideas.list(owner, { limit: 1 });
      // The first batch is read before the reply starts, so a database that is down is still
      // a JSON error; once the file streams, a failure can only cut the download short.
      const batches = ideas.exportBatches(owner);
      const first = await batches.next();
      // A download read slowly outlives the session that began it: ideas moved into the
      // account later (a guest's, at the owner's first sign-in) must not reach a session the
      // proof or a reset ended. A batch that holds them was read after they moved, so after
      // the session ended: checked after the read, it is never sent.
      const ended = async (): Promise<boolean> => stillOpen !== undefined && !(await stillOpen());
      if (await ended()) throw new HttpError(401, 'not_authenticated', 'Sign in to export.');
      async function* checked() {
        for (let next = first; next.done !== true; next = await batches.next()) {
          if (next !== first && (await ended())) {
            throw new Error('The session that began this export has ended.');
          }
          // Parsed through the API shape so a column added to the table never leaks into a file.
          yield next.value.map((idea) => IdeaSchema.parse(idea));
        }
      }
      return exportFile(checked(), format, { exportedAt: now(), total });
    },
  };
}
