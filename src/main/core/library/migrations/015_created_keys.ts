import type { Migration } from './migration';

/**
 * The keys this studio created on a gateway (for a batch's budget, or on the Account page), so the
 * artist can see them: the interface has no way to list or revoke keys. Never the secret: name,
 * caps, expiry and when the studio dropped its sealed copy (`forgotten_at`, batch keys). Keys
 * minted before this list existed are added from the batches that still hold them (gateway unknown).
 */
export const createdKeys: Migration = {
  version: 15,
  name: 'created keys',
  up(db) {
    db.exec(`
      CREATE TABLE created_keys (
        gateway         TEXT NOT NULL,
        token_id        TEXT NOT NULL CHECK (json_valid(token_id)),
        name            TEXT NOT NULL,
        purpose         TEXT NOT NULL CHECK (purpose IN ('batch', 'account')),
        batch_id        TEXT,
        remain_credits  REAL,
        unlimited       INTEGER NOT NULL DEFAULT 0 CHECK (unlimited IN (0, 1)),
        daily_credits   REAL,
        monthly_credits REAL,
        model_limits    TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(model_limits)),
        expires_at      INTEGER,
        created_at      INTEGER NOT NULL,
        forgotten_at    INTEGER,
        PRIMARY KEY (gateway, token_id)
      ) WITHOUT ROWID;
      CREATE INDEX created_keys_created ON created_keys (created_at);

      INSERT OR IGNORE INTO created_keys (gateway, token_id, name, purpose, batch_id, remain_credits, created_at)
        SELECT '', k.token_id, substr('Atelier · ' || b.name, 1, 50), 'batch', k.batch_id,
               json_extract(b.options, '$.dedicatedKeyCredits'), k.created_at
        FROM batch_keys k JOIN batches b ON b.id = k.batch_id;
    `);
  },
};
