import type { Migration } from './migration';

/**
 * Prompt tools: the assistant's conversations (kept so they can be reopened), style presets,
 * the request style chosen per text model, and the preset each job and result was made with
 * (`{id, name}` as JSON; null when none), so a reused recipe brings its preset back.
 */
export const promptTools: Migration = {
  version: 18,
  name: 'prompt tools',
  up(db) {
    db.exec(`
      CREATE TABLE conversations (
        id         TEXT PRIMARY KEY,
        title      TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX conversations_updated ON conversations (updated_at, id);

      CREATE TABLE conversation_messages (
        seq             INTEGER PRIMARY KEY,
        id              TEXT NOT NULL UNIQUE,
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        role            TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
        action          TEXT NOT NULL,
        text            TEXT NOT NULL,
        status          TEXT NOT NULL CHECK (status IN ('streaming', 'done', 'canceled', 'failed')),
        error           TEXT CHECK (error IS NULL OR json_valid(error)),
        model           TEXT,
        style           TEXT,
        variant_id      TEXT,
        image           TEXT CHECK (image IS NULL OR json_valid(image)),
        created_at      INTEGER NOT NULL
      );
      CREATE INDEX conversation_messages_conversation ON conversation_messages (conversation_id, seq);

      CREATE TABLE presets (
        id         TEXT PRIMARY KEY,
        name       TEXT NOT NULL,
        text       TEXT NOT NULL,
        placement  TEXT NOT NULL CHECK (placement IN ('before', 'after')),
        "values"   TEXT NOT NULL DEFAULT '{}' CHECK (json_valid("values")),
        variant_id TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX presets_name ON presets (name COLLATE NOCASE);

      CREATE TABLE text_model_styles (
        model TEXT PRIMARY KEY,
        style TEXT NOT NULL CHECK (style IN ('chat', 'responses', 'messages'))
      ) WITHOUT ROWID;

      ALTER TABLE jobs ADD COLUMN preset TEXT CHECK (preset IS NULL OR json_valid(preset));
      ALTER TABLE assets ADD COLUMN preset TEXT CHECK (preset IS NULL OR json_valid(preset));
    `);
  },
};
