import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { runSqlInAnotherProcess } from '../test-support/another-process.js';
import { watchForeignCommits } from './foreign-commits.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function walDatabase(): { file: string; open: () => BetterSqlite3.Database } {
  const dir = mkdtempSync(join(tmpdir(), 'voice-ideas-shm-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'app.db');
  const open = () => {
    const connection = new BetterSqlite3(file);
    connection.pragma('journal_mode = WAL');
    cleanups.push(() => connection.close());
    return connection;
  };
  const first = open();
  first.exec('CREATE TABLE notes (text TEXT)');
  return { file, open: () => open() };
}

describe('watchForeignCommits', () => {
  it('reports nothing while nobody commits, and each commit by another connection once', () => {
    const { file, open } = walDatabase();
    const ours = open();
    const theirs = open();
    const watch = watchForeignCommits(ours, file);
    cleanups.push(() => watch.close());
    watch.changedSinceLastLook();
    expect(watch.changedSinceLastLook()).toBe(false);
    ours.prepare('SELECT count(*) FROM notes').get();
    expect(watch.changedSinceLastLook()).toBe(false);

    theirs.prepare('INSERT INTO notes VALUES (?)').run('one');
    expect(watch.changedSinceLastLook()).toBe(true);
    expect(watch.changedSinceLastLook()).toBe(false);

    theirs.transaction(() => {
      theirs.prepare('INSERT INTO notes VALUES (?)').run('two');
      theirs.prepare('INSERT INTO notes VALUES (?)').run('three');
    })();
    expect(watch.changedSinceLastLook()).toBe(true);
  });

  it('sees a commit made by another process', () => {
    const { file, open } = walDatabase();
    const ours = open();
    const watch = watchForeignCommits(ours, file);
    cleanups.push(() => watch.close());
    watch.changedSinceLastLook();
    expect(watch.changedSinceLastLook()).toBe(false);
    runSqlInAnotherProcess(file, "INSERT INTO notes VALUES ('from afar')");
    expect(watch.changedSinceLastLook()).toBe(true);
  });

  it('notices a commit made between its creation and its first look', () => {
    const { file, open } = walDatabase();
    const ours = open();
    const theirs = open();
    const watch = watchForeignCommits(ours, file);
    cleanups.push(() => watch.close());
    theirs.prepare('INSERT INTO notes VALUES (?)').run('early');
    expect(watch.changedSinceLastLook()).toBe(true);
    expect(watch.changedSinceLastLook()).toBe(false);
  });

  it('falls back to PRAGMA data_version where there is no -shm file to read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'voice-ideas-shm-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'rollback.db');
    // A rollback-journal database has no wal-index; the PRAGMA still sees other connections.
    const ours = new BetterSqlite3(file);
    const theirs = new BetterSqlite3(file);
    cleanups.push(() => ours.close());
    cleanups.push(() => theirs.close());
    ours.exec('CREATE TABLE notes (text TEXT)');
    const watch = watchForeignCommits(ours, file);
    cleanups.push(() => watch.close());
    expect(watch.changedSinceLastLook()).toBe(false);
    theirs.prepare('INSERT INTO notes VALUES (?)').run('one');
    expect(watch.changedSinceLastLook()).toBe(true);
    expect(watch.changedSinceLastLook()).toBe(false);

    const memory = new BetterSqlite3(':memory:');
    cleanups.push(() => memory.close());
    const memoryWatch = watchForeignCommits(memory, null);
    expect(memoryWatch.changedSinceLastLook()).toBe(false);
  });
});
