import { parentPort, workerData } from 'node:worker_threads';

/** A worker for worker-pool.test.ts: echoes, throws, dies or never answers, as asked. */
const port = parentPort;
if (port === null) throw new Error('pool-test-worker runs as a worker thread only');
const { label } = workerData as { label: string };

port.on('message', ({ id, request }: { id: number; request: { op: string; value?: string } }) => {
  if (request.op === 'echo') port.postMessage({ id, result: `${label}:${request.value ?? ''}` });
  else if (request.op === 'throw') port.postMessage({ id, error: 'asked to fail' });
  else if (request.op === 'exit') process.exit(3);
  // 'hang': no answer, until the pool closes.
});
