import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LibraryDatabase } from '../library';
import { TurnShare } from '../lifecycle/turn-budget';
import { GroupedWrites, WRITES_PER_GROUP } from './grouped-writes';

/** A turn budget whose clock stands still: a group takes every write it may, however busy the machine. */
const unhurried = (): TurnShare => new TurnShare(4, () => 0);

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
    const writes = new GroupedWrites(db, { durable: false, share: unhurried() });
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

  it('once the turn has used its budget, the rest of a group waits for the next turn, every write kept and in order', async () => {
    // Each write takes 3 ms of the clock: the budget of 4 ms is spent after the second.
    let clock = 0;
    const writes = new GroupedWrites(db, { durable: false, share: new TurnShare(4, () => clock) });
    const slow = (text: string) => () => {
      clock += 3;
      return db.prepare('INSERT INTO notes (text) VALUES (?)').run(text).changes;
    };
    const all = ['a', 'b', 'c', 'd'].map((text) => writes.run(slow(text)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(texts()).toEqual(['a', 'b']);
    await expect(Promise.all(all)).resolves.toEqual([1, 1, 1, 1]);
    expect(texts()).toEqual(['a', 'b', 'c', 'd']);
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

  it('durable: commits at once but lets no caller go on before the disk flush, which runs off the event loop', async () => {
    let flushed = (): void => undefined;
    const disk = new Promise<void>((resolve) => (flushed = resolve));
    vi.spyOn(db, 'flushToDisk').mockReturnValueOnce(disk);
    const writes = new GroupedWrites(db, { durable: true });
    let released = false;
    const claim = writes.run(() => db.prepare('INSERT INTO notes (text) VALUES (?)').run('claimed before its POST'));
    void claim.then(() => (released = true));
    // The group is committed on the next turn, and the loop is free while the flush runs.
    await new Promise((resolve) => setImmediate(resolve));
    expect(texts()).toEqual(['claimed before its POST']);
    for (let turn = 0; turn < 5; turn++) await Promise.resolve();
    expect(released).toBe(false);
    flushed();
    await claim;
    expect(released).toBe(true);
  });

  it('durable: a write whose promise resolved is in the files a crash leaves behind', async () => {
    const writes = new GroupedWrites(db, { durable: true });
    await Promise.all([writes.run(() => db.prepare('INSERT INTO notes (text) VALUES (?)').run('task t-1 recorded')), writes.run(() => 1)]);
    // The files as they stand, before the connection is closed (closing would checkpoint the WAL into the database).
    const after = join(root, 'after-crash');
    mkdirSync(after);
    for (const name of ['library.sqlite', 'library.sqlite-wal']) copyFileSync(join(root, name), join(after, name));
    const reopened = LibraryDatabase.open(join(after, 'library.sqlite'));
    try {
      expect(reopened.prepare<[], { text: string }>('SELECT text FROM notes').all()).toEqual([{ text: 'task t-1 recorded' }]);
    } finally {
      reopened.close();
    }
  });

  it('durable: a failed disk flush fails every write of its group, so nobody acts on them', async () => {
    vi.spyOn(db, 'flushToDisk').mockRejectedValueOnce(new Error('EIO: the disk refused'));
    const writes = new GroupedWrites(db, { durable: true });
    const one = writes.run(() => db.prepare('INSERT INTO notes (text) VALUES (?)').run('a'));
    const two = writes.run(() => db.prepare('INSERT INTO notes (text) VALUES (?)').run('b'));
    await expect(one).rejects.toThrow('EIO');
    await expect(two).rejects.toThrow('EIO');
  });

  it('a burst larger than a group is committed over the next turns, a group a turn, every write kept and in order', async () => {
    const writes = new GroupedWrites(db, { durable: true, share: unhurried() });
    const burst = Array.from({ length: WRITES_PER_GROUP * 2 + 3 }, (_, index) =>
      writes.run(() => db.prepare('INSERT INTO notes (text) VALUES (?)').run(`answer ${index}`).changes),
    );
    // Queued after the first group's turn: it runs right behind it, before the next group's.
    await new Promise((resolve) => setImmediate(resolve));
    expect(texts()).toHaveLength(WRITES_PER_GROUP);
    await expect(Promise.all(burst)).resolves.toEqual(burst.map(() => 1));
    expect(texts()).toEqual(burst.map((_, index) => `answer ${index}`));
  });
});
