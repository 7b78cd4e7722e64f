import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema, UsageSchema } from '../../core/api-schemas.js';
import type { Repositories } from '../app.js';
import type { Config } from '../config.js';
import { ownerOf } from '../http/identity.js';
import { quotaExceeded, quotaFor } from '../http/quota.js';

export interface UsageRoutesOptions {
  config: Config;
  repositories: Pick<Repositories, 'usage'>;
  now: () => Date;
}

const usageResponses = { 200: UsageSchema, 400: ErrorSchema, 402: ErrorSchema };

export const usageRoutes: FastifyPluginAsyncZod<UsageRoutesOptions> = async (
  app,
  { config, repositories: { usage }, now },
) => {
  /** A signed-in caller's usage is the account's; anyone else is the guest of X-Guest-Id. */
  function callerQuota(request: FastifyRequest) {
    const owner = ownerOf(request, request.user ? 'user' : 'guest');
    return quotaFor(request, owner, config, now());
  }

  app.get('/api/usage', { schema: { response: usageResponses } }, async (request) => {
    const quota = callerQuota(request);
    const used = await usage.getUsed(quota.owner, quota.periodKey);
    return {
      usedThisMonth: used,
      monthlyLimit: quota.monthlyLimit,
      periodEndsAt: quota.periodEndsAt.toISOString(),
    };
  });

  app.post('/api/usage/increment', { schema: { response: usageResponses } }, async (request) => {
    const quota = callerQuota(request);
    const used = await usage.incrementWithinLimit(quota.owner, quota.periodKey, quota.monthlyLimit);
    if (used === 'quota_exceeded') throw quotaExceeded();
    return {
      usedThisMonth: used,
      monthlyLimit: quota.monthlyLimit,
      periodEndsAt: quota.periodEndsAt.toISOString(),
    };
  });
};
