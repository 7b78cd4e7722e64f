import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConfigSchema, ErrorSchema, HealthSchema } from '#contract/api-schemas.js';
import type { SystemService } from './service.js';

export interface SystemRoutesOptions {
  system: SystemService;
}

/** The server describing itself: what it can do, and whether its database answers. */
export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (app, { system }) => {
  app.get('/api/config', { schema: { response: { 200: ConfigSchema } } }, async () =>
    system.publicConfig(),
  );

  app.get(
    '/api/health',
    { schema: { response: { 200: HealthSchema, 503: ErrorSchema } } },
    async (request, reply) => {
      if (await system.databaseAnswers(request.log)) {
        return reply.code(200).send({ status: 'ok' as const });
      }
      return reply
        .code(503)
        .send({ error: 'database_unavailable', message: 'The database does not answer.' });
    },
  );
};
