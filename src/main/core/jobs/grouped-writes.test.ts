import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LibraryDatabase } from '../library';
import { GroupedWrites } from './grouped-writes';

describe('grouped writes of what polls learned', () => {
  let root: string;
  let db: LibraryDatabase;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'atelier-grouped-'));
    db = LibraryDatabase.open(join(root, 'library.sqlite'));
    db.connection.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
  });

  afterEach(() => {
    db.close();
    rmSync(root, { recursive: true, force: true });
  });

  const texts = (): string[] =>
    db
      .prepare<[], { text: string }>('SELECT text FROM notes ORDER BY id')
      .all()
      .map((row) => row.text);

  it('commits writes queued together in one transaction, each visible once its promise resolves with its result', async () => {
    const writes = new GroupedWrites(db, { durable: false });
    const insert = (text: string) => () => db.prepare('INSERT INTO notes (text) VALUES (?)').run(text);
    const first = writes.run(insert('a'));
    const second = writes.run(insert('b'));
    expect(texts()).toEqual([]);
    expect((await first).changes).toBe(1);
    expect(texts()).toEqual(['a', 'b']);
    await second;
    // The database is back to flushing every commit to disk once the group is written.
    expect(db.connection.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('a write that throws is rolled back alone: the others of its group are kept', async () => {
    const writes = new GroupedWrites(db, { durable: true });
    const kept = writes.run(() => db.prepare('INSERT INTO notes (text) VALUES (?)').run('kept'));
    const broken = writes.run(() => {
      db.prepare('INSERT INTO notes (text) VALUES (?)').run('half');
      db.prepare('INSERT INTO notes (text) VALUES (?)').run(null);
    });
    const after = writes.run(() => db.prepare('INSERT INTO notes (text) VALUES (?)').run('after'));
    await expect(broken).rejects.toThrow(/NOT NULL/);
    await kept;
    await after;
    expect(texts()).toEqual(['kept', 'after']);
  });
});
