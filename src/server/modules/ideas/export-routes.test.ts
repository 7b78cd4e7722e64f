import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { Idea } from '#contract/api-schemas.js';
import { installErrorHandler } from '../../http/errors.js';
import type { IdeasRepository } from './repository.js';
import { exportingRepository, usageUnusedByExport } from '../../test-support/exporting-ideas.js';
import { ideasRoutes } from './routes.js';
import { createIdeasService } from './service.js';

const GUEST = { 'x-guest-id': 'guest_exportfailure01' };

function anIdea(n: number): Idea {
  return {
    id: `idea-${n}`,
    content: `Idea ${n}`,
    format: 'tweet',
    category: 'work',
    transcript: null,
    userId: null,
    createdAt: new Date(Date.UTC(2026, 10, 22, 8, 0, n)).toISOString(),
  };
}

async function appWith(ideas: IdeasRepository) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  const now = () => new Date('2026-11-22T09:00:00.000Z');
  await app.register(ideasRoutes, {
    ideas: createIdeasService({ ideas, usage: usageUnusedByExport, now }),
    idempotent: {
      run: () => Promise.reject(new Error('not used by export')),
      forgetDeleted: () => Promise.reject(new Error('not used by export')),
    },
  });
  return app;
}

describe('export when the database fails', () => {
  it('answers a JSON 500 when the first batch cannot be read, not a truncated file', async () => {
    const app = await appWith(
      exportingRepository(async function* () {
        const rows: Idea[] = await Promise.reject(new Error('database is away'));
        yield rows;
      }, 3),
    );
    const response = await app.inject({ url: '/api/guest-ideas/export', headers: GUEST });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toEqual({
      error: 'internal_error',
      message: 'Something went wrong on the server.',
    });
    await app.close();
  });

  it('streams every batch when the database answers', async () => {
    const app = await appWith(
      exportingRepository(async function* () {
        await Promise.resolve();
        yield [anIdea(3), anIdea(2)];
        yield [anIdea(1)];
      }, 3),
    );
    const response = await app.inject({ url: '/api/guest-ideas/export', headers: GUEST });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="voice-ideas-2026-11-22.json"',
    );
    expect(response.json<Idea[]>().map((idea) => idea.id)).toEqual(['idea-3', 'idea-2', 'idea-1']);
    await app.close();
  });
});
