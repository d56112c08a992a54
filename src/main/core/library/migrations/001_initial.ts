import type { Migration } from './migration';

/**
 * Tables of the job engine and the library. Times are Unix milliseconds. Tables whose rows are
 * indexed for search have an explicit INTEGER PRIMARY KEY (`seq`) because VACUUM may renumber
 * implicit rowids, which would detach the search index from its rows.
 */
export const initial: Migration = {
  version: 1,
  name: 'initial',
  up(db) {
    db.exec(`
      CREATE TABLE batches (
        id         TEXT PRIMARY KEY,
        name       TEXT NOT NULL,
        status     TEXT NOT NULL CHECK (status IN ('active', 'paused', 'done', 'canceled')),
        options    TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX batches_created ON batches (created_at, id);

      CREATE TABLE jobs (
        seq                INTEGER PRIMARY KEY,
        id                 TEXT NOT NULL UNIQUE,
        batch_id           TEXT REFERENCES batches (id) ON DELETE CASCADE,
        position           INTEGER NOT NULL DEFAULT 0,
        variant_id         TEXT NOT NULL,
        model              TEXT NOT NULL,
        request            TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(request)),
        prompt             TEXT NOT NULL DEFAULT '',
        state              TEXT NOT NULL CHECK (state IN ('draft', 'queued', 'submitting', 'submitted', 'running',
                             'downloading', 'done', 'failed', 'canceled', 'unknown', 'expired')),
        attempts           INTEGER NOT NULL DEFAULT 0,
        error_message      TEXT,
        error_code         TEXT,
        client_business_id TEXT,
        profile_id         TEXT,
        created_at         INTEGER NOT NULL,
        updated_at         INTEGER NOT NULL,
        submitted_at       INTEGER,
        finished_at        INTEGER,
        next_attempt_at    INTEGER
      );
      CREATE INDEX jobs_batch_position ON jobs (batch_id, position);
      CREATE INDEX jobs_state_next_attempt ON jobs (state, next_attempt_at);
      CREATE INDEX jobs_created ON jobs (created_at, id);
      CREATE UNIQUE INDEX jobs_client_business_id ON jobs (client_business_id) WHERE client_business_id IS NOT NULL;

      CREATE TABLE tasks (
        id           TEXT PRIMARY KEY,
        job_id       TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
        family       TEXT NOT NULL CHECK (family IN ('image', 'video', 'character')),
        poll_route   TEXT NOT NULL,
        state        TEXT NOT NULL CHECK (state IN ('queued', 'running', 'completed', 'failed', 'unknown')),
        progress     INTEGER CHECK (progress BETWEEN 0 AND 100),
        raw_status   TEXT,
        result_urls  TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(result_urls)),
        expires_at   INTEGER,
        next_poll_at INTEGER,
        polls        INTEGER NOT NULL DEFAULT 0,
        deadline_at  INTEGER,
        last_error   TEXT,
        created_at   INTEGER NOT NULL,
        updated_at   INTEGER NOT NULL
      );
      CREATE INDEX tasks_job ON tasks (job_id);
      CREATE INDEX tasks_next_poll ON tasks (next_poll_at) WHERE state IN ('queued', 'running', 'unknown');

      CREATE TABLE assets (
        seq          INTEGER PRIMARY KEY,
        id           TEXT NOT NULL UNIQUE,
        job_id       TEXT REFERENCES jobs (id) ON DELETE SET NULL,
        task_id      TEXT,
        result_index INTEGER NOT NULL DEFAULT 0 CHECK (result_index >= 0),
        kind         TEXT NOT NULL CHECK (kind IN ('image', 'video')),
        file_path    TEXT NOT NULL UNIQUE,
        thumb_path   TEXT,
        mime         TEXT NOT NULL,
        bytes        INTEGER NOT NULL CHECK (bytes >= 0),
        width        INTEGER,
        height       INTEGER,
        duration_ms  INTEGER,
        sha256       TEXT NOT NULL,
        model        TEXT NOT NULL,
        variant_id   TEXT,
        prompt       TEXT NOT NULL DEFAULT '',
        request      TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(request)),
        created_at   INTEGER NOT NULL,
        favourite    INTEGER NOT NULL DEFAULT 0 CHECK (favourite IN (0, 1))
      );
      -- One row per result of a task; results of direct (task-less) generations are unique per job.
      -- task_id is the gateway's id, not a reference: assets outlive task and job rows.
      CREATE UNIQUE INDEX assets_task_result ON assets (task_id, result_index) WHERE task_id IS NOT NULL;
      CREATE UNIQUE INDEX assets_job_result ON assets (job_id, result_index) WHERE task_id IS NULL AND job_id IS NOT NULL;
      CREATE INDEX assets_created ON assets (created_at, id);
      CREATE INDEX assets_model_created ON assets (model, created_at, id);
      CREATE INDEX assets_favourite_created ON assets (created_at, id) WHERE favourite = 1;
      CREATE INDEX assets_job ON assets (job_id);

      -- Tags in their own table rather than a JSON column: filtering by tag and counting per tag
      -- then use an index instead of unpacking every asset's JSON.
      CREATE TABLE asset_tags (
        asset_id TEXT NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
        tag      TEXT NOT NULL,
        PRIMARY KEY (asset_id, tag)
      ) WITHOUT ROWID;
      CREATE INDEX asset_tags_tag ON asset_tags (tag, asset_id);

      CREATE TABLE upload_cache (
        profile_id  TEXT NOT NULL,
        sha256      TEXT NOT NULL,
        url         TEXT NOT NULL,
        mime        TEXT NOT NULL,
        bytes       INTEGER NOT NULL,
        width       INTEGER,
        height      INTEGER,
        uploaded_at INTEGER NOT NULL,
        PRIMARY KEY (profile_id, sha256)
      ) WITHOUT ROWID;

      CREATE TABLE characters (
        id                  TEXT PRIMARY KEY,
        username            TEXT NOT NULL UNIQUE,
        display_name        TEXT,
        source_task_id      TEXT,
        profile_picture_url TEXT,
        profile_id          TEXT,
        created_at          INTEGER NOT NULL
      );
    `);
  },
};
