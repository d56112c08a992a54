import type { Migration } from './migration';

/**
 * Uploads keep the name of the file they came from, so a recipe reused later names its reference
 * images as the user knew them rather than by their gateway address. Earlier rows stay null.
 */
export const uploadFileName: Migration = {
  version: 12,
  name: 'upload file name',
  up(db) {
    db.exec('ALTER TABLE upload_cache ADD COLUMN file_name TEXT');
  },
};
