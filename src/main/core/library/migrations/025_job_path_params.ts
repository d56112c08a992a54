import type { Migration } from './migration';

/**
 * A job keeps its endpoint's path parameters apart from its body (`{ pathParams, body }`), as it
 * is checked and sent, instead of merging them into the body and splitting them out again.
 * When this was written only remix variants had one, `video_id`: it moves out of the body.
 */
export const jobPathParams: Migration = {
  version: 25,
  name: 'job path params',
  up(db) {
    db.exec(`
      ALTER TABLE jobs ADD COLUMN path_params TEXT NOT NULL DEFAULT '{}';
      UPDATE jobs
        SET path_params = json_object('video_id', json_extract(request, '$.video_id')),
            request = json_remove(request, '$.video_id')
        WHERE variant_id LIKE 'video.remix.%' AND json_valid(request) AND json_type(request, '$.video_id') = 'text';
    `);
  },
};
