import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteWriter, statementCache } from './sqlite-connection.js';
import type {
  StatementResult,
  WriterBatch,
  WriterRequest,
  WriterResult,
  WriterStatement,
} from './sqlite-writer.js';

/*
 * The SQLite writer thread (ADR 017): the one connection that writes the file. Every statement
 * that writes, and every statement of a transaction, arrives here, so a COMMIT's WAL write and
 * fsync (synchronous=FULL) hold this thread, never the main one. Started by openDatabase().
 */
const port = parentPort;
if (port === null) throw new Error('sqlite-writer-worker runs as a worker thread only');
const { file } = workerData as { file: string };
const connection = openSqliteWriter(file);
const prepare = statementCache(connection);
/** The transaction this connection has open, as numbered by the main thread; null outside one. */
let openTransaction: number | null = null;

function runStatement(sql: string, parameters: readonly unknown[]): StatementResult {
  const statement = prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) as Record<string, unknown>[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { rows: [], changes, lastInsertRowid };
}

function runBatch({ batch }: WriterBatch): StatementResult[] {
  prepare('begin immediate').run();
  try {
    const results = batch.map(({ sql, parameters }) => runStatement(sql, parameters));
    prepare('commit').run();
    return results;
  } catch (error) {
    if (connection.inTransaction) prepare('rollback').run();
    throw error;
  }
}

function run(request: WriterRequest): WriterResult {
  return 'batch' in request ? runBatch(request) : runOne(request);
}

function runOne({ sql, parameters, transaction, begins }: WriterStatement): StatementResult {
  // A statement of a transaction that this connection no longer holds (its thread died and was
  // replaced, or SQLite rolled it back after an I/O error) must not run on its own and commit:
  // it fails, and the caller's transaction with it.
  if (transaction !== undefined && !begins) {
    if (openTransaction !== transaction || !connection.inTransaction) {
      throw new Error(
        'The write transaction was lost before this statement; nothing of it is kept',
      );
    }
  }
  const result = runStatement(sql, parameters);
  openTransaction = transaction !== undefined && connection.inTransaction ? transaction : null;
  return result;
}

interface Message {
  id: number;
  request: WriterRequest;
}

function answer({ id, request }: Message): void {
  try {
    port?.postMessage({ id, result: run(request) });
  } catch (error) {
    if (!connection.inTransaction) openTransaction = null;
    const code = (error as { code?: unknown }).code;
    port?.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
      code: typeof code === 'string' ? code : undefined,
    });
  }
}

/** Messages that arrived while another caller's transaction was open, in arrival order. */
const held: Message[] = [];

function belongsToOpenTransaction(request: WriterRequest): boolean {
  return 'transaction' in request && !request.begins && request.transaction === openTransaction;
}

port.on('message', (message: Message) => {
  if (openTransaction !== null && !belongsToOpenTransaction(message.request)) {
    held.push(message);
    return;
  }
  answer(message);
  while (openTransaction === null && held.length > 0) answer(held.shift() as Message);
});
