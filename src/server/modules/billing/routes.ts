import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CheckoutBodySchema } from '#contract/api-request-schemas.js';
import { CheckoutResultSchema, ErrorSchema, PortalResultSchema } from '#contract/api-schemas.js';
import type { CheckoutBrowser } from '../../http/checkout-browser.js';
import type { AuthRateLimits } from '../../http/rate-limits.js';
import { guestIdOf, requireUser } from '../../http/sessions.js';
import type { BillingService } from './service.js';

export interface BillingRoutesOptions {
  billing: BillingService;
  authLimits: AuthRateLimits;
  checkoutBrowser: CheckoutBrowser;
}

/** Provider events are a few KiB; this leaves room for large ones without inviting floods. */
export const WEBHOOK_BODY_MAX_BYTES = 512 * 1024;

const WebhookAnswerSchema = z.object({ received: z.literal(true) });

export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (
  app,
  { billing, authLimits, checkoutBrowser },
) => {
  app.post(
    '/api/billing/create-checkout-session',
    {
      // Each call starts a checkout at the provider: counted like the AUTH calls, so a script
      // cannot spend the provider's rate limit for everyone.
      preHandler: authLimits.byAddress,
      schema: {
        body: CheckoutBodySchema,
        response: {
          200: CheckoutResultSchema,
          400: ErrorSchema,
          429: ErrorSchema,
          502: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // The claim of this checkout will work only with this browser's cookie (ADR 100).
      const browserKey = checkoutBrowser.keyFor(request);
      const result = await billing.createCheckout(request.body.email, {
        guestId: guestIdOf(request),
        browserKey,
        signedInUserId: request.user?.id ?? null,
      });
      if ('checkoutUrl' in result) checkoutBrowser.set(reply, browserKey);
      return result;
    },
  );

  app.post(
    '/api/billing/portal',
    {
      schema: {
        response: {
          200: PortalResultSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          502: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { url: await billing.portalUrl(user.id) };
    },
  );

  // The signature covers the exact bytes sent, so this one route reads its body raw, whatever
  // its content type says; every other route keeps the JSON parser (this scope is its own).
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    webhook.post(
      '/api/billing/webhook',
      {
        bodyLimit: WEBHOOK_BODY_MAX_BYTES,
        schema: {
          response: {
            200: WebhookAnswerSchema,
            400: ErrorSchema,
            502: ErrorSchema,
            503: ErrorSchema,
          },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers['stripe-signature'];
        await billing.handleWebhook(body, Array.isArray(header) ? header[0] : header);
        return { received: true as const };
      },
    );
  });
};
