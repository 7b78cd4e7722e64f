import type { RecordingsService } from './service.js';

/** How often unfinished uploads are checked for expiry: often enough to keep to the hour. */
const UPLOAD_EXPIRY_CHECK_MAX_MS = 10 * 60 * 1000;

/**
 * Removes expired uploads now and then (at most every ten minutes, and at least twice per
 * expiry period). A failed sweep is logged and tried again next time; the timer never keeps the
 * process alive, and stop() waits for a sweep under way so the database is not closed beneath it.
 */
export function startUploadExpiry(
  recordings: Pick<RecordingsService, 'deleteExpiredUploads'>,
  log: { info(message: string): void; warn(fields: object, message: string): void },
  expiryMs: number,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = (): void => {
    if (running !== null) return;
    running = recordings
      .deleteExpiredUploads()
      .then(
        (removed) => {
          if (removed > 0)
            log.info(`removed ${removed} expired unfinished uploads and unsaved recordings`);
        },
        (error: unknown) => log.warn({ err: error }, 'could not remove expired uploads'),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(
    tick,
    Math.max(1000, Math.min(UPLOAD_EXPIRY_CHECK_MAX_MS, expiryMs / 2)),
  );
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      if (running !== null) await running;
    },
  };
}
