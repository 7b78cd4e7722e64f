import { HttpError } from '../../http/errors.js';

/**
 * Work a request starts and does not wait for (ADR 101). Forgot-password and sign-in link
 * requests answer first and then look the e-mail up, store the token and send the mail here,
 * so how long the answer takes says nothing about whether the account exists.
 *
 * Hand-written rather than a job library: the jobs are a few milliseconds each, need no
 * persistence (a lost mail is asked for again) and must not outlive a closing server for long.
 */
export interface AfterReply {
  /** Queues the job; never throws, and its failure is logged, not returned to anyone. */
  run(job: () => Promise<void>): void;
  /** Resolves once every queued job has finished (tests; a closing server). */
  idle(): Promise<void>;
  /** Stops taking jobs and waits for those queued, up to `timeoutMs`. */
  close(timeoutMs: number): Promise<void>;
}

export interface AfterReplyLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * At most `concurrency` jobs at once and `maxQueued` waiting: past that a job is dropped with a
 * warning (the AUTH rate limit already bounds each address; this bounds a flood from many).
 */
export function createAfterReply(
  log: AfterReplyLog,
  options: { concurrency?: number; maxQueued?: number } = {},
): AfterReply {
  const concurrency = options.concurrency ?? 2;
  const maxQueued = options.maxQueued ?? 1000;
  const waiting: Array<() => Promise<void>> = [];
  let running = 0;
  let closed = false;
  let idleWaiters: Array<() => void> = [];

  function settleIdle(): void {
    if (running > 0 || waiting.length > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function next(): void {
    while (running < concurrency && waiting.length > 0) {
      const job = waiting.shift();
      if (!job) break;
      running += 1;
      void job()
        .catch((error: unknown) => {
          // A provider failure (mail_failed) was logged where it happened, with its cause.
          if (error instanceof HttpError && error.statusCode >= 500) return;
          log.error({ err: error }, 'work after the reply failed');
        })
        .finally(() => {
          running -= 1;
          next();
          settleIdle();
        });
    }
  }

  const idle = () =>
    new Promise<void>((resolve) => {
      idleWaiters.push(resolve);
      settleIdle();
    });

  return {
    run(job) {
      if (closed || waiting.length >= maxQueued) {
        log.warn(
          { queued: waiting.length },
          'work after the reply dropped: the server is busy or closing',
        );
        return;
      }
      waiting.push(job);
      // After the current request's reply is written, never inside it.
      setImmediate(next);
    },
    idle,
    async close(timeoutMs) {
      closed = true;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        idle(),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}
