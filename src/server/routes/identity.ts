import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorSchema,
  LoginBodySchema,
  MeSchema,
  MessageSchema,
  RegisterBodySchema,
} from '../../core/api-schemas.js';
import { PASSWORD_MIN_CHARS } from '../../core/limits.js';
import type { Repositories } from '../app.js';
import { HttpError } from '../http/errors.js';
import { guestIdOf, type SessionManager } from '../http/identity.js';
import type { PasswordHasher } from '../http/passwords.js';
import type { AuthRateLimits } from '../http/rate-limits.js';
import type { UserRecord } from '../repositories/users-repository.js';

export interface IdentityRoutesOptions {
  repositories: Pick<Repositories, 'users'>;
  sessions: SessionManager;
  passwords: PasswordHasher;
  authLimits: AuthRateLimits;
}

const INVALID_CREDENTIALS_MESSAGE = 'Incorrect email or password.';
/**
 * The same words whether or not the account exists, so the answer reveals nothing, and honest:
 * this server does not send sign-in links yet.
 */
const SIGN_IN_LINK_MESSAGE =
  'Sign-in links are not available on this server yet. Please sign in with your password.';

function toMe(user: UserRecord) {
  return { id: user.id, email: user.email, plan: user.plan };
}

export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (
  app,
  { repositories: { users }, sessions, passwords, authLimits },
) => {
  const guesses = authLimits.passwordGuesses;

  app.get('/api/me', { schema: { response: { 200: MeSchema } } }, async (request) => {
    if (request.user) return toMe(request.user);
    return { id: guestIdOf(request) ?? '', email: '', plan: 'guest' as const };
  });

  app.post(
    '/api/register',
    {
      preHandler: authLimits.byAddress,
      schema: {
        body: RegisterBodySchema,
        response: { 201: MeSchema, 400: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const passwordHash = await passwords.hash(password);
      const guestId = guestIdOf(request);
      const created = await users.create({
        email,
        passwordHash,
        ...(guestId ? { guestIdToAdopt: guestId } : {}),
      });
      if (created === 'email_taken') {
        throw new HttpError(
          409,
          'email_taken',
          'An account with this email already exists. Please sign in instead.',
        );
      }
      await sessions.start(request, reply, created.id);
      return reply.code(201).send(toMe(created));
    },
  );

  app.post(
    '/api/login',
    {
      preHandler: authLimits.byAddress,
      schema: {
        body: LoginBodySchema,
        response: {
          200: MeSchema,
          202: MessageSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      if (password === '') {
        // Sign-in links arrive with the accounts work (mail, tokens). Until then the answer is
        // the one API.md fixes, identical for known and unknown e-mails, and no mail is sent.
        request.log.warn('a sign-in link was requested, but sign-in links are not available yet');
        return reply.code(202).send({ message: SIGN_IN_LINK_MESSAGE });
      }
      guesses.check(email, request.ip);
      const user = await users.findByEmail(email);
      let valid = false;
      if (user?.passwordHash && password.length >= PASSWORD_MIN_CHARS) {
        valid = await passwords.verify(user.passwordHash, password);
      } else {
        // Too short to be anyone's password, an unknown e-mail or an account without a
        // password: refused like a wrong password, after the same work.
        await passwords.verifyDummy(password);
      }
      if (!user || !valid) {
        guesses.recordFailure(email, request.ip);
        throw new HttpError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
      }
      guesses.recordSuccess(email, request.ip);
      const guestId = guestIdOf(request);
      if (guestId) await users.adoptGuestIdeas(user.id, guestId);
      await sessions.start(request, reply, user.id);
      return reply.code(200).send(toMe(user));
    },
  );

  app.post('/api/logout', async (request, reply) => {
    await sessions.end(request, reply);
    return reply.code(204).send();
  });
};
