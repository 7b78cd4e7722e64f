import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { ErrorSchema, HealthSchema } from '../../core/api-schemas.js';
import type { Database } from '../db/database.js';

const HEALTH_CHECK_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: HealthSchema, 503: ErrorSchema } } },
    async (request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          sql`select 1`.execute(database.db),
          new Promise((_resolve, reject) => {
            timer = setTimeout(
              () => reject(new Error('database health check timed out')),
              HEALTH_CHECK_TIMEOUT_MS,
            );
          }),
        ]);
        return reply.code(200).send({ status: 'ok' as const });
      } catch (error) {
        request.log.warn({ err: error }, 'health check: the database does not answer');
        return reply
          .code(503)
          .send({ error: 'database_unavailable', message: 'The database does not answer.' });
      } finally {
        clearTimeout(timer);
      }
    },
  );
};
