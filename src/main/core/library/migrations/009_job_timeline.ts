import type { Migration } from './migration';

/**
 * What the timeline and the account page read from jobs:
 * - `started_at`: when the latest submission began (entering `submitting`), so elapsed times and
 *   durations exist for every job, direct answers too (they never get a `submitted_at`). Jobs
 *   written before take their submission or finishing time.
 * - `gateway_message`: the gateway's own words on a job's failure, as they came (often Chinese),
 *   kept apart from the studio's explanation so the window can show both side by side.
 * - indexes for the timeline's keyset pages, the credits spent per day and the typical duration
 *   of each model variant.
 */
export const jobTimeline: Migration = {
  version: 9,
  name: 'job timeline',
  up(db) {
    db.exec(`
      ALTER TABLE jobs ADD COLUMN started_at INTEGER;
      ALTER TABLE jobs ADD COLUMN gateway_message TEXT;
      UPDATE jobs SET started_at = COALESCE(submitted_at, finished_at) WHERE attempts > 0;
      CREATE INDEX jobs_started_cost ON jobs (started_at) WHERE credits IS NOT NULL;
      CREATE INDEX jobs_variant_finished ON jobs (variant_id, finished_at) WHERE state = 'done';
    `);
  },
};
