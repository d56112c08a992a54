import type { Migration } from './migration';

/**
 * Uploads keep their small preview, so a recipe reused later shows its reference images (and
 * the mask painter has a picture to paint on) without fetching anything from the gateway.
 */
export const uploadPreview: Migration = {
  version: 11,
  name: 'upload preview',
  up(db) {
    db.exec(`
      ALTER TABLE upload_cache ADD COLUMN preview TEXT;
      CREATE INDEX upload_cache_url ON upload_cache (profile_id, url);
    `);
  },
};
