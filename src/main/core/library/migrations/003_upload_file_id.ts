import type { Migration } from './migration';

/** The gateway client also remembers the gateway's file id of an upload. */
export const uploadFileId: Migration = {
  version: 3,
  name: 'upload file id',
  up(db) {
    db.exec('ALTER TABLE upload_cache ADD COLUMN file_id TEXT');
  },
};
