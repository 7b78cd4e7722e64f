import { formatWithRules } from '#text/formats/format-with-rules.js';
import { inferFormatAndCategory } from '#text/infer.js';
import type { InferResult } from '#contract/api-schemas.js';
import type { Category, Format } from '#contract/taxonomy.js';
import { createWorkerPool, type WorkerPool } from '../../db/worker-pool.js';
import { checkModelOutput, type OutputCheck } from './output-checks.js';

/**
 * What the rules' worker does: format a transcript, infer its format and category, or check a
 * model's reply against what was said.
 */
export type RulesRequest =
  | { op: 'format'; transcript: string; format: Format; category: Category }
  | { op: 'infer'; transcript: string }
  | { op: 'check'; transcript: string; reply: string; format: Format };

/** A format's answer is the text, an inference's the result, a check's its verdict. */
type RulesAnswer = string | InferResult | OutputCheck;

/**
 * From this length a transcript is formatted on a worker of its own (docs/decisions/
 * 016-per-request-cost.md). Speech of a minute or two is a few hundred characters and costs the
 * engine 30-90 µs; a dictation of 2,000 characters (about 350 words) costs it some 0.7 ms, and
 * the longest the API takes (20,000) several milliseconds, which every short transcript queued
 * behind it on the same worker would wait through.
 */
export const LONG_TRANSCRIPT_CHARS = 2_000;

/**
 * One worker thread, started when first asked for, so servers and tests that never format never
 * start it. Its first answer says it has loaded the engine (wink's model takes some 150 ms, far
 * longer from source); until then `run` answers undefined and the caller formats elsewhere, so
 * nobody waits for the start. The pool unrefs an idle worker, so it never keeps the process
 * alive, and replaces one that dies. With `idleCloseMs`, a worker with nothing to do for that
 * long is stopped, and the next request starts it again.
 */
export class RulesLane {
  private pool: WorkerPool<RulesRequest, RulesAnswer> | undefined;
  private started = false;
  private inFlight = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly idleCloseMs?: number) {}

  run(request: RulesRequest): Promise<RulesAnswer> | undefined {
    const pool = this.ready();
    if (pool === undefined) return undefined;
    clearTimeout(this.idleTimer);
    this.inFlight += 1;
    return pool.run(request).finally(() => {
      this.inFlight -= 1;
      if (this.inFlight === 0 && this.idleCloseMs !== undefined) {
        this.idleTimer = setTimeout(() => this.closeIdle(pool), this.idleCloseMs).unref();
      }
    });
  }

  private ready(): WorkerPool<RulesRequest, RulesAnswer> | undefined {
    if (this.pool === undefined) {
      const pool = createWorkerPool<RulesRequest, RulesAnswer>({
        script: new URL(
          `./rules-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`,
          import.meta.url,
        ),
        size: 1,
        workerData: null,
      });
      this.pool = pool;
      pool.run({ op: 'format', transcript: 'ready', format: 'tweet', category: 'work' }).then(
        () => {
          if (this.pool === pool) this.started = true;
        },
        () => undefined,
      );
    }
    return this.started ? this.pool : undefined;
  }

  private closeIdle(pool: WorkerPool<RulesRequest, RulesAnswer>): void {
    if (this.pool !== pool || this.inFlight > 0) return;
    this.pool = undefined;
    this.started = false;
    void pool.close();
  }
}

/** How long the long lane's worker waits for the next long transcript before it stops. */
export const LONG_LANE_IDLE_MS = 60_000;

const shortLane = new RulesLane();
// Each worker holds its own copy of the engine and wink's model, some 55-75 MB of memory: the
// long lane's is started by a long transcript and stopped a minute after the last one, so a
// server whose people rarely dictate at length rarely holds a third copy.
const longLane = new RulesLane(LONG_LANE_IDLE_MS);

/** Runs the request on its lane's worker: undefined while none has started for it. */
function runOffMain(request: RulesRequest): Promise<RulesAnswer> | undefined {
  if (request.transcript.length < LONG_TRANSCRIPT_CHARS) return shortLane.run(request);
  return longLane.run(request) ?? shortLane.run(request);
}

/**
 * formatWithRules off the main thread (docs/decisions/016-per-request-cost.md): the main thread
 * keeps the HTTP work and the engine runs on the other core. Long transcripts have a worker of
 * their own, so a short one is never queued behind a long dictation. Until a lane's worker has
 * started a long transcript takes the short lane, and while neither has, the main thread
 * formats. The answer is the same on every path: if a worker fails, the main thread formats.
 */
export function formatWithRulesOnWorker(
  transcript: string,
  format: Format,
  category: Category,
): string | Promise<string> {
  const answer = runOffMain({ op: 'format', transcript, format, category });
  if (answer === undefined) return formatWithRules(transcript, format, category);
  return (answer as Promise<string>).catch(() => formatWithRules(transcript, format, category));
}

/** inferFormatAndCategory off the main thread, on the same lanes and with the same fallback. */
export function inferWithRulesOnWorker(transcript: string): InferResult | Promise<InferResult> {
  const answer = runOffMain({ op: 'infer', transcript });
  if (answer === undefined) return inferFormatAndCategory(transcript);
  return (answer as Promise<InferResult>).catch(() => inferFormatAndCategory(transcript));
}

/**
 * checkModelOutput off the main thread, on the same lanes and with the same fallback: it reads
 * the whole transcript, up to 20,000 characters, once per smart format, and a guest may send as
 * many at once as the AI limit allows, so it stays off the thread that answers everyone else.
 */
export function checkModelOutputOnWorker(
  reply: string,
  format: Format,
  transcript: string,
): OutputCheck | Promise<OutputCheck> {
  const answer = runOffMain({ op: 'check', transcript, reply, format });
  if (answer === undefined) return checkModelOutput(reply, format, transcript);
  return (answer as Promise<OutputCheck>).catch(() => checkModelOutput(reply, format, transcript));
}
