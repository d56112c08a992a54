import type { Migration } from './migration';

/**
 * A task whose answer may be a video, a character or both is asked on two routes, one after the
 * other (the video route and `/v1/characters_tasks/{id}`). `first_answer` says how the first
 * route ended while the second is being asked (null: still on the first, or a one-route task):
 * `completed`, `refused` (it did not know the task), or `video-without-address` (a finished video
 * whose bytes only the content route can give).
 */
export const taskRoutes: Migration = {
  version: 13,
  name: 'task routes',
  up(db) {
    db.exec(`ALTER TABLE tasks ADD COLUMN first_answer TEXT CHECK (first_answer IN ('completed', 'refused', 'video-without-address'))`);
  },
};
