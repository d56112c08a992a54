import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { LibraryDatabase, SchemaTooNewError } from '../../../src/main/core/library';
import { getJob, insertJob, searchJobs } from '../../../src/main/core/jobs/store';
import { latestSchemaVersion, migrations } from '../../../src/main/core/library/migrations';
import { openLibrary, tempFolder } from './helpers';

const tableNames = (db: LibraryDatabase): string[] =>
  db.connection
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type IN ('table') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%search_%' ORDER BY name",
    )
    .all()
    .map((row) => row.name);

describe('library database migrations', () => {
  it('creates every table on an empty database and records the schema version', () => {
    const { db } = openLibrary();
    expect(db.schemaVersion).toBe(latestSchemaVersion);
    expect(tableNames(db)).toEqual([
      'asset_characters',
      'asset_search',
      'asset_tags',
      'assets',
      'batch_keys',
      'batches',
      'board_items',
      'boards',
      'character_name_requests',
      'characters',
      'conversation_messages',
      'conversations',
      'created_keys',
      'deletions',
      'facet_generation',
      'facet_journal',
      'job_search',
      'jobs',
      'presets',
      'queue_state',
      'saved_masks',
      'sidecar_restore_unfinished',
      'tasks',
      'text_model_styles',
      'trashed_assets',
      'upload_cache',
    ]);
  });

  it('opens with WAL, foreign keys and a busy timeout', () => {
    const { db } = openLibrary(undefined, { busyTimeoutMs: 1234 });
    expect(db.connection.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.connection.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.connection.pragma('busy_timeout', { simple: true })).toBe(1234);
    expect(db.connection.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('reopens an existing database without migrating again and keeps its rows', () => {
    const { db, reopen } = openLibrary();
    const job = insertJob(db, { variantId: 'image.gen-image-2.direct', model: 'gen-image-2', request: { prompt: 'a lighthouse' } });
    db.close();
    const again = reopen();
    expect(again.schemaVersion).toBe(latestSchemaVersion);
    expect(getJob(again, job.id)?.prompt).toBe('a lighthouse');
  });

  it('upgrades an older database step by step and indexes rows written before the search existed', () => {
    const dir = tempFolder();
    const { db: old } = openLibrary(dir, { migrations: migrations.slice(0, 1) });
    expect(old.schemaVersion).toBe(1);
    // A row as the first version wrote it (today's insertJob knows later columns).
    old.connection
      .prepare(
        `INSERT INTO jobs (id, variant_id, model, request, prompt, state, created_at, updated_at) VALUES ('j1', 'video.vid-2.task', 'vid-2', '{}', ?, 'queued', 1, 1)`,
      )
      .run('灯塔 at dusk');
    old.close();
    const { db } = openLibrary(dir);
    expect(db.schemaVersion).toBe(latestSchemaVersion);
    expect(searchJobs(db, '灯塔').map((job) => job.prompt)).toEqual(['灯塔 at dusk']);
    expect(getJob(db, 'j1')).toMatchObject({ answerStyle: null, rawAnswer: null, preset: null });
  });

  it('keeps only the three answer styles in answer_style', () => {
    const { db } = openLibrary();
    const job = insertJob(db, { variantId: 'image.gen-image-2.direct', model: 'gen-image-2', request: {} });
    expect(() => db.connection.prepare(`UPDATE jobs SET answer_style = 'sideways' WHERE id = ?`).run(job.id)).toThrow(/CHECK/);
  });

  it('rolls a failing migration back entirely and leaves the previous version', () => {
    const dir = tempFolder();
    const failing = {
      version: latestSchemaVersion + 1,
      name: 'broken',
      up(connection: Database.Database) {
        connection.exec('CREATE TABLE half_done (x)');
        throw new Error('boom');
      },
    };
    expect(() => openLibrary(dir, { migrations: [...migrations, failing] })).toThrow('boom');
    const { db } = openLibrary(dir);
    expect(db.schemaVersion).toBe(latestSchemaVersion);
    expect(tableNames(db)).not.toContain('half_done');
  });

  it('accepts numbers left free for other work, and refuses numbers that do not rise', () => {
    const later = {
      version: latestSchemaVersion + 3,
      name: 'later',
      up(connection: Database.Database) {
        connection.exec('CREATE TABLE later_table (x)');
      },
    };
    const { db } = openLibrary(undefined, { migrations: [...migrations, later] });
    expect(db.schemaVersion).toBe(latestSchemaVersion + 3);
    expect(tableNames(db)).toContain('later_table');
    const repeated = { version: latestSchemaVersion, name: 'repeated', up() {} };
    expect(() => openLibrary(undefined, { migrations: [...migrations, repeated] })).toThrow(/"repeated" is numbered/);
  });

  it('refuses a database written by a newer version of the app', () => {
    const { db, file } = openLibrary();
    db.close();
    const raw = new Database(file);
    raw.pragma('user_version = 99');
    raw.close();
    expect(() => LibraryDatabase.open(file)).toThrow(SchemaTooNewError);
  });

  it('enforces foreign keys: a job cannot point at a batch that does not exist', () => {
    const { db } = openLibrary();
    expect(() => insertJob(db, { batchId: 'missing', variantId: 'v', model: 'm', request: {} })).toThrow(/FOREIGN KEY/);
  });
});

describe('migration 10 (gallery)', () => {
  it('records the characters mentioned by prompts stored before it', async () => {
    const { listAssets } = await import('../../../src/main/core/library');
    const { migrations: all } = await import('../../../src/main/core/library/migrations');
    const { file, db } = openLibrary(undefined, { migrations: all.slice(0, 9) });
    db.connection
      .prepare(
        "INSERT INTO assets (id, kind, file_path, mime, bytes, sha256, model, prompt, created_at) VALUES ('a', 'image', 'a.png', 'image/png', 1, 'a', 'm', ?, 1)",
      )
      .run('with @Nova and @nova.two');
    db.close();
    const upgraded = LibraryDatabase.open(file);
    try {
      expect(listAssets(upgraded, { character: 'nova.two' }).items.map((asset) => asset.id)).toEqual(['a']);
      expect(listAssets(upgraded, { character: 'NOVA' }).items.map((asset) => asset.id)).toEqual(['a']);
    } finally {
      upgraded.close();
    }
  });
});
