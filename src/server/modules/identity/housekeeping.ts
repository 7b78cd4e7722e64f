import type { FastifyBaseLogger } from 'fastify';

/** Anything that can drop its own expired rows (sessions, e-mailed auth tokens). */
export interface ExpiringStore {
  deleteExpired(now: Date): Promise<number>;
}

export interface HousekeepingOptions {
  stores: Record<string, ExpiringStore>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  now?: () => Date;
  intervalMs?: number;
}

/**
 * Expired rows are already refused on every read, so the sweep is only about keeping the tables
 * from growing without end; once an hour is plenty, and costs one DELETE per table (a scan of a
 * table that holds only live logins and links, so no index is kept for it).
 */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Sweeps once right away (a server that restarts often still cleans up), then every interval.
 * A failed sweep is logged and retried at the next tick: the database may be briefly away, and
 * nothing here is worth stopping the server for. The timer never keeps the process alive;
 * stop() lets a sweep already under way finish, so the database is not closed beneath it.
 */
export function startHousekeeping(options: HousekeepingOptions): { stop(): Promise<void> } {
  const now = options.now ?? (() => new Date());
  const intervalMs = options.intervalMs ?? HOUSEKEEPING_INTERVAL_MS;
  let running: Promise<void> | null = null;

  async function sweep(): Promise<void> {
    const at = now();
    for (const [name, store] of Object.entries(options.stores)) {
      try {
        const removed = await store.deleteExpired(at);
        if (removed > 0) options.log.info(`housekeeping: removed ${removed} expired ${name}`);
      } catch (error) {
        options.log.warn({ err: error }, `housekeeping: could not remove expired ${name}`);
      }
    }
  }

  const tick = (): void => {
    // A tick that finds a sweep still under way is skipped: a slow database must not pile
    // sweeps up.
    if (running !== null) return;
    running = sweep().finally(() => {
      running = null;
    });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();

  return {
    async stop() {
      clearInterval(timer);
      if (running !== null) await running;
    },
  };
}
