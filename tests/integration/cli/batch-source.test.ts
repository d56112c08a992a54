import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { LibraryDatabase } from '../../../src/main/core/library';
import { createBatch } from '../../../src/main/core/jobs/store';
import { batchSourceKeyOf, findBatchBySourceKey, setBatchSourceKey } from '../../../src/main/core/jobs/store/batch-source';
import { latestSchemaVersion, migrations } from '../../../src/main/core/library/migrations';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-batch-source-'));
  dirs.push(dir);
  return join(dir, 'library.sqlite');
}

describe('batch source keys (migration 4)', () => {
  it('finds the batch made from a source, and only that one', () => {
    const db = LibraryDatabase.open(tempFile());
    try {
      const first = createBatch(db, { name: 'first' });
      const second = createBatch(db, { name: 'second' });
      expect(setBatchSourceKey(db, first.id, 'key-a')).toBe(true);
      expect(findBatchBySourceKey(db, 'key-a')?.id).toBe(first.id);
      expect(findBatchBySourceKey(db, 'key-b')).toBeUndefined();
      expect(batchSourceKeyOf(db, second.id)).toBeNull();
      expect(setBatchSourceKey(db, 'no-such-batch', 'key-c')).toBe(false);
    } finally {
      db.close();
    }
  });

  it('refuses a second batch with the same source key, but allows many without one', () => {
    const db = LibraryDatabase.open(tempFile());
    try {
      const first = createBatch(db, { name: 'first' });
      const second = createBatch(db, { name: 'second' });
      createBatch(db, { name: 'third' });
      setBatchSourceKey(db, first.id, 'same');
      expect(() => setBatchSourceKey(db, second.id, 'same')).toThrow(/UNIQUE/);
    } finally {
      db.close();
    }
  });

  it('upgrades a version-3 database without touching its batches', () => {
    const file = tempFile();
    const old = LibraryDatabase.open(file, { migrations: migrations.slice(0, 3) });
    const kept = createBatch(old, { name: 'from before' });
    old.close();
    const db = LibraryDatabase.open(file);
    try {
      expect(db.schemaVersion).toBe(latestSchemaVersion);
      expect(findBatchBySourceKey(db, 'anything')).toBeUndefined();
      expect(batchSourceKeyOf(db, kept.id)).toBeNull();
    } finally {
      db.close();
    }
    const raw = new Database(file, { readonly: true });
    const columns = raw
      .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('batches')")
      .all()
      .map((c) => c.name);
    raw.close();
    expect(columns).toContain('source_key');
  });
});
