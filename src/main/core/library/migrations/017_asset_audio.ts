import type { Migration } from './migration';

/**
 * Whether a video has a sound track, so the gallery can say so on its tile. Null for images and
 * for videos stored before the studio read it.
 */
export const assetAudio: Migration = {
  version: 17,
  name: 'asset audio',
  up(db) {
    db.exec('ALTER TABLE assets ADD COLUMN has_audio INTEGER CHECK (has_audio IS NULL OR has_audio IN (0, 1))');
  },
};
