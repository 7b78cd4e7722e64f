import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteReader } from '../../db/database.js';
import { readTransaction } from '../../db/transactions.js';
import { searchPage, type SearchRequest } from './repository-search.js';

/*
 * A search worker thread (ADR 015): its own read-only connection to the SQLite file answers
 * searches, each in one read transaction (one snapshot for the page and its total), off the
 * main thread. Started by createSearchPool() in repository-search.ts.
 */
const port = parentPort;
if (port === null) throw new Error('repository-search-worker runs as a worker thread only');
const { file } = workerData as { file: string };
const reader = { db: openSqliteReader(file), dialect: 'sqlite' as const };

port.on('message', ({ id, request }: { id: number; request: SearchRequest }) => {
  readTransaction(reader, (trx) =>
    searchPage('sqlite', trx, request.owner, request.options, request.tuning),
  ).then(
    (result) => port.postMessage({ id, result }),
    (error: unknown) =>
      port.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
