import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorSchema,
  NotMyPasswordSchema,
  PasswordBeforeProofSchema,
} from '#contract/api-schemas.js';
import { HttpError } from '../../http/errors.js';
import { callerOf, requireUser } from '../../http/sessions.js';
import type { UsageService } from '../usage/service.js';
import type { BeforeProofRepository, WrittenBeforeProof } from './before-proof-repository.js';
import type { SessionsRepository } from './sessions-repository.js';

/*
 * Beyond the contract: what an account had before its owner first proved the e-mail (a password
 * whoever registered the address set, ideas, dictionary words and recordings whoever held it
 * wrote) would outlive the owner's sign-in, so the app asks the owner about it on home
 * (docs/security.md, "What an account held before its e-mail was proved").
 */

export interface BeforeProofRoutesOptions {
  beforeProof: BeforeProofRepository;
  sessions: Pick<SessionsRepository, 'openingOf'>;
  usage: Pick<UsageService, 'quotaFor'>;
  /** Removes the bytes of recordings whose rows are gone. */
  removeRecordingBytes: (ids: readonly string[]) => Promise<void>;
  /** Drops the save replies kept for ideas that are gone (modules/ideas/idempotency.ts). */
  forgetDeletedIdeas: () => Promise<void>;
}

function linkSignInRequired(): HttpError {
  return new HttpError(
    403,
    'sign_in_link_required',
    'Only a sign-in from a link in your e-mail can answer this. Sign in with a link first.',
  );
}

export const beforeProofRoutes: FastifyPluginAsyncZod<BeforeProofRoutesOptions> = async (
  app,
  { beforeProof, sessions, usage, removeRecordingBytes, forgetDeletedIdeas },
) => {
  /**
   * What this session is asked about, or null. A password set before the proof is put only to a
   * session opened by a mailed link: one opened with that password may be its setter's. With no
   * such password, every session alive was opened after the proof (it ended all before), by the
   * owner's links or a password the owner set, so any of them is the owner's to answer.
   */
  async function question(
    userId: string,
    sessionId: string | null,
  ): Promise<WrittenBeforeProof | null> {
    if (sessionId === null) return null;
    const written = await beforeProof.writtenBeforeProof(userId);
    if (written === null) return null;
    if (written.password) {
      return (await sessions.openingOf(sessionId))?.openedBy === 'link' ? written : null;
    }
    return written.ideas + written.dictionaryEntries + written.recordings > 0 ? written : null;
  }

  app.get(
    '/api/account/password-before-proof',
    { schema: { response: { 200: PasswordBeforeProofSchema, 401: ErrorSchema } } },
    async (request) => {
      const written = await question(requireUser(request).id, request.sessionId);
      return {
        passwordSetBeforeProof: written?.password ?? false,
        writtenBeforeProof:
          written !== null && written.ideas + written.dictionaryEntries + written.recordings > 0,
        ideasBeforeProof: written?.ideas ?? 0,
        dictionaryEntriesBeforeProof: written?.dictionaryEntries ?? 0,
        recordingsBeforeProof: written?.recordings ?? 0,
      };
    },
  );

  // The person who proved the e-mail says what was there was not theirs: it goes, with the
  // password a stranger set and that stranger's sessions.
  app.post(
    '/api/account/password-before-proof/not-mine',
    {
      schema: { response: { 200: NotMyPasswordSchema, 401: ErrorSchema, 403: ErrorSchema } },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const sessionId = request.sessionId;
      if (sessionId === null || (await question(userId, sessionId)) === null) {
        throw linkSignInRequired();
      }
      const { owner, plan, billingPeriod } = callerOf(request, 'user');
      const removed = await beforeProof.disown(
        userId,
        sessionId,
        usage.quotaFor(owner, plan, billingPeriod),
      );
      if (removed === null) throw linkSignInRequired();
      await removeRecordingBytes(removed.recordingIds);
      await forgetDeletedIdeas();
      return {
        passwordRemoved: removed.passwordRemoved,
        ideasRemoved: removed.ideas,
        dictionaryEntriesRemoved: removed.dictionaryEntries,
        recordingsRemoved: removed.recordingIds.length,
        shareLinksRemoved: removed.shareLinks,
      };
    },
  );

  app.post(
    '/api/account/password-before-proof',
    { schema: { response: { 204: z.undefined(), 401: ErrorSchema, 403: ErrorSchema } } },
    async (request, reply) => {
      const userId = requireUser(request).id;
      if ((await question(userId, request.sessionId)) === null) throw linkSignInRequired();
      await beforeProof.keep(userId);
      return reply.code(204).send();
    },
  );
};
