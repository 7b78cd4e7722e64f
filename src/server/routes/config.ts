import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConfigSchema } from '../../core/api-schemas.js';
import type { TranscriptionEngineName } from '../../core/api-schemas.js';
import { PRO_PRICE_MONTHLY_USD } from '../../core/plans.js';
import type { Config } from '../config.js';

/** What /api/config reports of the AI services (the AI engineer's transcriber and formatter). */
export interface ServerCapabilities {
  transcriber: { engine: TranscriptionEngineName; available: boolean };
  formatter: { smartAvailable: boolean };
}

export interface ConfigRoutesOptions {
  config: Config;
  version: string;
  capabilities: () => ServerCapabilities;
}

export function isBillingEnabled(config: Config): boolean {
  return Boolean(config.billing.secretKey && config.billing.priceId);
}

export const configRoutes: FastifyPluginAsyncZod<ConfigRoutesOptions> = async (
  app,
  { config, version, capabilities },
) => {
  app.get('/api/config', { schema: { response: { 200: ConfigSchema } } }, async () => {
    const { transcriber, formatter } = capabilities();
    return {
      version,
      transcription: { engine: transcriber.engine, available: transcriber.available },
      formatter: { smart: formatter.smartAvailable },
      billing: { enabled: isBillingEnabled(config), priceMonthly: PRO_PRICE_MONTHLY_USD },
      freeMonthlyLimit: config.freeMonthlyLimit,
    };
  });
};
