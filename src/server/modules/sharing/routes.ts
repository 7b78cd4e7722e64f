import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdeaIdParamsSchema } from '#contract/api-request-schemas.js';
import { ErrorSchema, ShareLinkSchema } from '#contract/api-schemas.js';
import { ownerOf } from '../../http/sessions.js';
import { missingSharePage, SHARE_PAGE_CSP, sharePage } from './page.js';
import type { SharingService } from './service.js';

/**
 * A share page's headers. The person's words are for whoever holds the link, never for a search
 * engine, and the link itself is not passed on to sites a reader goes to next. no-store (the
 * default of every reply) means a revoked link stops at once, caches included.
 */
function asSharePage(reply: FastifyReply): FastifyReply {
  return reply
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Content-Security-Policy', SHARE_PAGE_CSP)
    .header('X-Robots-Tag', 'noindex, nofollow')
    .header('Referrer-Policy', 'no-referrer');
}

export interface SharingRoutesOptions {
  sharing: SharingService;
  publicUrl: string;
}

const errors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema };

const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
});

/**
 * docs/api.md, "Sharing and the person's own words". The owner's calls sit beside the idea's
 * own (/api/ideas/:id/share for the signed-in user, /api/guest-ideas/:id/share for the guest of
 * X-Guest-Id), scoped like them, so another owner's idea is the same 404 as a missing one.
 * The page is public: the token is the only key.
 */
export const sharingRoutes: FastifyPluginAsyncZod<SharingRoutesOptions> = async (
  app,
  { sharing, publicUrl },
) => {
  for (const [scope, base] of [
    ['user', '/api/ideas'],
    ['guest', '/api/guest-ideas'],
  ] as const) {
    app.post(
      `${base}/:id/share`,
      { schema: { params: IdeaIdParamsSchema, response: { 200: ShareLinkSchema, ...errors } } },
      async (request) => sharing.share(ownerOf(request, scope), request.params.id),
    );

    app.delete(
      `${base}/:id/share`,
      { schema: { params: IdeaIdParamsSchema, response: { 204: z.undefined(), ...errors } } },
      async (request, reply) => {
        await sharing.revoke(ownerOf(request, scope), request.params.id);
        return reply.code(204).send();
      },
    );
  }

  app.get(
    '/s/:token',
    {
      schema: {
        params: z.object({ token: z.string() }),
        response: {
          200: html('The shared idea: content, format and category.'),
          404: html('No such link: never made, revoked, or its idea deleted.'),
        },
      },
    },
    async (request, reply) => {
      const idea = await sharing.sharedIdea(request.params.token);
      asSharePage(reply);
      if (idea === null) return reply.code(404).send(missingSharePage());
      // A found idea means the token has the shape of one this server made: URL-safe as it is.
      return reply.send(sharePage(idea, `${publicUrl}/s/${request.params.token}`));
    },
  );

  // A path too long to be a token (past the router's parameter length, or with more after it)
  // gets the same page as a token that never was, not the web app.
  app.get('/s/*', { schema: { hide: true } }, async (_request, reply) =>
    asSharePage(reply).code(404).send(missingSharePage()),
  );
};
