import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdeaIdParamsSchema, IdeaSchema, ReformatBodySchema } from '../../core/api-schemas.js';
import { detectFormatAndCategory, parsePrefix, stripCommandPhrase } from '../../core/detection.js';
import { IDEA_CONTENT_MAX_CHARS } from '../../core/limits.js';
import type { Config } from '../config.js';
import { clientGoneSignal } from '../http/client-gone.js';
import { HttpError } from '../http/errors.js';
import { ownerOf } from '../http/sessions.js';
import { aiRateLimit } from '../http/rate-limits.js';
import type { IdeasRepository } from '../modules/ideas/repository.js';
import type { IdeaFormatter } from '../services/ai/idea-formatter.js';

export interface ReformatRoutesOptions {
  config: Config;
  ideas: IdeasRepository;
  formatter: IdeaFormatter;
}

/**
 * The words to format again: the transcript as spoken minus the spoken command ("tweet work:",
 * "make this a checklist"), which was an instruction, not content; the content when the idea
 * was typed and has no transcript.
 */
export function reformatSource(idea: { transcript: string | null; content: string }): string {
  const transcript = idea.transcript?.trim() ?? '';
  if (transcript === '') return idea.content;
  const prefix = parsePrefix(transcript);
  if (prefix.wasDetected) return prefix.content;
  return stripCommandPhrase(transcript, detectFormatAndCategory(transcript).matchedText);
}

export const reformatRoutes: FastifyPluginAsyncZod<ReformatRoutesOptions> = async (
  app,
  { config, ideas, formatter },
) => {
  for (const [scope, path] of [
    ['user', '/api/ideas/:id/reformat'],
    ['guest', '/api/guest-ideas/:id/reformat'],
  ] as const) {
    app.post(
      path,
      {
        config: aiRateLimit(config),
        schema: {
          params: IdeaIdParamsSchema,
          body: ReformatBodySchema.default({ mode: 'smart' }),
          response: { 200: IdeaSchema },
        },
      },
      async (request, reply) => {
        const owner = ownerOf(request, scope);
        const { id } = request.params;
        const idea = await ideas.findById(owner, id);
        if (idea === null) throw new HttpError(404, 'not_found', 'Idea not found.');

        const format = request.body.format ?? idea.format;
        const category = request.body.category ?? idea.category;
        const result = await formatter.format(
          { transcript: reformatSource(idea), format, category, mode: request.body.mode },
          clientGoneSignal(reply),
        );
        const content = Array.from(result.formatted).slice(0, IDEA_CONTENT_MAX_CHARS).join('');
        const updated = await ideas.update(owner, id, { content, format, category });
        if (updated === null) throw new HttpError(404, 'not_found', 'Idea not found.');
        return updated;
      },
    );
  }
};
