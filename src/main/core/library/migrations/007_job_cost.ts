import type { Migration } from './migration';

/**
 * What a job cost. The interface publishes no prices, so the engine measures a job's cost from
 * the balance (`credits_measured` = 1) or estimates it from measured jobs of the same price key
 * (the model and every option that can change the bill; `price_key`).
 */
export const jobCost: Migration = {
  version: 7,
  name: 'job cost',
  up(db) {
    db.exec(`
      ALTER TABLE jobs ADD COLUMN price_key TEXT;
      ALTER TABLE jobs ADD COLUMN credits REAL CHECK (credits IS NULL OR credits >= 0);
      ALTER TABLE jobs ADD COLUMN credits_measured INTEGER NOT NULL DEFAULT 0 CHECK (credits_measured IN (0, 1));
      CREATE INDEX jobs_measured_cost ON jobs (price_key, profile_id, submitted_at) WHERE credits_measured = 1;
    `);
  },
};
