// First, so V8 runs every later module and worker with it.
import './runtime-flags.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { createBillingRepository } from './modules/billing/repository.js';
import { createAuthTokensRepository } from './modules/identity/auth-tokens-repository.js';
import { createSessionsRepository } from './modules/identity/sessions-repository.js';
import { startHousekeeping } from './modules/identity/housekeeping.js';
import { chooseTranscriptionEngine } from './modules/ai/ai-services.js';
import { speechToTextHint } from './modules/ai/startup-hint.js';

/**
 * How long in-flight requests get to finish on SIGINT/SIGTERM before the process just exits: at
 * least this, and always enough for the slowest AI call to end within its own timeout, so a
 * recording being transcribed during a deploy is answered, not cut.
 */
const SHUTDOWN_GRACE_MIN_MS = 10_000;
const SHUTDOWN_GRACE_MARGIN_MS = 5_000;

function shutdownGraceMs(config: Config): number {
  const slowestCall = Math.max(config.transcription.timeoutMs, config.llm.timeoutMs);
  return Math.max(SHUTDOWN_GRACE_MIN_MS, slowestCall + SHUTDOWN_GRACE_MARGIN_MS);
}

function describeDatabase(url: string): string {
  // Never print a PostgreSQL password.
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

async function start(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  let database: Database;
  try {
    database = await openDatabase(config.databaseUrl);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      `Could not open the database ${describeDatabase(config.databaseUrl)}: ${reason}\n`,
    );
    process.exit(1);
  }

  let app: FastifyInstance;
  try {
    app = await buildApp(config, { database });
  } catch (error) {
    await database.close();
    throw error;
  }

  const housekeeping = startHousekeeping({
    stores: {
      sessions: createSessionsRepository(database),
      'auth tokens': createAuthTokensRepository(database),
      'billing events': createBillingRepository(database),
    },
    log: app.log,
  });

  let stopping = false;
  const graceMs = shutdownGraceMs(config);
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    app.log.info(
      `${signal} received: finishing open requests (up to ${graceMs} ms), then stopping`,
    );
    const forced = setTimeout(() => {
      app.log.warn('open requests did not finish in time; exiting');
      process.exit(1);
    }, graceMs);
    forced.unref();
    void (async () => {
      try {
        await app.close();
        await housekeeping.stop();
        await database.close();
        process.exit(0);
      } catch (error) {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      }
    })();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`Could not listen on ${config.host}:${config.port}: ${reason}\n`);
    await housekeeping.stop();
    await database.close();
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  // A plain line, whatever LOG_LEVEL says: the person who ran `npm start` wants the address.
  process.stdout.write(
    `Voice Ideas is running at http://${shownHost}:${port} (database: ${describeDatabase(config.databaseUrl)})\n`,
  );
  const hint = speechToTextHint({
    isTTY: process.stdout.isTTY === true,
    configured: config.transcription.engine,
    resolved: chooseTranscriptionEngine(config.transcription).engine,
  });
  if (hint) process.stdout.write(`${hint}\n`);
}

await start();
