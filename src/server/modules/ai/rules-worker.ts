import { parentPort } from 'node:worker_threads';
import { formatWithRules } from '#text/formats/format-with-rules.js';
import { inferFormatAndCategory } from '#text/infer.js';
import { checkModelOutput } from './output-checks.js';
import type { RulesRequest } from './rules-thread.js';

/*
 * A worker thread of the rules engine, formatting and inference, and of the check of a model's
 * reply (docs/decisions/016-per-request-cost.md), so the engine runs on the other core while the main thread serves
 * HTTP. Started by rules-thread.ts when first needed.
 */
const port = parentPort;
if (port === null) throw new Error('rules-worker runs as a worker thread only');

port.on('message', ({ id, request }: { id: number; request: RulesRequest }) => {
  try {
    const result =
      request.op === 'infer'
        ? inferFormatAndCategory(request.transcript)
        : request.op === 'check'
          ? checkModelOutput(request.reply, request.format, request.transcript)
          : formatWithRules(request.transcript, request.format, request.category);
    port.postMessage({ id, result });
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
