import { sql } from 'kysely';
import type { AppConfig, TranscriptionEngineName } from '../../../contract/api-schemas.js';
import { PRO_PRICE_MONTHLY_USD } from '../../../contract/plans.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';

/** What /api/config reports of the AI services (the transcriber and the formatter). */
export interface ServerCapabilities {
  transcriber: { engine: TranscriptionEngineName; available: boolean };
  formatter: { smartAvailable: boolean };
}

export interface SystemService {
  /** What this server can do, so the web app adapts (GET /api/config). */
  publicConfig(): AppConfig;
  /** True once the database answers a trivial query in time; a failure is logged to `log`. */
  databaseAnswers(log: HealthLog): Promise<boolean>;
}

export interface HealthLog {
  warn(details: object, message: string): void;
}

const HEALTH_CHECK_TIMEOUT_MS = 2000;

export function isBillingEnabled(config: Config): boolean {
  return config.billing !== null;
}

export function createSystemService(deps: {
  config: Config;
  database: Database;
  version: string;
  capabilities: () => ServerCapabilities;
}): SystemService {
  const { config, database, version, capabilities } = deps;
  return {
    publicConfig() {
      const { transcriber, formatter } = capabilities();
      return {
        version,
        transcription: { engine: transcriber.engine, available: transcriber.available },
        formatter: { smart: formatter.smartAvailable },
        billing: { enabled: isBillingEnabled(config), priceMonthly: PRO_PRICE_MONTHLY_USD },
        freeMonthlyLimit: config.freeMonthlyLimit,
      };
    },

    async databaseAnswers(log) {
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
        return true;
      } catch (error) {
        log.warn({ err: error }, 'health check: the database does not answer');
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
