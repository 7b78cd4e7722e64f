import { formatWithRules } from '#text/formats/format-with-rules.js';
import type { Category, Format } from '#contract/taxonomy.js';
import { createWorkerPool, type WorkerPool } from '../../db/worker-pool.js';

export interface RulesRequest {
  transcript: string;
  format: Format;
  category: Category;
}

let pool: WorkerPool<RulesRequest, string> | undefined;
let ready = false;

/**
 * One worker for the process, started by the first formatting, so servers and tests that never
 * format never start it. Its first answer says it has loaded the engine (wink's model takes
 * some 150 ms, far longer from source); until then the main thread keeps formatting, so nobody
 * waits for the start. The pool unrefs an idle worker, so it never keeps the process alive, and
 * replaces one that dies.
 */
function readyPool(): WorkerPool<RulesRequest, string> | undefined {
  if (pool === undefined) {
    pool = createWorkerPool<RulesRequest, string>({
      script: new URL(
        `./rules-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`,
        import.meta.url,
      ),
      size: 1,
      workerData: null,
    });
    pool.run({ transcript: 'ready', format: 'tweet', category: 'work' }).then(
      () => (ready = true),
      () => undefined,
    );
  }
  return ready ? pool : undefined;
}

/**
 * formatWithRules on the rules' worker thread once it has started (docs/decisions/
 * 016-per-request-cost.md): the main thread keeps the HTTP work, and the engine (about half a
 * checklist's or pitch's time there, and milliseconds for a long dictation that every other
 * request would wait behind) runs on the other core. The answer is the same either way: if the
 * worker fails, the main thread formats.
 */
export function formatWithRulesOnWorker(
  transcript: string,
  format: Format,
  category: Category,
): string | Promise<string> {
  const workers = readyPool();
  if (workers === undefined) return formatWithRules(transcript, format, category);
  return workers
    .run({ transcript, format, category })
    .catch(() => formatWithRules(transcript, format, category));
}
