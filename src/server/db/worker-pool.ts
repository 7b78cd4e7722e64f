import { Worker } from 'node:worker_threads';

/**
 * A few worker threads that answer requests for the main thread (ADR 015): on SQLite a search
 * runs for milliseconds inside one synchronous call, and on the main thread every other request
 * would wait for it. Each worker is started with `workerData` and answers messages
 * `{ id, request }` with `{ id, result }` or `{ id, error, code? }`. A task goes to the worker with the
 * fewest tasks in flight. A worker that dies fails its tasks and is replaced; after close() every
 * task in flight fails and no new one is taken.
 */
export interface WorkerPool<Request, Result> {
  run(request: Request): Promise<Result>;
  close(): Promise<void>;
}

export class WorkerPoolClosedError extends Error {
  constructor() {
    super('The worker pool is closed');
    this.name = 'WorkerPoolClosedError';
  }
}

interface Pending<Result> {
  resolve(result: Result): void;
  reject(error: Error): void;
}

interface Slot<Result> {
  worker: Worker;
  pending: Map<number, Pending<Result>>;
}

/**
 * A worker's reply; `error` carries the message of what it threw and `code` its code, if any
 * (SQLite's, such as SQLITE_CONSTRAINT_UNIQUE or SQLITE_FULL, which callers tell apart).
 */
type Reply<Result> =
  { id: number; result: Result } | { id: number; error: string; code?: string | undefined };

/** What a worker threw, rebuilt on this side of the message. */
export class WorkerTaskError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code: string | undefined) {
    super(message);
    this.name = 'WorkerTaskError';
    this.code = code;
  }
}

export function createWorkerPool<Request, Result>(options: {
  script: URL;
  size: number;
  workerData: unknown;
}): WorkerPool<Request, Result> {
  // From source (tests, `npm run dev`) the script is TypeScript: the worker first registers
  // tsx's loader in its own thread, then imports it.
  const fromSource = options.script.pathname.endsWith('.ts');
  const loadThroughTsx = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(options.script.href)}); })`;
  let closed = false;
  let nextId = 0;
  const slots: Slot<Result>[] = [];

  function failAll(slot: Slot<Result>, error: Error) {
    for (const pending of slot.pending.values()) pending.reject(error);
    slot.pending.clear();
  }

  function start(index: number): void {
    const worker = fromSource
      ? new Worker(loadThroughTsx, { eval: true, workerData: options.workerData })
      : new Worker(options.script, { workerData: options.workerData });
    // The pool must never keep the process alive on its own: an idle server exits on SIGTERM.
    worker.unref();
    const slot: Slot<Result> = { worker, pending: new Map() };
    slots[index] = slot;
    worker.on('message', (reply: Reply<Result>) => {
      const pending = slot.pending.get(reply.id);
      if (pending === undefined) return;
      slot.pending.delete(reply.id);
      if ('error' in reply) pending.reject(new WorkerTaskError(reply.error, reply.code));
      else pending.resolve(reply.result);
    });
    worker.on('error', (error) => failAll(slot, error));
    worker.on('exit', (code) => {
      failAll(
        slot,
        closed ? new WorkerPoolClosedError() : new Error(`A read worker exited (${code})`),
      );
      if (!closed && slots[index] === slot) start(index);
    });
  }

  for (let index = 0; index < options.size; index += 1) start(index);

  return {
    run(request) {
      if (closed) return Promise.reject(new WorkerPoolClosedError());
      let slot = slots[0] as Slot<Result>;
      for (const candidate of slots) {
        if (candidate.pending.size < slot.pending.size) slot = candidate;
      }
      const id = (nextId += 1);
      const chosen = slot;
      return new Promise<Result>((resolve, reject) => {
        chosen.pending.set(id, { resolve, reject });
        // A worker only holds tasks while they are in flight, so the process stays alive then.
        chosen.worker.ref();
        chosen.worker.postMessage({ id, request });
      }).finally(() => {
        if (chosen.pending.size === 0) chosen.worker.unref();
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
