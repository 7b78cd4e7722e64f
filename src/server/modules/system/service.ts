import { sql } from 'kysely';
import type {
  AppConfig,
  TranscriptionEngineName,
  WriterEngineName,
} from '#contract/api-schemas.js';
import { PRO_PRICE_MONTHLY_USD } from '#contract/plans.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { isDatabaseUnavailable } from '../../http/errors.js';

/** What /api/config reports of the AI services (the transcriber and the formatter). */
export interface ServerCapabilities {
  transcriber: { engine: TranscriptionEngineName; available: boolean };
  formatter: { smartAvailable: boolean; engine: WriterEngineName };
}

export interface SystemService {
  /** What this server can do, so the web app adapts (GET /api/config). */
  publicConfig(): AppConfig;
  /**
   * True once the database answers a trivial query in time (on SQLite after a failed write, a
   * write too: a full disk still answers reads); a failure is logged to `log`.
   */
  databaseAnswers(log: HealthLog): Promise<boolean>;
  /** Any request's failure, so a write that failed on SQLite makes health check writes. */
  noteFailure(error: unknown): void;
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
  // A full disk or an unwritable file lets SQLite read on, so health would look fine while
  // every save fails. Once a write has failed, health also writes (the header's user_version,
  // rewritten as it is) until one succeeds; in normal times it never writes.
  let sqliteWriteFailed = false;
  const probe = async () => {
    await sql`select 1`.execute(database.db);
    if (database.dialect !== 'sqlite' || !sqliteWriteFailed) return;
    const { rows } = await sql<{ user_version: number }>`PRAGMA user_version`.execute(database.db);
    await sql
      .raw(`PRAGMA user_version = ${Number(rows[0]?.user_version ?? 0)}`)
      .execute(database.db);
    sqliteWriteFailed = false;
  };
  return {
    noteFailure(error) {
      if (database.dialect === 'sqlite' && isDatabaseUnavailable(error)) sqliteWriteFailed = true;
    },

    publicConfig() {
      const { transcriber, formatter } = capabilities();
      return {
        version,
        transcription: { engine: transcriber.engine, available: transcriber.available },
        formatter: { smart: formatter.smartAvailable, engine: formatter.engine },
        billing: { enabled: isBillingEnabled(config), priceMonthly: PRO_PRICE_MONTHLY_USD },
        freeMonthlyLimit: config.freeMonthlyLimit,
      };
    },

    async databaseAnswers(log) {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          probe(),
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
