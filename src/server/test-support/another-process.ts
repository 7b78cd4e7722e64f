import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';

/** Runs one SQL statement against a SQLite file from a separate Node process, as another program would. */
export function runSqlInAnotherProcess(file: string, statement: string): void {
  const child = spawnSync(
    process.execPath,
    [
      '-e',
      `const D = require('better-sqlite3'); const db = new D(process.argv[1]);
       db.prepare(process.argv[2]).run(); db.close();`,
      file,
      statement,
    ],
    { encoding: 'utf8' },
  );
  expect(child.status, child.stderr).toBe(0);
}
