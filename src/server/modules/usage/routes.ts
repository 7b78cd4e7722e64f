import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema, UsageSchema } from '#contract/api-schemas.js';
import { callerOf } from '../../http/sessions.js';
import type { UsageService } from './service.js';

export interface UsageRoutesOptions {
  usage: UsageService;
}

const usageResponses = { 200: UsageSchema, 400: ErrorSchema, 402: ErrorSchema };

export const usageRoutes: FastifyPluginAsyncZod<UsageRoutesOptions> = async (app, { usage }) => {
  // A signed-in caller's usage is the account's; anyone else is the guest of X-Guest-Id.
  app.get('/api/usage', { schema: { response: usageResponses } }, async (request) => {
    const { owner, plan, billingPeriod } = callerOf(request, request.user ? 'user' : 'guest');
    return usage.usageOf(owner, plan, billingPeriod);
  });

  app.post('/api/usage/increment', { schema: { response: usageResponses } }, async (request) => {
    const { owner, plan, billingPeriod } = callerOf(request, request.user ? 'user' : 'guest');
    return usage.countOneUse(owner, plan, billingPeriod);
  });
};
