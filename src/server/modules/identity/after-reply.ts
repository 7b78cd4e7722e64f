import { HttpError } from '../../http/errors.js';

/**
 * Work a request starts and does not wait for (ADR 101). Forgot-password and sign-in link
 * requests answer first and then look the e-mail up, store the token and send the mail here,
 * so how long the answer takes says nothing about whether the account exists.
 *
 * Hand-written rather than a job library: the jobs are a few milliseconds each, need no
 * persistence and must not outlive a closing server for long. What they must never do is
 * vanish: a job the queue takes is run, and one it cannot take or finish is logged at error
 * (ADR 103).
 */
export interface AfterReply {
  /**
   * Queues the job. When the queue is full it waits for room, up to a bound, before resolving:
   * the caller answers after that, so a flood slows the answers down (known and unknown
   * e-mails alike, since every request queues one job) instead of losing mails. A job refused
   * after the wait, or because the server is closing, is logged at error as not done. Never
   * rejects; the job's own failure is logged, not returned to anyone.
   */
  run(what: string, job: () => Promise<void>): Promise<void>;
  /** Resolves once every queued job has finished (tests; a closing server). */
  idle(): Promise<void>;
  /**
   * Stops taking jobs and waits for those queued, up to `timeoutMs`; each one still waiting or
   * running then is logged at error as not done.
   */
  close(timeoutMs: number): Promise<void>;
}

export interface AfterReplyLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface AfterReplyOptions {
  /** Jobs run at once. */
  concurrency?: number;
  /** Jobs waiting their turn; past that a request waits for room. */
  maxQueued?: number;
  /** How long a request waits for room before its job is refused (and logged). */
  roomWaitMs?: number;
}

/**
 * At most `concurrency` jobs at once and `maxQueued` waiting. The AUTH rate limit already
 * bounds each address; the bound here keeps a flood from many addresses from holding unbounded
 * memory, and it pushes back on the requests rather than dropping what they asked for.
 */
export function createAfterReply(log: AfterReplyLog, options: AfterReplyOptions = {}): AfterReply {
  const concurrency = options.concurrency ?? 2;
  const maxQueued = options.maxQueued ?? 1000;
  const roomWaitMs = options.roomWaitMs ?? 5000;
  type Job = { what: string; job: () => Promise<void> };
  const waiting: Job[] = [];
  const running = new Set<Job>();
  /** Requests waiting for room in a full queue, oldest first. */
  const waitingForRoom: Array<() => void> = [];
  let closed = false;
  let idleWaiters: Array<() => void> = [];

  const notDone = (what: string, reason: string) =>
    log.error({ job: what }, `${what} not sent: ${reason}`);

  function settleIdle(): void {
    if (running.size > 0 || waiting.length > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function next(): void {
    while (running.size < concurrency && waiting.length > 0) {
      const queued = waiting.shift();
      if (!queued) break;
      running.add(queued);
      waitingForRoom.shift()?.();
      void queued
        .job()
        .catch((error: unknown) => {
          // A provider failure (mail_failed) was logged where it happened, with its cause.
          if (error instanceof HttpError && error.statusCode >= 500) return;
          log.error({ err: error, job: queued.what }, `${queued.what} failed`);
        })
        .finally(() => {
          running.delete(queued);
          next();
          settleIdle();
        });
    }
  }

  function enqueue(queued: Job): void {
    waiting.push(queued);
    // After the current request's reply is written, never inside it.
    setImmediate(next);
  }

  const idle = () =>
    new Promise<void>((resolve) => {
      idleWaiters.push(resolve);
      settleIdle();
    });

  return {
    async run(what, job) {
      if (closed) {
        notDone(what, 'the server is closing');
        return;
      }
      if (waiting.length < maxQueued) {
        enqueue({ what, job });
        return;
      }
      const gotRoom = await new Promise<boolean>((resolve) => {
        const take = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          const at = waitingForRoom.indexOf(take);
          if (at >= 0) waitingForRoom.splice(at, 1);
          resolve(false);
        }, roomWaitMs);
        waitingForRoom.push(take);
      });
      if (!gotRoom) {
        notDone(what, `the queue stayed full for ${roomWaitMs} ms`);
        return;
      }
      if (closed) {
        notDone(what, 'the server is closing');
        return;
      }
      enqueue({ what, job });
    },
    idle,
    async close(timeoutMs) {
      closed = true;
      for (const wake of waitingForRoom.splice(0)) wake();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        idle(),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
      for (const queued of waiting.splice(0)) {
        notDone(queued.what, 'the server stopped before its turn');
      }
      for (const queued of running) {
        log.error(
          { job: queued.what },
          `${queued.what} may not have been sent: the server stopped while it was under way`,
        );
      }
    },
  };
}
