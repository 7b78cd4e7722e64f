import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginBodySchema, RegisterBodySchema } from '../../../contract/api-request-schemas.js';
import { ErrorSchema, MeSchema, MessageSchema } from '../../../contract/api-schemas.js';
import type { AuthRateLimits } from '../../http/rate-limits.js';
import { guestIdOf, type SessionManager, type SessionUser } from '../../http/sessions.js';
import type { IdentityService } from './service.js';

export interface IdentityRoutesOptions {
  identity: IdentityService;
  sessions: SessionManager;
  authLimits: AuthRateLimits;
}

/**
 * The same words whether or not the account exists, so the answer reveals nothing, and honest:
 * this server does not send sign-in links yet.
 */
const SIGN_IN_LINK_MESSAGE =
  'Sign-in links are not available on this server yet. Please sign in with your password.';

function toMe(user: SessionUser) {
  return { id: user.id, email: user.email, plan: user.plan };
}

export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (
  app,
  { identity, sessions, authLimits },
) => {
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
      const created = await identity.register(request.body, guestIdOf(request));
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
      if (request.body.password === '') {
        // Sign-in links arrive with the mail work (docs/api.md, "Identity"). Until then the
        // answer is identical for known and unknown e-mails, and no mail is sent.
        request.log.warn('a sign-in link was requested, but sign-in links are not available yet');
        return reply.code(202).send({ message: SIGN_IN_LINK_MESSAGE });
      }
      const user = await identity.logIn(request.body, {
        address: request.ip,
        guestId: guestIdOf(request),
        guesses: authLimits.passwordGuesses,
      });
      await sessions.start(request, reply, user.id);
      return reply.code(200).send(toMe(user));
    },
  );

  app.post(
    '/api/logout',
    { schema: { response: { 204: z.undefined() } } },
    async (request, reply) => {
      await sessions.end(request, reply);
      return reply.code(204).send();
    },
  );
};
