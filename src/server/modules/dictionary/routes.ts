import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DictionaryBodySchema } from '#contract/api-request-schemas.js';
import { DictionarySchema, ErrorSchema } from '#contract/api-schemas.js';
import { userOrGuestOf } from '../../http/sessions.js';
import type { DictionaryService } from './service.js';

export interface DictionaryRoutesOptions {
  dictionary: DictionaryService;
}

const errors = { 400: ErrorSchema, 429: ErrorSchema };

/**
 * docs/api.md, "Sharing and the person's own words": one path for both, the signed-in user's
 * list with a session, else the guest's of X-Guest-Id (400 without a valid one).
 */
export const dictionaryRoutes: FastifyPluginAsyncZod<DictionaryRoutesOptions> = async (
  app,
  { dictionary },
) => {
  app.get(
    '/api/dictionary',
    { schema: { response: { 200: DictionarySchema, ...errors } } },
    async (request) => ({ entries: await dictionary.entriesOf(userOrGuestOf(request)) }),
  );

  app.put(
    '/api/dictionary',
    {
      schema: { body: DictionaryBodySchema, response: { 200: DictionarySchema, ...errors } },
    },
    async (request) => ({
      entries: await dictionary.replace(userOrGuestOf(request), request.body.entries),
    }),
  );
};
