import { parentPort } from 'node:worker_threads';
import { formatWithRules } from '#text/formats/format-with-rules.js';
import type { RulesRequest } from './rules-thread.js';

/*
 * The rule formatter's worker thread (docs/decisions/016-per-request-cost.md), so the engine
 * runs on the other core while the main thread serves HTTP. Started by rules-thread.ts with the
 * first formatting.
 */
const port = parentPort;
if (port === null) throw new Error('rules-worker runs as a worker thread only');

port.on('message', ({ id, request }: { id: number; request: RulesRequest }) => {
  try {
    port.postMessage({
      id,
      result: formatWithRules(request.transcript, request.format, request.category),
    });
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
