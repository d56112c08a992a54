import type { Migration } from './migration';

/**
 * What a job still in flight is waiting for, kept so a restart shows and resumes the same wait:
 * a usable key (its task's polls were refused because of the key) or the next try of a download
 * (the result host failed), with the gateway's or host's own words and when it tries again.
 */
export const jobWaiting: Migration = {
  version: 22,
  name: 'job waiting',
  up(db) {
    db.exec(`
      ALTER TABLE jobs ADD COLUMN waiting_for TEXT;
      ALTER TABLE jobs ADD COLUMN waiting_message TEXT;
      ALTER TABLE jobs ADD COLUMN waiting_since INTEGER;
      ALTER TABLE jobs ADD COLUMN retry_at INTEGER;
    `);
  },
};
